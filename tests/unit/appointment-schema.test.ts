import { describe, expect, test } from 'vitest'
import {
  appointmentCreateApiSchema,
  appointmentFormSchema,
  appointmentUpdateApiSchema,
  cancelSchema,
  parseAppointmentListQuery,
  rescheduleSchema,
  upcomingDaysSchema,
} from '~/features/calendar/schema'
import {
  APPOINTMENT_STATUS_OPTIONS,
  APPOINTMENT_TYPE_OPTIONS,
  appointmentLabel,
  createFailureMessage,
  durationLabel,
  durationOptions,
  statusBadgeClass,
  typeBadgeClass,
} from '~/features/calendar/options'
import { allowedActions } from '~/features/calendar/rules'
import { formRules } from '~/lib/form-rules.server'
import { parseWithZod } from '~/lib/form-input'

const ZONE = 'America/New_York'
const form = appointmentFormSchema(ZONE)
const valid = { title: 'Initial assessment', date: '2027-03-10', time: '09:00' }
const PATIENT = '0cbb2610-380e-4846-8c94-38dbed1d050a'

function errorsOf(schema: { safeParse: (input: unknown) => { success: boolean; error?: { issues: Array<{ path: PropertyKey[]; message: string }> } } }, input: unknown) {
  const result = schema.safeParse(input)
  if (result.success) return {}
  const errors: Record<string, string[]> = {}
  for (const issue of result.error!.issues) (errors[issue.path.join('.') || '_'] ??= []).push(issue.message)
  return errors
}

describe('the appointment form', () => {
  test('title, date and time are all it needs: consultation, one hour, read in the agency zone', () => {
    expect(form.parse(valid)).toEqual({
      title: 'Initial assessment',
      startTime: new Date('2027-03-10T14:00:00Z'),
      endTime: new Date('2027-03-10T15:00:00Z'),
      timeZone: ZONE,
      appointmentType: 'consultation',
      location: null,
      notes: null,
      patientId: null,
      caregiverId: null,
      leadId: null,
    })
  })

  test('a missing title, date or time: the spec alert above the form and a message beside each field', () => {
    expect(errorsOf(form, {})).toEqual({
      _: ['Please fill in all required fields (Title, Date, Time)'],
      title: ['Title is required'],
      date: ['Date is required'],
      time: ['Time is required'],
    })
    expect(errorsOf(form, { ...valid, title: '   ' })).toEqual({
      _: ['Please fill in all required fields (Title, Date, Time)'],
      title: ['Title is required'],
    })
    expect(errorsOf(form, { ...valid, time: '' })).toMatchObject({ _: ['Please fill in all required fields (Title, Date, Time)'] })
  })

  test.each([
    ['title', 'x'.repeat(201), 'Title must be less than 200 characters'],
    ['date', '2027-02-30', 'Enter the date as YYYY-MM-DD'],
    ['time', '9am', 'Enter the time as HH:MM'],
    ['time', '24:00', 'Enter the time as HH:MM'],
    ['appointmentType', 'surgery', 'Type must be one of: consultation, initial_assessment, follow_up, check_up, therapy, care_review'],
    ['durationMinutes', '0', 'Duration must be between 5 minutes and 24 hours'],
    ['durationMinutes', '1441', 'Duration must be between 5 minutes and 24 hours'],
    ['durationMinutes', 'long', 'Duration must be between 5 minutes and 24 hours'],
    ['location', 'x'.repeat(201), 'Location must be less than 200 characters'],
    ['notes', 'x'.repeat(2001), 'Notes must be less than 2000 characters'],
    ['patientId', 'Maria Garcia', 'Choose a patient from the list'],
    ['caregiverId', '12', 'Choose a caregiver from the list'],
    ['leadId', 'x', 'Choose a lead from the list'],
  ])('%s %j: %s', (field, value, message) => {
    expect(errorsOf(form, { ...valid, [field]: value })[field]).toEqual([message])
  })

  test('duration, type, location, notes and people are kept', () => {
    const value = form.parse({
      ...valid,
      durationMinutes: '90',
      appointmentType: 'care_review',
      location: ' Client home ',
      notes: 'Bring the care plan.',
      patientId: PATIENT,
    })
    expect(value).toMatchObject({
      endTime: new Date('2027-03-10T15:30:00Z'),
      appointmentType: 'care_review',
      location: 'Client home',
      notes: 'Bring the care plan.',
      patientId: PATIENT,
    })
  })

  test('a time the clocks skip is refused beside the time', () => {
    expect(errorsOf(form, { ...valid, date: '2026-03-08', time: '02:30' })).toEqual({
      time: ['2:30 AM does not exist on that day: clocks go forward from 2:00 AM to 3:00 AM. Choose another time.'],
    })
  })

  test('a time the clocks repeat asks which one (beside the choice), then takes it', () => {
    expect(errorsOf(form, { ...valid, date: '2026-11-01', time: '01:30' })).toEqual({
      fold: ['1:30 AM happens twice on that day: clocks go back from 2:00 AM to 1:00 AM. Choose which one you mean.'],
    })
    expect(form.parse({ ...valid, date: '2026-11-01', time: '01:30', fold: 'earlier' }).startTime).toEqual(new Date('2026-11-01T05:30:00Z'))
    expect(form.parse({ ...valid, date: '2026-11-01', time: '01:30', fold: 'later' }).startTime).toEqual(new Date('2026-11-01T06:30:00Z'))
  })

  test('the rules the page checks with, without Zod: the same messages, and the alert when required fields are empty', () => {
    const rules = formRules(form)
    expect(rules.fields.title).toEqual({ required: 'Title is required', maxLength: { value: 200, message: 'Title must be less than 200 characters' } })
    expect(rules.fields.date?.required).toBe('Date is required')
    expect(rules.fields.time?.required).toBe('Time is required')
    expect(rules.fields.notes).toEqual({ maxLength: { value: 2000, message: 'Notes must be less than 2000 characters' } })
    expect(rules.whenRequiredMissing).toEqual(['Please fill in all required fields (Title, Date, Time)'])
  })

  test('as a form post: the same outcome through the guarded parser', () => {
    const data = new FormData()
    for (const [name, value] of Object.entries({ ...valid, durationMinutes: '30', location: '' })) data.set(name, value)
    const submission = parseWithZod(data, { schema: form })
    expect(submission.status).toBe('success')
    expect(submission.status === 'success' && submission.value).toMatchObject({ location: null, endTime: new Date('2027-03-10T14:30:00Z') })
  })
})

