import { titleCase } from '~/lib/misc'

/**
 * An appointment's enumerations, labels, colours and defaults, without Zod:
 * pages import these; the schemas (schema.ts) check against them on the
 * server.
 */

export const APPOINTMENT_TYPES = ['consultation', 'initial_assessment', 'follow_up', 'check_up', 'therapy', 'care_review'] as const
export type AppointmentType = (typeof APPOINTMENT_TYPES)[number]
export const DEFAULT_APPOINTMENT_TYPE: AppointmentType = 'consultation'

export const APPOINTMENT_STATUSES = ['scheduled', 'confirmed', 'cancelled', 'completed', 'no_show'] as const
export type AppointmentStatus = (typeof APPOINTMENT_STATUSES)[number]

/**
 * The statuses that hold a caregiver's time: only these count as a double
 * booking (the database's exclusion constraint names the same two).
 */
export const ACTIVE_APPOINTMENT_STATUSES = ['scheduled', 'confirmed'] as const satisfies readonly AppointmentStatus[]

export function isActiveStatus(status: string) {
  return (ACTIVE_APPOINTMENT_STATUSES as readonly string[]).includes(status)
}

/** 'initial_assessment' → 'Initial Assessment', 'no_show' → 'No Show': underscores as spaces, words capitalised. */
export function appointmentLabel(value: string) {
  return titleCase(value)
}

export const APPOINTMENT_TYPE_OPTIONS = APPOINTMENT_TYPES.map((value) => ({ value, label: appointmentLabel(value) }))
export const APPOINTMENT_STATUS_OPTIONS = APPOINTMENT_STATUSES.map((value) => ({ value, label: appointmentLabel(value) }))

/** Badge colours: four statuses of their own and yellow for any other; four types of their own and neutral for the rest. */
const STATUS_BADGE: Record<string, string> = {
  scheduled: 'bg-blue-100 text-blue-900',
  confirmed: 'bg-green-100 text-green-900',
  cancelled: 'bg-red-100 text-red-900',
  completed: 'bg-slate-200 text-slate-800',
}
const OTHER_STATUS_BADGE = 'bg-yellow-100 text-yellow-900'

const TYPE_BADGE: Record<string, string> = {
  initial_assessment: 'bg-purple-100 text-purple-900',
  follow_up: 'bg-orange-100 text-orange-900',
  consultation: 'bg-teal-100 text-teal-900',
  care_review: 'bg-pink-100 text-pink-900',
}
const OTHER_TYPE_BADGE = 'bg-slate-100 text-slate-800'

export function statusBadgeClass(status: string) {
  return STATUS_BADGE[status] ?? OTHER_STATUS_BADGE
}

export function typeBadgeClass(type: string) {
  return TYPE_BADGE[type] ?? OTHER_TYPE_BADGE
}

/** Who an appointment concerns, for the list's filter. */
export const APPOINTMENT_WHO = ['patient', 'caregiver', 'lead'] as const
export type AppointmentWho = (typeof APPOINTMENT_WHO)[number]
export const APPOINTMENT_WHO_OPTIONS = [
  { value: '', label: 'Anyone' },
  { value: 'patient', label: 'A patient' },
  { value: 'caregiver', label: 'A caregiver' },
  { value: 'lead', label: 'A lead' },
] as const

export const DEFAULT_LOCATION = 'Healthcare Center'

/** Minutes; an hour unless staff choose otherwise. */
export const DEFAULT_DURATION_MINUTES = 60
export const DURATION_CHOICES = [15, 30, 45, 60, 90, 120, 180, 240, 360, 480, 720] as const
export const MIN_DURATION_MINUTES = 5
export const MAX_DURATION_MINUTES = 24 * 60

/** '90' → '1 hour 30 minutes' */
export function durationLabel(minutes: number) {
  const hours = Math.floor(minutes / 60)
  const rest = minutes % 60
  const parts = [hours ? `${hours} hour${hours === 1 ? '' : 's'}` : '', rest ? `${rest} minute${rest === 1 ? '' : 's'}` : '']
  return parts.filter(Boolean).join(' ') || '0 minutes'
}

/** The duration select: the usual lengths, plus the appointment's own when it is another. */
export function durationOptions(current?: number) {
  const values: number[] = [...DURATION_CHOICES]
  if (current && !values.includes(current)) values.push(current)
  return values.sort((a, b) => a - b).map((minutes) => ({ value: String(minutes), label: durationLabel(minutes) }))
}

/** The list looks this many days ahead unless the URL says otherwise. */
export const UPCOMING_DAYS = 30
export const APPOINTMENT_PAGE_SIZE = 50

/**
 * A day of the week grid lays out at most this many appointments. A busier
 * day shows how many it holds and a link to its list instead: a busy agency
 * books hundreds a day, more than a column can show or a tablet render, and
 * showing only some would leave the rest of the day looking free.
 */
export const WEEK_DAY_LIMIT = 20

/** Past this many in one week the days stop counting (the grid says so and asks for a filter). */
export const WEEK_SCAN_LIMIT = 10_000

/** The views of the calendar page: the upcoming list, or a week of day columns. */
export const CALENDAR_VIEWS = ['list', 'week'] as const
export type CalendarView = (typeof CALENDAR_VIEWS)[number]

/** The required fields' summary, as the spec words it. */
export const REQUIRED_FIELDS_MESSAGE = 'Please fill in all required fields (Title, Date, Time)'

/** The toast (or message above the form) when a save fails. */
export function createFailureMessage(message?: string | null) {
  return `Error creating appointment: ${message || 'Please try again.'}`
}

/**
 * Where a change leaves the user on the appointment's page, as an element id
 * (URL fragment): its details, which say the new time or status.
 */
export const APPOINTMENT_DETAILS_ID = 'appointment-details'

const FIELD_NAMES: Record<string, string> = {
  title: 'title',
  startTime: 'time',
  endTime: 'end',
  timeZone: 'time zone',
  appointmentType: 'type',
  location: 'location',
  notes: 'notes',
  patientId: 'patient',
  caregiverId: 'caregiver',
  leadId: 'lead',
}

/** One line of an appointment's trail, in the page's words ('Rescheduled', 'Cancelled'). */
export function describeAppointmentActivity(action: string, details: Record<string, unknown>) {
  if (action === 'create') return 'Booked'
  if (action === 'view') return 'Viewed'
  if (action === 'delete') return 'Deleted'
  if (typeof details.to === 'string') {
    return details.to === 'no_show' ? 'Marked as a no-show' : appointmentLabel(details.to)
  }
  if (details.from && typeof details.from === 'object') return 'Rescheduled'
  const changed = Array.isArray(details.changed) ? details.changed.map((field) => FIELD_NAMES[String(field)] ?? String(field)) : []
  return changed.length > 0 ? `Edited (${[...new Set(changed)].join(', ')})` : 'Saved without changes'
}

/** Why a finished appointment cannot be changed: 'This appointment is completed: it can no longer be rescheduled.' */
export function finishedMessage(status: string, what: string) {
  return `This appointment is ${appointmentLabel(status).toLowerCase()}: it can no longer be ${what}.`
}

/** What a change to a visit of a weekly series applies to: that visit alone, or it and every later one still booked. */
export const SERIES_SCOPES = ['this', 'following'] as const
export type SeriesScope = (typeof SERIES_SCOPES)[number]
export const SERIES_SCOPE_OPTIONS = [
  { value: 'this', label: 'This visit' },
  { value: 'following', label: 'This and all following visits' },
] as const satisfies ReadonlyArray<{ value: SeriesScope; label: string }>
