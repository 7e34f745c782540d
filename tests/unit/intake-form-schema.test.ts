import { describe, expect, test } from 'vitest'
import type { FormField } from '~/features/online-forms/form-fields'
import { applyAnswersSchema, intakeAnswersSchema, parseSubmissionListQuery, sendIntakeFormSchema } from '~/features/online-forms/intake-schema'
import {
  SIGNATURE_CONSENT_INPUT,
  SIGNATURE_CONSENT_TEXT,
  checkAnswer,
  inputAttributesFor,
  answerText,
} from '~/features/online-forms/intake-rules'
import { leadFieldFor } from '~/features/online-forms/submissions.server'
import { parseWithZod } from '~/lib/form-input'

const field = (type: FormField['type'], overrides: Partial<FormField> = {}): FormField => ({
  name: `${type}_field`,
  type,
  label: `${type} label`,
  required: false,
  ...overrides,
})

/** Parses a form post the way the public page's action does. */
function submit(fields: FormField[], entries: Array<[string, string]>) {
  const data = new FormData()
  for (const [name, value] of entries) data.append(name, value)
  return parseWithZod(data, { schema: intakeAnswersSchema(fields), disableAutoCoercion: true })
}

describe('each field type and its message', () => {
  test.each([
    ['text', 'Jane', undefined],
    ['email', 'jane@example.com', undefined],
    ['email', 'jane@', 'Enter a valid email address, like name@example.com'],
    ['email', 'jane example.com', 'Enter a valid email address, like name@example.com'],
    ['tel', '(555) 123-4567', undefined],
    ['tel', '+44 20 7946 0958', undefined],
    ['tel', '12345', 'Enter a valid phone number'],
    ['tel', 'call me', 'Enter a valid phone number'],
    ['date', '1950-02-28', undefined],
    ['date', '1950-02-30', 'Enter a valid date'],
    ['date', '02/03/1950', 'Enter a valid date'],
    ['number', '42', undefined],
    ['number', '-3.5', undefined],
    ['number', 'forty', 'Enter a number'],
    ['signature', 'Jane Doe', undefined],
  ] as const)('%s "%s" → %s', (type, value, message) => {
    expect(checkAnswer(field(type), value)).toBe(message)
  })

  test('a required field left blank names its label; blanks and spaces count as blank', () => {
    expect(checkAnswer(field('text', { required: true, label: 'Full Name' }), '')).toBe('Full Name is required')
    expect(checkAnswer(field('email', { required: true, label: 'Email' }), '   ')).toBe('Email is required')
    expect(checkAnswer(field('text', { label: 'Notes' }), undefined)).toBeUndefined()
  })

  test('radio and dropdown take one of their options', () => {
    const radio = field('radio', { options: ['Yes', 'No'], required: true, label: 'Smoker' })
    expect(checkAnswer(radio, 'Yes')).toBeUndefined()
    expect(checkAnswer(radio, 'Maybe')).toBe('Choose one of the listed answers')
    expect(checkAnswer(radio, ['Yes', 'No'])).toBe('Choose only one answer')
    expect(checkAnswer(radio, undefined)).toBe('Choose an answer for Smoker')
    const dropdown = field('dropdown', { options: ['Medicare', 'Medicaid'] })
    expect(checkAnswer(dropdown, 'Private')).toBe('Choose one of the listed answers')
    expect(checkAnswer(dropdown, '')).toBeUndefined()
  })

  test('a checkbox with options is a multiple choice among them; without options a yes/no box', () => {
    const multiple = field('checkbox', { options: ['Bathing', 'Meals'], required: true, label: 'Services' })
    expect(checkAnswer(multiple, ['Bathing', 'Meals'])).toBeUndefined()
    expect(checkAnswer(multiple, ['Bathing', 'Gardening'])).toBe('Choose from the listed answers')
    expect(checkAnswer(multiple, [])).toBe('Choose an answer for Services')
    const single = field('checkbox', { required: true, label: 'I accept the terms' })
    expect(checkAnswer(single, 'on')).toBeUndefined()
    expect(checkAnswer(single, undefined)).toBe('Check this box: I accept the terms')
  })

  test('a signature is always required, and answers are capped by type', () => {
    expect(checkAnswer(field('signature', { required: false }), '')).toBe('Type your full name to sign')
    expect(checkAnswer(field('text'), 'x'.repeat(2001))).toBe('Use at most 2000 characters')
    expect(checkAnswer(field('text'), 'x'.repeat(2000))).toBeUndefined()
    expect(checkAnswer(field('signature'), 'x'.repeat(201))).toBe('Use at most 200 characters')
    expect(checkAnswer(field('email'), `${'a'.repeat(250)}@example.com`)).toBe('Use at most 254 characters')
  })
})

