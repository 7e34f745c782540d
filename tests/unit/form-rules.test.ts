import { describe, expect, test } from 'vitest'
import { z } from 'zod'
import { loginSchema } from '~/features/users/auth-schema'
import { mfaSignInSchema } from '~/features/users/mfa-schema'
import { documentTypeFormSchema } from '~/features/document-types/schema'
import { checkField, constraintsOf } from '~/lib/form-rules'
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
