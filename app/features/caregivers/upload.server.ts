import crypto from 'node:crypto'
import { unstable_parseMultipartFormData as parseMultipartFormData } from '@remix-run/node'
import type { NewCaregiverFile } from '~/features/caregivers/caregivers.server'
import {
  CAREGIVER_FILE_PICKERS,
  MAX_CAREGIVER_FILE_BYTES,
  MIME_TYPES,
  contentMatchesExtension,
  extensionName,
  extensionOf,
  fileTypeList,
  tooManyFilesMessage,
  type FileExtension,
} from '~/features/caregivers/rules'
import { UploadError, cleanFileName } from '~/platform/uploads.server'
import { stripActiveContent } from '~/platform/pdf-safety.server'
import { FileTooLargeError, InvalidFileError, getStorage } from '~/platform/storage.server'
import { checkZipArchive, type ZipLimits, type ZipProblem } from '~/platform/zip-safety.server'

/**
 * Receives the caregiver form as multipart/form-data: text fields in memory,
 * each chosen file streamed to storage (10 MB each, its content checked
 * against its extension, a PDF stored without scripts or actions that run
 * by themselves, a DOCX refused when it unpacks to far more than a document
 * does). A refused file does not stop the parse, so the other fields come
 * back and every picker gets its own message; but when any file is refused,
 * every file this request stored is removed again, so nothing is half-saved.
 */
export type CaregiverUpload = {
  form: FormData
  files: NewCaregiverFile[]
  /** Messages per picker field (licenseFile, resumeFile, certificationFiles, referenceFiles). */
  fileErrors: Record<string, string[]>
}

const MAX_FIELD_BYTES = 64 * 1024
const MAX_PARTS = 200
const MAX_FILES = CAREGIVER_FILE_PICKERS.reduce((sum, picker) => sum + picker.maxFiles, 0)
/** Every allowed file at its limit, plus room for the fields. */
export const MAX_CAREGIVER_REQUEST_BYTES = MAX_FILES * MAX_CAREGIVER_FILE_BYTES + 1024 * 1024

async function drain(data: AsyncIterable<Uint8Array>) {
  // The parser buffers a part nobody reads; reading it to the end keeps memory flat.
  for await (const _chunk of data) {
    // discard
  }
}

async function readText(data: AsyncIterable<Uint8Array>) {
  const chunks: Uint8Array[] = []
  let size = 0
  for await (const chunk of data) {
    size += chunk.byteLength
    if (size > MAX_FIELD_BYTES) throw new UploadError('A form field is too long', 413)
    chunks.push(chunk)
  }
  return Buffer.concat(chunks).toString('utf8')
}

/**
 * The name a person gave the file, cleaned as documents' are. cleanFileName
 * cuts a long name at its length limit, which would cut off the extension
 * that decides the file's type: a long name loses the end of its base name
 * instead, and keeps the extension.
 */
export function caregiverFileName(filename: string) {
  const lastSegment = filename.split(/[\\/]/).pop() ?? ''
  const extension = /\.[a-z0-9]{1,10}$/i.exec(lastSegment)?.[0] ?? ''
  const cleaned = cleanFileName(lastSegment)
  // Cleaning only removes characters an extension cannot hold: if it is gone, the name was cut.
  if (!extension || cleaned.endsWith(extension)) return cleaned
  return cleaned.slice(0, cleaned.length - extension.length) + extension
}

/** What a Word document (a ZIP) may unpack to: far more than any real one, far less than a zip bomb. */
const DOCX_LIMITS: ZipLimits = { maxEntries: 2000, maxUnpackedBytes: 100 * 1024 * 1024, maxRatio: 100, ratioFromBytes: 1024 * 1024 }

function docxProblemMessage(problem: ZipProblem, fileName: string) {
  switch (problem) {
    case 'unreadable':
      return `"${fileName}" is not a real DOCX file: it is damaged or is not a Word document`
    case 'too-many-entries':
      return `"${fileName}" holds more than 2,000 parts: it is not an ordinary Word document`
    case 'too-large':
      return `"${fileName}" unpacks to more than 100 MB: it is not an ordinary Word document`
    case 'over-compressed':
      return `"${fileName}" is compressed far more than documents are: it is not an ordinary Word document`
  }
}

