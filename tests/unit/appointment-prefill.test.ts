import { describe, expect, test } from 'vitest'
import { editAppointmentDefaults, findPeopleQuery, newAppointmentDefaults, unrunFindPath, withoutPrefill } from '~/features/calendar/prefill'

const PATIENT = '0b6f4b8e-5d1a-4c55-9a53-6f1b1d0a2b3c'
const CAREGIVER = '1c7f4b8e-5d1a-4c55-9a53-6f1b1d0a2b3c'
const LEAD = '2d8f4b8e-5d1a-4c55-9a53-6f1b1d0a2b3c'

/** The form as a browser sends it by GET: every field, blank ones as ''. */
function sent(values: Record<string, string | string[]>) {
  const query = new URLSearchParams()
  for (const [key, value] of Object.entries(values)) for (const one of [value].flat()) query.append(key, one)
  return query
}

const typed = {
  title: 'Weekly therapy',
  date: '2027-03-04',
  time: '09:30',
  durationMinutes: '90',
  appointmentType: 'therapy',
  location: 'At home, 2nd floor',
  notes: 'Ring twice.\nDog in the garden.',
  patientId: PATIENT,
  caregiverId: CAREGIVER,
  leadId: LEAD,
  repeat: 'on',
  repeatDays: ['monday', 'thursday'],
  repeatEnds: 'until',
  repeatWeeks: '4',
  repeatUntil: '2027-05-01',
}

describe('the form through a Find (GET) and back', () => {
  test('every field of the create form comes back as typed', () => {
    expect(newAppointmentDefaults(sent({ ...typed, findPeople: 'garcia', foundPeople: '' }))).toEqual(typed)
  })

  test('the edit form: the fields it has, scope and a fold included', () => {
    const saved = { title: 'Saved', date: '2027-01-01', time: '08:00', durationMinutes: '60', location: 'Clinic', notes: null }
    const query = sent({ ...typed, fold: 'later', scope: 'following', confirmAvailability: 'on', findPeople: '' })
    expect(editAppointmentDefaults(query, saved)).toEqual({ ...typed, fold: 'later', scope: 'following', confirmAvailability: 'on' })
    // No Find: the appointment as saved, whatever else the query holds.
    expect(editAppointmentDefaults(sent({ title: 'x' }), saved)).toBe(saved)
  })

  test('blank fields stay blank, nothing unknown gets in', () => {
    const defaults = newAppointmentDefaults(
      sent({ title: '', date: '', time: '25:00', durationMinutes: '3', appointmentType: 'party', location: '', notes: '', patientId: 'x', caregiverId: '', leadId: '', repeatEnds: 'never', repeatDays: ['someday'], findPeople: 'a' }),
    )
    expect(defaults).toEqual({
      title: undefined,
      date: undefined,
      time: undefined,
      fold: undefined,
      appointmentType: 'consultation',
      durationMinutes: '60',
      location: '',
      notes: '',
      patientId: undefined,
      caregiverId: undefined,
      leadId: undefined,
    })
  })

  test('a link fills in the defaults it always did', () => {
    expect(newAppointmentDefaults(sent({ patientId: PATIENT, date: '2027-03-04' }))).toMatchObject({
      patientId: PATIENT,
      date: '2027-03-04',
      location: 'Healthcare Center',
      appointmentType: 'consultation',
      durationMinutes: '60',
    })
  })

  test('the words of a Find, and the way back without what only filled in the form', () => {
    expect(findPeopleQuery(sent({}))).toBeUndefined()
    expect(findPeopleQuery(sent({ findPeople: '  maria  ' }))).toBe('maria')
    expect(findPeopleQuery(sent({ findPeople: 'x'.repeat(300) }))).toHaveLength(100)
    expect(withoutPrefill(sent({ view: 'week', ...typed, findPeople: 'a', foundPeople: 'a' })).toString()).toBe(
      `view=week&patientId=${PATIENT}&caregiverId=${CAREGIVER}&leadId=${LEAD}`,
    )
  })

  test('a save with words typed but not searched is a Find', () => {
    const url = new URL('http://portal.invalid/calendar/new?redirectTo=%2Fcalendar')
    const form = (values: Record<string, string>) => {
      const data = new FormData()
      for (const [key, value] of Object.entries(values)) data.append(key, value)
      return data
    }
    expect(unrunFindPath(form({ title: 'A', findPeople: 'ann', foundPeople: '' }), url)).toBe('/calendar/new?title=A&findPeople=ann#people-found')
    expect(unrunFindPath(form({ title: 'A', findPeople: 'ann', foundPeople: 'ann' }), url)).toBeNull()
    expect(unrunFindPath(form({ title: 'A', findPeople: ' ', foundPeople: 'ann' }), url)).toBeNull()
    expect(unrunFindPath(form({ title: 'A' }), url)).toBeNull()
  })
})
