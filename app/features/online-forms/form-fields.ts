/**
 * An online form's fields: what the PDF extraction finds, what staff correct
 * on /pdf-to-form, what Jotform and the portal's hosted form are built from.
 * Isomorphic and free of Zod, so pages may import it (form-fields-schema.ts
 * holds the parser).
 */
export const FORM_FIELD_TYPES = [
  'text',
  'email',
  'tel',
  'date',
  'signature',
  'checkbox',
  'radio',
  'dropdown',
  'number',
] as const
export type FormFieldType = (typeof FORM_FIELD_TYPES)[number]

export const FORM_FIELD_TYPE_LABELS: Record<FormFieldType, string> = {
  text: 'Text',
  email: 'Email',
  tel: 'Phone',
  date: 'Date',
  signature: 'Signature',
  checkbox: 'Checkbox',
  radio: 'Radio',
  dropdown: 'Dropdown',
  number: 'Number',
}

/** Types whose answer is one of `options` (a checkbox with options is a multiple choice). */
export const FORM_FIELD_TYPES_WITH_OPTIONS: readonly FormFieldType[] = ['radio', 'dropdown', 'checkbox']

export type FormField = {
  /** Unique within the form: the PDF field's name, or one made from the label. */
  name: string
  type: FormFieldType
  label: string
  required: boolean
  /** Choices of a radio group, dropdown or multiple-choice checkbox; absent for the others. */
  options?: string[]
  /** The PDF page it was found on, from 1. */
  page?: number
}

/** The answer of POST /api/pdf-to-form/extract (the spec's extracted PDF schema). */
export type ExtractedFormSchema = {
  title: string
  fields: FormField[]
  totalPages: number
  /** ISO 8601. */
  extractedAt: string
  /** True when nothing was found in the PDF and the default healthcare fields were used. */
  fallbackFields: boolean
}

/** The answer of POST /api/pdf-to-form/create-jotform (the spec's created online-form result). */
export type CreatedOnlineForm = {
  formId: string
  formUrl: string
  editUrl: string
  webhookConfigured: boolean
  fieldsCreated: number
  /** True only when no Jotform key is set and the form was created as the portal's own. */
  demoMode: boolean
}

export const FORM_TYPES = ['intake', 'welcome', 'appointment', 'followup'] as const
export type FormType = (typeof FORM_TYPES)[number]

export const FORM_SUBMISSION_STATUSES = ['sent', 'viewed', 'completed', 'signed'] as const
export type FormSubmissionStatus = (typeof FORM_SUBMISSION_STATUSES)[number]

/** Limits shared by the extraction, the corrections and the hosted form. */
export const FORM_LIMITS = {
  maxFields: 200,
  maxLabelLength: 200,
  maxNameLength: 100,
  maxOptions: 50,
  maxOptionLength: 200,
  maxTitleLength: 200,
} as const
