import { z } from 'zod'
import { isUuid } from '~/lib/ids'
import { blankToUndefined, optionalText } from '~/lib/schema-fields'
import { isDateString } from '~/lib/time'
import { FOLDS, isTimeZone, zonedInstant } from '~/lib/zoned-time'
import {
  APPOINTMENT_PAGE_SIZE,
  APPOINTMENT_STATUSES,
  APPOINTMENT_TYPES,
  APPOINTMENT_WHO,
  CALENDAR_VIEWS,
  DEFAULT_APPOINTMENT_TYPE,
  DEFAULT_DURATION_MINUTES,
  DEFAULT_LOCATION,
  MAX_DURATION_MINUTES,
  MIN_DURATION_MINUTES,
  REQUIRED_FIELDS_MESSAGE,
  SERIES_SCOPES,
  UPCOMING_DAYS,
} from '~/features/calendar/options'
import { REPEAT_ENDS } from '~/features/calendar/recurrence'
import { expandSeries } from '~/features/calendar/series'

const MINUTE = 60 * 1000
const HOUR = 60 * MINUTE

const TYPE_MESSAGE = `Type must be one of: ${APPOINTMENT_TYPES.join(', ')}`
const STATUS_MESSAGE = `Status must be one of: ${APPOINTMENT_STATUSES.join(', ')}`
const DURATION_MESSAGE = 'Duration must be between 5 minutes and 24 hours'
const TIME_OF_DAY = /^([01]\d|2[0-3]):[0-5]\d$/

const title = z
  .string({ error: 'Title is required' })
  .trim()
  .min(1, { message: 'Title is required' })
  .max(200, { message: 'Title must be less than 200 characters' })

const appointmentType = z.preprocess(blankToUndefined, z.enum(APPOINTMENT_TYPES, { error: TYPE_MESSAGE }).default(DEFAULT_APPOINTMENT_TYPE))

const notes = optionalText(2000, 'Notes must be less than 2000 characters')

/** A person picked from the portal's records; empty is nobody. */
function personId(what: string) {
  return z.preprocess(
    blankToUndefined,
    z
      .string({ error: `Choose a ${what} from the list` })
      .trim()
      .refine(isUuid, { message: `Choose a ${what} from the list` })
      .optional(),
  )
}

const people = {
  patientId: personId('patient'),
  caregiverId: personId('caregiver'),
  leadId: personId('lead'),
}

/** What every way of saving an appointment hands the service: exact instants and the zone they were entered in. */
export type AppointmentInput = {
  title: string
  startTime: Date
  endTime: Date
  timeZone: string
  appointmentType: (typeof APPOINTMENT_TYPES)[number]
  location: string | null
  notes: string | null
  patientId: string | null
  caregiverId: string | null
  leadId: string | null
}

/** When it is, as the form has it: a date, a time of day, which one in the repeated hour, and how long. */
function whenFields() {
  return {
    date: z
      .string({ error: 'Date is required' })
      .trim()
      .min(1, { message: 'Date is required' })
      .refine(isDateString, { message: 'Enter the date as YYYY-MM-DD' }),
    time: z
      .string({ error: 'Time is required' })
      .trim()
      .min(1, { message: 'Time is required' })
      .regex(TIME_OF_DAY, { message: 'Enter the time as HH:MM' }),
    // Asked only when the time happens twice (the clocks go back that night).
    fold: z.preprocess(blankToUndefined, z.enum(FOLDS).optional()),
    durationMinutes: z.preprocess(
      (value) => blankToUndefined(value) ?? DEFAULT_DURATION_MINUTES,
      z.coerce
        .number({ error: DURATION_MESSAGE })
        .int({ message: DURATION_MESSAGE })
        .min(MIN_DURATION_MINUTES, { message: DURATION_MESSAGE })
        .max(MAX_DURATION_MINUTES, { message: DURATION_MESSAGE }),
    ),
  }
}

type When = { date: string; time: string; fold?: (typeof FOLDS)[number]; durationMinutes: number }


