import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node'
import { json } from '@remix-run/node'
import { deleteLead, getLead, leadToJson, updateLead } from '~/features/leads/leads.server'
import { leadSchema } from '~/features/leads/schema'
import { apiError, methodNotAllowed, parseJsonBody } from '~/platform/http/api.server'
import { requireApiUserWithPermission } from '~/platform/auth/auth.server'
import { syncLeadNow } from '~/features/leads/ghl-sync.server'
import { userActor } from '~/platform/auth/actor.server'

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireApiUserWithPermission(request, 'records:read')
  const lead = await getLead(params.leadId ?? '')
  if (!lead) throw apiError(404, 'Lead not found')
  return json(leadToJson(lead))
}

/** PUT /api/leads/{id} (the whole lead, as on create) and DELETE /api/leads/{id}. */
export async function action({ request, params }: ActionFunctionArgs) {
  const user = await requireApiUserWithPermission(request, 'records:write')
  const actor = userActor(request, user)
  const existing = await getLead(params.leadId ?? '')
  if (request.method === 'DELETE') {
    if (!existing || !(await deleteLead(existing.id, actor))) throw apiError(404, 'Lead not found')
    return json({ success: true, id: existing.id })
  }
  if (request.method !== 'PUT') return methodNotAllowed(['GET', 'PUT', 'DELETE'])
  if (!existing) throw apiError(404, 'Lead not found')
  const input = await parseJsonBody(request, leadSchema, 'lead')
  const lead = await updateLead(existing.id, input, actor)
  if (!lead) throw apiError(404, 'Lead not found')
  const ghlSync =
    lead.ghlSyncStatus !== 'not_configured' || lead.ghlContactId ? await syncLeadNow(lead.id) : null
  const saved = (await getLead(lead.id)) ?? lead
  return json({ ...leadToJson(saved), ...(ghlSync ? { ghlSync } : {}) })
}
