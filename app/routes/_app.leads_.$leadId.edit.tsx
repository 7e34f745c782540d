import { parseWithZod } from '~/lib/form-input.server'
import { formRules } from '~/lib/form-rules.server'
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { json } from '@remix-run/node'
import { useActionData, useLoaderData } from '@remix-run/react'
import { LeadForm } from '~/features/leads/lead-form'
import { RouteDialog } from '~/components/route-dialog'
import { updateLead, viewLead } from '~/features/leads/leads.server'
import { leadSchema } from '~/features/leads/forms.server'
import { requireUserWithPermission } from '~/platform/auth/auth.server'
import { syncLeadNow } from '~/features/leads/ghl-sync.server'
import { recordDialogExitPath } from '~/platform/http/request.server'
import { formFailure } from '~/platform/http/errors.server'
import { redirectWithToast } from '~/platform/http/toast.server'
import { userActor } from '~/platform/auth/actor.server'

// Titles name the kind of record, never the person: they stay in browser history on shared tablets.
export const meta: MetaFunction = () => [{ title: 'Edit Lead | Healthcare Portal' }]

export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireUserWithPermission(request, 'records:write')
  const lead = await viewLead(params.leadId ?? '', userActor(request, user))
  if (!lead) throw new Response('Lead not found', { status: 404 })
  const closeTo = recordDialogExitPath(request, '/leads', `/leads/${params.leadId ?? ''}`)
  return json({ lead, closeTo, rules: formRules(leadSchema) })
}

export async function action({ request, params }: ActionFunctionArgs) {
  const user = await requireUserWithPermission(request, 'records:write')
  const submission = parseWithZod(await request.formData(), { schema: leadSchema })
  if (submission.status !== 'success') return json(submission.reply(), { status: 400 })
  let lead
  try {
    lead = await updateLead(params.leadId ?? '', submission.value, userActor(request, user))
  } catch (error) {
    return formFailure(error, submission, 'Failed to update lead')
  }
  // Keep the CRM copy current; an outage queues a retry and never blocks the save.
  if (lead.ghlSyncStatus !== 'not_configured' || lead.ghlContactId) await syncLeadNow(lead.id)
  const closeTo = recordDialogExitPath(request, '/leads', `/leads/${params.leadId ?? ''}`)
  return redirectWithToast(closeTo, { title: 'Lead updated successfully!' })
}

export default function EditLead() {
  const { lead, closeTo, rules } = useLoaderData<typeof loader>()
  const lastResult = useActionData<typeof action>()
  return (
    <RouteDialog title={`Edit Lead - ${lead.firstName} ${lead.lastName}`} closeTo={closeTo} size="lg">
      <LeadForm rules={rules} lead={lead} lastResult={lastResult} cancelTo={closeTo} submitLabel="Update Lead" />
    </RouteDialog>
  )
}
