import { parseWithZod } from '@conform-to/zod/v4'
import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node'
import { json } from '@remix-run/node'
import { useActionData, useLoaderData } from '@remix-run/react'
import { CommunicationForm } from '~/features/leads/communication-form'
import { RouteDialog } from '~/components/route-dialog'
import { createCommunication } from '~/features/leads/communications.server'
import { getLead } from '~/features/leads/leads.server'
import { communicationSchema } from '~/features/leads/communication-schema'
import { requireUserWithPermission } from '~/platform/auth/auth.server'
import { dialogExitPath } from '~/platform/http/request.server'
import { createToastHeaders, redirectWithToast } from '~/platform/http/toast.server'
import { userActor } from '~/platform/auth/actor.server'

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireUserWithPermission(request, 'records:write')
  const lead = await getLead(params.leadId ?? '')
  if (!lead) throw new Response('Lead not found', { status: 404 })
  return json({ closeTo: dialogExitPath(request, `/leads/${lead.id}`) })
}

export async function action({ request, params }: ActionFunctionArgs) {
  const user = await requireUserWithPermission(request, 'records:write')
  const lead = await getLead(params.leadId ?? '')
  if (!lead) throw new Response('Lead not found', { status: 404 })
  const submission = parseWithZod(await request.formData(), { schema: communicationSchema })
  if (submission.status !== 'success') return json(submission.reply(), { status: 400 })
  try {
    await createCommunication(lead.id, submission.value, user.name, userActor(request, user))
  } catch (error) {
    console.error(error)
    return json(submission.reply({ formErrors: ['Failed to log communication'] }), {
      status: 500,
      headers: await createToastHeaders({ type: 'destructive', title: 'Error', description: 'Failed to log communication' }),
    })
  }
  return redirectWithToast(dialogExitPath(request, `/leads/${lead.id}`), { title: 'Communication logged successfully!' })
}

export default function NewCommunication() {
  const lastResult = useActionData<typeof action>()
  const { closeTo } = useLoaderData<typeof loader>()
  return (
    <RouteDialog title="Log New Communication" closeTo={closeTo}>
      <CommunicationForm lastResult={lastResult} cancelTo={closeTo} submitLabel="Log Communication" />
    </RouteDialog>
  )
}
