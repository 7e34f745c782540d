import type { ActionFunctionArgs } from '@remix-run/node'
import { json } from '@remix-run/node'
import { communicationToJson, deleteCommunication, updateCommunication } from '~/features/leads/communications.server'
import { communicationSchema } from '~/features/leads/communication-schema'
import { methodNotAllowed, parseJsonBody } from '~/platform/http/api.server'
import { apiRoute } from '~/platform/http/errors.server'
import { requireApiUserWithPermission } from '~/platform/auth/auth.server'
import { userActor } from '~/platform/auth/actor.server'

/** PUT and DELETE /api/leads/{leadId}/communications/{id}. */
export const action = apiRoute('communication', async ({ request, params }: ActionFunctionArgs) => {
  const user = await requireApiUserWithPermission(request, 'records:write')
  const actor = userActor(request, user)
  const leadId = params.leadId ?? ''
  const id = params.communicationId ?? ''
  if (request.method === 'DELETE') {
    await deleteCommunication(leadId, id, actor)
    return json({ success: true, id })
  }
  if (request.method !== 'PUT') return methodNotAllowed(['PUT', 'DELETE'])
  const input = await parseJsonBody(request, communicationSchema, 'communication')
  const updated = await updateCommunication(leadId, id, input, actor)
  return json(communicationToJson(updated))
})
