import { parseWithZod } from '@conform-to/zod/v4'
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { json } from '@remix-run/node'
import { useActionData, useLocation } from '@remix-run/react'
import { LeadForm } from '~/components/lead-form'
import { RouteDialog } from '~/components/route-dialog'
import { createLead } from '~/models/lead.server'
import { leadSchema } from '~/schemas/lead'
import { requireUserWithPermission } from '~/utils/auth.server'
import { leadCreatedToast } from '~/utils/lead-messages'
import { syncLeadNow } from '~/utils/lead-sync.server'
import { createToastHeaders, redirectWithToast } from '~/utils/toast.server'

export const meta: MetaFunction = () => [{ title: 'Add New Lead | Healthcare Portal' }]

export async function loader({ request }: LoaderFunctionArgs) {
  await requireUserWithPermission(request, 'records:write')
  return null
}

export async function action({ request }: ActionFunctionArgs) {
  const user = await requireUserWithPermission(request, 'records:write')
  const submission = parseWithZod(await request.formData(), { schema: leadSchema })
  if (submission.status !== 'success') return json(submission.reply(), { status: 400 })
  let lead
  try {
    lead = await createLead(submission.value, { request, userId: user.id })
  } catch (error) {
    console.error(error)
    return json(submission.reply({ formErrors: ['Failed to create lead'] }), {
      status: 500,
      headers: await createToastHeaders({ type: 'destructive', title: 'Error', description: 'Failed to create lead' }),
    })
  }
  const ghlSync = await syncLeadNow(lead.id)
  return redirectWithToast(`/leads${new URL(request.url).search}`, leadCreatedToast(ghlSync))
}

export default function NewLead() {
  const lastResult = useActionData<typeof action>()
  const { search } = useLocation()
  return (
    <RouteDialog title="Add New Lead" closeTo={`/leads${search}`} size="lg">
      <LeadForm lastResult={lastResult} cancelTo={`/leads${search}`} submitLabel="Create Lead" />
    </RouteDialog>
  )
}
