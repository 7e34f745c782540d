import { afterEach, describe, expect, test, vi } from 'vitest'
import type { z } from 'zod'
import {
  carePreferencesSchema,
  describePatientActivity,
  emergencyContactsSchema,
  insuranceSchema,
  medicalHistorySchema,
  nextStep,
  parsePatientListQuery,
  patientApiSchema as patientApiSchemaFor,
  personalInfoSchema as personalInfoSchemaFor,
  registrationProgress,
  registrationStatusLabel,
  statusAfterSave,
  stepBySlug,
} from '~/features/patients/schema'

function errorsOf(schema: z.ZodType, input: unknown) {
  const result = schema.safeParse(input)
  if (result.success) return {}
  const errors: Record<string, string[]> = {}
  for (const issue of result.error.issues) (errors[issue.path.join('.')] ??= []).push(issue.message)
  return errors
}

const personalInfoSchema = personalInfoSchemaFor('America/New_York')
const patientApiSchema = patientApiSchemaFor('America/New_York')

const personal = {
  firstName: 'Edith',
  lastName: 'Clarke',
  dateOfBirth: '1941-02-10',
  gender: 'female',
  phone: '(212) 555-0101',
}

describe('personal info (patient form)', () => {
  test('the required fields alone are enough; the rest is optional', () => {
    expect(personalInfoSchema.parse({ ...personal, email: '', city: '  ' })).toEqual(personal)
  })

  test.each([
    ['firstName', undefined, 'First name is required'],
    ['firstName', '  ', 'First name is required'],
    ['firstName', 'x'.repeat(51), 'First name must be less than 50 characters'],
    ['lastName', '', 'Last name is required'],
    ['lastName', 'x'.repeat(51), 'Last name must be less than 50 characters'],
    ['dateOfBirth', '', 'Date of birth is required'],
    ['dateOfBirth', undefined, 'Date of birth is required'],
    ['dateOfBirth', '02/10/1941', 'Enter the date of birth as YYYY-MM-DD'],
    ['dateOfBirth', '1941-02-30', 'Enter the date of birth as YYYY-MM-DD'],
    ['dateOfBirth', '1899-12-31', 'Date of birth must be after 1900'],
    ['dateOfBirth', '2999-01-01', 'Date of birth cannot be in the future'],
    ['gender', '', 'Gender is required'],
    ['gender', 'unknown', 'Gender is required'],
    ['phone', '', 'Phone is required'],
    ['phone', '1'.repeat(21), 'Phone must be less than 20 characters'],
    ['email', 'not-an-email', 'Invalid email address'],
    ['email', `${'x'.repeat(95)}@example.com`, 'Email must be less than 100 characters'],
    ['address', 'x'.repeat(201), 'Address must be less than 200 characters'],
    ['city', 'x'.repeat(51), 'City must be less than 50 characters'],
    ['state', 'NYC', 'State must be 2 characters'],
    ['zipCode', '1234', 'Invalid ZIP code format'],
  ])('%s = %j → %s', (field, value, message) => {
    expect(errorsOf(personalInfoSchema, { ...personal, [field]: value })[field]).toEqual([message])
  })

  describe('the future is counted in the agency\'s time zone', () => {
    afterEach(() => vi.useRealTimers())

    test('at 9 pm in New York on Nov 23 (already Nov 24 in UTC), Nov 24 is still in the future', () => {
      vi.useFakeTimers({ now: new Date('2026-11-24T02:00:00Z') })
      expect(errorsOf(personalInfoSchema, { ...personal, dateOfBirth: '2026-11-24' }).dateOfBirth).toEqual([
        'Date of birth cannot be in the future',
      ])
      expect(errorsOf(personalInfoSchema, { ...personal, dateOfBirth: '2026-11-23' })).toEqual({})
      // An agency in Auckland is already on Nov 24.
      expect(errorsOf(personalInfoSchemaFor('Pacific/Auckland'), { ...personal, dateOfBirth: '2026-11-24' })).toEqual({})
    })
  })

  test.each(['male', 'female', 'other', 'prefer-not-to-say'])('gender %s is accepted', (gender) => {
    expect(errorsOf(personalInfoSchema, { ...personal, gender })).toEqual({})
  })
})

