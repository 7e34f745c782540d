import { z } from 'zod'
import {
  DISPLAY_ORDER_MAX,
  DOCUMENT_TYPE_DESCRIPTION_MAX,
  DOCUMENT_TYPE_GHL_TAG_MAX,
  DOCUMENT_TYPE_NAME_MAX,
  DOCUMENT_TYPE_REQUIRED_MESSAGE,
  GHL_TAG_REQUIRED_MESSAGE,
  NAME_REQUIRED_MESSAGE,
  normaliseTag,
} from '~/features/document-types/options'

export {
  DISPLAY_ORDER_MAX,
  DOCUMENT_TYPES_PATH,
  DOCUMENT_TYPE_DESCRIPTION_MAX,
  DOCUMENT_TYPE_GHL_TAG_MAX,
  DOCUMENT_TYPE_NAME_MAX,
  DOCUMENT_TYPE_REQUIRED_MESSAGE,
  DOCUMENT_TYPE_VALIDATION_TITLE,
  GHL_TAG_REQUIRED_MESSAGE,
  NAME_REQUIRED_MESSAGE,
  isRequiredSummary,
  normaliseTag,
} from '~/features/document-types/options'

const isBlank = (value: unknown) =>
  value === undefined || value === null || (typeof value === 'string' && value.trim() === '')

const DISPLAY_ORDER_WHOLE = 'Display order must be a whole number'

const fields = {
  name: z
    .string({ error: NAME_REQUIRED_MESSAGE })
    .trim()
    .min(1, { message: NAME_REQUIRED_MESSAGE })
    .max(DOCUMENT_TYPE_NAME_MAX, { message: `Name must be less than ${DOCUMENT_TYPE_NAME_MAX} characters` }),
  description: z.preprocess(
    (value) => (isBlank(value) ? undefined : value),
    z
      .string({ error: 'Description must be text' })
      .trim()
      .max(DOCUMENT_TYPE_DESCRIPTION_MAX, {
        message: `Description must be less than ${DOCUMENT_TYPE_DESCRIPTION_MAX} characters`,
      })
      .optional(),
  ),
  ghlTag: z
    .string({ error: GHL_TAG_REQUIRED_MESSAGE })
    .transform(normaliseTag)
    .pipe(
      z
        // Conform turns the empty normalised tag into undefined, hence the error here too.
        .string({ error: GHL_TAG_REQUIRED_MESSAGE })
        .min(1, { message: GHL_TAG_REQUIRED_MESSAGE })
        .max(DOCUMENT_TYPE_GHL_TAG_MAX, { message: `GHL Tag must be less than ${DOCUMENT_TYPE_GHL_TAG_MAX} characters` }),
    ),
  /** Whole number from 1; blank or absent means 1. Numeric strings are accepted (form fields, lenient clients). */
  displayOrder: z.preprocess(
    (value) => (isBlank(value) ? undefined : typeof value === 'string' ? Number(value.trim()) : value),
    z
      .number({ error: DISPLAY_ORDER_WHOLE })
      .int({ message: DISPLAY_ORDER_WHOLE })
      .min(1, { message: 'Display order must be at least 1' })
      .max(DISPLAY_ORDER_MAX, { message: `Display order must be ${DISPLAY_ORDER_MAX} or less` })
      .default(1),
  ),
}

/**
 * When the name or the tag is missing, the whole form also carries the
 * spec's summary message (path []), next to the per-field messages.
 */
const requiredSummary = z.refine<Record<string, unknown>>(() => false, {
  message: DOCUMENT_TYPE_REQUIRED_MESSAGE,
  // Messages are not resolved yet here, so look at the issue kind: a missing
  // or blank name or tag (not one that is too long).
  when: (payload) =>
    payload.issues.some(
      (issue) =>
        issue.path?.length === 1 &&
        (issue.path[0] === 'name' || issue.path[0] === 'ghlTag') &&
        (issue.code === 'invalid_type' || issue.code === 'too_small'),
    ),
})

/** The JSON API's body: isActive is a boolean, true when absent. */
export const documentTypeSchema = z
  .object({
    ...fields,
    isActive: z.boolean({ error: 'isActive must be true or false' }).default(true),
  })
  .check(requiredSummary)
export type DocumentTypeInput = z.infer<typeof documentTypeSchema>

/** The page form's fields: isActive is a checkbox, so absent (unchecked) means false. */
export const documentTypeFormSchema = z
  .object({
    ...fields,
    isActive: z.preprocess((value) => value === 'on' || value === 'true' || value === true, z.boolean()),
  })
  .check(requiredSummary)

/**
 * The JSON API's 400 body: the spec's message when the name or tag is
 * missing, else 'Invalid document type'; messages per field ('_' for the
 * body as a whole), without the summary repeated.
 */
export function documentTypeApiError(error: z.ZodError) {
  const fieldErrors: Record<string, string[]> = {}
  let missingRequired = false
  for (const issue of error.issues) {
    if (issue.path.length === 0 && issue.message === DOCUMENT_TYPE_REQUIRED_MESSAGE) {
      missingRequired = true
      continue
    }
    const key = issue.path.join('.') || '_'
    ;(fieldErrors[key] ??= []).push(issue.message)
  }
  return { error: missingRequired ? DOCUMENT_TYPE_REQUIRED_MESSAGE : 'Invalid document type', fieldErrors }
}
