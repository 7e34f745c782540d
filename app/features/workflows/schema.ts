import { z } from 'zod'
import {
  MILESTONE_TRIGGERS,
  NO_TEMPLATE,
  RUN_STATUSES,
  STAGE_DELAY_MAX,
  STAGE_DELAY_MIN_MESSAGE,
  STAGE_DESCRIPTION_MAX,
  STAGE_NAME_MAX,
  STAGE_NAME_REQUIRED_MESSAGE,
  STAGE_ORDER_MAX,
  STAGE_ORDER_MIN_MESSAGE,
  STAGE_TRIGGER_MESSAGE,
  WORKFLOW_TYPES,
  isTriggerOf,
} from '~/features/workflows/options'

const isBlank = (value: unknown) => value === undefined || value === null || (typeof value === 'string' && value.trim() === '')
const numeric = (value: unknown) => (typeof value === 'string' ? Number(value.trim()) : value)

const fields = {
  type: z.enum(WORKFLOW_TYPES, { error: 'Choose a workflow: lead, patient or caregiver' }),
  name: z
    .string({ error: STAGE_NAME_REQUIRED_MESSAGE })
    .trim()
    .min(1, { message: STAGE_NAME_REQUIRED_MESSAGE })
    .max(STAGE_NAME_MAX, { message: `Stage name must be less than ${STAGE_NAME_MAX} characters` }),
  description: z.preprocess(
    (value) => (isBlank(value) ? undefined : value),
    z
      .string({ error: 'Description must be text' })
      .trim()
      .max(STAGE_DESCRIPTION_MAX, { message: `Description must be less than ${STAGE_DESCRIPTION_MAX} characters` })
      .optional(),
  ),
  /**
   * At least 1. Absent or blank: after the existing stages (the service
   * decides). A value that is not a number falls back to 1.
   */
  order: z.preprocess(
    (value) => {
      if (isBlank(value)) return undefined
      const number = numeric(value)
      return typeof number === 'number' && Number.isFinite(number) ? Math.trunc(number) : 1
    },
    z
      .number()
      .int()
      .min(1, { message: STAGE_ORDER_MIN_MESSAGE })
      .max(STAGE_ORDER_MAX, { message: `Order must be ${STAGE_ORDER_MAX} or less` })
      .optional(),
  ),
  /** Whole hours from 0; blank or absent means 0. */
  delayHours: z.preprocess(
    (value) => (isBlank(value) ? undefined : numeric(value)),
    z
      .number({ error: STAGE_DELAY_MIN_MESSAGE })
      .int({ message: 'Delay must be a whole number of hours' })
      .min(0, { message: STAGE_DELAY_MIN_MESSAGE })
      .max(STAGE_DELAY_MAX, { message: `Delay must be ${STAGE_DELAY_MAX} hours or less` })
      .default(0),
  ),
  /** 'none', blank or absent: no template. */
  emailTemplateId: z.preprocess(
    (value) => (isBlank(value) || value === NO_TEMPLATE ? undefined : value),
    z.uuid({ error: 'Choose an e-mail template' }).optional(),
  ),
  trigger: z.string({ error: STAGE_TRIGGER_MESSAGE }).trim().min(1, { message: STAGE_TRIGGER_MESSAGE }),
}

function triggerFitsType(stage: { type: (typeof WORKFLOW_TYPES)[number]; trigger: string }, context: z.RefinementCtx) {
  if (!isTriggerOf(stage.type, stage.trigger)) context.addIssue({ code: 'custom', message: STAGE_TRIGGER_MESSAGE, path: ['trigger'] })
}

/** The page form: isActive is a checkbox, so absent (unchecked) means false. */
export const stageFormSchema = z
  .object({ ...fields, isActive: z.preprocess((value) => value === 'on' || value === 'true' || value === true, z.boolean()) })
  .superRefine(triggerFitsType)

/**
 * The JSON API's body: isActive a boolean, true when absent; the trigger as
 * `trigger` or, as the product's clients send it, `conditions.trigger`.
 */
export const stageApiSchema = z
  .preprocess(
    (body) => {
      if (!body || typeof body !== 'object' || Array.isArray(body)) return body
      const record = body as Record<string, unknown>
      const conditions = record.conditions as Record<string, unknown> | undefined
      return record.trigger === undefined && conditions && typeof conditions === 'object' ? { ...record, trigger: conditions.trigger } : record
    },
    z.object({ ...fields, isActive: z.boolean({ error: 'isActive must be true or false' }).default(true) }).superRefine(triggerFitsType),
  )
export type StageInput = z.infer<typeof stageApiSchema>

/** The active toggle's own small form. */
export const stageToggleSchema = z.object({
  isActive: z.enum(['true', 'false']).transform((value) => value === 'true'),
})

/** The JSON API's 400 body: the first message as `error` (the spec's), and every message by field. */
export function stageApiError(error: z.ZodError) {
  const fieldErrors: Record<string, string[]> = {}
  for (const issue of error.issues) (fieldErrors[issue.path.join('.') || '_'] ??= []).push(issue.message)
  return { error: error.issues[0]?.message ?? 'Invalid workflow stage', fieldErrors }
}

/** GET /api/workflow/stages?type= */
export const stageListQuerySchema = z.object({ type: z.enum(WORKFLOW_TYPES).optional().catch(undefined) })

/** GET /api/workflow/runs?entityType&entityId&stageId&status */
export const runListQuerySchema = z.object({
  entityType: z.enum(['Lead', 'Patient', 'Caregiver']).optional().catch(undefined),
  entityId: z.uuid().optional().catch(undefined),
  stageId: z.uuid().optional().catch(undefined),
  status: z.enum(RUN_STATUSES).optional().catch(undefined),
})

/** The 'Record milestone' form on a patient's or caregiver's page. */
export function milestoneSchema<T extends keyof typeof MILESTONE_TRIGGERS>(type: T) {
  return z.object({ milestone: z.enum(MILESTONE_TRIGGERS[type] as (typeof MILESTONE_TRIGGERS)[T], { error: 'Choose a milestone' }) })
}
