import type { LoaderFunctionArgs } from '@remix-run/node'
import { json } from '@remix-run/node'
import { esignRequestJson, viewEsignRequest } from '~/features/esign/queries.server'
import { userActor } from '~/platform/auth/actor.server'
import { requireApiUserWithPermission } from '~/platform/auth/auth.server'
import { apiRoute } from '~/platform/http/errors.server'

/** GET /api/esign/requests/{id} — the request with its timeline (`events`) and signed copy. */
export const loader = apiRoute('e-signature request', async ({ request, params }: LoaderFunctionArgs) => {
  const user = await requireApiUserWithPermission(request, 'records:read')
  const { events, sentBy, signedDocument, ...found } = await viewEsignRequest(params.requestId ?? '', userActor(request, user))
  return json({
    ...esignRequestJson(found),
    sentBy: sentBy?.name ?? null,
    signedDocument: signedDocument ? { ...signedDocument, downloadUrl: `/api/documents/${signedDocument.id}/download` } : null,
    events,
  })
})
