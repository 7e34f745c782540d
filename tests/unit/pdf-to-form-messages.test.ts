import { describe, expect, test } from 'vitest'
import {
  CONVERSION_PROGRESS,
  EXTRACTION_FAILED_MESSAGE,
  FIELD_TYPE_BADGE_CLASSES,
  FILE_TOO_LARGE_MESSAGE,
  INVALID_FILE_TYPE_MESSAGE,
  JOTFORM_KEY_MESSAGE,
  MAX_PDF_BYTES,
  PROCESSING_FAILED_MESSAGE,
  SELECT_A_PDF_MESSAGE,
  fileSizeInMb,
  pdfFileProblem,
  processingErrorMessage,
} from '~/features/online-forms/converter'
import { FORM_FIELD_TYPES } from '~/features/online-forms/form-fields'
import { PdfExtractionError } from '~/features/pdf-conversion/extract.server'

describe('the conversion error catalogue', () => {
  test('a message with the Jotform API key text becomes the configuration message', () => {
    expect(processingErrorMessage(new Error('Invalid Jotform API key'))).toBe(JOTFORM_KEY_MESSAGE)
    expect(processingErrorMessage(new Error('JOTFORM_API_KEY is not set'))).toBe(JOTFORM_KEY_MESSAGE)
    expect(processingErrorMessage(new Error('Unauthorized: check the Jotform API key in Settings → General'))).toBe(JOTFORM_KEY_MESSAGE)
    expect(processingErrorMessage(new Error('Invalid API key'))).toBe(JOTFORM_KEY_MESSAGE)
    expect(JOTFORM_KEY_MESSAGE).toBe('Jotform API configuration issue. Please check your API key setup.')
  })

  test("a message containing 'Failed to extract' becomes the extraction message", () => {
    expect(processingErrorMessage(new PdfExtractionError('Failed to extract form fields: the PDF is encrypted'))).toBe(
      EXTRACTION_FAILED_MESSAGE,
    )
    expect(EXTRACTION_FAILED_MESSAGE).toBe('Could not extract form fields from PDF. Try a different PDF file.')
  })

  test('the Jotform rule wins over the extraction rule, as the catalogue orders them', () => {
    expect(processingErrorMessage(new Error('Failed to extract: Jotform API key refused'))).toBe(JOTFORM_KEY_MESSAGE)
  })

  test('anything else is the default, never the raw error', () => {
    expect(processingErrorMessage(new Error('connect ECONNREFUSED 10.0.0.3:5432'))).toBe(PROCESSING_FAILED_MESSAGE)
    expect(processingErrorMessage(null)).toBe(PROCESSING_FAILED_MESSAGE)
    expect(processingErrorMessage({ message: 'Failed to extract' })).toBe(PROCESSING_FAILED_MESSAGE)
    expect(PROCESSING_FAILED_MESSAGE).toBe('Failed to process PDF')
  })

  test("the page's own file messages pass through", () => {
    expect(processingErrorMessage(new Error(INVALID_FILE_TYPE_MESSAGE))).toBe('Invalid file type: Please select a PDF file')
    expect(processingErrorMessage(FILE_TOO_LARGE_MESSAGE)).toBe(FILE_TOO_LARGE_MESSAGE)
  })
})

describe('the conversion progress', () => {
  test('goes 20, 50, 70, 100 with a message at each stage, and back to 0 on error', () => {
    const stages = ['uploading', 'analysed', 'creating', 'done'] as const
    expect(stages.map((stage) => CONVERSION_PROGRESS[stage].value)).toEqual([20, 50, 70, 100])
    for (const stage of stages) expect(CONVERSION_PROGRESS[stage].message).not.toBe('')
    expect(CONVERSION_PROGRESS.failed.value).toBe(0)
    expect(CONVERSION_PROGRESS.idle.value).toBe(0)
  })
})

describe('the chosen file', () => {
  test('only a PDF is accepted', () => {
    expect(pdfFileProblem({ type: 'application/pdf', name: 'intake.pdf', size: 1000 })).toBeNull()
    expect(pdfFileProblem({ type: 'image/png', name: 'scan.png', size: 1000 })).toBe(INVALID_FILE_TYPE_MESSAGE)
    expect(pdfFileProblem({ type: 'text/plain', name: 'notes.pdf.txt', size: 1000 })).toBe(INVALID_FILE_TYPE_MESSAGE)
    // Some systems give no type: the name decides.
    expect(pdfFileProblem({ type: '', name: 'INTAKE.PDF', size: 1000 })).toBeNull()
    expect(pdfFileProblem({ type: '', name: 'intake.docx', size: 1000 })).toBe(INVALID_FILE_TYPE_MESSAGE)
  })

  test('up to 50MB, and something must be chosen', () => {
    expect(pdfFileProblem({ type: 'application/pdf', name: 'a.pdf', size: MAX_PDF_BYTES })).toBeNull()
    expect(pdfFileProblem({ type: 'application/pdf', name: 'a.pdf', size: MAX_PDF_BYTES + 1 })).toBe(FILE_TOO_LARGE_MESSAGE)
    expect(pdfFileProblem(null)).toBe(SELECT_A_PDF_MESSAGE)
    expect(pdfFileProblem({ type: 'application/pdf', name: 'empty.pdf', size: 0 })).toBe(SELECT_A_PDF_MESSAGE)
  })

  test('its size is shown in MB', () => {
    expect(fileSizeInMb(2.5 * 1024 * 1024)).toBe('2.50 MB')
    expect(fileSizeInMb(1234)).toBe('0.00 MB')
  })
})

test('every field type has a badge colour, and the spec’s eight are all different', () => {
  expect(Object.keys(FIELD_TYPE_BADGE_CLASSES).sort()).toEqual([...FORM_FIELD_TYPES].sort())
  const specTypes = ['text', 'email', 'signature', 'checkbox', 'radio', 'dropdown', 'date', 'number'] as const
  expect(new Set(specTypes.map((type) => FIELD_TYPE_BADGE_CLASSES[type])).size).toBe(specTypes.length)
})
