import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { json } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { ConfirmDeleteDialog } from '~/components/route-dialog'
import { deleteDocument, viewDocument } from '~/features/documents/documents.server'
import { requireUserWithPermission } from '~/platform/auth/auth.server'
import { redirectWithFailure } from '~/platform/http/errors.server'
import { dialogExitPath } from '~/platform/http/request.server'
import { redirectWithToast } from '~/platform/http/toast.server'
import { userActor } from '~/platform/auth/actor.server'

export const meta: MetaFunction = () => [{ title: 'Delete Document | Healthcare Portal' }]

export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireUserWithPermission(request, 'records:write')
  const document = await viewDocument(params.documentId ?? '', userActor(request, user))
  if (!document) throw new Response('Document not found', { status: 404 })
  return json({ name: document.name, closeTo: dialogExitPath(request, '/documents-new') })
}

export async function action({ request, params }: ActionFunctionArgs) {
  const user = await requireUserWithPermission(request, 'records:write')
  const back = dialogExitPath(request, '/documents-new')
  try {
    await deleteDocument(params.documentId ?? '', userActor(request, user))
  } catch (error) {
    return redirectWithFailure(error, back, 'Failed to delete document')
  }
  return redirectWithToast(back, { title: 'Document Deleted' })
}

export default function DeleteDocument() {
  const { name, closeTo } = useLoaderData<typeof loader>()
  return (
    <ConfirmDeleteDialog title="Delete Document" closeTo={closeTo}>
      Are you sure you want to delete "{name}"? This action cannot be undone.
    </ConfirmDeleteDialog>
  )
}
