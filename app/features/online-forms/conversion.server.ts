import { createSamplePdf, SAMPLE_PDF_FILE_NAME } from '~/features/pdf-conversion/demo-pdf.server'
import { extractFormSchema } from '~/features/pdf-conversion/extract.server'
import type { Actor } from '~/platform/actor'
import type { ExtractedFormSchema } from './form-fields'
import { createOnlineFormDraft } from './online-forms.server'

/**
 * Step 1 of /pdf-to-form: a PDF (uploaded, or the demo's sample) through the
 * real extraction, kept as a draft for step 2.
 */

/** Extracts an uploaded PDF's fields; a PdfExtractionError says why it could not. */
export async function extractUploadedPdf(upload: { bytes: Uint8Array; fileName: string }): Promise<ExtractedFormSchema> {
  return extractFormSchema({ bytes: upload.bytes, fileName: upload.fileName })
}

/** Keeps an extraction as a draft (the schema as the browser sends it back may lack extractedAt). */
export async function saveExtractedDraft(
  schema: Omit<ExtractedFormSchema, 'extractedAt'> & { extractedAt?: string },
  sourceFileName: string | null,
  actor: Actor,
) {
  const complete = { ...schema, extractedAt: schema.extractedAt ?? new Date().toISOString() }
  return createOnlineFormDraft({ schema: complete, sourceFileName }, actor)
}

/** Uploaded PDF → extraction → draft (the page's action without JavaScript). */
export async function convertPdfToDraft(upload: { bytes: Uint8Array; fileName: string }, actor: Actor) {
  const schema = await extractUploadedPdf(upload)
  return saveExtractedDraft(schema, upload.fileName, actor)
}

/** The quick demo: the server's own sample intake PDF through the same extraction. */
export async function runConversionDemo(actor: Actor) {
  const bytes = await createSamplePdf('intake')
  const schema = await extractFormSchema({ bytes, fileName: SAMPLE_PDF_FILE_NAME })
  return createOnlineFormDraft({ schema, sourceFileName: SAMPLE_PDF_FILE_NAME }, actor)
}

export function isDemoForm(form: { sourceFileName: string | null }) {
  return form.sourceFileName === SAMPLE_PDF_FILE_NAME
}