/**
 * The typed date and time read in `timeZone`: a time the clocks skip is
 * refused next to the time, and one they repeat asks which (next to `fold`).
 * Only once both are well formed: until then their own messages say enough.
 */
function checkWhen(value: Partial<Record<keyof When, unknown>> | null, context: z.RefinementCtx, timeZone: string) {
  if (typeof value !== 'object' || value === null) return
  const { date, time, fold } = value
  if (typeof date !== 'string' || !isDateString(date) || typeof time !== 'string' || !TIME_OF_DAY.test(time)) return
  const resolved = zonedInstant(date, time, timeZone, fold === 'earlier' || fold === 'later' ? fold : undefined)
  if (!resolved.ok) {
    context.addIssue({ code: 'custom', path: [resolved.reason === 'ambiguous' ? 'fold' : 'time'], message: resolved.message })
  }
}

function instantsOf(value: When, timeZone: string) {
  const resolved = zonedInstant(value.date, value.time, timeZone, value.fold)
  // checkWhen has refused every other case before this runs.
  if (!resolved.ok) throw new Error(resolved.message)
  return { startTime: resolved.instant, endTime: new Date(resolved.instant.getTime() + value.durationMinutes * MINUTE), timeZone }
}

/** The spec's alert when title, date or time is missing: above the form, beside each field's own message. */
function checkRequired(value: Record<string, unknown> | null, context: z.RefinementCtx) {
  if (typeof value !== 'object' || value === null) return
  if (['title', 'date', 'time'].some((name) => blankToUndefined(value[name]) === undefined)) {
    context.addIssue({ code: 'custom', message: REQUIRED_FIELDS_MESSAGE, path: [] })
  }
}

/** Checks across fields run even when a field failed, so every message shows at once. */
const ALWAYS = { when: () => true }

/** Builds a schema once per time zone. */
function perTimeZone<T>(build: (timeZone: string) => T) {
  const made = new Map<string, T>()
  return (timeZone: string) => {
    let schema = made.get(timeZone)
    if (!schema) made.set(timeZone, (schema = build(timeZone)))
    return schema
  }
}

const formFields = () => ({
  title,
  ...whenFields(),
  appointmentType,
  // Blank is no location: 'Healthcare Center' is what the form starts with.
  location: optionalText(200, 'Location must be less than 200 characters'),
  notes,
  ...people,
})

type FormValue = When & {
  title: string
  appointmentType: AppointmentInput['appointmentType']
  location?: string
  notes?: string
  patientId?: string
  caregiverId?: string
  leadId?: string
}

function formInput(value: FormValue, timeZone: string): AppointmentInput {
  return {
    title: value.title,
    ...instantsOf(value, timeZone),
    appointmentType: value.appointmentType,
    location: value.location ?? null,
    notes: value.notes ?? null,
    patientId: value.patientId ?? null,
    caregiverId: value.caregiverId ?? null,
    leadId: value.leadId ?? null,
  }
}

const isTicked = (value: unknown) => value === 'on' || value === 'true' || value === true
const asList = (value: unknown) => (value === undefined || value === null || value === '' ? [] : Array.isArray(value) ? value : [value])

/** Ticked on the second submit, once the form has warned that the caregiver is not available that day. */
const confirmAvailability = z.preprocess(isTicked, z.boolean())

/** On a visit of a series: this visit alone, or it and every later one. */
const scope = z.preprocess(blankToUndefined, z.enum(SERIES_SCOPES, { error: 'Choose this visit or this and all following visits' }).default('this'))

/**
 * The appointment form (create and edit), for an agency in `timeZone`: what
 * it returns is an AppointmentInput.
 */
export const appointmentFormSchema = perTimeZone((timeZone: string) =>
  z
    .object(formFields())
    .superRefine((value, context) => {
      checkRequired(value, context)
      checkWhen(value, context, timeZone)
    }, ALWAYS)
    .transform((value): AppointmentInput => formInput(value, timeZone)),
)
export type AppointmentFormValues = z.input<ReturnType<typeof appointmentFormSchema>>

