/**
 * Workflows' enumerations, labels, messages and display rules, without Zod:
 * pages import these; schema.ts checks against them on the server.
 */
import { LEAD_STATUSES } from '~/features/leads/options'

export { MILESTONE_TRIGGERS, type MilestoneType, triggerLabel } from '~/features/workflows/labels'

export const WORKFLOWS_PATH = '/settings/workflows'

export const WORKFLOW_TYPES = ['lead', 'patient', 'caregiver'] as const
export type WorkflowType = (typeof WORKFLOW_TYPES)[number]

export const WORKFLOW_TYPE_LABELS: Record<WorkflowType, string> = {
  lead: 'Lead Workflows',
  patient: 'Patient Workflows',
  caregiver: 'Caregiver Workflows',
}

/** The record a workflow type runs for (the entityType of its runs). */
export const WORKFLOW_ENTITY: Record<WorkflowType, 'Lead' | 'Patient' | 'Caregiver'> = {
  lead: 'Lead',
  patient: 'Patient',
  caregiver: 'Caregiver',
}

/** A lead status the lead moved into: lead_status_contacted … ('new' is lead_created). */
export const LEAD_STATUS_TRIGGERS = LEAD_STATUSES.filter((status) => status !== 'new').map((status) => `lead_status_${status}` as const)

/** Each type's triggers, in the order of its sequence. */
export const WORKFLOW_TRIGGERS = {
  lead: ['lead_created', ...LEAD_STATUS_TRIGGERS],
  patient: ['patient_created', 'registration_confirmed', 'intake_completed', 'assessment_completed'],
  caregiver: [
    'caregiver_created',
    'welcome_acknowledged',
    'documents_submitted',
    'verification_passed',
    'training_completed',
    'assignment_active',
  ],
} as const satisfies Record<WorkflowType, readonly string[]>


export function isWorkflowType(value: unknown): value is WorkflowType {
  return typeof value === 'string' && (WORKFLOW_TYPES as readonly string[]).includes(value)
}

export function triggersOf(type: WorkflowType): readonly string[] {
  return WORKFLOW_TRIGGERS[type]
}

export function isTriggerOf(type: WorkflowType, trigger: string) {
  return triggersOf(type).includes(trigger)
}

export const STAGE_NAME_REQUIRED_MESSAGE = 'Stage name is required'
export const STAGE_ORDER_MIN_MESSAGE = 'Order must be at least 1'
export const STAGE_DELAY_MIN_MESSAGE = 'Delay must be 0 or greater'
export const STAGE_TRIGGER_MESSAGE = 'Choose a trigger of this workflow'
export const STAGE_NAME_MAX = 100
export const STAGE_DESCRIPTION_MAX = 500
export const STAGE_ORDER_MAX = 9999
/** A year: a longer wait is a mistake, not a plan. */
export const STAGE_DELAY_MAX = 8760
/** The e-mail template select's value for none (sent as absent). */
export const NO_TEMPLATE = 'none'

export const STAGE_TOASTS = {
  created: 'Workflow stage created successfully',
  updated: 'Workflow stage updated successfully',
  deleted: 'Workflow stage deleted successfully',
  createFailed: 'Failed to create workflow stage',
  updateFailed: 'Failed to update workflow stage',
  deleteFailed: 'Failed to delete workflow stage',
} as const

/** A new stage goes after the existing ones. */
export function defaultStageOrder(stageCount: number) {
  return stageCount + 1
}

const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? '' : 's'}`

/** 0 → 'Immediate', under a day in hours, whole weeks in weeks, otherwise days (with leftover hours). */
export function formatDelay(delayHours: number) {
  if (delayHours <= 0) return 'Immediate'
  if (delayHours < 24) return plural(delayHours, 'hour')
  if (delayHours % 168 === 0) return plural(delayHours / 168, 'week')
  const days = Math.floor(delayHours / 24)
  const hours = delayHours % 24
  return hours ? `${plural(days, 'day')} ${plural(hours, 'hour')}` : plural(days, 'day')
}

export const RUN_STATUSES = ['pending', 'completed', 'skipped', 'failed'] as const
export type RunStatus = (typeof RUN_STATUSES)[number]

export const RUN_OUTCOMES = {
  switchedOff: 'Stage switched off before its time',
  deleted: 'Stage deleted before its time',
  noTemplate: 'No e-mail template',
  templateOff: 'E-mail template switched off',
  noRecord: 'Record deleted before its time',
  noEmail: 'No e-mail address on the record',
  noFormToLink: 'No published online form for the intake-form link',
  formLinkNeedsLead: 'Only a lead can be sent an intake-form link',
} as const

export function emailQueuedOutcome(toEmail: string) {
  return `E-mail queued to ${toEmail}`
}
