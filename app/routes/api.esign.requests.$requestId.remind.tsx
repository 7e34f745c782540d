import type { ActionFunctionArgs } from '@remix-run/node'
import { json } from '@remix-run/node'
import { esignRequestView } from '~/features/esign/api.server'
import { remindEsignRequest } from '~/features/esign/tracking.server'
import { userActor } from '~/platform/auth/actor.server'
import { requireApiUserWithPermission } from '~/platform/auth/auth.server'
import { apiError, methodNotAllowed } from '~/platform/http/api.server'
import { apiRoute } from '~/platform/http/errors.server'

/**
 * POST /api/esign/requests/{id}/remind — the provider reminds the signer now
 * (a Portal request: the current signer's invitation is e-mailed again, same link):
 * 200 { success, request }; 502 with the provider's reason (an outage is
 * retried by the job queue); 409 for a request that cannot be reminded.
 */
export const action = apiRoute('e-signature request', async ({ request, params }: ActionFunctionArgs) => {
  const user = await requireApiUserWithPermission(request, 'records:write')
  if (request.method !== 'POST') return methodNotAllowed(['POST'])
  const result = await remindEsignRequest(params.requestId ?? '', userActor(request, user), new URL(request.url).origin)
  if (result.outcome !== 'succeeded') return apiError(502, result.error ?? 'The reminder could not be sent', { request: esignRequestView(result.request) })
  return json({ success: true, request: esignRequestView(result.request) })
})
