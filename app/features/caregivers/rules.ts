/**
 * Caregiver rules that both the server and the browser need: the files an
 * application may carry, how their content is recognised and how complete an
 * application is. (When a license expires and how dates and rates read are in
 * expiry.ts, which the directory loads without these.) Nothing here reads the
 * environment.
 */

import type { FormChecks } from '~/lib/form-rules'

// ---------------------------------------------------------------------------
// Files

export const CAREGIVER_FILE_KINDS = ['license', 'resume', 'certification', 'reference'] as const
export type CaregiverFileKind = (typeof CAREGIVER_FILE_KINDS)[number]

export type FileExtension = 'pdf' | 'doc' | 'docx' | 'jpg' | 'png'

export const MAX_CAREGIVER_FILE_BYTES = 10 * 1024 * 1024

/** One picker per kind, with the types the product allows. */
export const CAREGIVER_FILE_PICKERS: ReadonlyArray<{
  kind: CaregiverFileKind
  field: string
  label: string
  extensions: readonly FileExtension[]
  /** How many files one submission may carry. */
  maxFiles: number
  /** For messages: 'Choose one license file', 'Choose at most 5 reference files'. */
  noun: string
}> = [
  { kind: 'license', field: 'licenseFile', label: 'License', extensions: ['pdf', 'doc', 'docx', 'jpg', 'png'], maxFiles: 1, noun: 'license file' },
  { kind: 'resume', field: 'resumeFile', label: 'Resume', extensions: ['pdf', 'doc', 'docx'], maxFiles: 1, noun: 'resume' },
  { kind: 'certification', field: 'certificationFiles', label: 'Certifications', extensions: ['pdf', 'doc', 'docx', 'jpg', 'png'], maxFiles: 5, noun: 'certification files' },
  { kind: 'reference', field: 'referenceFiles', label: 'References', extensions: ['pdf', 'doc', 'docx'], maxFiles: 5, noun: 'reference files' },
]

export function tooManyFilesMessage(picker: { maxFiles: number; noun: string }) {
  return picker.maxFiles === 1 ? `Choose one ${picker.noun}` : `Choose at most ${picker.maxFiles} ${picker.noun}`
}

type FilePicker = (typeof CAREGIVER_FILE_PICKERS)[number]

/** The files chosen in a picker, from what the form sends: an empty picker sends a nameless, empty file. */
export function chosenFiles(values: readonly unknown[]): File[] {
  return values.filter((value): value is File => typeof File !== 'undefined' && value instanceof File && value.name !== '' && value.size > 0)
}

/**
 * What is wrong with the files chosen in one picker, one message each: too
 * many, or else each file of a type the picker does not take or over 10 MB.
 * The schema refuses with these; the page says them before anything is sent.
 */
export function chosenFileProblems(files: readonly File[], picker: FilePicker): string[] {
  if (files.length > picker.maxFiles) return [tooManyFilesMessage(picker)]
  return files.flatMap((file) => {
    const extension = extensionOf(file.name) as FileExtension | null
    if (!extension || !picker.extensions.includes(extension)) {
      return [`"${file.name}" is not an accepted file type: choose a ${fileTypeList(picker.extensions)} file`]
    }
    return file.size > MAX_CAREGIVER_FILE_BYTES ? [`"${file.name}" is larger than 10 MB`] : []
  })
}

/** The caregiver form's checks of its four pickers (form-rules' FormChecks). */
export const CAREGIVER_FILE_CHECKS: NonNullable<FormChecks['fields']> = Object.fromEntries(
  CAREGIVER_FILE_PICKERS.map((picker) => [picker.field, ({ list }) => chosenFileProblems(chosenFiles(list(picker.field)), picker)]),
)

export const FILE_KIND_LABELS: Record<CaregiverFileKind, string> = {
  license: 'License',
  resume: 'Resume',
  certification: 'Certification',
  reference: 'Reference',
}

