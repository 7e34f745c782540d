import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node'
import { json } from '@remix-run/node'
import { deleteLead, getLead, leadToJson, updateLead, viewLead } from '~/features/leads/leads.server'
import { leadSchema } from '~/features/leads/schema'
import { apiError, methodNotAllowed, parseJsonBody } from '~/platform/http/api.server'
import { apiRoute } from '~/platform/http/errors.server'
import { requireApiUserWithPermission } from '~/platform/auth/auth.server'
import { syncLeadNow } from '~/features/leads/ghl-sync.server'
import { userActor } from '~/platform/auth/actor.server'

export const loader = apiRoute('lead', async ({ request, params }: LoaderFunctionArgs) => {
  const user = await requireApiUserWithPermission(request, 'records:read')
  const lead = await viewLead(params.leadId ?? '', userActor(request, user))
  if (!lead) throw apiError(404, 'Lead not found')
  return json(leadToJson(lead))
})

/** PUT /api/leads/{id} (the whole lead, as on create) and DELETE /api/leads/{id}. */
export const action = apiRoute('lead', async ({ request, params }: ActionFunctionArgs) => {
  const user = await requireApiUserWithPermission(request, 'records:write')
  const actor = userActor(request, user)
  const id = params.leadId ?? ''
  if (request.method === 'DELETE') {
    await deleteLead(id, actor)
    return json({ success: true, id })
  }
  if (request.method !== 'PUT') return methodNotAllowed(['GET', 'PUT', 'DELETE'])
  const input = await parseJsonBody(request, leadSchema, 'lead')
  const lead = await updateLead(id, input, actor)
  const ghlSync =
    lead.ghlSyncStatus !== 'not_configured' || lead.ghlContactId ? await syncLeadNow(lead.id) : null
  const saved = (await getLead(lead.id)) ?? lead
  return json({ ...leadToJson(saved), ...(ghlSync ? { ghlSync } : {}) })
})
