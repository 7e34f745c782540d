import crypto from 'node:crypto'
import {
  unstable_composeUploadHandlers as composeUploadHandlers,
  unstable_createMemoryUploadHandler as createMemoryUploadHandler,
  unstable_parseMultipartFormData as parseMultipartFormData,
  MaxPartSizeExceededError,
} from '@remix-run/node'
import { FileTooLargeError, InvalidFileError, assertPdfHead, getStorage } from '~/platform/storage.server'
import { UploadError, cleanFileName } from '~/platform/uploads.server'
import { FILE_TOO_LARGE_MESSAGE, INVALID_FILE_TYPE_MESSAGE, MAX_PDF_BYTES } from './converter'

/**
 * Receives the PDF to convert (multipart part `pdf`): streamed to temporary
 * storage with the 50MB limit and the PDF head check of the document
 * library, read back for the extraction and removed at once: the converter
 * keeps the fields it finds, never the file.
 */
export type ConversionUpload = { bytes: Uint8Array; fileName: string } | null

export async function receiveConversionUpload(request: Request, fieldName = 'pdf') {
  const declared = Number(request.headers.get('content-length') ?? 0)
  if (declared > MAX_PDF_BYTES + 1024 * 1024) throw new UploadError(FILE_TOO_LARGE_MESSAGE, 413)
  if (!(request.headers.get('content-type') ?? '').startsWith('multipart/form-data')) {
    throw new UploadError('Send the file as multipart/form-data', 400)
  }
  const storage = getStorage()
  let stored: { key: string; fileName: string } | null = null

  const fileHandler = composeUploadHandlers(async ({ name, filename, contentType, data }) => {
    if (name !== fieldName || !filename) return undefined
    if (stored) throw new UploadError('Send one file at a time', 400)
    if (contentType !== 'application/pdf' && !/\.pdf$/i.test(filename)) throw new InvalidFileError(INVALID_FILE_TYPE_MESSAGE)
    const key = `conversions/${crypto.randomUUID()}.pdf`
    await storage.write(key, data, { maxBytes: MAX_PDF_BYTES, checkHead: assertPdfHead })
    stored = { key, fileName: cleanFileName(filename) }
    return key
  }, createMemoryUploadHandler({ maxPartSize: 2_100_000 }))

  let form: FormData
  try {
    form = await parseMultipartFormData(request, fileHandler)
  } catch (error) {
    const partial = stored as { key: string } | null
    if (partial) await storage.remove(partial.key)
    if (error instanceof UploadError) throw error
    if (error instanceof FileTooLargeError) throw new UploadError(FILE_TOO_LARGE_MESSAGE, 413)
    // Not a PDF by its type, name or first bytes: the spec's one message.
    if (error instanceof InvalidFileError) throw new UploadError(INVALID_FILE_TYPE_MESSAGE, 415)
    if (error instanceof MaxPartSizeExceededError) throw new UploadError('A form field is too long', 413)
    throw new UploadError('The upload was interrupted before the file arrived in full', 400)
  }
  const received = stored as { key: string; fileName: string } | null
  if (!received) return { upload: null as ConversionUpload, form }
  try {
    const chunks: Buffer[] = []
    for await (const chunk of storage.read(received.key)) chunks.push(chunk as Buffer)
    const upload: ConversionUpload = { bytes: new Uint8Array(Buffer.concat(chunks)), fileName: received.fileName }
    return { upload, form }
  } finally {
    await storage.remove(received.key)
  }
}
