import type { ActionFunctionArgs } from '@remix-run/node'
import { json } from '@remix-run/node'
import {
  communicationToJson,
  deleteCommunication,
  getCommunication,
  updateCommunication,
} from '~/features/leads/communications.server'
import { communicationSchema } from '~/features/leads/communication-schema'
import { apiError, methodNotAllowed, parseJsonBody } from '~/platform/http/api.server'
import { requireApiUserWithPermission } from '~/platform/auth/auth.server'
import { userActor } from '~/platform/auth/actor.server'

/** PUT and DELETE /api/leads/{leadId}/communications/{id}. */
export async function action({ request, params }: ActionFunctionArgs) {
  const user = await requireApiUserWithPermission(request, 'records:write')
  const actor = userActor(request, user)
  const existing = await getCommunication(params.leadId ?? '', params.communicationId ?? '')
  if (request.method === 'DELETE') {
    if (!existing || !(await deleteCommunication(existing.leadId, existing.id, actor))) {
      throw apiError(404, 'Communication not found')
    }
    return json({ success: true, id: existing.id })
  }
  if (request.method !== 'PUT') return methodNotAllowed(['PUT', 'DELETE'])
  if (!existing) throw apiError(404, 'Communication not found')
  const input = await parseJsonBody(request, communicationSchema, 'communication')
  const updated = await updateCommunication(existing.leadId, existing.id, input, actor)
  if (!updated) throw apiError(404, 'Communication not found')
  return json(communicationToJson(updated))
}
