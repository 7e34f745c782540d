import type { FormType } from '~/features/online-forms/form-fields'

export const SAMPLE_PDF_FILE_NAME = 'healthcare-intake-form.pdf'

/** A real fillable PDF of the given kind of form (POST /api/demo/create-sample-pdf). */
export async function createSamplePdf(_formType: FormType): Promise<Uint8Array> {
  throw new Error('createSamplePdf: not implemented yet')
}
