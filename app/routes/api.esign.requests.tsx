import type { LoaderFunctionArgs } from '@remix-run/node'
import { json } from '@remix-run/node'
import { esignRequestJson, listEsignRequests } from '~/features/esign/queries.server'
import { parseEsignListQuery } from '~/features/esign/schema'
import { userActor } from '~/platform/auth/actor.server'
import { requireApiUserWithPermission } from '~/platform/auth/auth.server'
import { apiRoute } from '~/platform/http/errors.server'

const API_PAGE_SIZE = 50

/** GET /api/esign/requests?status=&provider=&lead=&page=&pageSize= — an array, newest first; X-Total-Count has the total. */
export const loader = apiRoute('e-signature request', async ({ request }: LoaderFunctionArgs) => {
  const user = await requireApiUserWithPermission(request, 'records:read')
  const query = parseEsignListQuery(new URL(request.url).searchParams, API_PAGE_SIZE)
  const { total, requests } = await listEsignRequests(query, userActor(request, user))
  return json(requests.map(esignRequestJson), { headers: { 'X-Total-Count': String(total) } })
})
