import type { ActionFunctionArgs } from '@remix-run/node'
import { json } from '@remix-run/node'
import { esignRequestView } from '~/features/esign/api.server'
import { cancelEsignRequest } from '~/features/esign/tracking.server'
import { userActor } from '~/platform/auth/actor.server'
import { requireApiUserWithPermission } from '~/platform/auth/auth.server'
import { methodNotAllowed } from '~/platform/http/api.server'
import { apiRoute } from '~/platform/http/errors.server'

/** POST /api/esign/requests/{id}/cancel — 200 { success, request } (cancelled; withdrawn at BoldSign by a job); 409 once settled. */
export const action = apiRoute('e-signature request', async ({ request, params }: ActionFunctionArgs) => {
  const user = await requireApiUserWithPermission(request, 'records:write')
  if (request.method !== 'POST') return methodNotAllowed(['POST'])
  const cancelled = await cancelEsignRequest(params.requestId ?? '', userActor(request, user))
  return json({ success: true, request: esignRequestView(cancelled) })
})
