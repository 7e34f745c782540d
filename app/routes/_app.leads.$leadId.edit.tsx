import { parseWithZod } from '@conform-to/zod/v4'
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { json } from '@remix-run/node'
import { useActionData, useLoaderData } from '@remix-run/react'
import { LeadForm } from '~/features/leads/lead-form'
import { RouteDialog } from '~/components/route-dialog'
import { getLead, updateLead } from '~/features/leads/leads.server'
import { leadSchema } from '~/features/leads/schema'
import { requireUserWithPermission } from '~/platform/auth/auth.server'
import { syncLeadNow } from '~/features/leads/ghl-sync.server'
import { dialogExitPath } from '~/platform/http/request.server'
import { createToastHeaders, redirectWithToast } from '~/platform/http/toast.server'
import { userActor } from '~/platform/auth/actor.server'

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `${data ? `Edit Lead - ${data.lead.firstName} ${data.lead.lastName}` : 'Edit Lead'} | Healthcare Portal` },
]

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireUserWithPermission(request, 'records:write')
  const lead = await getLead(params.leadId ?? '')
  if (!lead) throw new Response('Lead not found', { status: 404 })
  return json({ lead, closeTo: dialogExitPath(request, '/leads') })
}

export async function action({ request, params }: ActionFunctionArgs) {
  const user = await requireUserWithPermission(request, 'records:write')
  const existing = await getLead(params.leadId ?? '')
  if (!existing) throw new Response('Lead not found', { status: 404 })
  const submission = parseWithZod(await request.formData(), { schema: leadSchema })
  if (submission.status !== 'success') return json(submission.reply(), { status: 400 })
  let lead
  try {
    lead = await updateLead(existing.id, submission.value, userActor(request, user))
  } catch (error) {
    console.error(error)
    return json(submission.reply({ formErrors: ['Failed to update lead'] }), {
      status: 500,
      headers: await createToastHeaders({ type: 'destructive', title: 'Error', description: 'Failed to update lead' }),
    })
  }
  if (!lead) throw new Response('Lead not found', { status: 404 })
  // Keep the CRM copy current; an outage queues a retry and never blocks the save.
  if (lead.ghlSyncStatus !== 'not_configured' || lead.ghlContactId) await syncLeadNow(lead.id)
  return redirectWithToast(dialogExitPath(request, '/leads'), { title: 'Lead updated successfully!' })
}

export default function EditLead() {
  const { lead, closeTo } = useLoaderData<typeof loader>()
  const lastResult = useActionData<typeof action>()
  return (
    <RouteDialog title={`Edit Lead - ${lead.firstName} ${lead.lastName}`} closeTo={closeTo} size="lg">
      <LeadForm lead={lead} lastResult={lastResult} cancelTo={closeTo} submitLabel="Update Lead" />
    </RouteDialog>
  )
}
