import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { json } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { ConfirmDeleteDialog } from '~/components/route-dialog'
import { deleteCaregiver, viewCaregiver } from '~/features/caregivers/caregivers.server'
import { requireUserWithPermission } from '~/platform/auth/auth.server'
import { redirectWithFailure } from '~/platform/http/errors.server'
import { recordDialogExitPath, dialogListPath } from '~/platform/http/request.server'
import { redirectWithToast } from '~/platform/http/toast.server'
import { userActor } from '~/platform/auth/actor.server'

export const meta: MetaFunction = () => [{ title: 'Delete Caregiver | Healthcare Portal' }]

export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireUserWithPermission(request, 'records:write')
  const caregiver = await viewCaregiver(params.caregiverId ?? '', userActor(request, user))
  if (!caregiver) throw new Response('Caregiver not found', { status: 404 })
  const closeTo = recordDialogExitPath(request, '/caregivers', `/caregivers/${params.caregiverId ?? ''}`)
  return json({ name: caregiver.fullName, fileCount: caregiver.files.length, closeTo })
}

export async function action({ request, params }: ActionFunctionArgs) {
  const user = await requireUserWithPermission(request, 'records:write')
  try {
    await deleteCaregiver(params.caregiverId ?? '', userActor(request, user))
  } catch (error) {
    const closeTo = recordDialogExitPath(request, '/caregivers', `/caregivers/${params.caregiverId ?? ''}`)
    return redirectWithFailure(error, closeTo, 'Failed to delete caregiver')
  }
  // The caregiver's own page is gone with it: back to the list.
  return redirectWithToast(dialogListPath(request, '/caregivers'), { title: 'Caregiver deleted', description: 'Caregiver has been successfully deleted.' })
}

export default function DeleteCaregiver() {
  const { name, fileCount, closeTo } = useLoaderData<typeof loader>()
  return (
    <ConfirmDeleteDialog title="Delete Caregiver" closeTo={closeTo}>
      <p>Are you sure you want to delete {name}? This action cannot be undone.</p>
      {fileCount ? <p className="mt-2">Their {fileCount === 1 ? 'file is' : `${fileCount} files are`} deleted too.</p> : null}
    </ConfirmDeleteDialog>
  )
}
