import { z } from 'zod'
import { LEAD_STATUSES } from '~/features/leads/options'
import {
  HTML_REQUIRED_MESSAGE,
  NAME_REQUIRED_MESSAGE,
  SUBJECT_REQUIRED_MESSAGE,
  TEMPLATE_HTML_MAX,
  TEMPLATE_NAME_MAX,
  TEMPLATE_SUBJECT_MAX,
  TRIGGER_SOURCE_MAX,
  parseTriggerConditions,
  type TriggerConditions,
} from './options'
import {
  EMAIL_FORM_TYPES,
  findUnknownPlaceholders,
  unknownPlaceholdersMessage,
  type EmailFormType,
} from './placeholders'

const isBlank = (value: unknown) =>
  value === undefined || value === null || (typeof value === 'string' && value.trim() === '')

/** Required text: trimmed, refused when blank or too long; `placeholders` also refuses {{names}} that are not placeholders. */
function requiredText(label: string, required: string, max: number, { placeholders = false } = {}) {
  const text = z
    .string({ error: required })
    .trim()
    .min(1, { message: required })
    .max(max, { message: `${label} must be less than ${max} characters` })
  if (!placeholders) return text
  return text.superRefine((value, context) => {
    const unknown = findUnknownPlaceholders(value)
    if (unknown.length > 0) context.addIssue({ code: 'custom', message: unknownPlaceholdersMessage(unknown) })
  })
}

const FORM_TYPE_MESSAGE = `Form type must be one of ${EMAIL_FORM_TYPES.join(', ')}`

const fields = {
  name: requiredText('Name', NAME_REQUIRED_MESSAGE, TEMPLATE_NAME_MAX),
  subject: requiredText('Subject', SUBJECT_REQUIRED_MESSAGE, TEMPLATE_SUBJECT_MAX, { placeholders: true }),
  htmlContent: requiredText('HTML content', HTML_REQUIRED_MESSAGE, TEMPLATE_HTML_MAX, { placeholders: true }),
  formType: z.preprocess(
    (value) => (isBlank(value) ? undefined : value),
    z.enum(EMAIL_FORM_TYPES, { error: FORM_TYPE_MESSAGE }).default('intake')
  ),
}

export type EmailTemplateInput = {
  name: string
  subject: string
  htmlContent: string
  formType: EmailFormType
  isActive: boolean
  triggerConditions: TriggerConditions
}

/** The JSON API's body: isActive true when absent; triggerConditions an object or a JSON string, anything invalid is {}. */
export const emailTemplateSchema = z.object({
  ...fields,
  isActive: z.boolean({ error: 'isActive must be true or false' }).default(true),
  triggerConditions: z.unknown().optional().transform(parseTriggerConditions),
}) satisfies z.ZodType<EmailTemplateInput, unknown>

/** The page form: isActive is a checkbox (absent means false); the conditions are two fields. */
export const emailTemplateFormSchema = z.object({
  ...fields,
  isActive: z.preprocess((value) => value === 'on' || value === 'true' || value === true, z.boolean()),
  triggerStatus: z.preprocess(
    (value) => (isBlank(value) ? undefined : value),
    z.enum(LEAD_STATUSES, { error: 'Choose a lead status from the list' }).optional()
  ),
  triggerSource: z.preprocess(
    (value) => (isBlank(value) ? undefined : value),
    z
      .string()
      .trim()
      .max(TRIGGER_SOURCE_MAX, { message: `Source must be less than ${TRIGGER_SOURCE_MAX} characters` })
      .optional()
  ),
})
export type EmailTemplateFormValue = z.infer<typeof emailTemplateFormSchema>

export function templateInputFromForm({
  triggerStatus,
  triggerSource,
  ...value
}: EmailTemplateFormValue): EmailTemplateInput {
  return { ...value, triggerConditions: parseTriggerConditions({ status: triggerStatus, source: triggerSource }) }
}

/** The Preview button submits whatever is typed: nothing is required, so nothing is refused. */
export const emailTemplatePreviewFormSchema = z.object({
  name: z.string().optional(),
  subject: z.string().optional(),
  htmlContent: z.string().optional(),
  formType: z.string().optional(),
  isActive: z.string().optional(),
  triggerStatus: z.string().optional(),
  triggerSource: z.string().optional(),
})

/** POST /api/email-templates/preview: the draft and, optionally, values instead of the samples. */
export const emailTemplatePreviewSchema = z.object({
  subject: z
    .string({ error: 'subject must be text' })
    .max(TEMPLATE_SUBJECT_MAX * 4)
    .default(''),
  htmlContent: z.string({ error: 'htmlContent must be text' }).max(TEMPLATE_HTML_MAX).default(''),
  values: z.record(z.string(), z.string().nullable()).optional(),
})
