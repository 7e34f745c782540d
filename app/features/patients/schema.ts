import { z } from 'zod'
import { blankToUndefined, requiredText, optionalText, requiredPhone, optionalPhone, addressFields } from '~/lib/schema-fields'
import { DATE_RANGES, WEEKDAYS, dateIn } from '~/lib/time'
import { dateOfBirthProblem, insuranceProblems } from '~/features/patients/rules'
import { DEFAULT_SORT } from '~/lib/list-sort'
import {
  CAREGIVER_GENDER_PREFERENCES,
  CARE_TIMES,
  CARE_TYPES,
  GENDERS,
  MAX_EMERGENCY_CONTACTS,
  PATIENT_PAGE_SIZE,
  PATIENT_SORTS,
  POLICY_HOLDER_RELATIONSHIPS,
  REGISTRATION_STATUSES,
  valuesOf,
} from '~/features/patients/options'

export {
  CAREGIVER_GENDER_PREFERENCES,
  CARE_TIMES,
  CARE_TYPES,
  GENDERS,
  MAX_EMERGENCY_CONTACTS,
  PATIENT_PAGE_SIZE,
  PATIENT_SORTS,
  PATIENT_SORT_OPTIONS,
  POLICY_HOLDER_RELATIONSHIPS,
  REGISTRATION_DATE_FILTER_OPTIONS,
  REGISTRATION_STATUSES,
  REGISTRATION_STATUS_FILTER_OPTIONS,
  REGISTRATION_STATUS_HEADING_ID,
  REGISTRATION_STEPS,
  REGISTRATION_STEP_HEADING_ID,
  WEEKDAY_OPTIONS,
  describePatientActivity,
  nextStep,
  optionLabel,
  registrationProgress,
  registrationStatusLabel,
  statusAfterSave,
  stepBySlug,
  stepLeftBlank,
  stepOfIntent,
  type PatientSort,
  type RegistrationStatus,
  type RegistrationStep,
  type StepKey,
} from '~/features/patients/options'

/** Checkbox groups: nothing ticked sends nothing; one ticked sends a single value. */
function choices<T extends readonly [string, ...string[]]>(values: T, message: string) {
  return z.preprocess(
    (value) => (value === undefined || value === null || value === '' ? [] : Array.isArray(value) ? value : [value]),
    z.array(z.enum(values, { error: message })).max(values.length),
  )
}

/**
 * Step 1. A date of birth may not be after today in the agency's time zone,
 * read when the value is checked (the page reads it too, with the same rule).
 */
function buildPersonalInfoSchema(timeZone: string) {
  return z.object({
    firstName: requiredText(50, 'First name is required', 'First name must be less than 50 characters'),
    lastName: requiredText(50, 'Last name is required', 'Last name must be less than 50 characters'),
    dateOfBirth: z
      .string({ error: 'Date of birth is required' })
      .trim()
      .superRefine((value, context) => {
        const message = dateOfBirthProblem(value, dateIn(Date.now(), timeZone))
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
    for (const [field, message] of Object.entries(insuranceProblems(value) ?? {})) {
      context.addIssue({ code: 'custom', path: [field], message })
    }
  })
export type InsuranceInfo = z.infer<typeof insuranceSchema>


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