describe('medical history and insurance', () => {
  test('medical history is all optional, with length limits', () => {
    expect(medicalHistorySchema.parse({})).toEqual({})
    expect(errorsOf(medicalHistorySchema, { conditions: 'x'.repeat(2001) })).toEqual({
      conditions: ['Conditions must be less than 2000 characters'],
    })
    expect(errorsOf(medicalHistorySchema, { physicianName: 'x'.repeat(101) })).toEqual({
      physicianName: ['Physician name must be less than 100 characters'],
    })
  })

  test('insurance may be empty (private pay) but a member ID needs its provider', () => {
    expect(insuranceSchema.parse({ provider: '', memberId: '' })).toEqual({})
    expect(errorsOf(insuranceSchema, { memberId: 'A123' })).toEqual({
      provider: ['Insurance provider is required with a member ID or group number'],
    })
    expect(errorsOf(insuranceSchema, { provider: 'Medicare', memberId: 'A123', relationship: 'self' })).toEqual({})
    expect(errorsOf(insuranceSchema, { provider: 'Medicare', relationship: 'cousin' })).toEqual({
      relationship: ['Choose the policy holder’s relationship'],
    })
  })
})

describe('emergency contacts', () => {
  test('at least one contact, each with a name and phone', () => {
    expect(errorsOf(emergencyContactsSchema, { contacts: [] })).toEqual({ contacts: ['Add at least one emergency contact'] })
    expect(errorsOf(emergencyContactsSchema, {})).toEqual({ contacts: ['Add at least one emergency contact'] })
    expect(errorsOf(emergencyContactsSchema, { contacts: [{ name: '', phone: '', email: 'x' }] })).toEqual({
      'contacts.0.name': ['Contact name is required'],
      'contacts.0.phone': ['Contact phone is required'],
      'contacts.0.email': ['Invalid email address'],
    })
    const five = Array.from({ length: 6 }, () => ({ name: 'A', phone: '1' }))
    expect(errorsOf(emergencyContactsSchema, { contacts: five })).toEqual({ contacts: ['No more than 5 emergency contacts'] })
    expect(emergencyContactsSchema.parse({ contacts: [{ name: 'Sam', phone: '555', relationship: '', email: '' }] })).toEqual({
      contacts: [{ name: 'Sam', phone: '555' }],
    })
  })
})

describe('stored one way', () => {
  test("the patient's state in capitals; the patient's, the physician's and each contact's phone in one format", () => {
    expect(personalInfoSchema.parse({ ...personal, state: 'ny', phone: '212-555-0101' })).toMatchObject({ state: 'NY', phone: '(212) 555-0101' })
    expect(medicalHistorySchema.parse({ physicianPhone: '2125550199' }).physicianPhone).toBe('(212) 555-0199')
    expect(emergencyContactsSchema.parse({ contacts: [{ name: 'Sam', phone: '1 (212) 555 0100' }] }).contacts[0]!.phone).toBe('(212) 555-0100')
    expect(emergencyContactsSchema.parse({ contacts: [{ name: 'Sam', phone: '212-555-0100 x12' }] }).contacts[0]!.phone).toBe('212-555-0100 x12')
  })
})

describe('care preferences', () => {
  test('a care type is required; days and times come from their lists', () => {
    expect(errorsOf(carePreferencesSchema, {})).toEqual({ careType: ['Care type is required'] })
    expect(errorsOf(carePreferencesSchema, { careType: 'spa-care' })).toEqual({ careType: ['Care type is required'] })
    expect(carePreferencesSchema.parse({ careType: 'home-care', preferredDays: 'monday' })).toEqual({
      careType: 'home-care',
      preferredDays: ['monday'],
      preferredTimes: [],
      caregiverGender: 'no-preference',
    })
    expect(errorsOf(carePreferencesSchema, { careType: 'home-care', preferredDays: ['funday'] })).toEqual({
      'preferredDays.0': ['Choose days from the list'],
    })
    expect(errorsOf(carePreferencesSchema, { careType: 'home-care', preferredTimes: ['noon'] })).toEqual({
      'preferredTimes.0': ['Choose times from the list'],
    })
  })

  test.each(['home-care', 'medical-care', 'elderly-care', 'pediatric-care'])('care type %s is accepted', (careType) => {
    expect(errorsOf(carePreferencesSchema, { careType })).toEqual({})
  })
})

