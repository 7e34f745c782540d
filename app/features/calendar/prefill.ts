import { isUuid } from '~/lib/ids'
import { isDateString } from '~/lib/time'
import type { AppointmentFormDefaults } from '~/features/calendar/appointment-form'
import { APPOINTMENT_TYPES, DEFAULT_APPOINTMENT_TYPE, DEFAULT_DURATION_MINUTES, DEFAULT_LOCATION } from '~/features/calendar/options'

/**
 * What a link may fill in on the new appointment form: ?patientId=,
 * ?caregiverId=, ?leadId= (from a person's page or the filtered calendar),
 * ?title=, ?date= and ?time= (from a day of the week view). Anything that is
 * not a value the form could hold is left out, never shown.
 */
export const PREFILL_KEYS = ['title', 'date', 'time', 'appointmentType', 'durationMinutes'] as const

export function newAppointmentDefaults(query: URLSearchParams): AppointmentFormDefaults {
  const text = (name: string, max: number) => query.get(name)?.trim().slice(0, max) || undefined
  const id = (name: string) => {
    const value = query.get(name)?.trim()
    return value && isUuid(value) ? value : undefined
  }
  const date = text('date', 10)
  const time = text('time', 5)
  const type = query.get('appointmentType')
  const minutes = Number(query.get('durationMinutes'))
  return {
    title: text('title', 200),
    date: date && isDateString(date) ? date : undefined,
    time: time && /^([01]\d|2[0-3]):[0-5]\d$/.test(time) ? time : undefined,
    appointmentType: type && (APPOINTMENT_TYPES as readonly string[]).includes(type) ? type : DEFAULT_APPOINTMENT_TYPE,
    durationMinutes: String(Number.isInteger(minutes) && minutes >= 5 && minutes <= 24 * 60 ? minutes : DEFAULT_DURATION_MINUTES),
    location: DEFAULT_LOCATION,
    patientId: id('patientId'),
    caregiverId: id('caregiverId'),
    leadId: id('leadId'),
  }
}

/** The calendar's own query, without what only filled in the form: where the dialog returns. */
export function withoutPrefill(query: URLSearchParams) {
  const kept = new URLSearchParams(query)
  for (const key of PREFILL_KEYS) kept.delete(key)
  return kept
}
