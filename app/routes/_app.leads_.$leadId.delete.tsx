import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { json } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { ConfirmDeleteDialog } from '~/components/route-dialog'
import { syncLeadNow } from '~/features/leads/ghl-sync.server'
import { deleteLead, leadDeletionImpact, markLeadLost, viewLead } from '~/features/leads/leads.server'
import { requireUserWithPermission } from '~/platform/auth/auth.server'
import { redirectWithFailure } from '~/platform/http/errors.server'
import { recordDialogExitPath, dialogListPath } from '~/platform/http/request.server'
import { redirectWithToast } from '~/platform/http/toast.server'
import { userActor } from '~/platform/auth/actor.server'

export const meta: MetaFunction = () => [{ title: 'Delete Lead | Healthcare Portal' }]

const MARK_LOST_INTENT = 'mark-lost'

export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireUserWithPermission(request, 'records:write')
  const lead = await viewLead(params.leadId ?? '', userActor(request, user))
  if (!lead) throw new Response('Lead not found', { status: 404 })
  const { communications, patient } = await leadDeletionImpact(lead.id)
  return json({
    name: `${lead.firstName} ${lead.lastName}`,
    status: lead.status,
    communications,
    hasPatient: patient !== null,
    closeTo: recordDialogExitPath(request, '/leads', `/leads/${params.leadId ?? ''}`),
  })
}

export async function action({ request, params }: ActionFunctionArgs) {
  const user = await requireUserWithPermission(request, 'records:write')
  const leadId = params.leadId ?? ''
  const closeTo = recordDialogExitPath(request, '/leads', `/leads/${leadId}`)
  // A post without a form body is a plain Delete, as it was before there was a choice.
  const form = await request.formData().catch(() => new FormData())
  const intent = form.get('intent')
  if (intent === MARK_LOST_INTENT) {
    let lead
    try {
      lead = await markLeadLost(leadId, userActor(request, user))
    } catch (error) {
      return redirectWithFailure(error, closeTo, 'Failed to update lead')
    }
    // As after an edit: keep the CRM copy current.
    if (lead && (lead.ghlSyncStatus !== 'not_configured' || lead.ghlContactId)) await syncLeadNow(lead.id)
    return redirectWithToast(closeTo, {
      title: 'Lead marked as lost',
      description: 'The lead and its communications are kept.',
    })
  }
  try {
    await deleteLead(leadId, userActor(request, user))
  } catch (error) {
    return redirectWithFailure(error, closeTo, 'Failed to delete lead')
  }
  // The lead's own page is gone with it: back to the list.
  return redirectWithToast(dialogListPath(request, '/leads'), { title: 'Lead deleted', description: 'Lead has been successfully deleted.' })
}

export default function DeleteLead() {
  const { name, status, communications, hasPatient, closeTo } = useLoaderData<typeof loader>()
  return (
    <ConfirmDeleteDialog
      title="Delete Lead"
      closeTo={closeTo}
      alternative={status === 'lost' ? undefined : { label: 'Mark as lost instead', intent: MARK_LOST_INTENT }}
    >
      <p>Are you sure you want to delete {name}? This action cannot be undone.</p>
      {communications > 0 ? (
        <p>
          This also deletes its {communications} communication{communications === 1 ? '' : 's'}.
        </p>
      ) : null}
      {hasPatient ? <p>The patient registration made from this lead stays, but loses its link to the lead.</p> : null}
      {status === 'lost' ? null : <p>To keep the lead and its history, mark it as lost instead.</p>}
    </ConfirmDeleteDialog>
  )
}