describe('reschedule and cancel', () => {
  test('reschedule needs a date and a time, and follows the same clock rules', () => {
    const reschedule = rescheduleSchema(ZONE)
    expect(reschedule.parse({ date: '2027-03-11', time: '13:15', durationMinutes: '45' })).toEqual({
      startTime: new Date('2027-03-11T18:15:00Z'),
      endTime: new Date('2027-03-11T19:00:00Z'),
      timeZone: ZONE,
      wallClock: { date: '2027-03-11', time: '13:15', durationMinutes: 45 },
      scope: 'this',
      confirmAvailability: false,
    })
    expect(reschedule.parse({ date: '2027-03-11', time: '13:15', scope: 'following', confirmAvailability: 'on' })).toMatchObject({
      scope: 'following',
      confirmAvailability: true,
    })
    expect(errorsOf(reschedule, {})).toEqual({ date: ['Date is required'], time: ['Time is required'] })
    expect(errorsOf(reschedule, { date: '2027-03-14', time: '02:00' }).time?.[0]).toMatch(/does not exist on that day: clocks go forward/)
  })

  test('cancelling needs a reason', () => {
    expect(errorsOf(cancelSchema, { cancelReason: ' ' })).toEqual({ cancelReason: ['Give a reason for cancelling'] })
    expect(errorsOf(cancelSchema, { cancelReason: 'x'.repeat(501) })).toEqual({ cancelReason: ['Reason must be less than 500 characters'] })
    expect(cancelSchema.parse({ cancelReason: ' Patient in hospital ' })).toEqual({ cancelReason: 'Patient in hospital', scope: 'this' })
    expect(cancelSchema.parse({ cancelReason: 'Moved away', scope: 'following' })).toEqual({ cancelReason: 'Moved away', scope: 'following' })
    expect(errorsOf(cancelSchema, { cancelReason: 'x', scope: 'all' })).toEqual({ scope: ['Choose this visit or this and all following visits'] })
  })
})

