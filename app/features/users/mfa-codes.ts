/**
 * Codes of multi-factor authentication: how they look and how people type
 * them. No Zod here, so pages can use these without shipping it.
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
