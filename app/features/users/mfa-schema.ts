import { z } from 'zod'
import { isRecoveryCode, isTotpCode, normalizeCode } from '~/features/users/mfa-codes'

/**
 * Multi-factor authentication forms: enrolment, the second step of sign-in,
 * and the account's confirmations (new recovery codes, turning MFA off).
 * The actions parse with these; the pages check with the rules derived
 * from them (formRules), so the browser and the server agree.
 */

export {
  RECOVERY_CODE_COUNT,
  RECOVERY_CODE_ALPHABET,
  RECOVERY_CODE_LENGTH,
  normalizeCode,
  isTotpCode,
  isRecoveryCode,
  formatRecoveryCode,
  groupSecret,
} from '~/features/users/mfa-codes'

const TOTP_CODE_MESSAGE = 'Enter the 6-digit code from your authenticator app'

const totpCode = z
  .string({ error: TOTP_CODE_MESSAGE })
  .max(100, { message: TOTP_CODE_MESSAGE })
  .transform(normalizeCode)
  .refine(isTotpCode, { message: TOTP_CODE_MESSAGE })

/** /account/two-factor: the first code from the app switches MFA on. */
export const enableMfaSchema = z.object({
  code: totpCode,
  redirectTo: z.string().optional(),
})
export type EnableMfaForm = z.input<typeof enableMfaSchema>

const SIGN_IN_CODE_MESSAGE = 'Enter the 6-digit code from your authenticator app or one of your recovery codes'

/** /login/verify: a code from the app, or a recovery code. */
export const mfaSignInSchema = z.object({
  code: z
    .string({ error: SIGN_IN_CODE_MESSAGE })
    .max(100, { message: SIGN_IN_CODE_MESSAGE })
    .transform(normalizeCode)
    .refine((code) => isTotpCode(code) || isRecoveryCode(code), {
      message: SIGN_IN_CODE_MESSAGE,
    }),
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
export type ConfirmIdentityInput = z.input<typeof confirmIdentitySchema>
