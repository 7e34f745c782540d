import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest'
import { z } from 'zod'
import { loginSchema } from '~/features/users/auth-schema'
import { mfaSignInSchema } from '~/features/users/mfa-schema'
import { documentTypeFormSchema } from '~/features/document-types/schema'
import { type FormChecks, type FormRules, checkField, constraintsOf, validateWithRules } from '~/lib/form-rules'
import { formRules } from '~/lib/form-rules.server'

describe('the rules a page gets instead of its Zod schema', () => {
  test("sign-in: each constraint with the schema's own message for breaking it", () => {
    expect(formRules(loginSchema).fields).toEqual({
      email: {
        required: 'Email is required',
        maxLength: { value: 254, message: 'Enter a valid email address' },
        malformed: 'Enter a valid email address',
      },
      password: { required: 'Password is required', maxLength: { value: 1000, message: 'Invalid email or password' } },
    })
  })

  test('the second sign-in step: the code is required; its form is left to the server', () => {
    const message = 'Enter the 6-digit code from your authenticator app or one of your recovery codes'
    expect(formRules(mfaSignInSchema).fields).toEqual({
      code: { required: message, maxLength: { value: 100, message }, malformed: message },
    })
  })

  test('a pattern and a minimum length, as Conform puts them on the input', () => {
    const rules = formRules(
      z.object({
        zip: z.string({ error: 'ZIP code is required' }).regex(/^\d{5}$/, { message: 'Enter a 5-digit ZIP code' }),
        note: z.string().min(3, { message: 'Write at least 3 characters' }).max(10, { message: 'Keep it under 10 characters' }).optional(),
      }),
    )
    expect(rules).toEqual({
      fields: {
        zip: { required: 'ZIP code is required', pattern: '^\\d{5}$', malformed: 'Enter a 5-digit ZIP code' },
        note: {
          maxLength: { value: 10, message: 'Keep it under 10 characters' },
          minLength: { value: 3, message: 'Write at least 3 characters' },
        },
      },
    })
    expect(constraintsOf(rules)).toEqual({
      zip: { required: true, maxLength: undefined, minLength: undefined, pattern: '^\\d{5}$' },
      note: { required: false, maxLength: 10, minLength: 3, pattern: undefined },
    })
  })
})

  test('a schema built per request is built once per key, its rules those of the schema', () => {
    const zipSchema = (message: string) => z.object({ zip: z.string({ error: message }) })
    const build = vi.fn(() => zipSchema('ZIP code is required'))
    const first = formRules('zip|en', build)
    expect(formRules('zip|en', build)).toBe(first)
    expect(build).toHaveBeenCalledTimes(1)
    expect(first).toEqual(formRules(zipSchema('ZIP code is required')))
    // Another key is another schema: its own rules, not the first key's.
    expect(formRules('zip|es', () => zipSchema('Se requiere el código postal')).fields.zip?.required).toBe('Se requiere el código postal')
  })

describe('checking a value by the rules, as the page does when a field is left', () => {
  const rules = formRules(
    z.object({
      zip: z
        .string({ error: 'ZIP code is required' })
        .max(5, { message: 'At most 5 digits' })
        .regex(/^\d{5}$/, { message: 'Enter a 5-digit ZIP code' }),
    }),
  )
  const zip = rules.fields.zip!

  test.each([
    ['', 'ZIP code is required'],
    ['123456', 'At most 5 digits'],
    ['12a45', 'Enter a 5-digit ZIP code'],
    ['12345', undefined],
  ])('%j → %s', (value, message) => {
    expect(checkField(zip, value)).toBe(message)
  })

  test("with the input at hand, the browser's own judgement of type and pattern decides", () => {
    const validity = (malformed: boolean) => ({ validity: { typeMismatch: malformed, patternMismatch: false } as ValidityState })
    expect(checkField(zip, '12a45', validity(false))).toBeUndefined()
    expect(checkField(zip, '12345', validity(true))).toBe('Enter a 5-digit ZIP code')
  })
})

describe('a summary the schema gives the whole form', () => {
  test('document types: name or tag missing also says so above the form, as the server does', () => {
    const rules = formRules(documentTypeFormSchema)
    expect(rules.whenRequiredMissing).toEqual(['Name and GHL Tag are required'])
    expect(rules.fields.name?.required).toBe('Name is required')
    expect(rules.fields.ghlTag?.required).toBe('GHL Tag is required')
  })

  test('sign-in has none', () => {
    expect(formRules(loginSchema).whenRequiredMissing).toBeUndefined()
  })
})

