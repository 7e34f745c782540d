import { isUuid } from '~/lib/ids'
import { WEEKDAYS, isDateString } from '~/lib/time'
import type { AppointmentFormDefaults } from '~/features/calendar/appointment-form'
import {
  APPOINTMENT_TYPES,
  DEFAULT_APPOINTMENT_TYPE,
  DEFAULT_DURATION_MINUTES,
  DEFAULT_LOCATION,
  SERIES_SCOPES,
} from '~/features/calendar/options'
import { REPEAT_ENDS } from '~/features/calendar/recurrence'

/** The 'Find people' field's name: the words the three selects are narrowed by. */
export const FIND_PEOPLE_KEY = 'findPeople'
/** The words the lists on the page were found by, to tell a search typed but not run. */
export const FOUND_PEOPLE_KEY = 'foundPeople'
/** Where focus goes after a Find: the status that says how many matched. */
export const PEOPLE_FOUND_ID = 'people-found'

/**
 * What a link may fill in on the new appointment form: ?patientId=,
 * ?caregiverId=, ?leadId= (from a person's page or the filtered calendar),
 * ?title=, ?date= and ?time= (from a day of the week view). A 'Find people'
 * sends the whole form by GET, so every field comes back from the query as
 * typed. Anything that is not a value the form could hold is left out, never
 * shown.
 */
export const PREFILL_KEYS = [
  'title',
  'date',
  'time',
  'fold',
  'appointmentType',
  'durationMinutes',
  'location',
  'notes',
  'repeat',
  'repeatDays',
  'repeatEnds',
  'repeatWeeks',
  'repeatUntil',
  'scope',
  'confirmAvailability',
  FIND_PEOPLE_KEY,
] as const

const FIND_MAX = 100
const oneOf = <T extends string>(values: readonly T[], value: string | null) =>
  value !== null && (values as readonly string[]).includes(value) ? (value as T) : undefined

/** The words of a Find, when the query holds one ('' for a Find with the field blank), else undefined. */
export function findPeopleQuery(query: URLSearchParams) {
  const value = query.get(FIND_PEOPLE_KEY)
  return value === null ? undefined : value.trim().slice(0, FIND_MAX)
}

/** The fields of the form as the query holds them; `base` fills what the query does not name. */
function formDefaults(query: URLSearchParams, base: AppointmentFormDefaults): AppointmentFormDefaults {
  const raw = (name: string, max: number) => {
    const value = query.get(name)
    return value === null ? undefined : value.slice(0, max)
  }
  const text = (name: string, max: number) => raw(name, max)?.trim() || undefined
  const id = (name: string) => {
    const value = query.get(name)?.trim()
    return value && isUuid(value) ? value : undefined
  }
  const date = (name: string) => {
    const value = text(name, 10)
    return value && isDateString(value) ? value : undefined
  }
  const time = text('time', 5)
  const minutes = Number(query.get('durationMinutes'))
  const weeks = text('repeatWeeks', 10)
  const days = query.getAll('repeatDays').filter((day) => (WEEKDAYS as readonly string[]).includes(day))
  return {
    ...base,
    title: text('title', 200) ?? base.title,
    date: date('date') ?? base.date,
    time: time && /^([01]\d|2[0-3]):[0-5]\d$/.test(time) ? time : base.time,
    fold: oneOf(['earlier', 'later'], query.get('fold')) ?? base.fold,
    appointmentType: oneOf(APPOINTMENT_TYPES, query.get('appointmentType')) ?? base.appointmentType,
    durationMinutes:
      Number.isInteger(minutes) && minutes >= 5 && minutes <= 24 * 60 ? String(minutes) : base.durationMinutes,
    // Blank is a value here: the location or notes cleared before a Find stay cleared.
    location: raw('location', 200) ?? base.location,
    notes: raw('notes', 2000) ?? base.notes,
    patientId: query.has('patientId') ? id('patientId') : base.patientId,
    caregiverId: query.has('caregiverId') ? id('caregiverId') : base.caregiverId,
    leadId: query.has('leadId') ? id('leadId') : base.leadId,
    ...(query.get('repeat') === 'on' ? { repeat: 'on' } : {}),
    ...(days.length > 0 ? { repeatDays: days } : {}),
    ...(oneOf(REPEAT_ENDS, query.get('repeatEnds')) ? { repeatEnds: query.get('repeatEnds') } : {}),
    ...(weeks && /^\d+$/.test(weeks) ? { repeatWeeks: weeks } : {}),
    ...(date('repeatUntil') ? { repeatUntil: date('repeatUntil') } : {}),
    ...(oneOf(SERIES_SCOPES, query.get('scope')) ? { scope: query.get('scope') } : {}),
    ...(query.get('confirmAvailability') === 'on' ? { confirmAvailability: 'on' } : {}),
  }
}

export function newAppointmentDefaults(query: URLSearchParams): AppointmentFormDefaults {
  return formDefaults(query, {
    appointmentType: DEFAULT_APPOINTMENT_TYPE,
    durationMinutes: String(DEFAULT_DURATION_MINUTES),
    location: DEFAULT_LOCATION,
  })
}

/** The edit form: the appointment as saved, or, after a Find, the form as it was sent. */
export function editAppointmentDefaults(query: URLSearchParams, saved: AppointmentFormDefaults): AppointmentFormDefaults {
  return findPeopleQuery(query) === undefined ? saved : formDefaults(query, saved)
}

/** The calendar's own query, without what only filled in the form: where the dialog returns. */
export function withoutPrefill(query: URLSearchParams) {
  const kept = new URLSearchParams(query)
  for (const key of PREFILL_KEYS) kept.delete(key)
  kept.delete(FOUND_PEOPLE_KEY)
  return kept
}

/**
 * Enter in a text field sends the form with its first button, Save. Without
 * JavaScript that is also what Enter in 'Find people' does, so a save that
 * arrives with words in the field other than those the lists were found by
 * is a Find the person has not run yet: the path to run it, with the form as
 * sent, instead of saving. Null when it is a save.
 */
export function unrunFindPath(formData: FormData, url: URL) {
  const words = formData.get(FIND_PEOPLE_KEY)
  const found = formData.get(FOUND_PEOPLE_KEY)
  if (typeof words !== 'string' || !words.trim() || words.trim() === (typeof found === 'string' ? found.trim() : '')) return null
  const query = new URLSearchParams()
  for (const [key, value] of formData) if (typeof value === 'string' && key !== FOUND_PEOPLE_KEY) query.append(key, value)
  return `${url.pathname}?${query}#${PEOPLE_FOUND_ID}`
}
