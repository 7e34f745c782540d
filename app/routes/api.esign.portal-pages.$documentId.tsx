import type { LoaderFunctionArgs } from '@remix-run/node'
import { json } from '@remix-run/node'
import { placementPages } from '~/features/portal-signing/placement-pages.server'
import { userActor } from '~/platform/auth/actor.server'
import { requireApiUserWithPermission } from '~/platform/auth/auth.server'
import { apiRoute } from '~/platform/http/errors.server'

/** GET /api/esign/portal-pages/{documentId}: a library PDF's pages for placing fields, to staff who may prepare requests. */
export const loader = apiRoute('document', async ({ request, params }: LoaderFunctionArgs) => {
  const user = await requireApiUserWithPermission(request, 'records:write')
  return json(await placementPages(params.documentId ?? '', userActor(request, user)), { headers: { 'Cache-Control': 'private, no-store' } })
})
