import type { FormFieldType } from './form-fields'

/**
 * What the /pdf-to-form page and its actions both know: the spec's messages
 * (section 8), the progress stages (sections 4 and 9), the file check
 * (section 5) and the type badges' colours. Isomorphic and free of Zod.
 */

export const PAGE_TITLE = 'PDF to Jotform Converter'

export const MAX_PDF_BYTES = 50 * 1024 * 1024
export const MAX_PDF_TEXT = 'up to 50MB'

export const INVALID_FILE_TYPE_MESSAGE = 'Invalid file type: Please select a PDF file'
export const FILE_TOO_LARGE_MESSAGE = 'The file is larger than 50MB'
export const SELECT_A_PDF_MESSAGE = 'Select a PDF file'

export const PROCESSING_FAILED_TITLE = 'Processing failed'
export const JOTFORM_KEY_MESSAGE = 'Jotform API configuration issue. Please check your API key setup.'
export const EXTRACTION_FAILED_MESSAGE = 'Could not extract form fields from PDF. Try a different PDF file.'
export const PROCESSING_FAILED_MESSAGE = 'Failed to process PDF'

export const DEMO_PDF_CREATED = 'Demo PDF created'
export const DEMO_PDF_FAILED = 'Failed to create demo PDF'
export const DEMO_FAILED = 'Demo failed'

/**
 * The message people see for a failed conversion: the catalogue's wording
 * for a Jotform key problem and for an extraction failure, otherwise the
 * default (the raw error never reaches the page).
 */
export function processingErrorMessage(error: unknown): string {
  const text = error instanceof Error ? error.message : typeof error === 'string' ? error : ''
  if (/api key|jotform_api_key/i.test(text)) return JOTFORM_KEY_MESSAGE
  if (text.includes('Failed to extract')) return EXTRACTION_FAILED_MESSAGE
  // Messages the page already chose pass through unchanged.
  if (text === INVALID_FILE_TYPE_MESSAGE || text === FILE_TOO_LARGE_MESSAGE || text === SELECT_A_PDF_MESSAGE) return text
  return PROCESSING_FAILED_MESSAGE
}

export type ConversionStage = 'idle' | 'uploading' | 'analysed' | 'creating' | 'done' | 'failed'

/** The progress bar's value and message at each stage of a conversion (reset to 0 on error). */
export const CONVERSION_PROGRESS: Record<ConversionStage, { value: number; message: string }> = {
  idle: { value: 0, message: '' },
  uploading: { value: 20, message: 'Uploading and analysing PDF...' },
  analysed: { value: 50, message: 'PDF analysed, form fields extracted' },
  creating: { value: 70, message: 'Creating the form...' },
  done: { value: 100, message: 'Form created' },
  failed: { value: 0, message: '' },
}

/** A chosen file's check before it is sent: the message, or null when it is a PDF within the limit. */
export function pdfFileProblem(file: { type: string; name: string; size: number } | null | undefined): string | null {
  if (!file || file.size === 0) return SELECT_A_PDF_MESSAGE
  const isPdf = file.type === 'application/pdf' || (file.type === '' && /\.pdf$/i.test(file.name))
  if (!isPdf) return INVALID_FILE_TYPE_MESSAGE
  if (file.size > MAX_PDF_BYTES) return FILE_TOO_LARGE_MESSAGE
  return null
}

/** '2.35 MB': the chosen file's size as the page shows it. */
export function fileSizeInMb(bytes: number) {
  return `${(bytes / 1024 / 1024).toFixed(2)} MB`
}

/** The type badges' colours (the spec's eight, and tel between text and email). */
export const FIELD_TYPE_BADGE_CLASSES: Record<FormFieldType, string> = {
  text: 'bg-blue-100 text-blue-900',
  email: 'bg-green-100 text-green-900',
  tel: 'bg-teal-100 text-teal-900',
  signature: 'bg-purple-100 text-purple-900',
  checkbox: 'bg-yellow-100 text-yellow-900',
  radio: 'bg-pink-100 text-pink-900',
  dropdown: 'bg-indigo-100 text-indigo-900',
  date: 'bg-orange-100 text-orange-900',
  number: 'bg-cyan-100 text-cyan-900',
}

export const FALLBACK_FIELDS_NOTE =
  'Default healthcare fields were used because none were found in the PDF. Correct them below before creating the form.'

export const DRAFT_INTENTS = ['rename', 'change-type', 'toggle-required', 'move-up', 'move-down', 'remove', 'publish'] as const
export type DraftIntent = (typeof DRAFT_INTENTS)[number]
