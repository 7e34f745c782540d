import crypto from 'node:crypto'
import {
  unstable_composeUploadHandlers as composeUploadHandlers,
  unstable_createMemoryUploadHandler as createMemoryUploadHandler,
  unstable_parseMultipartFormData as parseMultipartFormData,
  MaxPartSizeExceededError,
} from '@remix-run/node'
import { MAX_DOCUMENT_BYTES } from '~/features/documents/schema'
import { stripActiveContent } from '~/platform/pdf-safety.server'
import { FileTooLargeError, InvalidFileError, assertPdfHead, getStorage } from '~/platform/storage.server'
import { UploadError, cleanFileName } from '~/platform/uploads.server'

/**
 * Receives a multipart upload whose `file` part is a PDF, streaming it to
 * storage, then stores it without scripts or actions that run by
 * themselves. Anything refused (too large, not a PDF, unreadable, cut off
 * mid-way) leaves no file behind and says why.
 */
export type ReceivedFile = {
  key: string
  size: number
  sha256: string
  fileName: string
  mimeType: string
  /** What was taken out of the PDF before it was stored ('JavaScript action'…); empty when it came clean. */
  activeContentRemoved: string[]
}

const TOO_LARGE = 'The file is larger than 50MB'

export type PdfUploadOptions = {
  /** Where under storage the file goes ('documents' keeps it; 'tmp/pdf-to-form' is removed by its caller). */
  keyPrefix?: string
  /**
   * Whether scripts and actions are taken out before storing (documents are
   * kept and shown). A file only read for its form fields keeps them: its
   * format actions tell which fields are dates or numbers.
   */
  stripActiveContent?: boolean
}

export async function receivePdfUpload(
  request: Request,
  fieldName = 'file',
  { keyPrefix = 'documents', stripActiveContent: strip = true }: PdfUploadOptions = {},
) {
  const declared = Number(request.headers.get('content-length') ?? 0)
  // Refuse before reading when the request says it is too large.
  if (declared > MAX_DOCUMENT_BYTES + 1024 * 1024) throw new UploadError(TOO_LARGE, 413)
  if (!(request.headers.get('content-type') ?? '').startsWith('multipart/form-data')) {
    throw new UploadError('Send the file as multipart/form-data', 400)
  }
  const storage = getStorage()
  let received: ReceivedFile | null = null

  const fileHandler = composeUploadHandlers(async ({ name, filename, contentType, data }) => {
    if (name !== fieldName || !filename) return undefined
    if (received) throw new UploadError('Send one file at a time', 400)
    if (contentType !== 'application/pdf' && !/\.pdf$/i.test(filename)) {
      throw new InvalidFileError('Only PDF files can be uploaded')
    }
    const key = `${keyPrefix}/${crypto.randomUUID()}.pdf`
    let activeContentRemoved: string[] = []
    const stored = await storage.write(key, data, {
      maxBytes: MAX_DOCUMENT_BYTES,
      checkHead: assertPdfHead,
      checkContent: async (content) => {
        if (!strip) return undefined
        const { bytes, removed } = await stripActiveContent(content)
        activeContentRemoved = removed
        return removed.length > 0 ? bytes : undefined
      },
    })
    received = { ...stored, fileName: cleanFileName(filename), mimeType: 'application/pdf', activeContentRemoved }
    return key
  }, createMemoryUploadHandler({ maxPartSize: 64 * 1024 }))

  let form: FormData
  try {
    form = await parseMultipartFormData(request, fileHandler)
  } catch (error) {
    const stored = received as ReceivedFile | null
    if (stored) await storage.remove(stored.key)
    if (error instanceof UploadError) throw error
    if (error instanceof FileTooLargeError) throw new UploadError(TOO_LARGE, 413)
    if (error instanceof InvalidFileError) throw new UploadError(error.message, 415)
    if (error instanceof MaxPartSizeExceededError) throw new UploadError('A form field is too long', 413)
    throw new UploadError('The upload was interrupted before the file arrived in full', 400)
  }
  return { file: received as ReceivedFile | null, form }
}
