import { getFormProps, getSelectProps, getTextareaProps, useForm } from '@conform-to/react'
import { parseWithZod } from '~/lib/form-input.server'
import { formRules } from '~/lib/form-rules.server'
import { constraintsOf } from '~/lib/form-rules'
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { json } from '@remix-run/node'
import { Form, useActionData, useLoaderData, useNavigation } from '@remix-run/react'
import { ErrorList } from '~/components/error-list'
import { FormActions, FormErrors, SelectField, TextareaField } from '~/components/forms'
import { RouteDialog } from '~/components/route-dialog'
import { createDocument } from '~/features/documents/documents.server'
import { listDocumentTypes } from '~/features/document-types/document-types.server'
import { DOCUMENT_CATEGORIES, MAX_DOCUMENT_BYTES } from '~/features/documents/options'
import { documentUploadSchema } from '~/features/documents/forms.server'
import { requireUserWithPermission } from '~/platform/auth/auth.server'
import { userActor } from '~/platform/auth/actor.server'
import { receivePdfUpload } from '~/features/documents/upload.server'
import { UploadError } from '~/platform/uploads.server'
import { getStorage } from '~/platform/storage.server'
import { dialogExitPath } from '~/platform/http/request.server'
import { createToastHeaders, redirectWithToast } from '~/platform/http/toast.server'

export const meta: MetaFunction = () => [{ title: 'Upload Document | Healthcare Portal' }]

export async function loader({ request }: LoaderFunctionArgs) {
  await requireUserWithPermission(request, 'records:write')
  return json({
    types: await listDocumentTypes({ activeOnly: true }),
    closeTo: dialogExitPath(request, '/documents-new'),
    rules: formRules(documentUploadSchema),
  })
}

async function uploadFailed(reason: string, status: number) {
  return json(
    { status: 'error' as const, initialValue: {}, error: { file: [reason] } },
    { status, headers: await createToastHeaders({ type: 'destructive', title: 'Upload Failed', description: reason }) },
  )
}

export async function action({ request }: ActionFunctionArgs) {
  const user = await requireUserWithPermission(request, 'records:write')
  let upload
  try {
    upload = await receivePdfUpload(request)
  } catch (error) {
    if (error instanceof UploadError) return uploadFailed(error.message, error.status)
    throw error
  }
  const { file, form } = upload
  const submission = parseWithZod(form, { schema: documentUploadSchema })
  if (submission.status !== 'success' || !file) {
    if (file) await getStorage().remove(file.key)
    const reply = submission.reply()
    return json(
      { ...reply, error: { ...(reply.error ?? {}), ...(file ? {} : { file: ['Select a PDF file'] }) } },
      { status: 400 },
    )
  }
  try {
    await createDocument(file, submission.value, { ...userActor(request, user), userName: user.name })
  } catch (error) {
    console.error(error)
    return uploadFailed('Upload failed', 500)
  }
  return redirectWithToast(dialogExitPath(request, '/documents-new'), {
    title: `${file.fileName} uploaded successfully`,
  })
}

export default function UploadDocument() {
  const { types, closeTo, rules } = useLoaderData<typeof loader>()
  const lastResult = useActionData<typeof action>()
  const navigation = useNavigation()
  const [form, fields] = useForm<{ category: string; documentTypeId: string; description: string }>({
    id: 'document-upload',
    constraint: constraintsOf(rules),
    defaultValue: { category: 'general' },
    lastResult,
  })
  const busy = navigation.state === 'submitting'
  const fileErrors = (lastResult?.error as Record<string, string[] | undefined> | undefined)?.file
  return (
    <RouteDialog title="Upload Document" closeTo={closeTo}>
      <Form method="post" encType="multipart/form-data" className="flex flex-col gap-4" {...getFormProps(form)}>
        <FormErrors id={form.errorId} errors={form.errors} />
        <SelectField labelProps={{ children: 'Category' }} selectProps={getSelectProps(fields.category)} options={DOCUMENT_CATEGORIES} errors={fields.category.errors} />
        {types.length > 0 ? (
          <SelectField
            labelProps={{ children: 'Document Type' }}
            selectProps={getSelectProps(fields.documentTypeId)}
            options={[{ value: '', label: 'None' }, ...types.map((type) => ({ value: type.id, label: type.name }))]}
            errors={fields.documentTypeId.errors}
          />
        ) : null}
        <div className="flex flex-col gap-1">
          <label htmlFor="document-file" className="text-sm font-medium text-slate-800">
            PDF File
          </label>
          <input
            id="document-file"
            name="file"
            type="file"
            accept="application/pdf,.pdf"
            required
            aria-invalid={fileErrors?.length ? true : undefined}
            aria-describedby={`document-file-hint${fileErrors?.length ? ' document-file-error' : ''}`}
            onChange={(event) => {
              const input = event.currentTarget
              const chosen = input.files?.[0]
              input.setCustomValidity(chosen && chosen.size > MAX_DOCUMENT_BYTES ? 'The file is larger than 50MB' : '')
            }}
            className="block w-full text-sm file:mr-3 file:rounded-md file:border file:border-slate-300 file:bg-white file:px-3 file:py-2"
          />
          <p id="document-file-hint" className="text-xs text-slate-600">
            Select a PDF file (max 50MB)
          </p>
          <ErrorList id="document-file-error" errors={fileErrors} />
        </div>
        <TextareaField labelProps={{ children: 'Description' }} textareaProps={{ ...getTextareaProps(fields.description), rows: 3 }} errors={fields.description.errors} />
        <FormActions cancelTo={closeTo} submitLabel="Upload" busy={busy} busyLabel="Uploading..." />
      </Form>
    </RouteDialog>
  )
}
