import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { json } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { ConfirmDeleteDialog } from '~/components/route-dialog'
import { deleteCommunication, viewCommunication } from '~/features/leads/communications.server'
import { COMMUNICATIONS_HEADING_ID, communicationTypeLabel } from '~/features/leads/communication-options'
import { requireUserWithPermission } from '~/platform/auth/auth.server'
import { redirectWithFailure } from '~/platform/http/errors.server'
import { dialogExitPath } from '~/platform/http/request.server'
import { redirectWithToast } from '~/platform/http/toast.server'
import { userActor } from '~/platform/auth/actor.server'

export const meta: MetaFunction = () => [{ title: 'Delete Communication | Healthcare Portal' }]

export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireUserWithPermission(request, 'records:write')
  const communication = await viewCommunication(params.leadId ?? '', params.communicationId ?? '', userActor(request, user))
  if (!communication) throw new Response('Communication not found', { status: 404 })
  return json({
    label: communication.subject || communicationTypeLabel(communication.type),
    closeTo: dialogExitPath(request, `/leads/${communication.leadId}`),
  })
}

/** Deleting asks first: a record of a call cannot be brought back. */
export async function action({ request, params }: ActionFunctionArgs) {
  const user = await requireUserWithPermission(request, 'records:write')
  const back = dialogExitPath(request, `/leads/${params.leadId}`)
  try {
    await deleteCommunication(params.leadId ?? '', params.communicationId ?? '', userActor(request, user))
  } catch (error) {
    return redirectWithFailure(error, back, 'Failed to delete communication')
  }
  return redirectWithToast(`${back}#${COMMUNICATIONS_HEADING_ID}`, { title: 'Communication deleted successfully!' })
}

export default function DeleteCommunication() {
  const { label, closeTo } = useLoaderData<typeof loader>()
  return (
    <ConfirmDeleteDialog title="Delete Communication" closeTo={closeTo}>
      Are you sure you want to delete the communication “{label}”? This action cannot be undone.
    </ConfirmDeleteDialog>
  )
}