describe('numbers and the rows of a list', () => {
  const schema = z.object({
    rate: z.preprocess(
      (value) => (value === '' || value === undefined ? 0 : Number(value)),
      z.number({ error: 'Rate must be a number' }).min(0, { message: 'Rate must be 0 or greater' }).max(500, { message: 'Rate must be 500 or less' }),
    ).optional(),
    contacts: z
      .array(
        z.object({
          name: z.string({ error: 'Contact name is required' }).trim().min(1, { message: 'Contact name is required' }).max(20, { message: 'Too long' }),
          email: z.string().email({ message: 'Invalid email address' }).optional(),
        }),
        { error: 'Add at least one contact' },
      )
      .min(1, { message: 'Add at least one contact' }),
  })

  test("a number's bounds with the schema's messages, on the input as min and max", () => {
    const rules = formRules(schema)
    expect(rules.fields.rate).toEqual({
      min: { value: 0, message: 'Rate must be 0 or greater' },
      max: { value: 500, message: 'Rate must be 500 or less' },
      malformed: 'Rate must be a number',
    })
    expect(constraintsOf(rules).rate).toMatchObject({ required: false, min: 0, max: 500 })
    expect(checkField(rules.fields.rate!, '-3')).toBe('Rate must be 0 or greater')
    expect(checkField(rules.fields.rate!, '501')).toBe('Rate must be 500 or less')
    expect(checkField(rules.fields.rate!, 'abc')).toBe('Rate must be a number')
    expect(checkField(rules.fields.rate!, '27.50')).toBeUndefined()
  })

  test('the fields of a list\'s rows, named as Conform names their constraints; the list itself is required', () => {
    const rules = formRules(schema)
    expect(rules.fields['contacts[].name']).toEqual({
      required: 'Contact name is required',
      maxLength: { value: 20, message: 'Too long' },
    })
    expect(rules.fields['contacts[].email']).toEqual({ malformed: 'Invalid email address' })
    expect(rules.fields.contacts).toEqual({ required: 'Add at least one contact' })
  })
})

