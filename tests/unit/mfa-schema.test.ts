import { parseWithZod } from '@conform-to/zod/v4'
import { describe, expect, test } from 'vitest'
import {
  CONFIRM_IDENTITY_MESSAGE,
  RECOVERY_CODE_ALPHABET,
  confirmIdentitySchema,
  enableMfaSchema,
  formatRecoveryCode,
  groupSecret,
  isRecoveryCode,
  isTotpCode,
  mfaSignInSchema,
  normalizeCode,
} from '~/features/users/mfa-schema'
import { resetMfaSchema } from '~/features/users/schema'

/** Parses like the actions do: form fields, where an empty field counts as missing. */
function parse(schema: Parameters<typeof parseWithZod>[1]['schema'], fields: Record<string, string>) {
  const formData = new FormData()
  for (const [name, value] of Object.entries(fields)) formData.append(name, value)
  return parseWithZod(formData, { schema })
}

function errorsOf(schema: Parameters<typeof parseWithZod>[1]['schema'], fields: Record<string, string>) {
  const submission = parse(schema, fields)
  return submission.status === 'success' ? null : submission.error
}

function valueOf(schema: Parameters<typeof parseWithZod>[1]['schema'], fields: Record<string, string>) {
  const submission = parse(schema, fields)
  if (submission.status !== 'success') throw new Error(JSON.stringify(submission.error))
  return submission.value
}

describe('codes as people type them', () => {
  test('spaces and dashes between groups are dropped, letters lowered', () => {
    expect(normalizeCode(' 123 456 ')).toBe('123456')
    expect(normalizeCode('ABCD-EFGH jkmn-PQRS')).toBe('abcdefghjkmnpqrs')
  })

  test('an authenticator code is exactly six digits', () => {
    expect(isTotpCode('012345')).toBe(true)
    expect(isTotpCode('12345')).toBe(false)
    expect(isTotpCode('1234567')).toBe(false)
    expect(isTotpCode('12345a')).toBe(false)
  })

  test('a recovery code is sixteen letters of its alphabet, which has nothing that reads as something else', () => {
    for (const confusable of ['0', 'o', '1', 'i', 'l']) expect(RECOVERY_CODE_ALPHABET).not.toContain(confusable)
    expect(isRecoveryCode('abcdefghjkmnpqrs')).toBe(true)
    expect(isRecoveryCode('abcdefghjkmnpqr')).toBe(false)
    expect(isRecoveryCode('abcdefghijkmnpqr')).toBe(false)
  })

  test('recovery codes are shown in groups of four, secrets too', () => {
    expect(formatRecoveryCode('abcdefghjkmnpqrs')).toBe('abcd-efgh-jkmn-pqrs')
    expect(groupSecret('JBSWY3DPEHPK3PXP')).toBe('JBSW Y3DP EHPK 3PXP')
  })
})

describe('enableMfaSchema', () => {
  test('takes the six-digit code, typed with a space or not', () => {
    expect(valueOf(enableMfaSchema, { code: '123 456' })).toEqual({ code: '123456' })
  })

  test('anything else is an error on the code', () => {
    const message = ['Enter the 6-digit code from your authenticator app']
    expect(errorsOf(enableMfaSchema, {})).toEqual({ code: message })
    expect(errorsOf(enableMfaSchema, { code: '12345' })).toEqual({ code: message })
    expect(errorsOf(enableMfaSchema, { code: 'abcdef' })).toEqual({ code: message })
  })
})

describe('mfaSignInSchema', () => {
  test('takes an authenticator code or a recovery code', () => {
    expect(valueOf(mfaSignInSchema, { code: '654321' })).toEqual({ code: '654321' })
    expect(valueOf(mfaSignInSchema, { code: 'ABCD-EFGH-JKMN-PQRS' })).toEqual({ code: 'abcdefghjkmnpqrs' })
  })

  test('anything else is an error on the code, without a server round of checks', () => {
    const message = ['Enter the 6-digit code from your authenticator app or one of your recovery codes']
    expect(errorsOf(mfaSignInSchema, {})).toEqual({ code: message })
    expect(errorsOf(mfaSignInSchema, { code: 'password123' })).toEqual({ code: message })
    expect(errorsOf(mfaSignInSchema, { code: '9'.repeat(101) })).toEqual({ code: message })
  })
})

describe('confirmIdentitySchema', () => {
  test('takes a current code or the password', () => {
    expect(valueOf(confirmIdentitySchema, { code: '123456' })).toEqual({ code: '123456' })
    expect(valueOf(confirmIdentitySchema, { password: 'my password' })).toEqual({ password: 'my password' })
  })

  test('needs one of them; a malformed code is an error on the code', () => {
    expect(errorsOf(confirmIdentitySchema, {})).toEqual({ code: [CONFIRM_IDENTITY_MESSAGE] })
    expect(errorsOf(confirmIdentitySchema, { code: '12' })).toEqual({
      code: ['Enter the 6-digit code from your authenticator app'],
    })
  })
})

describe('resetMfaSchema', () => {
  test('the admin ticks the box first', () => {
    expect(errorsOf(resetMfaSchema, { intent: 'reset-mfa', confirm: 'on' })).toBeNull()
    expect(errorsOf(resetMfaSchema, { intent: 'reset-mfa' })).toEqual({ confirm: ['Tick the box to confirm'] })
  })
})
