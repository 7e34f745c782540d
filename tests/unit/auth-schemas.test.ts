import { parseWithZod } from '@conform-to/zod/v4'
import { describe, expect, test } from 'vitest'
import { PASSWORD_MIN_LENGTH, changePasswordSchema, loginSchema, resetPasswordSchema } from '~/features/users/auth-schema'
import { createUserSchema, deactivateUserSchema, reactivateUserSchema, updateUserSchema } from '~/features/users/schema'

/** Parses like the actions do: form fields, where an empty field counts as missing. */
function errorsOf(schema: Parameters<typeof parseWithZod>[1]['schema'], fields: Record<string, string>) {
  const formData = new FormData()
  for (const [name, value] of Object.entries(fields)) formData.append(name, value)
  const submission = parseWithZod(formData, { schema })
  return submission.status === 'success' ? null : submission.error
}

const longEnough = 'x'.repeat(PASSWORD_MIN_LENGTH)

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
      errorsOf(changePasswordSchema, { currentPassword: 'old', newPassword: longEnough, confirmPassword: longEnough }),
    ).toBeNull()
  })

  test(`the new password needs at least ${PASSWORD_MIN_LENGTH} characters`, () => {
    const short = 'x'.repeat(PASSWORD_MIN_LENGTH - 1)
    expect(errorsOf(changePasswordSchema, { currentPassword: 'old', newPassword: short, confirmPassword: short })).toEqual({
      newPassword: ['Password must be at least 12 characters'],
    })
    const long = 'x'.repeat(201)
    expect(errorsOf(changePasswordSchema, { currentPassword: 'old', newPassword: long, confirmPassword: long })).toEqual({
      newPassword: ['Password must be less than 200 characters'],
    })
  })

  test('a mismatch is reported on the confirmation', () => {
    expect(
      errorsOf(changePasswordSchema, { currentPassword: 'old', newPassword: longEnough, confirmPassword: `${longEnough}y` }),
    ).toEqual({ confirmPassword: ['Passwords do not match'] })
  })

  test('every field is required', () => {
    expect(errorsOf(changePasswordSchema, {})).toEqual({
      currentPassword: ['Current password is required'],
      newPassword: ['New password is required'],
      confirmPassword: ['Confirm the new password'],
    })
  })
})

describe('resetPasswordSchema', () => {
  test('belongs to the reset-password form only', () => {
    const fields = { newPassword: longEnough, confirmPassword: longEnough }
    expect(errorsOf(resetPasswordSchema, { intent: 'reset-password', ...fields })).toBeNull()
    expect(errorsOf(resetPasswordSchema, { intent: 'update', ...fields })).toHaveProperty('intent')
  })

  test('checks length and confirmation', () => {
    expect(errorsOf(resetPasswordSchema, { intent: 'reset-password', newPassword: 'short', confirmPassword: 'short' })).toEqual({
      newPassword: ['Password must be at least 12 characters'],
    })
    expect(
      errorsOf(resetPasswordSchema, { intent: 'reset-password', newPassword: longEnough, confirmPassword: 'other' }),
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
    const submission = parseWithZod(formData, { schema: createUserSchema })
    expect(submission.status).toBe('success')
    expect(submission.status === 'success' && submission.value).toEqual({ ...valid })
  })

  test('explains every problem', () => {
    expect(errorsOf(createUserSchema, { name: '   ', email: 'dana', role: 'owner', password: 'short' })).toEqual({
      name: ['Name is required'],
      email: ['Enter a valid email address'],
      role: ['Choose a role'],
      password: ['Password must be at least 12 characters'],
    })
    expect(errorsOf(createUserSchema, {})).toEqual({
      name: ['Name is required'],
      email: ['Email is required'],
      role: ['Choose a role'],
      password: ['Initial password is required'],
    })
    expect(errorsOf(createUserSchema, { ...valid, name: 'n'.repeat(101) })).toEqual({
      name: ['Name must be at most 100 characters'],
    })
  })

  test.each(['admin', 'coordinator', 'viewer'])('accepts the %s role', (role) => {
    expect(errorsOf(createUserSchema, { ...valid, role })).toBeNull()
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