/** The whole file, once it has arrived: a PDF loses its active content, a DOCX must not be a zip bomb. */
async function checkCaregiverFile(content: Buffer, extension: FileExtension, fileName: string) {
  if (extension === 'pdf') {
    try {
      const { bytes, removed } = await stripActiveContent(content)
      return removed.length > 0 ? bytes : undefined
    } catch (error) {
      if (error instanceof InvalidFileError) throw new InvalidFileError(`"${fileName}" was not accepted. ${error.message}`)
      throw error
    }
  }
  if (extension === 'docx') {
    const problem = await checkZipArchive(content, DOCX_LIMITS)
    if (problem) throw new InvalidFileError(docxProblemMessage(problem, fileName))
  }
  return undefined
}

export async function discardCaregiverFiles(files: ReadonlyArray<{ storageKey: string }>) {
  const storage = getStorage()
  await Promise.all(files.map((file) => storage.remove(file.storageKey).catch((error: unknown) => console.error(error))))
}

export async function receiveCaregiverApplication(request: Request): Promise<CaregiverUpload> {
  const declared = Number(request.headers.get('content-length') ?? 0)
  // Refuse before reading when the request says it is larger than all allowed files together.
  if (declared > MAX_CAREGIVER_REQUEST_BYTES) {
    throw new UploadError(`The files together are larger than ${Math.round(MAX_CAREGIVER_REQUEST_BYTES / 1024 / 1024)} MB`, 413)
  }
  if (!(request.headers.get('content-type') ?? '').startsWith('multipart/form-data')) {
    throw new UploadError('Send the form as multipart/form-data', 400)
  }
  const storage = getStorage()
  const files: NewCaregiverFile[] = []
  const fileErrors: Record<string, string[]> = {}
  const counts = new Map<string, number>()
  let parts = 0
  const refuse = (field: string, message: string) => (fileErrors[field] ??= []).push(message)

  const handler = async ({ name, filename, data }: { name: string; filename?: string; contentType: string; data: AsyncIterable<Uint8Array> }) => {
    if (++parts > MAX_PARTS) throw new UploadError('The form has too many fields', 413)
    if (filename === undefined) return readText(data)
    const picker = CAREGIVER_FILE_PICKERS.find((candidate) => candidate.field === name)
    // An empty picker still sends a part with no name and no bytes.
    if (!picker || !filename) return drain(data).then(() => undefined)
    const fileName = caregiverFileName(filename)
    const count = (counts.get(name) ?? 0) + 1
    counts.set(name, count)
    if (count > picker.maxFiles) {
      if (count === picker.maxFiles + 1) {
        refuse(name, tooManyFilesMessage(picker))
      }
      return drain(data).then(() => undefined)
    }
    const extension = extensionOf(fileName) as FileExtension | null
    if (!extension || !picker.extensions.includes(extension)) {
      refuse(name, `"${fileName}" is not an accepted file type: choose a ${fileTypeList(picker.extensions)} file`)
      return drain(data).then(() => undefined)
    }
    const storageKey = `caregivers/${crypto.randomUUID()}.${extension}`
    try {
      const stored = await storage.write(storageKey, data, {
        maxBytes: MAX_CAREGIVER_FILE_BYTES,
        checkHead: (head) => {
          if (!contentMatchesExtension(head, extension)) {
            throw new InvalidFileError(
              `"${fileName}" is not a real ${extensionName(extension)} file: its content does not match its .${extension} extension`,
            )
          }
        },
        checkContent: (content) => checkCaregiverFile(content, extension, fileName),
      })
      files.push({ kind: picker.kind, fileName, fileSize: stored.size, mimeType: MIME_TYPES[extension], storageKey, sha256: stored.sha256 })
      // Files are reported in `files`, not as form values (the form is echoed back to the browser).
      return undefined
    } catch (error) {
      if (error instanceof FileTooLargeError) refuse(name, `"${fileName}" is larger than 10 MB`)
      else if (error instanceof InvalidFileError) refuse(name, error.message)
      else throw error
      await drain(data)
      return undefined
    }
  }

  let form: FormData
  try {
    form = await parseMultipartFormData(request, handler)
  } catch (error) {
    await discardCaregiverFiles(files)
    if (error instanceof UploadError) throw error
    throw new UploadError('The upload was interrupted before the files arrived in full', 400)
  }
  if (Object.keys(fileErrors).length > 0) {
    await discardCaregiverFiles(files)
    return { form, files: [], fileErrors }
  }
  return { form, files, fileErrors }
}
