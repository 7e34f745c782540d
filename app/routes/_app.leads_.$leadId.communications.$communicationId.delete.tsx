import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node'
import { json } from '@remix-run/node'
import { Form, Link, useLoaderData, useNavigation, useParams } from '@remix-run/react'
import { RouteDialog } from '~/components/route-dialog'
import { Button, buttonClassName } from '~/components/ui/button'
import { deleteCommunication, getCommunication } from '~/models/communication.server'
import { communicationTypeLabel } from '~/schemas/communication'
import { requireUserWithPermission } from '~/utils/auth.server'
import { redirectWithToast } from '~/utils/toast.server'

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
  const deleted = await deleteCommunication(leadId, params.communicationId ?? '', { request, userId: user.id }).catch(
    (error: unknown) => {
      console.error(error)
      return null
    },
  )
  if (deleted === null) {
    return redirectWithToast(`/leads/${leadId}`, { type: 'destructive', title: 'Error', description: 'Failed to delete communication' })
  }
  if (!deleted) throw new Response('Communication not found', { status: 404 })
  return redirectWithToast(`/leads/${leadId}`, { title: 'Communication deleted successfully!' })
}

export default function DeleteCommunication() {
  const { label } = useLoaderData<typeof loader>()
  const { leadId } = useParams()
  const navigation = useNavigation()
  return (
    <RouteDialog title="Delete Communication" closeTo={`/leads/${leadId}`}>
      <p className="text-sm text-slate-700">
        Are you sure you want to delete the communication “{label}”? This action cannot be undone.
      </p>
      <Form method="post" className="mt-6 flex justify-end gap-3">
        <Link to={`/leads/${leadId}`} preventScrollReset className={buttonClassName('secondary')}>
          Cancel
        </Link>
        <Button type="submit" variant="destructive" disabled={navigation.state === 'submitting'}>
          Delete
        </Button>
      </Form>
    </RouteDialog>
  )
}
