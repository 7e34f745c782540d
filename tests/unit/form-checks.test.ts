import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest'
import type { $ZodType } from 'zod/v4/core'
import { CAREGIVER_FILE_CHECKS } from '~/features/caregivers/rules'
import { caregiverFormSchema } from '~/features/caregivers/schema'
import { documentEditSchema } from '~/features/documents/schema'
import { registrationStepChecks } from '~/features/patients/rules'
import { stepSchemas } from '~/features/patients/schema'
import { changePasswordSchema, resetPasswordSchema } from '~/features/users/auth-schema'
import { initialPasswordChecks, newPasswordChecks } from '~/features/users/password-policy'
import { createUserSchema, updateUserSchema } from '~/features/users/schema'
import { parseWithZod } from '~/lib/form-input'
import { type FormChecks, validateWithRules } from '~/lib/form-rules'
import { formRules } from '~/lib/form-rules.server'
import { dateIn } from '~/lib/time'

/**
 * The pages check their forms with rules from the schema and their own
 * checks, without Zod: for what the page checks, it must say what the
 * server's schema says, next to the same field, in the same words.
 */

type Entries = Record<string, string | string[] | File | File[]>

function formData(entries: Entries) {
  const data = new FormData()
  for (const [name, value] of Object.entries(entries)) for (const item of [value].flat()) data.append(name, item)
  return data
}

function serverSays(schema: $ZodType, entries: Entries) {
  const submission = parseWithZod(formData(entries), { schema })
  return submission.status === 'error' ? submission.error : {}
}

function pageSays(schema: $ZodType, entries: Entries, checks?: FormChecks) {
  // Outside a browser the form has no inputs whose validity to ask: the values decide.
  const form = { elements: { namedItem: () => null } } as unknown as HTMLFormElement
  const submission = validateWithRules(formRules(schema), checks)({ form, formData: formData(entries) })
  return submission.status === 'error' ? submission.error : {}
}

beforeAll(() => {
  for (const name of ['HTMLInputElement', 'HTMLTextAreaElement', 'HTMLSelectElement']) vi.stubGlobal(name, class {})
})
afterAll(() => vi.unstubAllGlobals())

const GOOD_PASSWORD = 'e2e-correct-horse-battery-staple'

describe('passwords', () => {
  const account = { email: 'dana.scully@example.com', name: 'Dana Scully' }

  test.each<[string, Entries]>([
    ['nothing typed', {}],
    ['too short', { currentPassword: 'x', newPassword: 'short', confirmPassword: 'other' }],
    ['a simple sequence', { currentPassword: 'x', newPassword: 'abcdefghijkl', confirmPassword: 'abcdefghijkl' }],
    ['my own name', { currentPassword: 'x', newPassword: 'scully in 1993!', confirmPassword: 'scully in 1993!' }],
    ['a confirmation that differs', { currentPassword: 'x', newPassword: GOOD_PASSWORD, confirmPassword: `${GOOD_PASSWORD}!` }],
    ['a confirmation that differs, the current one missing', { newPassword: GOOD_PASSWORD, confirmPassword: 'x' }],
    ['all fine', { currentPassword: 'x', newPassword: GOOD_PASSWORD, confirmPassword: GOOD_PASSWORD }],
  ])('My account, %s', (_, entries) => {
    const schema = changePasswordSchema(account)
    expect(pageSays(schema, entries, newPasswordChecks(account))).toEqual(serverSays(schema, entries))
  })

  test.each<[string, Entries]>([
    ["the user's name", { intent: 'reset-password', newPassword: 'scully in 1993!', confirmPassword: 'x' }],
    ['a confirmation that differs', { intent: 'reset-password', newPassword: GOOD_PASSWORD, confirmPassword: 'x' }],
  ])("a user's page, %s", (_, entries) => {
    const schema = resetPasswordSchema(account)
    expect(pageSays(schema, entries, newPasswordChecks({ ...account, forOther: true }))).toEqual(serverSays(schema, entries))
  })

  test.each<[string, Entries]>([
    ['nothing typed', {}],
    ["the user's name, the role missing", { name: 'Dana Scully', email: 'dana@example.com', password: 'scully in 1993!' }],
    ["the user's name", { name: 'Dana Scully', email: 'dana@example.com', role: 'viewer', password: 'scully in 1993!' }],
    ["the user's email address", { name: 'Dana Scully', email: 'foxmulder@example.com', role: 'viewer', password: 'foxmulder1993!' }],
    ['a simple sequence', { name: 'Dana Scully', email: 'dana@example.com', role: 'viewer', password: '123456789012' }],
    ['all fine', { name: 'Dana Scully', email: 'dana@example.com', role: 'viewer', password: GOOD_PASSWORD }],
  ])('Add user, %s', (_, entries) => {
    expect(pageSays(createUserSchema(), entries, initialPasswordChecks)).toEqual(serverSays(createUserSchema(), entries))
  })

  test("a user's name and role", () => {
    const entries = { intent: 'update', name: 'x'.repeat(101), role: 'viewer' }
    expect(pageSays(updateUserSchema, entries)).toEqual(serverSays(updateUserSchema, entries))
  })
})

