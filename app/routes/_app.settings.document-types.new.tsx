import { parseWithZod } from '~/lib/form-input.server'
import { formRules } from '~/lib/form-rules.server'
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { json } from '@remix-run/node'
import { useActionData, useLoaderData } from '@remix-run/react'
import { DocumentTypeForm } from '~/features/document-types/document-type-form'
import { RouteDialog } from '~/components/route-dialog'
import { createDocumentType } from '~/features/document-types/document-types.server'
import { DOCUMENT_TYPES_PATH } from '~/features/document-types/options'
import { documentTypeFormSchema } from '~/features/document-types/forms.server'
import { requireUserWithPermission } from '~/platform/auth/auth.server'
import { formFailure } from '~/platform/http/errors.server'
import { dialogExitPath } from '~/platform/http/request.server'
import { redirectWithToast } from '~/platform/http/toast.server'
import { userActor } from '~/platform/auth/actor.server'

export const meta: MetaFunction = () => [{ title: 'Add Document Type | Settings | Healthcare Portal' }]

export async function loader({ request }: LoaderFunctionArgs) {
  await requireUserWithPermission(request, 'records:write')
  return json({ closeTo: dialogExitPath(request, DOCUMENT_TYPES_PATH), rules: formRules(documentTypeFormSchema) })
}

export async function action({ request }: ActionFunctionArgs) {
  const user = await requireUserWithPermission(request, 'records:write')
  const submission = parseWithZod(await request.formData(), { schema: documentTypeFormSchema })
  if (submission.status !== 'success') return json(submission.reply(), { status: 400 })
  try {
    await createDocumentType(submission.value, userActor(request, user))
  } catch (error) {
    return formFailure(error, submission, 'Failed to save document type')
  }
  return redirectWithToast(dialogExitPath(request, DOCUMENT_TYPES_PATH), { title: 'Document type created successfully!' })
}

export default function NewDocumentType() {
  const lastResult = useActionData<typeof action>()
  const { closeTo, rules } = useLoaderData<typeof loader>()
  return (
    <RouteDialog title="Add Document Type" closeTo={closeTo}>
      <DocumentTypeForm rules={rules} lastResult={lastResult} cancelTo={closeTo} submitLabel="Create Document Type" />
    </RouteDialog>
  )
}
