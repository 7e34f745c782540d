import { getFormProps, getInputProps, getTextareaProps, useForm } from '@conform-to/react'
import { parseWithZod } from '~/lib/form-input.server'
import { formRules } from '~/lib/form-rules.server'
import { constraintsOf, validateWithRules } from '~/lib/form-rules'
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { json } from '@remix-run/node'
import { Form, useActionData, useLoaderData, useNavigation } from '@remix-run/react'
import { Field, FormActions, FormErrors, TextareaField } from '~/components/forms'
import { RouteDialog } from '~/components/route-dialog'
import { updateDocument, viewDocument } from '~/features/documents/documents.server'
import { documentEditSchema } from '~/features/documents/forms.server'
import { requireUserWithPermission } from '~/platform/auth/auth.server'
import { formFailure } from '~/platform/http/errors.server'
import { dialogExitPath } from '~/platform/http/request.server'
import { redirectWithToast } from '~/platform/http/toast.server'
import { userActor } from '~/platform/auth/actor.server'

export const meta: MetaFunction = () => [{ title: 'Edit Document | Healthcare Portal' }]

export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireUserWithPermission(request, 'records:write')
  const document = await viewDocument(params.documentId ?? '', userActor(request, user))
  if (!document) throw new Response('Document not found', { status: 404 })
  return json({
    document: { name: document.name, description: document.description },
    closeTo: dialogExitPath(request, '/documents-new'),
    rules: formRules(documentEditSchema),
  })
}

export async function action({ request, params }: ActionFunctionArgs) {
  const user = await requireUserWithPermission(request, 'records:write')
  const submission = parseWithZod(await request.formData(), { schema: documentEditSchema })
  if (submission.status !== 'success') return json(submission.reply(), { status: 400 })
  try {
    await updateDocument(params.documentId ?? '', submission.value, userActor(request, user))
  } catch (error) {
    return formFailure(error, submission, 'Failed to update document')
  }
  return redirectWithToast(dialogExitPath(request, '/documents-new'), { title: 'Document Updated' })
}

export default function EditDocument() {
  const { document, closeTo, rules } = useLoaderData<typeof loader>()
  const lastResult = useActionData<typeof action>()
  const navigation = useNavigation()
  const [form, fields] = useForm({
    id: 'document-edit',
    constraint: constraintsOf(rules),
    defaultValue: document,
    lastResult,
    shouldValidate: 'onBlur',
    onValidate: validateWithRules(rules),
  })
  return (
    <RouteDialog title="Edit Document" closeTo={closeTo}>
      <Form method="post" className="flex flex-col gap-4" {...getFormProps(form)}>
        <FormErrors id={form.errorId} errors={form.errors} />
        <Field labelProps={{ children: 'Document Name' }} inputProps={getInputProps(fields.name, { type: 'text' })} errors={fields.name.errors} />
        <TextareaField labelProps={{ children: 'Description' }} textareaProps={{ ...getTextareaProps(fields.description), rows: 3 }} errors={fields.description.errors} />
        <FormActions cancelTo={closeTo} submitLabel="Save Changes" busy={navigation.state === 'submitting'} />
      </Form>
    </RouteDialog>
  )
}
