import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { json } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { ConfirmDeleteDialog } from '~/components/route-dialog'
import { deleteDocumentType, getDocumentType } from '~/features/document-types/document-types.server'
import { DOCUMENT_TYPES_PATH } from '~/features/document-types/options'
import { requireUserWithPermission } from '~/platform/auth/auth.server'
import { redirectWithFailure } from '~/platform/http/errors.server'
import { dialogExitPath } from '~/platform/http/request.server'
import { redirectWithToast } from '~/platform/http/toast.server'
import { userActor } from '~/platform/auth/actor.server'

export const meta: MetaFunction = () => [{ title: 'Delete Document Type | Settings | Healthcare Portal' }]

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireUserWithPermission(request, 'records:write')
  const documentType = await getDocumentType(params.documentTypeId ?? '')
  if (!documentType) throw new Response('Document type not found', { status: 404 })
  return json({ name: documentType.name, ghlTag: documentType.ghlTag, closeTo: dialogExitPath(request, DOCUMENT_TYPES_PATH) })
}

export async function action({ request, params }: ActionFunctionArgs) {
  const user = await requireUserWithPermission(request, 'records:write')
  const back = dialogExitPath(request, DOCUMENT_TYPES_PATH)
  try {
    await deleteDocumentType(params.documentTypeId ?? '', userActor(request, user))
  } catch (error) {
    return redirectWithFailure(error, back, 'Failed to delete document type')
  }
  return redirectWithToast(back, { title: 'Document type deleted successfully!' })
}

export default function DeleteDocumentType() {
  const { name, ghlTag, closeTo } = useLoaderData<typeof loader>()
  return (
    <ConfirmDeleteDialog title="Delete Document Type" closeTo={closeTo}>
      <p>Are you sure you want to delete this document type?</p>
      <p className="mt-2">
        <span className="font-medium">{name}</span> (tag <code className="font-mono text-xs">{ghlTag}</code>). Documents of this
        type stay in the library without a type.
      </p>
    </ConfirmDeleteDialog>
  )
}