describe('the API body', () => {
  test('takes the personal fields and each later step as an object', () => {
    const parsed = patientApiSchema.parse({
      ...personal,
      medicalHistory: { allergies: 'Latex' },
      emergencyContacts: [{ name: 'Sam', phone: '555-0100' }],
    })
    expect(parsed.medicalHistory).toEqual({ allergies: 'Latex' })
    expect(parsed.insuranceInfo).toBeUndefined()
  })

  test('a text where a list of contacts belongs is refused with a message', () => {
    expect(errorsOf(patientApiSchema, { ...personal, emergencyContacts: 'Call my son' })).toEqual({
      emergencyContacts: ['Emergency contacts must be a list of { name, relationship, phone, email }'],
    })
    expect(errorsOf(patientApiSchema, { ...personal, registrationStatus: 'done' })).toEqual({
      registrationStatus: ['Registration status must be one of: new, in-progress, pending-review, complete'],
    })
  })
})

describe('registration progress and status', () => {
  test('each saved step is worth 20%', () => {
    expect(registrationProgress([])).toBe(0)
    expect(registrationProgress(['personal'])).toBe(20)
    expect(registrationProgress(['personal', 'medical', 'insurance'])).toBe(60)
    expect(registrationProgress(['personal', 'medical', 'insurance', 'contacts', 'preferences'])).toBe(100)
  })

  test('the next step is the first one not saved', () => {
    expect(nextStep([])?.slug).toBe('personal-info')
    expect(nextStep(['personal', 'medical'])?.slug).toBe('insurance')
    expect(nextStep(['personal', 'insurance'])?.slug).toBe('medical-history')
    expect(nextStep(['personal', 'medical', 'insurance', 'contacts', 'preferences'])).toBeNull()
    expect(stepBySlug('emergency-contacts')?.key).toBe('contacts')
    expect(stepBySlug('nope')).toBeUndefined()
  })

  test('new, then in-progress, then pending-review; complete stays complete', () => {
    expect(statusAfterSave('new', ['personal'])).toBe('new')
    expect(statusAfterSave('new', ['personal', 'medical'])).toBe('in-progress')
    expect(statusAfterSave('in-progress', ['personal', 'medical', 'insurance', 'contacts', 'preferences'])).toBe('pending-review')
    expect(statusAfterSave('complete', ['personal'])).toBe('complete')
  })

  test("the list shows 'Complete' for complete and 'In Progress' for every other status", () => {
    expect(registrationStatusLabel('complete')).toBe('Complete')
    for (const status of ['new', 'in-progress', 'pending-review']) expect(registrationStatusLabel(status)).toBe('In Progress')
  })

  test('activity lines say what happened', () => {
    expect(describePatientActivity('create', { fromLead: 'x' })).toBe('Registration started from a lead')
    expect(describePatientActivity('update', { step: 'medical', from: 'new', to: 'in-progress' })).toBe(
      'Saved Medical History; status new → in progress',
    )
    expect(describePatientActivity('update', { field: 'registrationStatus', from: 'pending-review', to: 'complete' })).toBe(
      'Registration approved (complete)',
    )
  })
})

describe('list query', () => {
  test('unknown values fall back to no filter', () => {
    const query = parsePatientListQuery(new URLSearchParams('status=archived&date=yesterday&careType=spa&page=-1&view=grid'))
    // An unknown view is no view: the page picks cards or the table by screen width.
    expect(query).toMatchObject({ status: undefined, date: undefined, careType: undefined, page: 1, view: undefined, pageSize: 12 })
    expect(parsePatientListQuery(new URLSearchParams('view=cards')).view).toBe('cards')
    expect(parsePatientListQuery(new URLSearchParams('view=table')).view).toBe('table')
    expect(parsePatientListQuery(new URLSearchParams('status=pending-review&date=week&careType=home-care&page=2'))).toMatchObject({
      status: 'pending-review',
      date: 'week',
      careType: 'home-care',
      page: 2,
    })
  })
})
