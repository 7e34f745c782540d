import { parseWithZod } from '~/lib/form-input.server'
import { formRules } from '~/lib/form-rules.server'
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { json } from '@remix-run/node'
import { useActionData, useLoaderData } from '@remix-run/react'
import { DocumentTypeForm } from '~/features/document-types/document-type-form'
import { RouteDialog } from '~/components/route-dialog'
import { getDocumentType, updateDocumentType } from '~/features/document-types/document-types.server'
import { DOCUMENT_TYPES_PATH } from '~/features/document-types/options'
import { documentTypeFormSchema } from '~/features/document-types/forms.server'
import { requireUserWithPermission } from '~/platform/auth/auth.server'
import { formFailure } from '~/platform/http/errors.server'
import { dialogExitPath } from '~/platform/http/request.server'
import { redirectWithToast } from '~/platform/http/toast.server'
import { userActor } from '~/platform/auth/actor.server'

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `${data ? `Edit Document Type - ${data.documentType.name}` : 'Edit Document Type'} | Settings | Healthcare Portal` },
]

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireUserWithPermission(request, 'records:write')
  const documentType = await getDocumentType(params.documentTypeId ?? '')
  if (!documentType) throw new Response('Document type not found', { status: 404 })
  return json({
    rules: formRules(documentTypeFormSchema),
    documentType: {
      id: documentType.id,
      name: documentType.name,
      description: documentType.description,
      ghlTag: documentType.ghlTag,
      isActive: documentType.isActive,
      displayOrder: documentType.displayOrder,
    },
    closeTo: dialogExitPath(request, DOCUMENT_TYPES_PATH),
  })
}

export async function action({ request, params }: ActionFunctionArgs) {
  const user = await requireUserWithPermission(request, 'records:write')
  const submission = parseWithZod(await request.formData(), { schema: documentTypeFormSchema })
  if (submission.status !== 'success') return json(submission.reply(), { status: 400 })
  try {
    await updateDocumentType(params.documentTypeId ?? '', submission.value, userActor(request, user))
  } catch (error) {
    return formFailure(error, submission, 'Failed to save document type')
  }
  return redirectWithToast(dialogExitPath(request, DOCUMENT_TYPES_PATH), { title: 'Document type updated successfully!' })
}

export default function EditDocumentType() {
  const { documentType, closeTo, rules } = useLoaderData<typeof loader>()
  const lastResult = useActionData<typeof action>()
  return (
    <RouteDialog title={`Edit Document Type - ${documentType.name}`} closeTo={closeTo}>
      <DocumentTypeForm
        id={`document-type-${documentType.id}`}
        documentType={documentType}
        rules={rules}
        lastResult={lastResult}
        cancelTo={closeTo}
        submitLabel="Update Document Type"
      />
    </RouteDialog>
  )
}