describe('validating a form in the page', () => {
  // Outside a browser: the form has no inputs whose validity to ask, so the values decide.
  beforeAll(() => {
    vi.stubGlobal('HTMLInputElement', class {})
    vi.stubGlobal('HTMLTextAreaElement', class {})
    vi.stubGlobal('HTMLSelectElement', class {})
  })
  afterAll(() => vi.unstubAllGlobals())

  function validate(rules: FormRules, entries: Array<[string, string | File]>, checks?: FormChecks) {
    const formData = new FormData()
    for (const [name, value] of entries) formData.append(name, value)
    const form = { elements: { namedItem: () => null } } as unknown as HTMLFormElement
    const submission = validateWithRules(rules, checks)({ form, formData })
    return { status: submission.status, error: 'error' in submission ? submission.error : undefined }
  }

  const rules: FormRules = {
    fields: {
      contacts: { required: 'Add at least one contact' },
      'contacts[].name': { required: 'Contact name is required' },
      newPassword: { required: 'New password is required', minLength: { value: 4, message: 'Too short' } },
      confirmPassword: { required: 'Confirm it' },
    },
  }

  test("each row's fields by their rules; no row at all is the list's own message", () => {
    const withRows = validate(rules, [
      ['contacts[0].name', 'Sam'],
      ['contacts[1].name', ''],
      ['newPassword', 'abcd'],
      ['confirmPassword', 'abcd'],
    ])
    expect(withRows.error).toEqual({ 'contacts[1].name': ['Contact name is required'] })
    const noRows = validate(rules, [
      ['newPassword', 'abcd'],
      ['confirmPassword', 'abcd'],
    ])
    expect(noRows.error).toEqual({ contacts: ['Add at least one contact'] })
  })

  test("a row removed (Conform's intent) is no longer checked", () => {
    const removed = validate(rules, [
      ['contacts[0].name', 'Sam'],
      ['contacts[1].name', ''],
      ['newPassword', 'abcd'],
      ['confirmPassword', 'abcd'],
      ['__intent__', JSON.stringify({ type: 'remove', payload: { name: 'contacts', index: 1 } })],
    ])
    expect(removed.error).toEqual({})
  })

  test("leaving an empty field unsaid: 'required' waits for the send, but a wrong value, or a message already shown, is told at once", () => {
    const leaving = (name: string) => ['__intent__', JSON.stringify({ type: 'validate', payload: { name } })] as [string, string]
    const fields: Array<[string, string]> = [
      ['contacts[0].name', 'Sam'],
      ['newPassword', ''],
      ['confirmPassword', ''],
    ]
    // Tabbed through without typing: nothing for the field left, nor for the empty ones left before it.
    expect(validate(rules, [...fields, leaving('newPassword')]).error).toEqual({})
    // Something typed and wrong is told on leaving.
    expect(validate(rules, [['contacts[0].name', 'Sam'], ['newPassword', 'ab'], ['confirmPassword', ''], leaving('newPassword')]).error).toMatchObject({
      newPassword: ['Too short'],
    })
    // On a send, every empty required field.
    expect(validate(rules, fields).error).toEqual({ newPassword: ['New password is required'], confirmPassword: ['Confirm it'] })
    // Once shown (after a send), emptied again and left: the message stays.
    const formData = new FormData()
    for (const [name, value] of [...fields, leaving('newPassword')]) formData.append(name, value)
    const shown = { defaultValue: '', getAttribute: (attribute: string) => (attribute === 'aria-invalid' ? 'true' : null) }
    const form = { elements: { namedItem: (name: string) => (name === 'newPassword' ? shown : null) } } as unknown as HTMLFormElement
    const submission = validateWithRules(rules)({ form, formData })
    expect('error' in submission ? submission.error : undefined).toMatchObject({ newPassword: ['New password is required'] })
    // A value the page came with, cleared and left: told at once.
    const cleared = { defaultValue: 'old secret', getAttribute: () => null }
    const withCleared = { elements: { namedItem: (name: string) => (name === 'newPassword' ? cleared : null) } } as unknown as HTMLFormElement
    const again = validateWithRules(rules)({ form: withCleared, formData })
    expect('error' in again ? again.error : undefined).toMatchObject({ newPassword: ['New password is required'] })
  })

  const checks: FormChecks = {
    fields: {
      newPassword: ({ text }) => (/^(.)\1*$/.test(text('newPassword')) ? 'Not one character repeated' : null),
      files: ({ list }) => list('files').flatMap((file) => (file instanceof File && file.size > 3 ? [`"${file.name}" is too large`] : [])),
    },
    form: ({ text }) => ({ confirmPassword: text('newPassword') === text('confirmPassword') ? null : 'Passwords do not match' }),
  }

  test("a field's own check runs once its rules pass, with every message it gives", () => {
    const password = (value: string): Array<[string, string]> => [['contacts[0].name', 'Sam'], ['newPassword', value], ['confirmPassword', value]]
    expect(validate(rules, password('aa'), checks).error).toEqual({ newPassword: ['Too short'] })
    expect(validate(rules, password('aaaa'), checks).error).toEqual({ newPassword: ['Not one character repeated'] })
    const files: Array<[string, File]> = [
      ['files', new File(['1234'], 'a.pdf')],
      ['files', new File(['1'], 'b.pdf')],
      ['files', new File(['12345'], 'c.pdf')],
    ]
    expect(validate(rules, [...password('abcd'), ...files], checks).error).toEqual({
      files: ['"a.pdf" is too large', '"c.pdf" is too large'],
    })
  })

  test('a check across fields runs unless a field is missing, as Zod runs a refinement of the whole schema', () => {
    const mismatched: Array<[string, string]> = [['contacts[0].name', 'Sam'], ['newPassword', 'abcd'], ['confirmPassword', 'abce']]
    expect(validate(rules, mismatched, checks).error).toEqual({ confirmPassword: ['Passwords do not match'] })
    expect(validate(rules, [['contacts[0].name', 'Sam'], ['newPassword', 'ab'], ['confirmPassword', 'abce']], checks).error).toEqual({
      newPassword: ['Too short'],
      confirmPassword: ['Passwords do not match'],
    })
    expect(validate(rules, [...mismatched, ['contacts[1].name', '']], checks).error).toEqual({
      'contacts[1].name': ['Contact name is required'],
    })
    expect(validate(rules, [['contacts[0].name', 'Sam'], ['newPassword', 'abcd'], ['confirmPassword', 'abcd']], checks).status).toBe('success')
  })
})
