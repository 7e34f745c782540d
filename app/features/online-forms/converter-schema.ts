import { z } from 'zod'
import { FORM_FIELD_TYPES, FORM_LIMITS } from './form-fields'
import { ExtractedFormSchemaSchema } from './form-fields-schema'

/**
 * The /pdf-to-form forms. Step 2's corrections are small forms, one per
 * button, told apart by `intent`; each names the field it acts on.
 */

const fieldName = z.string({ error: 'Choose a field' }).trim().min(1, 'Choose a field').max(FORM_LIMITS.maxNameLength)

export const renameFieldSchema = z.object({
  intent: z.literal('rename'),
  fieldName,
  label: z
    .string({ error: 'Enter a label' })
    .trim()
    .min(1, 'Enter a label')
    .max(FORM_LIMITS.maxLabelLength, `A label may have at most ${FORM_LIMITS.maxLabelLength} characters`),
})

export const changeFieldTypeSchema = z.object({
  intent: z.literal('change-type'),
  fieldName,
  type: z.enum(FORM_FIELD_TYPES, { error: 'Choose a field type' }),
})

/** One schema for the whole of step 2: the intent picks the form. */
export const draftFormSchema = z.discriminatedUnion('intent', [
  renameFieldSchema,
  changeFieldTypeSchema,
  z.object({ intent: z.literal('toggle-required'), fieldName }),
  z.object({ intent: z.literal('move-up'), fieldName }),
  z.object({ intent: z.literal('move-down'), fieldName }),
  z.object({ intent: z.literal('remove'), fieldName }),
  z.object({ intent: z.literal('publish'), target: z.enum(['jotform', 'portal'], { error: 'Choose where to create the form' }) }),
])

/** With JavaScript the converter saves the extracted schema as a draft in a second request (progress 70). */
export const saveDraftSchema = z.object({
  intent: z.literal('save-draft'),
  fileName: z.string().trim().max(200).optional(),
  schema: z
    .string()
    .max(2_000_000)
    .transform((text, context) => {
      try {
        return JSON.parse(text) as unknown
      } catch {
        context.addIssue({ code: 'custom', message: 'The extracted form could not be read' })
        return z.NEVER
      }
    })
    .pipe(ExtractedFormSchemaSchema),
})