export const MIME_TYPES: Record<FileExtension, string> = {
  pdf: 'application/pdf',
  doc: 'application/msword',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  jpg: 'image/jpeg',
  png: 'image/png',
}

const EXTENSION_NAMES: Record<FileExtension, string> = { pdf: 'PDF', doc: 'DOC', docx: 'DOCX', jpg: 'JPG', png: 'PNG' }

export function extensionName(extension: FileExtension) {
  return EXTENSION_NAMES[extension]
}

/** ['pdf', 'doc', 'docx'] → 'PDF, DOC or DOCX'. */
export function fileTypeList(extensions: readonly FileExtension[]) {
  const names = extensions.map((extension) => EXTENSION_NAMES[extension])
  return names.length > 1 ? `${names.slice(0, -1).join(', ')} or ${names.at(-1)}` : (names[0] ?? '')
}

/** The `accept` attribute for a picker: '.pdf,.doc,.docx,.jpg,.png'. */
export function acceptAttribute(extensions: readonly FileExtension[]) {
  return extensions.map((extension) => `.${extension}`).join(',')
}

/** 'Resume.PDF' → 'pdf'; null when the name has no extension. */
export function extensionOf(fileName: string) {
  const match = /\.([a-z0-9]+)$/i.exec(fileName)
  return match ? match[1]!.toLowerCase() : null
}

const SIGNATURES: ReadonlyArray<{ type: 'pdf' | 'ole2' | 'zip' | 'jpg' | 'png'; bytes: number[] }> = [
  { type: 'pdf', bytes: [0x25, 0x50, 0x44, 0x46, 0x2d] }, // %PDF-
  { type: 'ole2', bytes: [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1] }, // legacy .doc
  { type: 'zip', bytes: [0x50, 0x4b, 0x03, 0x04] }, // PK\x03\x04: .docx is a ZIP
  { type: 'jpg', bytes: [0xff, 0xd8, 0xff] },
  { type: 'png', bytes: [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a] },
]

const EXPECTED_SIGNATURE: Record<FileExtension, (typeof SIGNATURES)[number]['type']> = {
  pdf: 'pdf',
  doc: 'ole2',
  docx: 'zip',
  jpg: 'jpg',
  png: 'png',
}

/** What the first bytes of a file say it is (magic numbers), or null. */
export function sniffFileSignature(head: Uint8Array) {
  for (const signature of SIGNATURES) {
    if (signature.bytes.every((byte, index) => head[index] === byte)) return signature.type
  }
  return null
}

/** True when the content starts the way a file with this extension must. */
export function contentMatchesExtension(head: Uint8Array, extension: FileExtension) {
  return sniffFileSignature(head) === EXPECTED_SIGNATURE[extension]
}

// ---------------------------------------------------------------------------
// Application progress

/** What the computation reads: the saved (or typed) application and the kinds of its files. */
export type ProgressSource = {
  phone?: string | null
  email?: string | null
  address?: string | null
  city?: string | null
  state?: string | null
  zipCode?: string | null
  licenseNumber?: string | null
  licenseExpiresOn?: string | null
  yearsExperience?: string | null
  specializations?: readonly string[]
  certifications?: readonly string[]
  availableDays?: readonly string[]
  hourlyRate?: number | null
  fileKinds?: readonly string[]
}

const filled = (value: string | null | undefined) => Boolean(value && value.trim())

/**
 * Twelve equally weighted parts of a complete application. The share done,
 * rounded to a whole percent, is the 'Application Progress n% Complete'
 * figure; the list tells staff what is still missing.
 */
