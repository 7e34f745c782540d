import type { ActionFunctionArgs } from '@remix-run/node'
import { json } from '@remix-run/node'
import { sendAnswer, sendFromApi } from '~/features/esign/api.server'
import { esignApiBodySchema } from '~/features/esign/schema'
import { userActor } from '~/platform/auth/actor.server'
import { requireApiUserWithPermission } from '~/platform/auth/auth.server'
import { methodNotAllowed, parseJsonBody } from '~/platform/http/api.server'
import { apiRoute } from '~/platform/http/errors.server'

/**
 * POST /api/boldsign/send — sends a template through BoldSign for signature, to a
 * lead (formData.lead_id) or a named recipient; answers the stored request
 * (docs/api.md). Credentials in the body are ignored.
 */
export const action = apiRoute('e-signature request', async ({ request }: ActionFunctionArgs) => {
  const user = await requireApiUserWithPermission(request, 'records:write')
  if (request.method !== 'POST') return methodNotAllowed(['POST'])
  const body = await parseJsonBody(request, esignApiBodySchema, 'e-signature request')
  const answer = sendAnswer(await sendFromApi('boldsign', body, userActor(request, user)))
  return json(answer.body, { status: answer.status })
})
