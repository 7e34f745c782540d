import { z } from 'zod'

/**
 * Multi-factor authentication forms: enrolment, the second step of sign-in,
 * and the account's confirmations (new recovery codes, turning MFA off).
 * Shared by the actions and the components; the rules live here so the
 * browser and the server agree.
 */

/** How many recovery codes a user gets at a time. */
export const RECOVERY_CODE_COUNT = 10
/** The letters of recovery codes: no 0/o, 1/i/l, so nothing reads as something else. */
export const RECOVERY_CODE_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789'
/** 16 letters of 31: about 79 bits, so a stored SHA-256 cannot be reversed by guessing. */
export const RECOVERY_CODE_LENGTH = 16

/** How people type codes: with spaces or dashes between groups, in either case. */
export function normalizeCode(value: string) {
  return value.replace(/[\s-]/g, '').toLowerCase()
}

export function isTotpCode(value: string) {
  return /^\d{6}$/.test(value)
}

export function isRecoveryCode(value: string) {
  return value.length === RECOVERY_CODE_LENGTH && [...value].every((letter) => RECOVERY_CODE_ALPHABET.includes(letter))
}

/** 'abcdefghjkmnpqrs' → 'abcd-efgh-jkmn-pqrs', as recovery codes are shown. */
export function formatRecoveryCode(code: string) {
  return code.match(/.{1,4}/g)!.join('-')
}

/** A base32 secret in groups of four, for typing it into an app by hand. */
export function groupSecret(secret: string) {
  return secret.match(/.{1,4}/g)!.join(' ')
}

const TOTP_CODE_MESSAGE = 'Enter the 6-digit code from your authenticator app'

const totpCode = z
  .string({ error: TOTP_CODE_MESSAGE })
  .max(100, { message: TOTP_CODE_MESSAGE })
  .transform(normalizeCode)
  .refine(isTotpCode, { message: TOTP_CODE_MESSAGE })

/** /account/two-factor: the first code from the app switches MFA on. */
export const enableMfaSchema = z.object({ code: totpCode, redirectTo: z.string().optional() })

const SIGN_IN_CODE_MESSAGE = 'Enter the 6-digit code from your authenticator app or one of your recovery codes'

/** /login/verify: a code from the app, or a recovery code. */
export const mfaSignInSchema = z.object({
  code: z
    .string({ error: SIGN_IN_CODE_MESSAGE })
    .max(100, { message: SIGN_IN_CODE_MESSAGE })
    .transform(normalizeCode)
    .refine((code) => isTotpCode(code) || isRecoveryCode(code), { message: SIGN_IN_CODE_MESSAGE }),
})
export type MfaSignInForm = z.input<typeof mfaSignInSchema>

export const CONFIRM_IDENTITY_MESSAGE = 'Enter a code from your authenticator app or your password'

/**
 * New recovery codes and turning MFA off: the person at the keyboard shows
 * they are the account's owner with a current code or their password (the
 * code is checked when both are given).
 */
export const confirmIdentitySchema = z
  .object({
    code: z
      .string()
      .max(100, { message: TOTP_CODE_MESSAGE })
      .transform(normalizeCode)
      .refine(isTotpCode, { message: TOTP_CODE_MESSAGE })
      .optional(),
    password: z.string().max(1000, { message: 'Password is incorrect' }).optional(),
  })
  .refine((value) => value.code !== undefined || value.password !== undefined, {
    message: CONFIRM_IDENTITY_MESSAGE,
    path: ['code'],
  })
