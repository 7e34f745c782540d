/** The dashboard's limits (spec section 9) and labels: no database, so the page may import them. */

/** Recent leads and recent activity: this many kept, RECENT_SHOWN shown. */
export const RECENT_KEPT = 6
export const RECENT_SHOWN = 4
export const VERIFICATIONS_SHOWN = 3
export const UPCOMING_SHOWN = 10
export const SIGNATURES_SHOWN = 5
/** How long the dashboard's data counts as fresh, and how often the appointments refresh. */
export const DASHBOARD_FRESH_MS = 5 * 60 * 1000

export type ActivityMarking = 'success' | 'warning' | 'info'

const WARNINGS = new Set(['delete', 'login_failed', 'access_denied', 'mfa_verification_failed', 'mfa_disabled', 'mfa_reset', 'mfa_recovery_code_used'])
const SUCCESSES = new Set(['create', 'update', 'login', 'mfa_enabled'])

/** How an activity entry is marked: a change or sign-in that worked, one to look at, or other. */
export function activityMarking(action: string): ActivityMarking {
  return WARNINGS.has(action) ? 'warning' : SUCCESSES.has(action) ? 'success' : 'info'
}

const ENTITY_LABELS: Record<string, string> = {
  EsignRequest: 'E-signature request',
  CaregiverFile: 'Caregiver file',
  DocumentType: 'Document type',
  AuditLog: 'Audit log',
  IntegrationSetting: 'Integration setting',
  OnlineForm: 'Online form',
  FormSubmission: 'Form submission',
  EmailTemplate: 'Email template',
  CalendarFeed: 'Calendar feed',
  User: 'User account',
}

/** 'EsignRequest' → 'E-signature request', 'FooBar' → 'Foo bar'. */
export function entityLabel(entityType: string) {
  const known = ENTITY_LABELS[entityType]
  if (known) return known
  const words = entityType.replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase()
  return words.charAt(0).toUpperCase() + words.slice(1)
}

/** 'initial_assessment' → 'Initial Assessment'. */
export function appointmentTypeLabel(type: string) {
  return type
    .split('_')
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join(' ')
}

/** Whole days since `sent`, rounded up (a request sent an hour ago: 1 day). */
export function daysSince(sent: string | Date, now: Date) {
  return Math.max(0, Math.ceil((now.getTime() - new Date(sent).getTime()) / (24 * 60 * 60 * 1000)))
}
