import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { json, redirect } from '@remix-run/node'
import { useActionData, useLoaderData } from '@remix-run/react'
import { Link } from '~/components/link'
import { StatusBadge } from '~/components/status-badge'
import {
  PAGE_TITLE,
  PROCESSING_FAILED_TITLE,
  SELECT_A_PDF_MESSAGE,
  processingErrorMessage,
} from '~/features/online-forms/converter'
import { ConverterUpload, type ConvertActionData } from '~/features/online-forms/converter-upload'
import { convertPdfToDraft, extractUploadedPdf, saveExtractedDraft } from '~/features/online-forms/conversion.server'
import { listRecentOnlineForms } from '~/features/online-forms/drafts.server'
import { saveDraftSchema } from '~/features/online-forms/forms.server'
import { receiveConversionUpload } from '~/features/online-forms/pdf-upload.server'
import { PdfExtractionError } from '~/features/pdf-conversion/extract.server'
import { parseWithZod } from '~/lib/form-input.server'
import { formatIn } from '~/lib/time'
import { userActor } from '~/platform/auth/actor.server'
import { requireUserWithPermission } from '~/platform/auth/auth.server'
import { useCan } from '~/platform/auth/user'
import { UploadError } from '~/platform/uploads.server'

export const meta: MetaFunction = () => [{ title: `${PAGE_TITLE} | Healthcare Portal` }]

export async function loader({ request }: LoaderFunctionArgs) {
  await requireUserWithPermission(request, 'records:read')
  // Written here, so the page needs no date code in the browser.
  const recent = (await listRecentOnlineForms()).map((form) => ({
    ...form,
    createdText: formatIn(form.createdAt, 'UTC', { dateStyle: 'medium', timeStyle: 'short' }),
  }))
  return json({ recent })
}

function failed(message: string, status: number) {
  return json<ConvertActionData>({ ok: false, title: PROCESSING_FAILED_TITLE, message }, { status })
}

/** What went wrong, in the catalogue's words; the fault itself is logged when it is not the PDF's. */
function conversionFailure(error: unknown) {
  if (error instanceof UploadError) return failed(processingErrorMessage(error), error.status)
  if (error instanceof PdfExtractionError) return failed(processingErrorMessage(error), 422)
  console.error(error)
  return failed(processingErrorMessage(error), 500)
}

/**
 * Step 1's conversion. A multipart POST carries the PDF: 'convert' (the
 * plain form) extracts, saves the draft and redirects to step 2; 'extract'
 * (with JavaScript) answers the schema so the page can show the progress.
 * A 'save-draft' POST then keeps that schema as the draft.
 */
export async function action({ request }: ActionFunctionArgs) {
  const user = await requireUserWithPermission(request, 'records:write')
  const actor = userActor(request, user)
  const multipart = (request.headers.get('content-type') ?? '').startsWith('multipart/form-data')
  if (!multipart) {
    const submission = parseWithZod(await request.formData(), { schema: saveDraftSchema })
    if (submission.status !== 'success') return failed(processingErrorMessage(null), 400)
    try {
      const draft = await saveExtractedDraft(submission.value.schema, submission.value.fileName ?? null, actor)
      return json<ConvertActionData>({ ok: true, stage: 'saved', formId: draft.id })
    } catch (error) {
      return conversionFailure(error)
    }
  }
  try {
    const { upload, form } = await receiveConversionUpload(request)
    if (!upload) return failed(SELECT_A_PDF_MESSAGE, 400)
    if (form.get('intent') === 'extract') {
      const schema = await extractUploadedPdf(upload)
      return json<ConvertActionData>({ ok: true, stage: 'extracted', schema, fileName: upload.fileName })
    }
    const draft = await convertPdfToDraft(upload, actor)
    return redirect(`/pdf-to-form/${draft.id}#step-2`)
  } catch (error) {
    return conversionFailure(error)
  }
}

export default function PdfToFormStepOne() {
  const { recent } = useLoaderData<typeof loader>()
  const actionData = useActionData<typeof action>()
  const canWrite = useCan('records:write')
  return (
    <div className="flex flex-col gap-6">
      <ConverterUpload canWrite={canWrite} actionData={actionData} />
      <section aria-labelledby="recent-forms" className="rounded-lg border border-slate-200 bg-white p-4 sm:p-5">
        <h2 id="recent-forms" className="mb-3 text-lg font-semibold text-slate-900">
          Recent Forms
        </h2>
        {recent.length === 0 ? (
          <p className="text-sm text-slate-600">No PDFs converted yet.</p>
        ) : (
          <ul className="divide-y divide-slate-200">
            {recent.map((form) => (
              <li key={form.id} className="flex flex-wrap items-center justify-between gap-2 py-2">
                <div className="min-w-0">
                  <Link to={`/pdf-to-form/${form.id}`} className="font-medium text-blue-800 underline-offset-2 hover:underline">
                    {form.title}
                  </Link>
                  <p className="text-xs text-slate-600">
                    {form.sourceFileName ?? 'No file'} · {form.fieldCount} fields · {form.createdText} UTC
                  </p>
                </div>
                <StatusBadge
                  status={form.status === 'draft' ? 'pending' : 'completed'}
                  label={form.status === 'draft' ? 'Draft' : form.provider === 'jotform' ? 'On Jotform' : 'Portal form'}
                />
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  )
}
