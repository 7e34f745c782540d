import { WEEKDAYS } from '~/lib/time'
import { titleCase } from '~/lib/misc'
import { defineListSorts } from '~/lib/list-sort'

/**
 * Patient registration's steps, enumerations, labels and list orders, without
 * Zod: pages import these; the step schemas (schema.ts) check against them on
 * the server. Five steps, each with its own form; the JSON API accepts the
 * same rules in one body.
 */
export const REGISTRATION_STEPS = [
  { key: 'personal', slug: 'personal-info', label: 'Personal Info' },
  { key: 'medical', slug: 'medical-history', label: 'Medical History' },
  { key: 'insurance', slug: 'insurance', label: 'Insurance' },
  { key: 'contacts', slug: 'emergency-contacts', label: 'Emergency Contacts' },
  { key: 'preferences', slug: 'care-preferences', label: 'Care Preferences' },
] as const
export type RegistrationStep = (typeof REGISTRATION_STEPS)[number]
export type StepKey = RegistrationStep['key']

/**
 * Where each registration button leaves the user, as the id of the heading it
 * returns to (a URL fragment): the step now open, or the profile's status.
 */
export const REGISTRATION_STEP_HEADING_ID = 'registration-step'
export const REGISTRATION_STATUS_HEADING_ID = 'registration-status'

/**
 * True when every field of a step was left blank (the button's own name
 * aside): Back (or another step) from such a step only goes there, in the
 * browser and on the server, instead of asking for the fields it would save.
 */
export function stepLeftBlank(formData: FormData) {
  for (const [name, value] of formData) {
    if (name === 'intent' || name.startsWith('__')) continue
    if (typeof value !== 'string' || value.trim() !== '') return false
  }
  return true
}

/** Whether a path is the registration dialog over the list: its first step or a later one. */
export function isRegistrationDialogPath(pathname: string) {
  return /^\/patients\/(?:new|register\/[^/]+\/[^/]+)\/?$/.test(pathname)
}

/**
 * A registration step's dialog, drawn over the patient's profile or over the
 * list (a list's dialog names its action first: see pageBehindDialog).
 */
export function registrationStepPath(patientId: string, slug: string, over: 'profile' | 'list') {
  return over === 'profile' ? `/patients/${patientId}/register/${slug}` : `/patients/register/${patientId}/${slug}`
}

export function stepBySlug(slug: string | undefined) {
  return REGISTRATION_STEPS.find((step) => step.slug === slug)
}

const GO_TO_STEP = 'step:'

/** The intent of a progress step's button: save the open step, then open `step`. */
export function goToStepIntent(step: RegistrationStep) {
  return `${GO_TO_STEP}${step.slug}`
}

/** The step a button's intent goes to (goToStepIntent), if it names one. */
export function stepOfIntent(intent: FormDataEntryValue | null) {
  return typeof intent === 'string' && intent.startsWith(GO_TO_STEP) ? stepBySlug(intent.slice(GO_TO_STEP.length)) : undefined
}

export const REGISTRATION_STATUSES = ['new', 'in-progress', 'pending-review', 'complete'] as const
export type RegistrationStatus = (typeof REGISTRATION_STATUSES)[number]

/** The filter offers three values; 'In Progress' covers new registrations too (they display alike). */
export const REGISTRATION_STATUS_FILTER_OPTIONS = [
  { value: '', label: 'All' },
  { value: 'in-progress', label: 'In Progress' },
  { value: 'complete', label: 'Complete' },
  { value: 'pending-review', label: 'Pending Review' },
] as const

export const REGISTRATION_DATE_FILTER_OPTIONS = [
  { value: '', label: 'All' },
  { value: 'today', label: 'Today' },
  { value: 'week', label: 'This Week' },
  { value: 'month', label: 'This Month' },
] as const

/** The list shows 'Complete' for complete and 'In Progress' for everything else. */
export function registrationStatusLabel(status: string) {
  return status === 'complete' ? 'Complete' : 'In Progress'
}

export const GENDERS = [
  { value: 'male', label: 'Male' },
  { value: 'female', label: 'Female' },
  { value: 'other', label: 'Other' },
  { value: 'prefer-not-to-say', label: 'Prefer not to say' },
] as const

