import { z } from 'zod'
import { blankToUndefined, requiredText, optionalText, requiredPhone, optionalPhone, addressFields } from '~/lib/schema-fields'
import { DATE_RANGES, WEEKDAYS, dateIn, isDateString } from '~/lib/time'
import { titleCase } from '~/lib/misc'
import { DEFAULT_SORT, defineListSorts } from '~/lib/list-sort'

/**
 * Patient registration: five steps, each with its own form and
 * schema. The JSON API accepts the same rules in one body.
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
 * aside): Back from such a step only goes back, in the browser and on the
 * server, instead of asking for the fields it would save.
 */
export function stepLeftBlank(formData: FormData) {
  for (const [name, value] of formData) {
    if (name === 'intent' || name.startsWith('__')) continue
    if (typeof value !== 'string' || value.trim() !== '') return false
  }
  return true
}

export function stepBySlug(slug: string | undefined) {
  return REGISTRATION_STEPS.find((step) => step.slug === slug)
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
const valuesOf = <T extends readonly Option[]>(options: T) =>
  options.map((option) => option.value) as unknown as readonly [T[number]['value'], ...Array<T[number]['value']>]

export function optionLabel(options: readonly Option[], value: string | null | undefined) {
  if (!value) return ''
  return options.find((option) => option.value === value)?.label ?? value
}




/** Checkbox groups: nothing ticked sends nothing; one ticked sends a single value. */
function choices<T extends readonly [string, ...string[]]>(values: T, message: string) {
  return z.preprocess(
    (value) => (value === undefined || value === null || value === '' ? [] : Array.isArray(value) ? value : [value]),
    z.array(z.enum(values, { error: message })).max(values.length),
  )
}

/**
 * Step 1. A date of birth may not be after today in the agency's time zone,
 * read when the value is checked, so the browser and the server agree.
 */
function buildPersonalInfoSchema(timeZone: string) {
  return z.object({
    firstName: requiredText(50, 'First name is required', 'First name must be less than 50 characters'),
    lastName: requiredText(50, 'Last name is required', 'Last name must be less than 50 characters'),
    dateOfBirth: z
      .string({ error: 'Date of birth is required' })
      .trim()
      .superRefine((value, context) => {
        // One message at a time, most basic first.
        const message = !value
          ? 'Date of birth is required'
          : !isDateString(value)
            ? 'Enter the date of birth as YYYY-MM-DD'
            : value < '1900-01-01'
              ? 'Date of birth must be after 1900'
              : value > dateIn(Date.now(), timeZone)
                ? 'Date of birth cannot be in the future'
                : null
        if (message) context.addIssue({ code: 'custom', message })
      }),
    gender: z.preprocess(blankToUndefined, z.enum(valuesOf(GENDERS), { error: 'Gender is required' })),
    phone: requiredPhone(20, 'Phone is required', 'Phone must be less than 20 characters'),
    email: z.preprocess(
      blankToUndefined,
      z
        .string()
        .trim()
        .email({ message: 'Invalid email address' })
        .max(100, { message: 'Email must be less than 100 characters' })
        .optional(),
    ),
    ...addressFields,
  })
}

/** Builds a schema once per time zone. */
function perTimeZone<T>(build: (timeZone: string) => T) {
  const made = new Map<string, T>()
  return (timeZone: string) => {
    let schema = made.get(timeZone)
    if (!schema) made.set(timeZone, (schema = build(timeZone)))
    return schema
  }
}

export const personalInfoSchema = perTimeZone(buildPersonalInfoSchema)
export type PersonalInfo = z.infer<ReturnType<typeof personalInfoSchema>>

export const medicalHistorySchema = z.object({
  conditions: optionalText(2000, 'Conditions must be less than 2000 characters'),
  allergies: optionalText(1000, 'Allergies must be less than 1000 characters'),
  medications: optionalText(2000, 'Medications must be less than 2000 characters'),
  physicianName: optionalText(100, 'Physician name must be less than 100 characters'),
  physicianPhone: optionalPhone(20, 'Physician phone must be less than 20 characters'),
  notes: optionalText(2000, 'Notes must be less than 2000 characters'),
})
export type MedicalHistory = z.infer<typeof medicalHistorySchema>

export const POLICY_HOLDER_RELATIONSHIPS = [
  { value: 'self', label: 'Self' },
  { value: 'spouse', label: 'Spouse' },
  { value: 'parent', label: 'Parent' },
  { value: 'child', label: 'Child' },
  { value: 'other', label: 'Other' },
] as const

/** Every field may be empty (private pay); a member ID needs the provider it belongs to. */
export const insuranceSchema = z
  .object({
    provider: optionalText(100, 'Insurance provider must be less than 100 characters'),
    memberId: optionalText(50, 'Member ID must be less than 50 characters'),
    groupNumber: optionalText(50, 'Group number must be less than 50 characters'),
    policyHolder: optionalText(100, 'Policy holder must be less than 100 characters'),
    relationship: z.preprocess(
      blankToUndefined,
      z.enum(valuesOf(POLICY_HOLDER_RELATIONSHIPS), { error: 'Choose the policy holder’s relationship' }).optional(),
    ),
  })
  .superRefine((value, context) => {
    if ((value.memberId || value.groupNumber) && !value.provider) {
      context.addIssue({ code: 'custom', path: ['provider'], message: 'Insurance provider is required with a member ID or group number' })
    }
  })
export type InsuranceInfo = z.infer<typeof insuranceSchema>

export const MAX_EMERGENCY_CONTACTS = 5

export const emergencyContactSchema = z.object({
  name: requiredText(100, 'Contact name is required', 'Contact name must be less than 100 characters'),
  relationship: optionalText(50, 'Relationship must be less than 50 characters'),
  phone: requiredPhone(20, 'Contact phone is required', 'Contact phone must be less than 20 characters'),
  email: z.preprocess(
    blankToUndefined,
    z.string().trim().email({ message: 'Invalid email address' }).max(100, { message: 'Email must be less than 100 characters' }).optional(),
  ),
})
export type EmergencyContact = z.infer<typeof emergencyContactSchema>

export const emergencyContactsSchema = z.object({
  contacts: z
    .array(emergencyContactSchema, { error: 'Add at least one emergency contact' })
    .min(1, { message: 'Add at least one emergency contact' })
    .max(MAX_EMERGENCY_CONTACTS, { message: `No more than ${MAX_EMERGENCY_CONTACTS} emergency contacts` }),
})

export const carePreferencesSchema = z.object({
  careType: z.preprocess(blankToUndefined, z.enum(valuesOf(CARE_TYPES), { error: 'Care type is required' })),
  preferredDays: choices(WEEKDAYS, 'Choose days from the list'),
  preferredTimes: choices(valuesOf(CARE_TIMES), 'Choose times from the list'),
  language: optionalText(50, 'Language must be less than 50 characters'),
  caregiverGender: z.preprocess(
    blankToUndefined,
    z.enum(valuesOf(CAREGIVER_GENDER_PREFERENCES), { error: 'Choose a caregiver gender preference' }).default('no-preference'),
  ),
  notes: optionalText(1000, 'Notes must be less than 1000 characters'),
})
export type CarePreferences = z.infer<typeof carePreferencesSchema>

/** The form schema of each step, for an agency in `timeZone`. */
export const stepSchemas = perTimeZone((timeZone: string) => ({
  personal: personalInfoSchema(timeZone),
  medical: medicalHistorySchema,
  insurance: insuranceSchema,
  contacts: emergencyContactsSchema,
  preferences: carePreferencesSchema,
}))

/**
 * POST and PUT /api/patients: the personal fields at the top level (as the
 * earlier client sent them) and each later step as an optional object.
 */
export const patientApiSchema = perTimeZone((timeZone: string) =>
  personalInfoSchema(timeZone).extend({
    medicalHistory: z.preprocess(blankToUndefined, medicalHistorySchema.optional()),
    insuranceInfo: z.preprocess(blankToUndefined, insuranceSchema.optional()),
    emergencyContacts: z.preprocess(
      blankToUndefined,
      z
        .array(emergencyContactSchema, { error: 'Emergency contacts must be a list of { name, relationship, phone, email }' })
        .refine((list) => list.length <= MAX_EMERGENCY_CONTACTS, {
          message: `No more than ${MAX_EMERGENCY_CONTACTS} emergency contacts`,
        })
        .optional(),
    ),
    carePreferences: z.preprocess(blankToUndefined, carePreferencesSchema.optional()),
    /** Only 'complete' means something here: approve a registration pending review. */
    registrationStatus: z.preprocess(
      blankToUndefined,
      z.enum(REGISTRATION_STATUSES, { error: `Registration status must be one of: ${REGISTRATION_STATUSES.join(', ')}` }).optional(),
    ),
  }),
)
export type PatientApiInput = z.infer<ReturnType<typeof patientApiSchema>>

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

export const patientListQuerySchema = z.object({
  q: z.string().trim().max(100).catch(''),
  status: z.enum(['in-progress', 'pending-review', 'complete']).optional().catch(undefined),
  date: z.enum(DATE_RANGES).optional().catch(undefined),
  careType: z.enum(valuesOf(CARE_TYPES)).optional().catch(undefined),
  sort: z.enum(PATIENT_SORTS).catch(DEFAULT_SORT),
  /** Undefined when the URL names none: the page then picks by screen width. */
  view: z.enum(['table', 'cards']).optional().catch(undefined),
  page: z.coerce.number().int().min(1).max(100_000).catch(1),
  pageSize: z.coerce.number().int().min(1).max(100).catch(PATIENT_PAGE_SIZE),
})
export type PatientListQuery = z.infer<typeof patientListQuerySchema>

export function parsePatientListQuery(searchParams: URLSearchParams, defaults: { pageSize?: number } = {}) {
  return patientListQuerySchema.parse({
    q: searchParams.get('q') ?? '',
    status: searchParams.get('status') || undefined,
    date: searchParams.get('date') || undefined,
    careType: searchParams.get('careType') || undefined,
    sort: searchParams.get('sort') || DEFAULT_SORT,
    view: searchParams.get('view') || undefined,
    page: searchParams.get('page') ?? 1,
    pageSize: searchParams.get('pageSize') ?? defaults.pageSize ?? PATIENT_PAGE_SIZE,
  })
}

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
