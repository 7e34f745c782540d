import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { json } from '@remix-run/node'
import { useLoaderData, useLocation } from '@remix-run/react'
import { ConfirmDeleteDialog } from '~/components/route-dialog'
import { deleteCaregiver, getCaregiver } from '~/features/caregivers/caregivers.server'
import { requireUserWithPermission } from '~/platform/auth/auth.server'
import { redirectWithFailure } from '~/platform/http/errors.server'
import { redirectWithToast } from '~/platform/http/toast.server'
import { userActor } from '~/platform/auth/actor.server'

export const meta: MetaFunction = () => [{ title: 'Delete Caregiver | Healthcare Portal' }]

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireUserWithPermission(request, 'records:write')
  const caregiver = await getCaregiver(params.caregiverId ?? '')
  if (!caregiver) throw new Response('Caregiver not found', { status: 404 })
  return json({ name: caregiver.fullName, fileCount: caregiver.files.length })
}

export async function action({ request, params }: ActionFunctionArgs) {
  const user = await requireUserWithPermission(request, 'records:write')
  const list = `/caregivers${new URL(request.url).search}`
  try {
    await deleteCaregiver(params.caregiverId ?? '', userActor(request, user))
  } catch (error) {
    return redirectWithFailure(error, list, 'Failed to delete caregiver')
  }
  return redirectWithToast(list, { title: 'Caregiver deleted', description: 'Caregiver has been successfully deleted.' })
}

export default function DeleteCaregiver() {
  const { name, fileCount } = useLoaderData<typeof loader>()
  const { search } = useLocation()
  return (
    <ConfirmDeleteDialog title="Delete Caregiver" closeTo={`/caregivers${search}`}>
      <p>Are you sure you want to delete {name}? This action cannot be undone.</p>
      {fileCount ? <p className="mt-2">Their {fileCount === 1 ? 'file is' : `${fileCount} files are`} deleted too.</p> : null}
    </ConfirmDeleteDialog>
  )
}