export const CARE_TYPES = [
  { value: 'home-care', label: 'Home Care' },
  { value: 'medical-care', label: 'Medical Care' },
  { value: 'elderly-care', label: 'Elderly Care' },
  { value: 'pediatric-care', label: 'Pediatric Care' },
] as const

export const WEEKDAY_OPTIONS = WEEKDAYS.map((value) => ({ value, label: titleCase(value) }))

export const CARE_TIMES = [
  { value: 'morning', label: 'Morning' },
  { value: 'afternoon', label: 'Afternoon' },
  { value: 'evening', label: 'Evening' },
  { value: 'overnight', label: 'Overnight' },
] as const

export const CAREGIVER_GENDER_PREFERENCES = [
  { value: 'no-preference', label: 'No preference' },
  { value: 'female', label: 'Female' },
  { value: 'male', label: 'Male' },
] as const

type Option = { readonly value: string; readonly label: string }
export const valuesOf = <T extends readonly Option[]>(options: T) =>
  options.map((option) => option.value) as unknown as readonly [T[number]['value'], ...Array<T[number]['value']>]

export function optionLabel(options: readonly Option[], value: string | null | undefined) {
  if (!value) return ''
  return options.find((option) => option.value === value)?.label ?? value
}

export const POLICY_HOLDER_RELATIONSHIPS = [
  { value: 'self', label: 'Self' },
  { value: 'spouse', label: 'Spouse' },
  { value: 'parent', label: 'Parent' },
  { value: 'child', label: 'Child' },
  { value: 'other', label: 'Other' },
] as const

export const MAX_EMERGENCY_CONTACTS = 5

/** Each step is worth 20%. */
export function registrationProgress(completedSteps: readonly string[]) {
  const done = REGISTRATION_STEPS.filter((step) => completedSteps.includes(step.key)).length
  return done * (100 / REGISTRATION_STEPS.length)
}

/** The first step not yet saved, or null when all five are. */
export function nextStep(completedSteps: readonly string[]): RegistrationStep | null {
  return REGISTRATION_STEPS.find((step) => !completedSteps.includes(step.key)) ?? null
}

/**
 * new until anything beyond the personal info is saved, in-progress while
 * steps remain, pending-review once all five are saved; complete only by a
 * coordinator's approval (and it stays complete through later edits).
 */
export function statusAfterSave(current: string, completedSteps: readonly string[]): RegistrationStatus {
  if (current === 'complete') return 'complete'
  if (nextStep(completedSteps) === null) return 'pending-review'
  const beyondPersonal = completedSteps.some((step) => step !== 'personal')
  return beyondPersonal ? 'in-progress' : 'new'
}

export const PATIENT_PAGE_SIZE = 12

/** The orders the list offers and its 'Sort by' choices; anything else is newest first. */
export const { values: PATIENT_SORTS, options: PATIENT_SORT_OPTIONS } = defineListSorts([
  { column: 'created', label: 'Registered' },
  { column: 'name', label: 'Name' },
  { column: 'status', label: 'Status' },
])
export type PatientSort = (typeof PATIENT_SORTS)[number]

const STATUS_WORDS: Record<string, string> = {
  new: 'new',
  'in-progress': 'in progress',
  'pending-review': 'pending review',
  complete: 'complete',
}

/** A line of the profile's activity list, from an audit entry about a patient. */
export function describePatientActivity(action: string, details: unknown) {
  const info = (details && typeof details === 'object' ? details : {}) as Record<string, unknown>
  const statusChange =
    typeof info.from === 'string' && typeof info.to === 'string'
      ? `status ${STATUS_WORDS[info.from] ?? info.from} → ${STATUS_WORDS[info.to] ?? info.to}`
      : null
  if (action === 'create') return info.fromLead ? 'Registration started from a lead' : 'Registration started'
  if (action === 'update' && info.field === 'registrationStatus' && info.to === 'complete') return 'Registration approved (complete)'
  if (action === 'update' && typeof info.step === 'string') {
    const step = REGISTRATION_STEPS.find((entry) => entry.key === info.step)
    return [`Saved ${step?.label ?? info.step}`, statusChange].filter(Boolean).join('; ')
  }
  if (action === 'update') return ['Updated through the API', statusChange].filter(Boolean).join('; ')
  if (action === 'delete') return 'Registration deleted'
  return action
}