describe('the schema of one form', () => {
  const fields: FormField[] = [
    field('text', { name: 'patient.name[0]', label: 'Full Name', required: true }),
    field('email', { name: 'email', label: 'Email' }),
    field('checkbox', { name: 'services', label: 'Services', options: ['Bathing', 'Meals'] }),
    field('checkbox', { name: 'agree', label: 'I agree' }),
    field('signature', { name: 'sig', label: 'Signature' }),
  ]

  test('errors sit under each input by position, with the consent box of a signed form', () => {
    const result = submit(fields, [['f1', 'nope']])
    if (result.status === 'success') throw new Error('expected errors')
    expect(result.error).toMatchObject({
      f0: ['Full Name is required'],
      f1: ['Enter a valid email address, like name@example.com'],
      f4: ['Type your full name to sign'],
      [SIGNATURE_CONSENT_INPUT]: ['Check the box to agree to sign electronically'],
    })
    expect(result.error?.f2).toBeUndefined()
  })

  test('a valid post becomes answers keyed by the fields’ own names, with the typed signature', () => {
    const result = submit(fields, [
      ['f0', '  Jane Doe '],
      ['f1', 'jane@example.com'],
      ['f2', 'Bathing'],
      ['f2', 'Meals'],
      ['f4', 'Jane Doe'],
      [SIGNATURE_CONSENT_INPUT, 'yes'],
    ])
    expect(result.status).toBe('success')
    if (result.status !== 'success') return
    expect(result.value).toEqual({
      answers: { 'patient.name[0]': 'Jane Doe', email: 'jane@example.com', services: ['Bathing', 'Meals'], agree: false, sig: 'Jane Doe' },
      signatureName: 'Jane Doe',
    })
  })

  test('a form without a signature field asks for no consent', () => {
    const result = submit([field('text', { label: 'Name' })], [])
    expect(result.status).toBe('success')
  })

  test('the consent statement is the binding wording', () => {
    expect(SIGNATURE_CONSENT_TEXT).toMatch(/^I agree that typing my name above is my electronic signature/)
  })
})

describe('inputs for phones', () => {
  test('each type gets its keyboard and autofill', () => {
    expect(inputAttributesFor(field('email'))).toEqual({ type: 'email', inputMode: 'email', autoComplete: 'email' })
    expect(inputAttributesFor(field('tel', { label: 'Phone' }))).toEqual({ type: 'tel', inputMode: 'tel', autoComplete: 'tel' })
    expect(inputAttributesFor(field('tel', { label: 'Emergency contact phone' })).autoComplete).toBe('off')
    expect(inputAttributesFor(field('date', { label: 'Date of Birth' }))).toEqual({ type: 'date', autoComplete: 'bday' })
    expect(inputAttributesFor(field('number')).inputMode).toBe('decimal')
    expect(inputAttributesFor(field('text', { label: 'ZIP Code' })).autoComplete).toBe('postal-code')
    expect(inputAttributesFor(field('signature')).autoComplete).toBe('name')
  })
})

describe('answers into the lead', () => {
  test('fields map by type and wording; someone else’s details never do', () => {
    expect(leadFieldFor(field('email', { label: 'Contact' }))).toBe('email')
    expect(leadFieldFor(field('tel', { label: 'Best number' }))).toBe('phone')
    expect(leadFieldFor(field('text', { label: 'First Name' }))).toBe('firstName')
    expect(leadFieldFor(field('text', { label: 'Last name' }))).toBe('lastName')
    expect(leadFieldFor(field('text', { label: 'Street Address' }))).toBe('address')
    expect(leadFieldFor(field('text', { label: 'City' }))).toBe('city')
    expect(leadFieldFor(field('text', { label: 'State' }))).toBe('state')
    expect(leadFieldFor(field('text', { label: 'ZIP Code' }))).toBe('zipCode')
    expect(leadFieldFor(field('tel', { label: 'Emergency Contact Phone' }))).toBeNull()
    expect(leadFieldFor(field('text', { label: 'Physician address' }))).toBeNull()
    expect(leadFieldFor(field('text', { label: 'Allergies' }))).toBeNull()
  })

  test('the confirmation needs at least one known lead field', () => {
    expect(applyAnswersSchema.safeParse({ fields: 'city' }).data).toEqual({ fields: ['city'] })
    expect(applyAnswersSchema.safeParse({}).error?.issues[0]?.message).toBe('Choose at least one field to update')
    expect(applyAnswersSchema.safeParse({ fields: ['notes'] }).success).toBe(false)
  })

  test('stored answers read as text', () => {
    expect(answerText(true)).toBe('Yes')
    expect(answerText(false)).toBe('—')
    expect(answerText(['a', 'b'])).toBe('a, b')
  })
})

describe('the other schemas', () => {
  test('sending needs a form', () => {
    expect(sendIntakeFormSchema.safeParse({}).error?.issues[0]?.message).toBe('Choose a form to send')
    expect(sendIntakeFormSchema.safeParse({ formId: 'x' }).error?.issues[0]?.message).toBe('Choose a form to send')
  })

  test('the list query ignores unknown filters and bounds the page', () => {
    expect(parseSubmissionListQuery(new URLSearchParams('status=signed&formType=intake&page=2&pageSize=5'))).toEqual({
      status: 'signed',
      formType: 'intake',
      page: 2,
      pageSize: 5,
    })
    expect(parseSubmissionListQuery(new URLSearchParams('status=bogus&formType=x&leadId=nope&page=-1&pageSize=1000'))).toEqual({
      page: 1,
      pageSize: 20,
    })
  })
})
