import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { json } from '@remix-run/node'
import { useLoaderData, useLocation } from '@remix-run/react'
import { ConfirmDeleteDialog } from '~/components/route-dialog'
import { deleteLead, getLead } from '~/features/leads/leads.server'
import { requireUserWithPermission } from '~/platform/auth/auth.server'
import { redirectWithFailure } from '~/platform/http/errors.server'
import { redirectWithToast } from '~/platform/http/toast.server'
import { userActor } from '~/platform/auth/actor.server'

export const meta: MetaFunction = () => [{ title: 'Delete Lead | Healthcare Portal' }]

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireUserWithPermission(request, 'records:write')
  const lead = await getLead(params.leadId ?? '')
  if (!lead) throw new Response('Lead not found', { status: 404 })
  return json({ name: `${lead.firstName} ${lead.lastName}` })
}

export async function action({ request, params }: ActionFunctionArgs) {
  const user = await requireUserWithPermission(request, 'records:write')
  const list = `/leads${new URL(request.url).search}`
  try {
    await deleteLead(params.leadId ?? '', userActor(request, user))
  } catch (error) {
    return redirectWithFailure(error, list, 'Failed to delete lead')
  }
  return redirectWithToast(list, { title: 'Lead deleted', description: 'Lead has been successfully deleted.' })
}

export default function DeleteLead() {
  const { name } = useLoaderData<typeof loader>()
  const { search } = useLocation()
  return (
    <ConfirmDeleteDialog title="Delete Lead" closeTo={`/leads${search}`}>
      Are you sure you want to delete {name}? This action cannot be undone.
    </ConfirmDeleteDialog>
  )
}
