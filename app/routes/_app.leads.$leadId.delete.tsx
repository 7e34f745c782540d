import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { json } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { ConfirmDeleteDialog } from '~/components/route-dialog'
import { deleteLead, viewLead } from '~/features/leads/leads.server'
import { requireUserWithPermission } from '~/platform/auth/auth.server'
import { redirectWithFailure } from '~/platform/http/errors.server'
import { dialogExitPath, dialogListPath } from '~/platform/http/request.server'
import { redirectWithToast } from '~/platform/http/toast.server'
import { userActor } from '~/platform/auth/actor.server'

export const meta: MetaFunction = () => [{ title: 'Delete Lead | Healthcare Portal' }]

export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireUserWithPermission(request, 'records:write')
  const lead = await viewLead(params.leadId ?? '', userActor(request, user))
  if (!lead) throw new Response('Lead not found', { status: 404 })
  return json({ name: `${lead.firstName} ${lead.lastName}`, closeTo: dialogExitPath(request, '/leads') })
}

export async function action({ request, params }: ActionFunctionArgs) {
  const user = await requireUserWithPermission(request, 'records:write')
  try {
    await deleteLead(params.leadId ?? '', userActor(request, user))
  } catch (error) {
    return redirectWithFailure(error, dialogExitPath(request, '/leads'), 'Failed to delete lead')
  }
  // The lead's own page is gone with it: back to the list.
  return redirectWithToast(dialogListPath(request, '/leads'), { title: 'Lead deleted', description: 'Lead has been successfully deleted.' })
}

export default function DeleteLead() {
  const { name, closeTo } = useLoaderData<typeof loader>()
  return (
    <ConfirmDeleteDialog title="Delete Lead" closeTo={closeTo}>
      Are you sure you want to delete {name}? This action cannot be undone.
    </ConfirmDeleteDialog>
  )
}