/** The weekly pattern's fields: checked together by recurrence.ts, whose words the page uses too. */
const patternFields = {
  repeat: z.preprocess(isTicked, z.boolean()),
  repeatDays: z.preprocess(asList, z.array(z.string().max(20)).max(7)).optional(),
  repeatEnds: z.preprocess(blankToUndefined, z.enum(REPEAT_ENDS).default('weeks')),
  repeatWeeks: z.preprocess(blankToUndefined, z.string().trim().max(10).optional()),
  repeatUntil: z.preprocess(blankToUndefined, z.string().trim().max(10).optional()),
}

type PatternValue = { repeat: boolean; repeatDays?: string[]; repeatEnds: string; repeatWeeks?: string; repeatUntil?: string }

function seriesOf(value: Partial<When> & Partial<PatternValue>, timeZone: string) {
  const { date, time, fold, durationMinutes } = value
  if (!value.repeat || typeof date !== 'string' || typeof time !== 'string' || !TIME_OF_DAY.test(time)) return null
  return expandSeries(
    {
      date,
      time,
      fold: fold === 'earlier' || fold === 'later' ? fold : undefined,
      durationMinutes: typeof durationMinutes === 'number' ? durationMinutes : DEFAULT_DURATION_MINUTES,
      repeat: true,
      repeatDays: Array.isArray(value.repeatDays) ? value.repeatDays : [],
      repeatEnds: value.repeatEnds ?? 'weeks',
      repeatWeeks: value.repeatWeeks ?? '',
      repeatUntil: value.repeatUntil ?? '',
    },
    timeZone,
  )
}

/**
 * Create Appointment: the appointment form, an optional weekly pattern (one
 * appointment per visit, `visits` null without one) and the confirmation
 * that a caregiver may be booked outside their stated days.
 */
export const appointmentCreateSchema = perTimeZone((timeZone: string) =>
  z
    .object({ ...formFields(), ...patternFields, confirmAvailability })
    .superRefine((value, context) => {
      checkRequired(value, context)
      checkWhen(value, context, timeZone)
      const series = seriesOf(value, timeZone)
      if (series && !series.ok) {
        for (const [path, message] of Object.entries(series.problems)) context.addIssue({ code: 'custom', path: [path], message })
      }
    }, ALWAYS)
    .transform((value) => {
      const series = seriesOf(value, timeZone)
      return {
        input: formInput(value, timeZone),
        visits: series?.ok ? series.visits : null,
        confirmAvailability: value.confirmAvailability,
      }
    }),
)

/** Edit Appointment: the form, and on a visit of a series whether later visits change too. */
export const appointmentEditSchema = perTimeZone((timeZone: string) =>
  z
    .object({ ...formFields(), scope, confirmAvailability })
    .superRefine((value, context) => {
      checkRequired(value, context)
      checkWhen(value, context, timeZone)
    }, ALWAYS)
    .transform((value) => ({
      input: formInput(value, timeZone),
      wallClock: { date: value.date, time: value.time, durationMinutes: value.durationMinutes },
      scope: value.scope,
      confirmAvailability: value.confirmAvailability,
    })),
)

/** Reschedule: a new date, time and length, nothing else (on a visit of a series, perhaps of the later ones too). */
export const rescheduleSchema = perTimeZone((timeZone: string) =>
  z
    .object({ ...whenFields(), scope, confirmAvailability })
    .superRefine((value, context) => checkWhen(value, context, timeZone), ALWAYS)
    .transform((value) => ({
      ...instantsOf(value, timeZone),
      wallClock: { date: value.date, time: value.time, durationMinutes: value.durationMinutes },
      scope: value.scope,
      confirmAvailability: value.confirmAvailability,
    })),
)

/** Cancelling says why (and, on a visit of a series, whether the later visits go too). */
export const cancelSchema = z.object({
  scope,
  cancelReason: z
    .string({ error: 'Give a reason for cancelling' })
    .trim()
    .min(1, { message: 'Give a reason for cancelling' })
    .max(500, { message: 'Reason must be less than 500 characters' }),
})

// ---------------------------------------------------------------------------
// The JSON API: startTime and endTime as ISO 8601. With an offset or Z they
// are exact; without one they are the wall clock of `timezone` (the agency's
// when absent), read by the same rules as the form.

