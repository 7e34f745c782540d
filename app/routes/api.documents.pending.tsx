import type { LoaderFunctionArgs } from '@remix-run/node'
import { json } from '@remix-run/node'
import { documentToJson, listPendingDocuments } from '~/features/documents/documents.server'
import { userActor } from '~/platform/auth/actor.server'
import { requireApiUserWithPermission } from '~/platform/auth/auth.server'
import { apiRoute } from '~/platform/http/errors.server'

/** GET /api/documents/pending — documents whose BoldSign template is still being processed. */
export const loader = apiRoute('document', async ({ request }: LoaderFunctionArgs) => {
  const user = await requireApiUserWithPermission(request, 'records:read')
  return json((await listPendingDocuments(userActor(request, user))).map(documentToJson))
})
