import { z } from 'zod'
import { DEFAULT_SORT } from '~/lib/list-sort'
import {
  BACKGROUND_CHECK_STATUSES,
  CAREGIVER_PAGE_SIZE,
  CAREGIVER_SORTS,
  CAREGIVER_STATUSES,
  MAX_HOURLY_RATE,
  SPECIALIZATIONS,
  YEARS_EXPERIENCE_OPTIONS,
} from '~/features/caregivers/options'
import { blankToUndefined, requiredText, requiredPhone, addressFields } from '~/lib/schema-fields'
import { CAREGIVER_FILE_PICKERS, chosenFileProblems, chosenFiles as filesIn } from '~/features/caregivers/rules'
import { isDateString } from '~/lib/time'
import { WEEKDAYS, type Weekday } from '~/lib/time'

export {
  BACKGROUND_CHECK_LABELS,
  BACKGROUND_CHECK_STATUSES,
  CAREGIVER_PAGE_SIZE,
  CAREGIVER_SORTS,
  CAREGIVER_SORT_OPTIONS,
  CAREGIVER_STATUSES,
  MAX_HOURLY_RATE,
  SPECIALIZATIONS,
  STATE_FIELD_LABELS,
  STATUS_FILTER_OPTIONS,
  YEARS_EXPERIENCE_OPTIONS,
  describeCaregiverActivity,
  stateLabel,
  yearsExperienceLabel,
  type BackgroundCheckStatus,
  type CaregiverSort,
  type CaregiverStatus,
} from '~/features/caregivers/options'

const YEARS_EXPERIENCE_VALUES = YEARS_EXPERIENCE_OPTIONS.map((option) => option.value) as [string, ...string[]]

// ---------------------------------------------------------------------------
// Field rules shared by the form and the JSON API (address rules as for leads).




function optionalDate(message: string) {
  return z.preprocess(
    blankToUndefined,
    z
      .string({ error: message })
      .trim()
      .refine((value) => isDateString(value), { message })
      .optional(),
  )
}

/**
 * An expiry date in a JSON body. Unlike the form, a PUT may leave the key
 * out: undefined then means "keep the stored date", while null (or an empty
 * string) clears it.
 */
function clearableDate(message: string) {
  return z.preprocess(
    (value) => (value === undefined ? undefined : blankToUndefined(value) === undefined ? null : value),
    z
      .string({ error: message })
      .trim()
      .refine((value) => isDateString(value), { message })
      .nullable()
      .optional(),
  )
}

const fieldRules = {
  fullName: requiredText(100, 'Full name is required', 'Full name must be less than 100 characters'),
  email: z.preprocess(
    blankToUndefined,
    z
      .string({ error: 'Invalid email address' })
      .trim()
      .email({ message: 'Invalid email address' })
      .max(100, { message: 'Email must be less than 100 characters' })
      .optional(),
  ),
  phone: requiredPhone(20, 'Phone is required', 'Phone number must be less than 20 characters'),
  licenseNumber: requiredText(50, 'License number is required', 'License number must be less than 50 characters'),
  licenseExpiresOn: optionalDate('License expiry must be a date (YYYY-MM-DD)'),
  certificationExpiresOn: optionalDate('Certification expiry must be a date (YYYY-MM-DD)'),
  yearsExperience: z.preprocess(
    (value) => blankToUndefined(value) ?? '',
    z.enum(YEARS_EXPERIENCE_VALUES, { error: 'Years of experience is required' }),
  ),
  hourlyRate: z.preprocess(
    (value) => {
      const given = blankToUndefined(value)
      if (given === undefined) return 0
      if (typeof given === 'string') return Number(given.trim())
      return given
    },
    z
      .number({ error: 'Hourly rate must be a number' })
      .refine((value) => Number.isFinite(value), { message: 'Hourly rate must be a number' })
      .min(0, { message: 'Hourly rate must be 0 or greater' })
      .max(MAX_HOURLY_RATE, { message: `Hourly rate must be ${MAX_HOURLY_RATE} or less` }),
  )
    // Optional on the outside so the input is not marked required; absent means 0.
    .optional(),
  specializations: z
    .array(z.enum(SPECIALIZATIONS, { error: `Specializations must be among: ${SPECIALIZATIONS.join(', ')}` }))
    .default([])
    .transform((values) => [...new Set(values)]),
  ...addressFields,
}

const certificationName = z.string().trim().min(1).max(100, { message: 'Each certification must be less than 100 characters' })
const weekday = z.enum(WEEKDAYS, { error: 'Availability days must be weekday names, monday to sunday' })

/** Weekdays in calendar order, without repeats. */
function orderedDays(days: readonly Weekday[]) {
  return WEEKDAYS.filter((day) => days.includes(day))
}

/** A form field may arrive as one value or several; always a list here. */
const asList = (value: unknown) => (value === undefined || value === null || value === '' ? [] : Array.isArray(value) ? value : [value])

/** Files chosen in one picker: count, type and size (the page checks them with the same rules before sending). */
function chosenFiles(field: string) {
  const picker = CAREGIVER_FILE_PICKERS.find((candidate) => candidate.field === field)!
  return z.preprocess(
    (value) => filesIn(asList(value)),
    z.array(z.custom<File>((value) => typeof File !== 'undefined' && value instanceof File)).superRefine((files, context) => {
      for (const message of chosenFileProblems(files, picker)) context.addIssue({ code: 'custom', message })
    }),
  )
}

/**
 * The caregiver form. Certifications are typed one per line (a name may
 * contain a comma); specializations and availability are checkboxes.
 */
