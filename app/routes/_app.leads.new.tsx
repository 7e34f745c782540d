import { parseWithZod } from '~/lib/form-input.server'
import { formRules } from '~/lib/form-rules.server'
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { json } from '@remix-run/node'
import { useActionData, useLoaderData } from '@remix-run/react'
import { LeadForm } from '~/features/leads/lead-form'
import { RouteDialog } from '~/components/route-dialog'
import { createLead } from '~/features/leads/leads.server'
import { leadSchema } from '~/features/leads/forms.server'
import { requireUserWithPermission } from '~/platform/auth/auth.server'
import { leadCreatedToast } from '~/features/leads/messages'
import { syncLeadNow } from '~/features/leads/ghl-sync.server'
import { formFailure } from '~/platform/http/errors.server'
import { dialogExitPath } from '~/platform/http/request.server'
import { redirectWithToast } from '~/platform/http/toast.server'
import { userActor } from '~/platform/auth/actor.server'

export const meta: MetaFunction = () => [{ title: 'Add New Lead | Healthcare Portal' }]

export async function loader({ request }: LoaderFunctionArgs) {
  await requireUserWithPermission(request, 'records:write')
  return json({ closeTo: dialogExitPath(request, '/leads'), rules: formRules(leadSchema) })
}

export async function action({ request }: ActionFunctionArgs) {
  const user = await requireUserWithPermission(request, 'records:write')
  const submission = parseWithZod(await request.formData(), { schema: leadSchema })
  if (submission.status !== 'success') return json(submission.reply(), { status: 400 })
  let lead
  try {
    lead = await createLead(submission.value, userActor(request, user))
  } catch (error) {
    return formFailure(error, submission, 'Failed to create lead')
  }
  const ghlSync = await syncLeadNow(lead.id)
  return redirectWithToast(dialogExitPath(request, '/leads'), leadCreatedToast(ghlSync))
}

export default function NewLead() {
  const lastResult = useActionData<typeof action>()
  const { closeTo, rules } = useLoaderData<typeof loader>()
  return (
    <RouteDialog title="Add New Lead" closeTo={closeTo} size="lg">
      <LeadForm rules={rules} lastResult={lastResult} cancelTo={closeTo} submitLabel="Create Lead" />
    </RouteDialog>
  )
}
