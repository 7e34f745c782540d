import { parseWithZod } from '~/lib/form-input.server'
import { formRules } from '~/lib/form-rules.server'
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { json } from '@remix-run/node'
import { useActionData, useLoaderData } from '@remix-run/react'
import { CommunicationForm } from '~/features/leads/communication-form'
import { RouteDialog } from '~/components/route-dialog'
import { updateCommunication, viewCommunication } from '~/features/leads/communications.server'
import { communicationEntryId } from '~/features/leads/communication-options'
import { communicationSchema } from '~/features/leads/forms.server'
import { requireUserWithPermission } from '~/platform/auth/auth.server'
import { formFailure } from '~/platform/http/errors.server'
import { dialogExitPath } from '~/platform/http/request.server'
import { redirectWithToast } from '~/platform/http/toast.server'
import { userActor } from '~/platform/auth/actor.server'

export const meta: MetaFunction = () => [{ title: 'Edit Communication | Healthcare Portal' }]

export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireUserWithPermission(request, 'records:write')
  const communication = await viewCommunication(params.leadId ?? '', params.communicationId ?? '', userActor(request, user))
  if (!communication) throw new Response('Communication not found', { status: 404 })
  return json({ communication, closeTo: dialogExitPath(request, `/leads/${communication.leadId}`), rules: formRules(communicationSchema) })
}

export async function action({ request, params }: ActionFunctionArgs) {
  const user = await requireUserWithPermission(request, 'records:write')
  const leadId = params.leadId ?? ''
  const submission = parseWithZod(await request.formData(), { schema: communicationSchema })
  if (submission.status !== 'success') return json(submission.reply(), { status: 400 })
  try {
    await updateCommunication(leadId, params.communicationId ?? '', submission.value, userActor(request, user))
  } catch (error) {
    return formFailure(error, submission, 'Failed to update communication')
  }
  const entry = communicationEntryId(params.communicationId ?? '')
  return redirectWithToast(`${dialogExitPath(request, `/leads/${leadId}`)}#${entry}`, { title: 'Communication updated successfully!' })
}

export default function EditCommunication() {
  const { communication, closeTo, rules } = useLoaderData<typeof loader>()
  const lastResult = useActionData<typeof action>()
  return (
    <RouteDialog title="Edit Communication" closeTo={closeTo}>
      <CommunicationForm rules={rules} communication={communication} lastResult={lastResult} cancelTo={closeTo} submitLabel="Update Communication" />
    </RouteDialog>
  )
}
