import { receivePdfUpload } from '~/features/documents/upload.server'
import { PDF_TO_FORM_TMP_PREFIX } from '~/features/pdf-conversion/upload.server'
import { getStorage } from '~/platform/storage.server'
import { UploadError } from '~/platform/uploads.server'
import { INVALID_FILE_TYPE_MESSAGE } from './converter'

/**
 * Receives the PDF to convert (multipart part `pdf`) with the other fields of
 * the page's form: streamed to temporary storage under the document
 * library's rules (50MB, PDF content), read back for the extraction and
 * removed at once. A file refused as not a PDF reads as the spec's message.
 */
export type ConversionUpload = { bytes: Uint8Array; fileName: string } | null

export async function receiveConversionUpload(request: Request, fieldName = 'pdf') {
  let received
  try {
    received = await receivePdfUpload(request, fieldName, { keyPrefix: PDF_TO_FORM_TMP_PREFIX, stripActiveContent: false })
  } catch (error) {
    if (error instanceof UploadError && error.status === 415) throw new UploadError(INVALID_FILE_TYPE_MESSAGE, 415)
    throw error
  }
  const { file, form } = received
  if (!file) return { upload: null as ConversionUpload, form }
  const storage = getStorage()
  try {
    const bytes = new Uint8Array(await (await storage.openBlob(file.key, 'application/pdf')).arrayBuffer())
    const upload: ConversionUpload = { bytes, fileName: file.fileName }
    return { upload, form }
  } finally {
    await storage.remove(file.key).catch(() => undefined)
  }
}