export const PROGRESS_ITEMS: ReadonlyArray<{ key: string; label: string; done: (source: ProgressSource) => boolean }> = [
  { key: 'contact', label: 'Phone and e-mail', done: (s) => filled(s.phone) && filled(s.email) },
  { key: 'address', label: 'Full address', done: (s) => filled(s.address) && filled(s.city) && filled(s.state) && filled(s.zipCode) },
  { key: 'license', label: 'License number and expiry date', done: (s) => filled(s.licenseNumber) && filled(s.licenseExpiresOn) },
  { key: 'experience', label: 'Years of experience', done: (s) => filled(s.yearsExperience) },
  { key: 'specializations', label: 'At least one specialization', done: (s) => (s.specializations?.length ?? 0) > 0 },
  { key: 'certifications', label: 'Certifications listed', done: (s) => (s.certifications?.length ?? 0) > 0 },
  { key: 'availability', label: 'Available days', done: (s) => (s.availableDays?.length ?? 0) > 0 },
  { key: 'rate', label: 'Hourly rate', done: (s) => (s.hourlyRate ?? 0) > 0 },
  { key: 'licenseFile', label: 'License document', done: (s) => Boolean(s.fileKinds?.includes('license')) },
  { key: 'resumeFile', label: 'Resume', done: (s) => Boolean(s.fileKinds?.includes('resume')) },
  { key: 'certificationFile', label: 'Certification documents', done: (s) => Boolean(s.fileKinds?.includes('certification')) },
  { key: 'referenceFile', label: 'References', done: (s) => Boolean(s.fileKinds?.includes('reference')) },
]

export function computeApplicationProgress(source: ProgressSource) {
  const items = PROGRESS_ITEMS.map((item) => ({ key: item.key, label: item.label, done: item.done(source) }))
  const done = items.filter((item) => item.done).length
  return { percent: Math.round((done / items.length) * 100), items }
}

type ValueReader = { text: (name: string) => string; list: (name: string) => string[] }

function sourceFromValues({ text, list }: ValueReader, fileKinds: string[]): ProgressSource {
  return {
    phone: text('phone'),
    email: text('email'),
    address: text('address'),
    city: text('city'),
    state: text('state'),
    zipCode: text('zipCode'),
    licenseNumber: text('licenseNumber'),
    licenseExpiresOn: text('licenseExpiresOn'),
    yearsExperience: text('yearsExperience'),
    specializations: list('specializations'),
    certifications: text('certifications')
      .split(/\r\n|\r|\n/)
      .map((entry) => entry.trim())
      .filter(Boolean),
    availableDays: list('availableDays'),
    hourlyRate: Number(text('hourlyRate')) || 0,
    fileKinds,
  }
}

/**
 * The progress source from the caregiver form as it stands (typed values and
 * chosen files), plus the files the application already holds: the form
 * shows its figure move while staff fill it in.
 */
export function progressSourceFromForm(formData: FormData, savedFileKinds: readonly string[] = []): ProgressSource {
  const chosenKinds = CAREGIVER_FILE_PICKERS.filter((picker) =>
    formData.getAll(picker.field).some((value) => typeof value !== 'string' && value.size > 0 && value.name !== ''),
  ).map((picker) => picker.kind)
  const reader: ValueReader = {
    text: (name) => {
      const value = formData.get(name)
      return typeof value === 'string' ? value : ''
    },
    list: (name) => formData.getAll(name).filter((value) => typeof value === 'string'),
  }
  return sourceFromValues(reader, [...savedFileKinds, ...chosenKinds])
}

/**
 * The progress source from the values a refused post echoes back (a string,
 * or a list for the checkboxes), plus the files the application already
 * holds. A refused post stores none of its files, so they do not count.
 */
export function progressSourceFromSubmitted(values: Record<string, unknown>, savedFileKinds: readonly string[] = []): ProgressSource {
  const reader: ValueReader = {
    text: (name) => {
      const value = values[name]
      return typeof value === 'string' ? value : ''
    },
    list: (name) => {
      const value = values[name]
      if (Array.isArray(value)) return value.filter((item): item is string => typeof item === 'string')
      return typeof value === 'string' && value ? [value] : []
    },
  }
  return sourceFromValues(reader, [...savedFileKinds])
}
