/** The portal request form's sizes and texts, without Zod: the page imports these. */
export const EXTRA_SIGNERS = 2
/** The file input on the preparation form: a PDF uploaded on the spot instead of one from the library. */
export const PORTAL_UPLOAD_FIELD = 'upload'
export const MANUAL_FIELD_ROWS = 12
export const PLACEMENT_LABELS = {
  signature_page: 'Append a signature page (a signature, date and printed name block per signer)',
  pdf_fields: "Use the PDF's own fillable fields (the first signer's; later signers sign on an appended page)",
  manual: 'Place fields by page and position (PDF points from the bottom left; a letter page is 612 × 792)',
} as const
export const PORTAL_PREPARED_TITLE = 'Sent for signature in the Portal'
