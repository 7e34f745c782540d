/**
 * E-mail templates' paths, labels, limits and messages, without Zod: pages
 * import these; schema.ts checks against them on the server.
 */
import { LEAD_SOURCES, LEAD_STATUSES } from '~/features/leads/options'
import { EMAIL_FORM_TYPES, type EmailFormType, type PlaceholderValues } from './placeholders'

export const EMAIL_AUTOMATION_PATH = '/settings/email-templates'
/** The list the template dialogs open over and close back to. */
export const EMAIL_TEMPLATES_LIST_PATH = `${EMAIL_AUTOMATION_PATH}?tab=templates`

export const FORM_TYPE_LABELS: Record<EmailFormType, string> = {
  intake: 'Intake',
  welcome: 'Welcome',
  appointment: 'Appointment',
  followup: 'Follow-up',
}
export const FORM_TYPE_OPTIONS = EMAIL_FORM_TYPES.map((value) => ({ value, label: FORM_TYPE_LABELS[value] }))

const titleCase = (value: string) => value.charAt(0).toUpperCase() + value.slice(1)
/** Trigger condition choices: '' means any. */
export const TRIGGER_STATUS_OPTIONS = [
  { value: '', label: 'Any status' },
  ...LEAD_STATUSES.map((status) => ({ value: status, label: titleCase(status) })),
]
export const TRIGGER_SOURCE_OPTIONS = [{ value: '', label: 'Any source' }, ...LEAD_SOURCES]

export const TEMPLATE_NAME_MAX = 200
export const TEMPLATE_SUBJECT_MAX = 300
export const TEMPLATE_HTML_MAX = 100_000
export const TRIGGER_SOURCE_MAX = 100

export const NAME_REQUIRED_MESSAGE = 'Name is required'
export const SUBJECT_REQUIRED_MESSAGE = 'Subject is required'
export const HTML_REQUIRED_MESSAGE = 'HTML content is required'
export const HTML_EMPTY_AFTER_SANITISING_MESSAGE =
  'HTML content has no text or images left once unsafe markup (scripts, styles, forms, frames) is removed'

/** The product's toasts. */
export const TEMPLATE_CREATED = 'Template Created'
export const TEMPLATE_UPDATED = 'Template Updated'
export const CREATE_FAILED = 'Failed to create email template.'
export const UPDATE_FAILED = 'Failed to update email template.'

/** What previews fill the placeholders with. */
export const SAMPLE_PLACEHOLDER_VALUES: Required<PlaceholderValues> = {
  firstName: 'Jane',
  lastName: 'Doe',
  intakeFormUrl: 'https://portal.example.com/intake-form/sample-token',
  providerName: 'Sunrise Home Care',
  appointmentDate: 'Monday, March 16, 2026',
  appointmentTime: '10:30 AM',
  location: '123 Main Street, Springfield',
  contactUrl: 'https://portal.example.com/contact',
}

export type TriggerConditions = { status?: string; source?: string }

/**
 * The stored or sent triggerConditions as {status?, source?}: an object or
 * a JSON string of one; anything else (invalid JSON included) is {} — the
 * product ignores invalid conditions rather than refusing the template.
 * Other keys and non-text values are dropped; blank values mean any.
 */
export function parseTriggerConditions(value: unknown): TriggerConditions {
  let object: unknown = value
  if (typeof value === 'string') {
    try {
      object = JSON.parse(value)
    } catch {
      return {}
    }
  }
  if (!object || typeof object !== 'object' || Array.isArray(object)) return {}
  const conditions: TriggerConditions = {}
  for (const key of ['status', 'source'] as const) {
    const condition = (object as Record<string, unknown>)[key]
    if (typeof condition === 'string' && condition.trim())
      conditions[key] = condition.trim().slice(0, TRIGGER_SOURCE_MAX)
  }
  return conditions
}

export function describeTriggerConditions(conditions: TriggerConditions) {
  const parts = [
    conditions.status
      ? `status ${TRIGGER_STATUS_OPTIONS.find((o) => o.value === conditions.status)?.label ?? conditions.status}`
      : null,
    conditions.source
      ? `source ${TRIGGER_SOURCE_OPTIONS.find((o) => o.value === conditions.source)?.label ?? conditions.source}`
      : null,
  ].filter(Boolean)
  return parts.length ? `Leads with ${parts.join(' and ')}` : 'Any lead'
}