export const caregiverFormFields = z.object({
  ...fieldRules,
  // Lists and files are wrapped in .optional() so their inputs are not
  // marked required (without JavaScript the browser would insist on every
  // weekday box); absent means empty.
  specializations: z.preprocess(asList, fieldRules.specializations).optional(),
  certifications: z
    .preprocess(
      (value) =>
        typeof value === 'string'
          ? value
              .split(/\r\n|\r|\n/)
              .map((entry) => entry.trim())
              .filter(Boolean)
          : [],
      z.array(certificationName).max(20, { message: 'List at most 20 certifications' }),
    )
    .optional(),
  availableDays: z.preprocess(asList, z.array(weekday)).optional(),
  // The server streams files to storage and checks their content
  // (app/features/caregivers/upload.server.ts); here the browser checks them first.
  licenseFile: chosenFiles('licenseFile').optional(),
  resumeFile: chosenFiles('resumeFile').optional(),
  certificationFiles: chosenFiles('certificationFiles').optional(),
  referenceFiles: chosenFiles('referenceFiles').optional(),
})

/**
 * What the form saves. Its fields (without this last step) give the inputs
 * their HTML constraints. The form holds the whole record, so a blank expiry
 * date clears the stored one (null).
 */
export const caregiverFormSchema = caregiverFormFields.transform(
  ({
    availableDays,
    certifications,
    specializations,
    hourlyRate,
    licenseExpiresOn,
    certificationExpiresOn,
    licenseFile: _l,
    resumeFile: _r,
    certificationFiles: _c,
    referenceFiles: _f,
    ...rest
  }) => ({
    ...rest,
    licenseExpiresOn: licenseExpiresOn ?? null,
    certificationExpiresOn: certificationExpiresOn ?? null,
    hourlyRate: hourlyRate ?? 0,
    specializations: specializations ?? [],
    certifications: [...new Set(certifications ?? [])],
    availableDays: orderedDays(availableDays ?? []),
  }),
)
/**
 * What a save writes. An expiry date left undefined keeps the stored one
 * (a PUT without the key; nothing on create); null clears it.
 */
export type CaregiverInput = Omit<z.output<typeof caregiverFormSchema>, 'licenseExpiresOn' | 'certificationExpiresOn'> & {
  licenseExpiresOn?: string | null
  certificationExpiresOn?: string | null
}

/**
 * The JSON body of POST and PUT /api/caregivers. Same rules as
 * the form; availability is `{ days: [...] }` or null. An expiry date whose
 * key is absent stays as stored; null clears it (the original PUT body has
 * neither date, so a PUT must not erase them). status,
 * backgroundCheckStatus and applicationProgress are read by no one here:
 * creation always starts active, pending, submitted, and a PUT never
 * changes them (docs/api.md).
 */
export const caregiverApiSchema = z
  .object({
    ...fieldRules,
    licenseExpiresOn: clearableDate('License expiry must be a date (YYYY-MM-DD)'),
    certificationExpiresOn: clearableDate('Certification expiry must be a date (YYYY-MM-DD)'),
    specializations: z.preprocess((value) => value ?? [], fieldRules.specializations),
    certifications: z.preprocess(
      (value) => value ?? [],
      z.array(certificationName, { error: 'Certifications must be a list of text' }).max(20, { message: 'List at most 20 certifications' }),
    ),
    availability: z
      .object({ days: z.array(weekday, { error: 'availability.days must be a list of weekday names' }) }, { error: 'Availability must be { days: [...] } or null' })
      .nullable()
      .optional(),
  })
  .transform(({ availability, certifications, hourlyRate, ...rest }) => ({
    ...rest,
    hourlyRate: hourlyRate ?? 0,
    certifications: [...new Set(certifications)],
    availableDays: orderedDays(availability?.days ?? []),
  }))

export const statusChangeSchema = z.discriminatedUnion('intent', [
  z.object({ intent: z.literal('set-status'), value: z.enum(CAREGIVER_STATUSES, { error: 'Choose a status' }) }),
  z.object({
    intent: z.literal('set-background-check'),
    value: z.enum(BACKGROUND_CHECK_STATUSES, { error: 'Choose a background check status' }),
  }),
])

// ---------------------------------------------------------------------------
// The list's URL query.

export const caregiverListQuerySchema = z.object({
  q: z.string().trim().max(100).catch(''),
  status: z.enum(CAREGIVER_STATUSES).optional().catch(undefined),
  specialization: z.enum(SPECIALIZATIONS).optional().catch(undefined),
  backgroundCheckStatus: z.enum(BACKGROUND_CHECK_STATUSES).optional().catch(undefined),
  sort: z.enum(CAREGIVER_SORTS).catch(DEFAULT_SORT),
  /** Undefined when the URL names none: the page then picks by screen width. */
  view: z.enum(['cards', 'table']).optional().catch(undefined),
  page: z.coerce.number().int().min(1).max(100_000).catch(1),
  pageSize: z.coerce.number().int().min(1).max(100).catch(CAREGIVER_PAGE_SIZE),
})
export type CaregiverListQuery = z.infer<typeof caregiverListQuerySchema>

export function parseCaregiverListQuery(searchParams: URLSearchParams, defaults: { pageSize?: number } = {}): CaregiverListQuery {
  return caregiverListQuerySchema.parse({
    q: searchParams.get('q') ?? '',
    status: searchParams.get('status') || undefined,
    specialization: searchParams.get('specialization') || undefined,
    backgroundCheckStatus: searchParams.get('backgroundCheckStatus') || undefined,
    sort: searchParams.get('sort') || DEFAULT_SORT,
    view: searchParams.get('view') || undefined,
    page: searchParams.get('page') ?? 1,
    pageSize: searchParams.get('pageSize') ?? defaults.pageSize ?? CAREGIVER_PAGE_SIZE,
  })
}
