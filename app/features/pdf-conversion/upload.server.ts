import type { ExtractedFormSchema } from '~/features/online-forms/form-fields'
import { receivePdfUpload } from '~/features/documents/upload.server'
import { extractFormSchema } from '~/features/pdf-conversion/extract.server'
import { getStorage } from '~/platform/storage.server'
import { UploadError } from '~/platform/uploads.server'

/** Where an uploaded PDF waits while its fields are read; removed right after. */
export const PDF_TO_FORM_TMP_PREFIX = 'tmp/pdf-to-form'

/**
 * Reads the form fields of the PDF in a multipart request's `pdf` part. The
 * file is streamed to temporary storage under the document library's rules
 * (50 MB, PDF content) and removed once read. Throws UploadError (413, 415,
 * 400) for a refused upload and PdfExtractionError for a PDF without
 * readable fields.
 */
export async function extractUploadedPdf(request: Request, fieldName = 'pdf'): Promise<ExtractedFormSchema> {
  const { file } = await receivePdfUpload(request, fieldName, { keyPrefix: PDF_TO_FORM_TMP_PREFIX, stripActiveContent: false })
  if (!file) throw new UploadError('Choose a PDF file to convert', 400)
  const storage = getStorage()
  try {
    const bytes = new Uint8Array(await (await storage.openBlob(file.key, 'application/pdf')).arrayBuffer())
    return await extractFormSchema({ bytes, fileName: file.fileName })
  } finally {
    await storage.remove(file.key).catch(() => undefined)
  }
}