describe('caregiver application', () => {
  const required = { fullName: 'Maria Lopez', phone: '(201) 555-1000', licenseNumber: 'RN-1', yearsExperience: '3-5' }
  const pdf = (name: string, size = 10) => new File([new Uint8Array(size)], name, { type: 'application/pdf' })

  test.each<[string, Entries]>([
    ['nothing typed', {}],
    ['a rate below 0', { ...required, hourlyRate: '-3' }],
    ['a rate too high', { ...required, hourlyRate: '10001' }],
    ['two license files', { ...required, licenseFile: [pdf('a.pdf'), pdf('b.pdf')] }],
    ['files of the wrong type or too large', { ...required, resumeFile: pdf('cv.png'), certificationFiles: [pdf('ok.pdf'), pdf('big.pdf', 10 * 1024 * 1024 + 1), pdf('x.gif')] }],
    ['an empty picker', { ...required, licenseFile: new File([], '') }],
  ])('%s', (_, entries) => {
    expect(pageSays(caregiverFormSchema, entries, { fields: CAREGIVER_FILE_CHECKS })).toEqual(serverSays(caregiverFormSchema, entries))
  })
})

describe('patient registration', () => {
  const timeZone = 'America/New_York'
  const today = dateIn(Date.now(), timeZone)
  const tomorrow = new Date(Date.parse(`${today}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10)
  const personal = { firstName: 'Edith', lastName: 'Clarke', gender: 'female', phone: '(212) 555-0101' }

  test.each<[string, Entries]>([
    ['nothing typed', {}],
    ['born tomorrow', { ...personal, dateOfBirth: tomorrow }],
    ['born before 1900', { ...personal, dateOfBirth: '1899-12-31' }],
    ['born today', { ...personal, dateOfBirth: today }],
  ])('personal info, %s', (_, entries) => {
    const schema = stepSchemas(timeZone).personal
    expect(pageSays(schema, entries, registrationStepChecks('personal', today))).toEqual(serverSays(schema, entries))
  })

  test.each<[string, Entries]>([
    ['a member ID without its provider', { memberId: '1EG4-TE5' }],
    ['a group number, the provider blank', { provider: '  ', groupNumber: 'G-1' }],
    ['with the provider', { provider: 'Medicare', memberId: '1EG4-TE5' }],
    ['nothing (private pay)', {}],
  ])('insurance, %s', (_, entries) => {
    const schema = stepSchemas(timeZone).insurance
    expect(pageSays(schema, entries, registrationStepChecks('insurance', today))).toEqual(serverSays(schema, entries))
  })

  test.each<[string, Entries]>([
    ['no contact', {}],
    ['a second contact without name or phone', { 'contacts[0].name': 'Sam', 'contacts[0].phone': '555 0188', 'contacts[1].name': '', 'contacts[1].phone': '' }],
    ['a name too long', { 'contacts[0].name': 'x'.repeat(101), 'contacts[0].phone': '555 0188' }],
  ])('emergency contacts, %s', (_, entries) => {
    const schema = stepSchemas(timeZone).contacts
    expect(pageSays(schema, entries)).toEqual(serverSays(schema, entries))
  })

  test('care preferences: the care type is required', () => {
    const schema = stepSchemas(timeZone).preferences
    expect(pageSays(schema, { preferredDays: ['monday'] })).toEqual(serverSays(schema, { preferredDays: ['monday'] }))
  })
})

test('document edit: the name is required and at most 200 characters', () => {
  for (const entries of [{ name: '' }, { name: 'x'.repeat(201) }]) {
    expect(pageSays(documentEditSchema, entries)).toEqual(serverSays(documentEditSchema, entries))
  }
})

test('e-signature test: provider, template, recipient name and e-mail required, in the product’s words', async () => {
  const { esignTestSchema } = await import('~/features/esign/schema')
  const cases: Entries[] = [
    { provider: '', templateId: '', recipientName: '', recipientEmail: '' },
    { provider: 'boldsign', templateId: 'bs-tmpl-consent', recipientName: 'Test', recipientEmail: '' },
    { provider: 'boldsign', templateId: 'bs-tmpl-consent', recipientName: 'Test', recipientEmail: 'test@example.com', message: 'x'.repeat(2001) },
  ]
  for (const entries of cases) {
    expect(pageSays(esignTestSchema, entries)).toEqual(serverSays(esignTestSchema, entries))
  }
})
