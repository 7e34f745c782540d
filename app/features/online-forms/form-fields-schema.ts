import { z } from 'zod'
import { FORM_FIELD_TYPES, FORM_LIMITS, type ExtractedFormSchema, type FormField } from './form-fields'

/** One field as the API and the corrections accept it. */
export const FormFieldSchema = z
  .object({
    name: z.string().trim().min(1).max(FORM_LIMITS.maxNameLength),
    type: z.enum(FORM_FIELD_TYPES),
    label: z.string().trim().min(1).max(FORM_LIMITS.maxLabelLength),
    required: z.boolean().default(false),
    options: z.array(z.string().trim().min(1).max(FORM_LIMITS.maxOptionLength)).max(FORM_LIMITS.maxOptions).optional(),
    page: z.number().int().min(1).optional(),
  })
  .strip() satisfies z.ZodType<FormField, unknown>

/** An extracted schema as a caller sends it back (POST /api/pdf-to-form/create-jotform). */
export const ExtractedFormSchemaSchema = z.object({
  title: z.string().trim().min(1).max(FORM_LIMITS.maxTitleLength),
  fields: z
    .array(FormFieldSchema)
    .min(1)
    .max(FORM_LIMITS.maxFields)
    .refine((fields) => new Set(fields.map((field) => field.name)).size === fields.length, {
      message: 'Field names must be unique',
    }),
  totalPages: z.number().int().min(1).default(1),
  extractedAt: z.string().datetime({ offset: true }).optional(),
  fallbackFields: z.boolean().default(false),
}) satisfies z.ZodType<Omit<ExtractedFormSchema, 'extractedAt'> & { extractedAt?: string }, unknown>