const WALL_CLOCK = /^(\d{4}-\d{2}-\d{2})T(\d{2}:\d{2})(?::00(?:\.0+)?)?$/
const WITH_OFFSET = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})$/

function apiInstant(value: string, timeZone: string, field: 'startTime' | 'endTime'): { instant: Date } | { message: string } {
  const label = field === 'startTime' ? 'Start time' : 'End time'
  if (WITH_OFFSET.test(value)) {
    const parsed = Date.parse(value)
    return Number.isNaN(parsed) ? { message: `${label} must be an ISO 8601 date and time` } : { instant: new Date(parsed) }
  }
  const wallClock = WALL_CLOCK.exec(value)
  if (!wallClock) return { message: `${label} must be an ISO 8601 date and time` }
  const resolved = zonedInstant(wallClock[1]!, wallClock[2]!, timeZone)
  if (resolved.ok) return { instant: resolved.instant }
  if (resolved.reason === 'ambiguous') return { message: resolved.message.replace(/ Choose which one you mean\.$/, ' Send it with its UTC offset.') }
  return { message: resolved.reason === 'invalid' ? `${label} must be an ISO 8601 date and time` : resolved.message }
}

const isoText = (label: string) => z.string({ error: `${label} must be an ISO 8601 date and time` }).trim().max(40, { message: `${label} must be an ISO 8601 date and time` })

/** The fields of POST /api/appointments and PUT /api/appointments/{id}, as the spec names them. */
function apiFields(timeZone: string, statuses: readonly (typeof APPOINTMENT_STATUSES)[number][], statusMessage: string) {
  return {
    title,
    startTime: z.preprocess(blankToUndefined, isoText('Start time').optional()),
    endTime: z.preprocess(blankToUndefined, isoText('End time').optional()),
    appointmentType,
    status: z.preprocess(blankToUndefined, z.enum(statuses as [string, ...string[]], { error: statusMessage }).default('scheduled')),
    // Absent is the default place ('Healthcare Center'); null or '' is none.
    location: z.string({ error: 'Location must be text' }).trim().max(200, { message: 'Location must be less than 200 characters' }).nullable().optional(),
    timezone: z.preprocess(
      (value) => blankToUndefined(value) ?? timeZone,
      z.string({ error: 'Unknown time zone' }).refine(isTimeZone, { message: 'Unknown time zone' }),
    ),
    notes,
    ...people,
    cancelReason: optionalText(500, 'Reason must be less than 500 characters'),
  }
}

type ApiValue = {
  title: string
  startTime?: string
  endTime?: string
  appointmentType: (typeof APPOINTMENT_TYPES)[number]
  status: string
  location?: string | null
  timezone: string
  notes?: string
  patientId?: string
  caregiverId?: string
  leadId?: string
  cancelReason?: string
}

function checkApiTimes(value: Partial<ApiValue> | null, context: z.RefinementCtx) {
  // Checks across fields run even when the body is no object at all.
  if (typeof value !== 'object' || value === null) return
  if (typeof value.timezone !== 'string' || !isTimeZone(value.timezone)) return
  if (!value.startTime) {
    context.addIssue({ code: 'custom', path: ['startTime'], message: 'Start time is required' })
    return
  }
  if (typeof value.startTime !== 'string' || (value.endTime !== undefined && typeof value.endTime !== 'string')) return
  const start = apiInstant(value.startTime, value.timezone, 'startTime')
  if ('message' in start) context.addIssue({ code: 'custom', path: ['startTime'], message: start.message })
  const end = value.endTime ? apiInstant(value.endTime, value.timezone, 'endTime') : undefined
  if (end && 'message' in end) context.addIssue({ code: 'custom', path: ['endTime'], message: end.message })
  if ('instant' in start && end && 'instant' in end) {
    if (end.instant <= start.instant) context.addIssue({ code: 'custom', path: ['endTime'], message: 'End time must be after the start time' })
    else if (end.instant.getTime() - start.instant.getTime() > MAX_DURATION_MINUTES * MINUTE) {
      context.addIssue({ code: 'custom', path: ['endTime'], message: 'An appointment may last at most 24 hours' })
    }
  }
}

