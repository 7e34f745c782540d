import type { LoaderFunctionArgs } from '@remix-run/node'
import { json } from '@remix-run/node'
import { documentToJson, listDocuments } from '~/features/documents/documents.server'
import { userActor } from '~/platform/auth/actor.server'
import { parseDocumentListQuery } from '~/features/documents/schema'
import { requireApiUserWithPermission } from '~/platform/auth/auth.server'
import { apiRoute } from '~/platform/http/errors.server'

/** GET /api/documents?q=&category=&type=&page=&pageSize= — newest first; X-Total-Count has the total. */
export const loader = apiRoute('document', async ({ request }: LoaderFunctionArgs) => {
  const user = await requireApiUserWithPermission(request, 'records:read')
  const params = new URL(request.url).searchParams
  const query = parseDocumentListQuery(params)
  const pageSize = Math.min(100, Math.max(1, Number(params.get('pageSize')) || 50))
  const { total, documents } = await listDocuments({ ...query, pageSize }, userActor(request, user))
  return json(documents.map(documentToJson), { headers: { 'X-Total-Count': String(total) } })
})