describe('the JSON API body', () => {
  const create = appointmentCreateApiSchema(ZONE)

  test('an instant with an offset is exact; endTime defaults to an hour later; the spec defaults fill the rest', () => {
    expect(create.parse({ title: 'Visit', startTime: '2027-03-10T14:00:00.000Z' })).toEqual({
      input: {
        title: 'Visit',
        startTime: new Date('2027-03-10T14:00:00Z'),
        endTime: new Date('2027-03-10T15:00:00Z'),
        timeZone: ZONE,
        appointmentType: 'consultation',
        location: 'Healthcare Center',
        notes: null,
        patientId: null,
        caregiverId: null,
        leadId: null,
      },
      status: 'scheduled',
      cancelReason: null,
    })
    expect(create.parse({ title: 'Visit', startTime: '2027-03-10T09:00:00-05:00', location: null }).input).toMatchObject({
      startTime: new Date('2027-03-10T14:00:00Z'),
      location: null,
    })
  })

  test('a time without an offset is the wall clock of timezone, by the same rules as the form', () => {
    expect(create.parse({ title: 'Visit', startTime: '2027-07-01T09:00', endTime: '2027-07-01T09:30:00' }).input).toMatchObject({
      startTime: new Date('2027-07-01T13:00:00Z'),
      endTime: new Date('2027-07-01T13:30:00Z'),
    })
    expect(create.parse({ title: 'Visit', startTime: '2027-07-01T09:00', timezone: 'America/Los_Angeles' }).input).toMatchObject({
      startTime: new Date('2027-07-01T16:00:00Z'),
      timeZone: 'America/Los_Angeles',
    })
    expect(errorsOf(create, { title: 'Visit', startTime: '2026-03-08T02:30' })).toEqual({
      startTime: ['2:30 AM does not exist on that day: clocks go forward from 2:00 AM to 3:00 AM. Choose another time.'],
    })
    expect(errorsOf(create, { title: 'Visit', startTime: '2026-11-01T01:30' })).toEqual({
      startTime: ['1:30 AM happens twice on that day: clocks go back from 2:00 AM to 1:00 AM. Send it with its UTC offset.'],
    })
  })

  test('refusals, each beside its field', () => {
    expect(errorsOf(create, {})).toEqual({ title: ['Title is required'], startTime: ['Start time is required'] })
    expect(errorsOf(create, { title: 'Visit', startTime: 'tomorrow' })).toEqual({ startTime: ['Start time must be an ISO 8601 date and time'] })
    expect(errorsOf(create, { title: 'Visit', startTime: '2027-03-10T14:00:00Z', endTime: '2027-03-10T13:00:00Z' })).toEqual({
      endTime: ['End time must be after the start time'],
    })
    expect(errorsOf(create, { title: 'Visit', startTime: '2027-03-10T14:00:00Z', endTime: '2027-03-12T14:00:00Z' })).toEqual({
      endTime: ['An appointment may last at most 24 hours'],
    })
    expect(errorsOf(create, { title: 'Visit', startTime: '2027-03-10T14:00:00Z', timezone: 'Mars/Olympus' })).toEqual({ timezone: ['Unknown time zone'] })
    expect(errorsOf(create, { title: 'Visit', startTime: '2027-03-10T14:00:00Z', status: 'completed' })).toEqual({
      status: ['A new appointment is scheduled or confirmed'],
    })
    expect(create.parse({ title: 'Visit', startTime: '2027-03-10T14:00:00Z', status: 'confirmed' }).status).toBe('confirmed')
  })

  test('an update may move the status on, with a reason to cancel', () => {
    const update = appointmentUpdateApiSchema(ZONE)
    expect(update.parse({ title: 'Visit', startTime: '2027-03-10T14:00:00Z', status: 'cancelled', cancelReason: 'Ill' })).toMatchObject({
      status: 'cancelled',
      cancelReason: 'Ill',
    })
    expect(errorsOf(update, { title: 'Visit', startTime: '2027-03-10T14:00:00Z', status: 'done' })).toEqual({
      status: ['Status must be one of: scheduled, confirmed, cancelled, completed, no_show'],
    })
  })

  test('upcoming days: 30 by default, 1 to 365', () => {
    expect(upcomingDaysSchema.parse(undefined)).toBe(30)
    expect(upcomingDaysSchema.parse('7')).toBe(7)
    for (const days of ['0', '366', '1.5', 'soon']) expect(upcomingDaysSchema.safeParse(days).success).toBe(false)
  })
})

