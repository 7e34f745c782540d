import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { json } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { ConfirmDeleteDialog } from '~/components/route-dialog'
import { deleteCaregiverFile, getCaregiverFile, viewCaregiver } from '~/features/caregivers/caregivers.server'
import { requireUserWithPermission } from '~/platform/auth/auth.server'
import { redirectWithFailure } from '~/platform/http/errors.server'
import { dialogExitPath } from '~/platform/http/request.server'
import { redirectWithToast } from '~/platform/http/toast.server'
import { userActor } from '~/platform/auth/actor.server'

export const meta: MetaFunction = () => [{ title: 'Remove File | Healthcare Portal' }]

export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireUserWithPermission(request, 'records:write')
  const file = await getCaregiverFile(params.caregiverId ?? '', params.fileId ?? '')
  const caregiver = file ? await viewCaregiver(file.caregiverId, userActor(request, user)) : null
  if (!file || !caregiver) throw new Response('File not found', { status: 404 })
  return json({ caregiverName: caregiver.fullName, fileName: file.fileName, closeTo: dialogExitPath(request, `/caregivers/${caregiver.id}`) })
}

export async function action({ request, params }: ActionFunctionArgs) {
  const user = await requireUserWithPermission(request, 'records:write')
  const profile = dialogExitPath(request, `/caregivers/${params.caregiverId}`)
  let removed
  try {
    removed = await deleteCaregiverFile(params.caregiverId ?? '', params.fileId ?? '', userActor(request, user))
  } catch (error) {
    return redirectWithFailure(error, profile, 'Failed to remove the file')
  }
  return redirectWithToast(profile, { title: 'File removed', description: `${removed.fileName} has been removed.` })
}

export default function RemoveCaregiverFile() {
  const { caregiverName, fileName, closeTo } = useLoaderData<typeof loader>()
  return (
    <ConfirmDeleteDialog title="Remove File" closeTo={closeTo}>
      Are you sure you want to remove {fileName} from {caregiverName}&apos;s application? This action cannot be undone.
    </ConfirmDeleteDialog>
  )
}