function apiInput(value: ApiValue) {
  const start = apiInstant(value.startTime!, value.timezone, 'startTime') as { instant: Date }
  const end = value.endTime ? (apiInstant(value.endTime, value.timezone, 'endTime') as { instant: Date }).instant : new Date(start.instant.getTime() + HOUR)
  const input: AppointmentInput = {
    title: value.title,
    startTime: start.instant,
    endTime: end,
    timeZone: value.timezone,
    appointmentType: value.appointmentType,
    location: value.location === undefined ? DEFAULT_LOCATION : value.location || null,
    notes: value.notes ?? null,
    patientId: value.patientId ?? null,
    caregiverId: value.caregiverId ?? null,
    leadId: value.leadId ?? null,
  }
  return { input, status: value.status as (typeof APPOINTMENT_STATUSES)[number], cancelReason: value.cancelReason ?? null }
}

/** POST /api/appointments: a new appointment is scheduled, or confirmed when it already is; one hour when endTime is absent. */
export const appointmentCreateApiSchema = perTimeZone((timeZone: string) =>
  z
    .object(apiFields(timeZone, ['scheduled', 'confirmed'], 'A new appointment is scheduled or confirmed'))
    .superRefine(checkApiTimes, ALWAYS)
    .transform(apiInput),
)

/** PUT /api/appointments/{id}: the whole appointment, as on create; status may move on (cancelled with a cancelReason). */
export const appointmentUpdateApiSchema = perTimeZone((timeZone: string) =>
  z
    .object(apiFields(timeZone, APPOINTMENT_STATUSES, STATUS_MESSAGE))
    .superRefine(checkApiTimes, ALWAYS)
    .transform(apiInput),
)

// ---------------------------------------------------------------------------
// The calendar page's URL query.

const optionalUuid = z
  .string()
  .trim()
  .refine(isUuid)
  .optional()
  .catch(undefined)

export const appointmentListQuerySchema = z.object({
  q: z.string().trim().max(100).catch(''),
  status: z.enum(APPOINTMENT_STATUSES).optional().catch(undefined),
  type: z.enum(APPOINTMENT_TYPES).optional().catch(undefined),
  who: z.enum(APPOINTMENT_WHO).optional().catch(undefined),
  patientId: optionalUuid,
  caregiverId: optionalUuid,
  leadId: optionalUuid,
  view: z.enum(CALENDAR_VIEWS).catch('list'),
  /** The first day the list shows, or a day of the week the week view shows (YYYY-MM-DD, agency zone); today when absent. */
  from: z.string().trim().refine(isDateString).optional().catch(undefined),
  days: z.coerce.number().int().min(1).max(365).catch(UPCOMING_DAYS),
  page: z.coerce.number().int().min(1).max(100_000).catch(1),
})
export type AppointmentListQuery = z.infer<typeof appointmentListQuerySchema>

export function parseAppointmentListQuery(searchParams: URLSearchParams): AppointmentListQuery {
  const value = (name: string) => searchParams.get(name) || undefined
  return appointmentListQuerySchema.parse({
    q: searchParams.get('q') ?? '',
    status: value('status'),
    type: value('type'),
    who: value('who'),
    patientId: value('patientId'),
    caregiverId: value('caregiverId'),
    leadId: value('leadId'),
    view: value('view') ?? 'list',
    from: value('from'),
    days: value('days') ?? UPCOMING_DAYS,
    page: value('page') ?? 1,
  })
}

/** GET /api/appointments/upcoming?days=: 30 unless given, 1 to 365. */
export const upcomingDaysSchema = z.coerce
  .number({ error: 'days must be a whole number from 1 to 365' })
  .int({ message: 'days must be a whole number from 1 to 365' })
  .min(1, { message: 'days must be a whole number from 1 to 365' })
  .max(365, { message: 'days must be a whole number from 1 to 365' })
  .default(UPCOMING_DAYS)

export { APPOINTMENT_PAGE_SIZE }
