import { z } from 'zod'
import { FORM_SUBMISSION_STATUSES, FORM_TYPES, type FormField } from './form-fields'
import {
  SIGNATURE_CONSENT_INPUT,
  answerInputName,
  checkAnswer,
  checkSignatureConsent,
  hasSignatureField,
  isMultipleChoice,
} from './intake-rules'

/** A stored answer: text, the choices of a multiple choice, or a yes/no box. */
export type IntakeAnswer = string | string[] | boolean
export type IntakeAnswers = Record<string, IntakeAnswer>
export type IntakeSubmissionInput = { answers: IntakeAnswers; signatureName: string | null }

/** What a form sends for one input: text, several values of one name, or nothing. */
function formValue(value: unknown): string | string[] | undefined {
  if (typeof value === 'string') return value
  if (Array.isArray(value)) return value.filter((item): item is string => typeof item === 'string')
  return undefined
}

function trimmedValues(value: string | string[] | undefined) {
  return (Array.isArray(value) ? value : value === undefined ? [] : [value]).map((item) => item.trim()).filter(Boolean)
}

/** The answers keyed by the fields' own names, without the blanks. */
function toAnswers(fields: readonly FormField[], value: Record<string, unknown>): IntakeSubmissionInput {
  const answers: IntakeAnswers = {}
  let signatureName: string | null = null
  fields.forEach((field, index) => {
    const values = trimmedValues(formValue(value[answerInputName(index)]))
    if (field.type === 'checkbox' && !isMultipleChoice(field)) {
      answers[field.name] = values.length > 0
      return
    }
    if (values.length === 0) return
    answers[field.name] = isMultipleChoice(field) ? values : values[0]!
    if (field.type === 'signature' && signatureName === null) signatureName = values[0]!
  })
  return { answers, signatureName }
}

/**
 * The one schema of a hosted form, built from its fields: each input is
 * checked by its field's type and required flag (intake-rules.ts), and a form
 * with a signature field needs the consent box. Parses to the answers keyed
 * by field name.
 */
export function intakeAnswersSchema(fields: readonly FormField[]) {
  const shape: Record<string, z.ZodType> = {}
  fields.forEach((_field, index) => {
    shape[answerInputName(index)] = z.unknown().optional()
  })
  const signed = hasSignatureField(fields)
  if (signed) shape[SIGNATURE_CONSENT_INPUT] = z.unknown().optional()
  // Checked on the whole object: a field left out of the post (an unchecked box) is still checked.
  return z
    .object(shape)
    .superRefine((value, context) => {
      fields.forEach((field, index) => {
        const name = answerInputName(index)
        const message = checkAnswer(field, formValue(value[name]))
        if (message) context.addIssue({ code: 'custom', message, path: [name] })
      })
      if (signed) {
        const consent = value[SIGNATURE_CONSENT_INPUT]
        const message = checkSignatureConsent(fields, typeof consent === 'string' ? consent : undefined)
        if (message) context.addIssue({ code: 'custom', message, path: [SIGNATURE_CONSENT_INPUT] })
      }
    })
    .transform((value) => toAnswers(fields, value))
}

/** The lead page's 'Send intake form' dialog. */
export const sendIntakeFormSchema = z.object({
  formId: z.string({ message: 'Choose a form to send' }).trim().uuid({ message: 'Choose a form to send' }),
})

export const LEAD_FIELDS_FROM_ANSWERS = ['firstName', 'lastName', 'email', 'phone', 'address', 'city', 'state', 'zipCode'] as const
export type LeadFieldFromAnswers = (typeof LEAD_FIELDS_FROM_ANSWERS)[number]

/** 'Update lead from answers': the lead fields the coordinator confirmed. */
export const applyAnswersSchema = z.object({
  fields: z
    .preprocess((value) => (value === undefined ? [] : Array.isArray(value) ? value : [value]), z.array(z.enum(LEAD_FIELDS_FROM_ANSWERS)))
    .refine((fields) => fields.length > 0, { message: 'Choose at least one field to update' }),
})

export const SUBMISSION_PAGE_SIZE = 20

/** The submission lists' query (Settings → Email Templates and GET /api/form-submissions). */
export const submissionListQuerySchema = z.object({
  status: z.enum(FORM_SUBMISSION_STATUSES).optional().catch(undefined),
  formType: z.enum(FORM_TYPES).optional().catch(undefined),
  leadId: z.string().uuid().optional().catch(undefined),
  page: z.coerce.number().int().min(1).max(100_000).catch(1),
  pageSize: z.coerce.number().int().min(1).max(100).catch(SUBMISSION_PAGE_SIZE),
})
export type SubmissionListQuery = z.infer<typeof submissionListQuerySchema>

export function parseSubmissionListQuery(searchParams: URLSearchParams, pageSize = SUBMISSION_PAGE_SIZE): SubmissionListQuery {
  return submissionListQuerySchema.parse({
    status: searchParams.get('status') || undefined,
    formType: searchParams.get('formType') || undefined,
    leadId: searchParams.get('leadId') || undefined,
    page: searchParams.get('page') ?? 1,
    pageSize: searchParams.get('pageSize') ?? pageSize,
  })
}
