import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node'
import { json } from '@remix-run/node'
import { communicationToJson, createCommunication, listCommunications } from '~/features/leads/communications.server'
import { viewLead } from '~/features/leads/leads.server'
import { communicationSchema } from '~/features/leads/communication-schema'
import { apiError, methodNotAllowed, parseJsonBody } from '~/platform/http/api.server'
import { apiRoute } from '~/platform/http/errors.server'
import { requireApiUserWithPermission } from '~/platform/auth/auth.server'
import { userActor } from '~/platform/auth/actor.server'

export const loader = apiRoute('communication', async ({ request, params }: LoaderFunctionArgs) => {
  const user = await requireApiUserWithPermission(request, 'records:read')
  const lead = await viewLead(params.leadId ?? '', userActor(request, user))
  if (!lead) throw apiError(404, 'Lead not found')
  return json((await listCommunications(lead.id)).map(communicationToJson))
})

/** createdBy is always the signed-in user's name, whatever the body says. */
export const action = apiRoute('communication', async ({ request, params }: ActionFunctionArgs) => {
  const user = await requireApiUserWithPermission(request, 'records:write')
  if (request.method !== 'POST') return methodNotAllowed(['GET', 'POST'])
  const input = await parseJsonBody(request, communicationSchema, 'communication')
  const communication = await createCommunication(params.leadId ?? '', input, user.name, userActor(request, user))
  return json(communicationToJson(communication), { status: 201 })
})
