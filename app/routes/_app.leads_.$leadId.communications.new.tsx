import { parseWithZod } from '~/lib/form-input.server'
import { formRules } from '~/lib/form-rules.server'
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { json } from '@remix-run/node'
import { useActionData, useLoaderData } from '@remix-run/react'
import { CommunicationForm } from '~/features/leads/communication-form'
import { RouteDialog } from '~/components/route-dialog'
import { createCommunication } from '~/features/leads/communications.server'
import { viewLead } from '~/features/leads/leads.server'
import { communicationEntryId } from '~/features/leads/communication-options'
import { communicationSchema } from '~/features/leads/forms.server'
import { requireUserWithPermission } from '~/platform/auth/auth.server'
import { formFailure } from '~/platform/http/errors.server'
import { dialogExitPath } from '~/platform/http/request.server'
import { redirectWithToast } from '~/platform/http/toast.server'
import { userActor } from '~/platform/auth/actor.server'

export const meta: MetaFunction = () => [{ title: 'Log Communication | Healthcare Portal' }]

export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireUserWithPermission(request, 'records:write')
  const lead = await viewLead(params.leadId ?? '', userActor(request, user))
  if (!lead) throw new Response('Lead not found', { status: 404 })
  return json({ closeTo: dialogExitPath(request, `/leads/${lead.id}`), rules: formRules(communicationSchema) })
}

export async function action({ request, params }: ActionFunctionArgs) {
  const user = await requireUserWithPermission(request, 'records:write')
  const leadId = params.leadId ?? ''
  const submission = parseWithZod(await request.formData(), { schema: communicationSchema })
  if (submission.status !== 'success') return json(submission.reply(), { status: 400 })
  let communication
  try {
    communication = await createCommunication(leadId, submission.value, user.name, userActor(request, user))
  } catch (error) {
    return formFailure(error, submission, 'Failed to log communication')
  }
  return redirectWithToast(`${dialogExitPath(request, `/leads/${leadId}`)}#${communicationEntryId(communication.id)}`, {
    title: 'Communication logged successfully!',
  })
}

export default function NewCommunication() {
  const lastResult = useActionData<typeof action>()
  const { closeTo, rules } = useLoaderData<typeof loader>()
  return (
    <RouteDialog title="Log New Communication" closeTo={closeTo}>
      <CommunicationForm rules={rules} lastResult={lastResult} cancelTo={closeTo} submitLabel="Log Communication" />
    </RouteDialog>
  )
}
