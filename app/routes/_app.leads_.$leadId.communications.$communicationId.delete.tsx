import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node'
import { json } from '@remix-run/node'
import { useLoaderData, useParams } from '@remix-run/react'
import { ConfirmDeleteDialog } from '~/components/route-dialog'
import { deleteCommunication, getCommunication } from '~/features/leads/communications.server'
import { communicationTypeLabel } from '~/features/leads/communication-schema'
import { requireUserWithPermission } from '~/platform/auth/auth.server'
import { redirectWithFailure } from '~/platform/http/errors.server'
import { redirectWithToast } from '~/platform/http/toast.server'
import { userActor } from '~/platform/auth/actor.server'

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireUserWithPermission(request, 'records:write')
  const communication = await getCommunication(params.leadId ?? '', params.communicationId ?? '')
  if (!communication) throw new Response('Communication not found', { status: 404 })
  return json({ label: communication.subject || communicationTypeLabel(communication.type) })
}

/** Deleting asks first: a record of a call cannot be brought back. */
export async function action({ request, params }: ActionFunctionArgs) {
  const user = await requireUserWithPermission(request, 'records:write')
  const leadId = params.leadId ?? ''
  try {
    await deleteCommunication(leadId, params.communicationId ?? '', userActor(request, user))
  } catch (error) {
    return redirectWithFailure(error, `/leads/${leadId}`, 'Failed to delete communication')
  }
  return redirectWithToast(`/leads/${leadId}`, { title: 'Communication deleted successfully!' })
}

export default function DeleteCommunication() {
  const { label } = useLoaderData<typeof loader>()
  const { leadId } = useParams()
  return (
    <ConfirmDeleteDialog title="Delete Communication" closeTo={`/leads/${leadId}`}>
      Are you sure you want to delete the communication “{label}”? This action cannot be undone.
    </ConfirmDeleteDialog>
  )
}