describe('the calendar URL', () => {
  test('search, filters, view and period; anything unknown falls back', () => {
    expect(parseAppointmentListQuery(new URLSearchParams('q=%20visit%20&status=confirmed&type=therapy&who=caregiver&view=week&from=2027-03-10'))).toEqual({
      q: 'visit',
      status: 'confirmed',
      type: 'therapy',
      who: 'caregiver',
      patientId: undefined,
      caregiverId: undefined,
      leadId: undefined,
      view: 'week',
      from: '2027-03-10',
      days: 30,
      page: 1,
    })
    expect(parseAppointmentListQuery(new URLSearchParams('status=lost&type=x&who=nobody&view=month&from=2027-02-30&days=9999&page=-1&caregiverId=x'))).toMatchObject({
      status: undefined,
      type: undefined,
      who: undefined,
      caregiverId: undefined,
      view: 'list',
      from: undefined,
      days: 30,
      page: 1,
    })
  })
})

describe('labels, badges and what can be done', () => {
  test('labels: underscores as spaces, words capitalised', () => {
    expect(APPOINTMENT_TYPE_OPTIONS.map((option) => option.label)).toEqual([
      'Consultation', 'Initial Assessment', 'Follow Up', 'Check Up', 'Therapy', 'Care Review',
    ])
    expect(APPOINTMENT_STATUS_OPTIONS.map((option) => option.label)).toEqual(['Scheduled', 'Confirmed', 'Cancelled', 'Completed', 'No Show'])
    expect(appointmentLabel('something_else_entirely')).toBe('Something Else Entirely')
  })

  test('four statuses and four types have colours of their own; any other status is yellow, any other type neutral', () => {
    const statusColours = ['scheduled', 'confirmed', 'cancelled', 'completed'].map(statusBadgeClass)
    expect(new Set(statusColours).size).toBe(4)
    expect(statusBadgeClass('no_show')).toContain('yellow')
    expect(statusBadgeClass('whatever')).toContain('yellow')
    expect(statusColours.some((colour) => colour.includes('yellow'))).toBe(false)
    const typeColours = ['initial_assessment', 'follow_up', 'consultation', 'care_review'].map(typeBadgeClass)
    expect(new Set(typeColours).size).toBe(4)
    expect(typeBadgeClass('therapy')).toBe(typeBadgeClass('check_up'))
    expect(typeColours).not.toContain(typeBadgeClass('therapy'))
  })

  test('durations and the failure text', () => {
    expect(durationLabel(60)).toBe('1 hour')
    expect(durationLabel(90)).toBe('1 hour 30 minutes')
    expect(durationLabel(45)).toBe('45 minutes')
    expect(durationOptions(50).map((option) => option.value)).toContain('50')
    expect(createFailureMessage('The caregiver is busy')).toBe('Error creating appointment: The caregiver is busy')
    expect(createFailureMessage(undefined)).toBe('Error creating appointment: Please try again.')
  })

  test('an active appointment can be confirmed (once), completed, cancelled or missed; a finished one is kept as it is', () => {
    expect(allowedActions('scheduled')).toEqual(['edit', 'reschedule', 'confirm', 'complete', 'no_show', 'cancel'])
    expect(allowedActions('confirmed')).toEqual(['edit', 'reschedule', 'complete', 'no_show', 'cancel'])
    for (const status of ['cancelled', 'completed', 'no_show']) expect(allowedActions(status)).toEqual([])
  })
})

describe('bodies that are not objects', () => {
  test('are refused, never thrown at', () => {
    for (const body of [null, [1, 2], 'a string', 42]) {
      expect(appointmentCreateApiSchema(ZONE).safeParse(body).success).toBe(false)
      expect(appointmentUpdateApiSchema(ZONE).safeParse(body).success).toBe(false)
      expect(form.safeParse(body).success).toBe(false)
      expect(rescheduleSchema(ZONE).safeParse(body).success).toBe(false)
    }
  })
})
