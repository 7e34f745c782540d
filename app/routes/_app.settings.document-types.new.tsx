import { parseWithZod } from '@conform-to/zod/v4'
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { json } from '@remix-run/node'
import { useActionData } from '@remix-run/react'
import { DocumentTypeForm } from '~/components/document-type-form'
import { RouteDialog } from '~/components/route-dialog'
import { createDocumentType } from '~/models/document-type.server'
import { DOCUMENT_TYPES_PATH, documentTypeFormSchema } from '~/schemas/document-type'
import { requireUserWithPermission } from '~/utils/auth.server'
import { createToastHeaders, redirectWithToast } from '~/utils/toast.server'

export const meta: MetaFunction = () => [{ title: 'Add Document Type | Settings | Healthcare Portal' }]

export async function loader({ request }: LoaderFunctionArgs) {
  await requireUserWithPermission(request, 'records:write')
  return null
}

export async function action({ request }: ActionFunctionArgs) {
  const user = await requireUserWithPermission(request, 'records:write')
  const submission = parseWithZod(await request.formData(), { schema: documentTypeFormSchema })
  if (submission.status !== 'success') return json(submission.reply(), { status: 400 })
  try {
    await createDocumentType(submission.value, { request, userId: user.id })
  } catch (error) {
    console.error(error)
    return json(submission.reply({ formErrors: ['Failed to save document type'] }), {
      status: 500,
      headers: await createToastHeaders({ type: 'destructive', title: 'Error', description: 'Failed to save document type' }),
    })
  }
  return redirectWithToast(DOCUMENT_TYPES_PATH, { title: 'Document type created successfully!' })
}

export default function NewDocumentType() {
  const lastResult = useActionData<typeof action>()
  return (
    <RouteDialog title="Add Document Type" closeTo={DOCUMENT_TYPES_PATH}>
      <DocumentTypeForm lastResult={lastResult} cancelTo={DOCUMENT_TYPES_PATH} submitLabel="Create Document Type" />
    </RouteDialog>
  )
}
