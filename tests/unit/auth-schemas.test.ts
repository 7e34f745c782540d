import { parseWithZod } from '@conform-to/zod/v4'
import { describe, expect, test } from 'vitest'
import { PASSWORD_MIN_LENGTH, changePasswordSchema, loginSchema, resetPasswordSchema } from '~/features/users/auth-schema'
import { createUserSchema, deactivateUserSchema, reactivateUserSchema, updateUserSchema } from '~/features/users/schema'
import { isCommonPassword } from '~/features/users/common-passwords.server'

/** Parses like the actions do: form fields, where an empty field counts as missing. */
function errorsOf(schema: Parameters<typeof parseWithZod>[1]['schema'], fields: Record<string, string>) {
  const formData = new FormData()
  for (const [name, value] of Object.entries(fields)) formData.append(name, value)
  const submission = parseWithZod(formData, { schema })
  return submission.status === 'success' ? null : submission.error
}

/** At least PASSWORD_MIN_LENGTH characters and nothing the policy refuses. */
const longEnough = 'lamp sofa kiwi'
const account = { email: 'dana.scully@example.com', name: 'Dana Scully' }
const changePassword = changePasswordSchema({ ...account, isCommon: isCommonPassword })
const resetPassword = resetPasswordSchema({ ...account, isCommon: isCommonPassword })
const createUser = createUserSchema({ isCommon: isCommonPassword })

describe('loginSchema', () => {
  test('needs a valid email and a password', () => {
    expect(errorsOf(loginSchema, { email: ' someone@example.com ', password: 'anything' })).toBeNull()
    expect(errorsOf(loginSchema, { email: 'nope', password: '' })).toEqual({
      email: ['Enter a valid email address'],
      password: ['Password is required'],
    })
    expect(errorsOf(loginSchema, {})).toMatchObject({ email: ['Email is required'] })
  })
})

describe('changePasswordSchema', () => {
  test('accepts a long enough new password typed twice', () => {
    expect(
      errorsOf(changePassword, { currentPassword: 'old', newPassword: longEnough, confirmPassword: longEnough }),
    ).toBeNull()
  })

  test(`the new password needs at least ${PASSWORD_MIN_LENGTH} characters`, () => {
    const short = 'x'.repeat(PASSWORD_MIN_LENGTH - 1)
    expect(errorsOf(changePassword, { currentPassword: 'old', newPassword: short, confirmPassword: short })).toEqual({
      newPassword: ['Password must be at least 12 characters'],
    })
    const long = 'x'.repeat(201)
    expect(errorsOf(changePassword, { currentPassword: 'old', newPassword: long, confirmPassword: long })).toEqual({
      newPassword: ['Password must be less than 200 characters'],
    })
  })

  test('a mismatch is reported on the confirmation', () => {
    expect(
      errorsOf(changePassword, { currentPassword: 'old', newPassword: longEnough, confirmPassword: `${longEnough}y` }),
    ).toEqual({ confirmPassword: ['Passwords do not match'] })
  })

  test.each([
    ['            ', 'Enter a password'],
    ['123456789012', 'Choose a password that is not just repeated characters or a simple sequence'],
    ['Dana.Scully@example.com', 'Choose a password that does not contain your email address'],
    ['scully rules forever', 'Choose a password that does not contain your name'],
    ['Password1234', 'Choose a password that is not commonly used'],
  ])('the new password %j is refused: %s', (newPassword, message) => {
    expect(errorsOf(changePassword, { currentPassword: 'old', newPassword, confirmPassword: newPassword })).toEqual({
      newPassword: [message],
    })
  })

  test('without the server check (in the browser) a common password passes the schema', () => {
    const inBrowser = changePasswordSchema(account)
    const newPassword = 'Password1234'
    expect(errorsOf(inBrowser, { currentPassword: 'old', newPassword, confirmPassword: newPassword })).toBeNull()
  })

  test('the new password is kept as typed: spaces and any script, nothing trimmed', () => {
    const formData = new FormData()
    const newPassword = '  ünïcødé — 密码 ☃  '
    for (const [name, value] of Object.entries({ currentPassword: 'old', newPassword, confirmPassword: newPassword })) {
      formData.append(name, value)
    }
    const submission = parseWithZod(formData, { schema: changePassword })
    expect(submission.status === 'success' && submission.value.newPassword).toBe(newPassword)
  })

  test('every field is required', () => {
    expect(errorsOf(changePassword, {})).toEqual({
      currentPassword: ['Current password is required'],
      newPassword: ['New password is required'],
      confirmPassword: ['Confirm the new password'],
    })
  })
})

