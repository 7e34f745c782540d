import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { json } from '@remix-run/node'
import { useActionData, useLoaderData } from '@remix-run/react'
import { CaregiverForm } from '~/features/caregivers/caregiver-form'
import { RouteDialog } from '~/components/route-dialog'
import { caregiverToJson, updateCaregiver, viewCaregiver } from '~/features/caregivers/caregivers.server'
import { requireUserWithPermission } from '~/platform/auth/auth.server'
import { caregiverSaveFailed, readCaregiverFormPost } from '~/features/caregivers/form.server'
import { caregiverFormSchema } from '~/features/caregivers/forms.server'
import { formRules } from '~/lib/form-rules.server'
import { recordDialogExitPath } from '~/platform/http/request.server'
import { redirectWithToast } from '~/platform/http/toast.server'
import { userActor } from '~/platform/auth/actor.server'

// Titles name the kind of record, never the person: they stay in browser history on shared tablets.
export const meta: MetaFunction = () => [{ title: 'Edit Caregiver | Healthcare Portal' }]

export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireUserWithPermission(request, 'records:write')
  const caregiver = await viewCaregiver(params.caregiverId ?? '', userActor(request, user))
  if (!caregiver) throw new Response('Caregiver not found', { status: 404 })
  const closeTo = recordDialogExitPath(request, '/caregivers', `/caregivers/${params.caregiverId ?? ''}`)
  return json({ caregiver: caregiverToJson(caregiver), closeTo, rules: formRules(caregiverFormSchema) })
}

export async function action({ request, params }: ActionFunctionArgs) {
  const user = await requireUserWithPermission(request, 'records:write')
  const posted = await readCaregiverFormPost(request)
  if (!posted.ok) return posted.response
  try {
    await updateCaregiver(params.caregiverId ?? '', posted.input, posted.files, userActor(request, user))
  } catch (error) {
    return caregiverSaveFailed(error, posted, 'Failed to update caregiver')
  }
  const closeTo = recordDialogExitPath(request, '/caregivers', `/caregivers/${params.caregiverId ?? ''}`)
  return redirectWithToast(closeTo, { title: 'Caregiver updated successfully' })
}

export default function EditCaregiver() {
  const { caregiver, closeTo, rules } = useLoaderData<typeof loader>()
  const lastResult = useActionData<typeof action>()
  return (
    <RouteDialog title="Edit Caregiver" closeTo={closeTo} size="lg">
      <p className="-mt-2 mb-4 text-sm text-slate-600">{caregiver.fullName}</p>
      <CaregiverForm
        caregiver={{ ...caregiver, availableDays: caregiver.availability?.days ?? [] }}
        savedFileKinds={caregiver.files.map((file) => file.kind)}
        rules={rules}
        lastResult={lastResult}
        cancelTo={closeTo}
        submitLabel="Update Caregiver"
      />
    </RouteDialog>
  )
}
