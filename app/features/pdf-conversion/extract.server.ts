import type { ExtractedFormSchema } from '~/features/online-forms/form-fields'

/**
 * The PDF could not be read for fields (encrypted, corrupt, image-only). Its
 * message starts 'Failed to extract', which the page turns into 'Could not
 * extract form fields from PDF. Try a different PDF file.'
 */
export class PdfExtractionError extends Error {
  override name = 'PdfExtractionError'
}

/** Finds a PDF's form fields: AcroForm fields when it is fillable, labelled blanks when it is flat. */
export async function extractFormSchema(_input: { bytes: Uint8Array; fileName: string }): Promise<ExtractedFormSchema> {
  throw new PdfExtractionError('Failed to extract: not implemented yet')
}
