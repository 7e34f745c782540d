import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { json } from '@remix-run/node'
import { useActionData, useLoaderData } from '@remix-run/react'
import { CaregiverForm } from '~/features/caregivers/caregiver-form'
import { RouteDialog } from '~/components/route-dialog'
import { createCaregiver } from '~/features/caregivers/caregivers.server'
import { requireUserWithPermission } from '~/platform/auth/auth.server'
import { caregiverSaveFailed, readCaregiverFormPost } from '~/features/caregivers/form.server'
import { caregiverFormSchema } from '~/features/caregivers/forms.server'
import { formRules } from '~/lib/form-rules.server'
import { dialogExitPath } from '~/platform/http/request.server'
import { redirectWithToast } from '~/platform/http/toast.server'
import { userActor } from '~/platform/auth/actor.server'

export const meta: MetaFunction = () => [{ title: 'New Caregiver Application | Healthcare Portal' }]

export async function loader({ request }: LoaderFunctionArgs) {
  await requireUserWithPermission(request, 'records:write')
  return json({ closeTo: dialogExitPath(request, '/caregivers'), rules: formRules(caregiverFormSchema) })
}

export async function action({ request }: ActionFunctionArgs) {
  const user = await requireUserWithPermission(request, 'records:write')
  const posted = await readCaregiverFormPost(request)
  if (!posted.ok) return posted.response
  try {
    await createCaregiver(posted.input, posted.files, userActor(request, user))
  } catch (error) {
    return caregiverSaveFailed(error, posted, 'Failed to submit caregiver application')
  }
  return redirectWithToast(dialogExitPath(request, '/caregivers'), { title: 'Caregiver application submitted successfully' })
}

export default function NewCaregiver() {
  const lastResult = useActionData<typeof action>()
  const { closeTo, rules } = useLoaderData<typeof loader>()
  return (
    <RouteDialog title="New Caregiver Application" closeTo={closeTo} size="lg">
      <CaregiverForm rules={rules} lastResult={lastResult} cancelTo={closeTo} submitLabel="Submit Application" />
    </RouteDialog>
  )
}