describe('resetPasswordSchema', () => {
  test('belongs to the reset-password form only', () => {
    const fields = { newPassword: longEnough, confirmPassword: longEnough }
    expect(errorsOf(resetPassword, { intent: 'reset-password', ...fields })).toBeNull()
    expect(errorsOf(resetPassword, { intent: 'update', ...fields })).toHaveProperty('intent')
  })

  test("applies the policy with the user's email address and name", () => {
    const reset = (newPassword: string) =>
      errorsOf(resetPassword, { intent: 'reset-password', newPassword, confirmPassword: newPassword })
    expect(reset('dana.scully 2024')).toEqual({
      newPassword: ["Choose a password that does not contain the user's email address"],
    })
    expect(reset('Scully, Dana!!')).toEqual({ newPassword: ["Choose a password that does not contain the user's name"] })
    expect(reset('abcabcabcabc')).toEqual({
      newPassword: ['Choose a password that is not just repeated characters or a simple sequence'],
    })
    expect(reset('qwertyuiop12')).toEqual({ newPassword: ['Choose a password that is not commonly used'] })
  })

  test('checks length and confirmation', () => {
    expect(errorsOf(resetPassword, { intent: 'reset-password', newPassword: 'short', confirmPassword: 'short' })).toEqual({
      newPassword: ['Password must be at least 12 characters'],
    })
    expect(
      errorsOf(resetPassword, { intent: 'reset-password', newPassword: longEnough, confirmPassword: 'other' }),
    ).toEqual({ confirmPassword: ['Passwords do not match'] })
  })
})

describe('createUserSchema', () => {
  const valid = { name: 'Dana Scully', email: 'dana@example.com', role: 'coordinator', password: longEnough }

  test('accepts a complete user and trims the name and email', () => {
    const formData = new FormData()
    for (const [name, value] of Object.entries({ ...valid, name: '  Dana Scully ', email: ' dana@example.com ' })) {
      formData.append(name, value)
    }
    const submission = parseWithZod(formData, { schema: createUser })
    expect(submission.status).toBe('success')
    expect(submission.status === 'success' && submission.value).toEqual({ ...valid })
  })

  test('explains every problem', () => {
    expect(errorsOf(createUser, { name: '   ', email: 'dana', role: 'owner', password: 'short' })).toEqual({
      name: ['Name is required'],
      email: ['Enter a valid email address'],
      role: ['Choose a role'],
      password: ['Password must be at least 12 characters'],
    })
    expect(errorsOf(createUser, {})).toEqual({
      name: ['Name is required'],
      email: ['Email is required'],
      role: ['Choose a role'],
      password: ['Initial password is required'],
    })
    expect(errorsOf(createUser, { ...valid, name: 'n'.repeat(101) })).toEqual({
      name: ['Name must be at most 100 characters'],
    })
  })

  test("the initial password may not contain the new user's email address or name", () => {
    expect(errorsOf(createUser, { ...valid, password: 'DANA@EXAMPLE.COM' })).toEqual({
      password: ["Choose a password that does not contain the user's email address"],
    })
    expect(errorsOf(createUser, { ...valid, password: 'agent scully 1993' })).toEqual({
      password: ["Choose a password that does not contain the user's name"],
    })
    // Reported beside the other fields' problems, not after them.
    expect(errorsOf(createUser, { ...valid, name: 'n'.repeat(101), password: 'dana at the office' })).toEqual({
      name: ['Name must be at most 100 characters'],
      password: ["Choose a password that does not contain the user's email address"],
    })
  })

  test('the initial password is not blank, a pattern, or common', () => {
    expect(errorsOf(createUser, { ...valid, password: ' '.repeat(20) })).toEqual({ password: ['Enter a password'] })
    expect(errorsOf(createUser, { ...valid, password: 'aaaaaaaaaaaa' })).toEqual({
      password: ['Choose a password that is not just repeated characters or a simple sequence'],
    })
    expect(errorsOf(createUser, { ...valid, password: 'password1234' })).toEqual({
      password: ['Choose a password that is not commonly used'],
    })
  })

  test.each(['admin', 'coordinator', 'viewer'])('accepts the %s role', (role) => {
    expect(errorsOf(createUser, { ...valid, role })).toBeNull()
  })
})

describe('the forms on a user page', () => {
  test('updateUserSchema needs its intent, a name and a role', () => {
    expect(errorsOf(updateUserSchema, { intent: 'update', name: 'New Name', role: 'viewer' })).toBeNull()
    expect(errorsOf(updateUserSchema, { intent: 'update', name: '', role: 'root' })).toEqual({
      name: ['Name is required'],
      role: ['Choose a role'],
    })
    expect(errorsOf(updateUserSchema, { intent: 'deactivate', name: 'New Name', role: 'viewer' })).toHaveProperty('intent')
  })

  test('deactivate and reactivate are told apart by their intent', () => {
    expect(errorsOf(deactivateUserSchema, { intent: 'deactivate' })).toBeNull()
    expect(errorsOf(deactivateUserSchema, { intent: 'reactivate' })).toHaveProperty('intent')
    expect(errorsOf(reactivateUserSchema, { intent: 'reactivate' })).toBeNull()
    expect(errorsOf(reactivateUserSchema, {})).toHaveProperty('intent')
  })
})
