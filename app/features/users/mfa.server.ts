import crypto from 'node:crypto'
import { generateTOTP, getTOTPAuthUri, verifyTOTP } from '@epic-web/totp'
import { redirect } from '@remix-run/node'
import QRCode from 'qrcode'
import type { Prisma } from '~/generated/prisma/client'
import type { Actor } from '~/platform/actor'
import { recordAudit } from '~/platform/audit.server'
import { requireUser } from '~/platform/auth/auth.server'
import { RuleViolationError, TooManyAttemptsError } from '~/platform/errors'
import { prisma } from '~/platform/db.server'
import { decrypt, encrypt } from '~/platform/encryption.server'
import {
  RECOVERY_CODE_ALPHABET,
  RECOVERY_CODE_COUNT,
  RECOVERY_CODE_LENGTH,
  formatRecoveryCode,
  isTotpCode,
  normalizeCode,
} from '~/features/users/mfa-schema'
import { verifyUserPassword } from '~/features/users/users.server'
import { countAttempt, forgiveAttempt, passwordCheckLimits, tooManyAttemptsMessage } from '~/platform/auth/rate-limit.server'

/**
 * Multi-factor authentication with an authenticator app (TOTP, RFC 6238) and
 * one-time recovery codes (docs/adr/0010-multi-factor-authentication.md).
 */

/** The name authenticator apps show above the code. */
export const MFA_ISSUER = 'Healthcare Portal'
/** What every authenticator app supports: 6 digits every 30 seconds, HMAC-SHA-1. */
const TOTP_OPTIONS = { period: 30, digits: 6, algorithm: 'SHA-1' } as const

export const WRONG_CODE_MESSAGE = 'That code is not right. Check that the time on your phone is correct and try the current code.'
export const USED_CODE_MESSAGE = 'That code has already been used. Wait for the next code from your app.'
export const WRONG_RECOVERY_CODE_MESSAGE = 'That recovery code is not right or has already been used.'
export const WRONG_PASSWORD_MESSAGE = 'Password is incorrect'

export type MfaStatus = { enabled: boolean; enabledAt: Date | null; recoveryCodesLeft: number }

export async function getMfaStatus(userId: string): Promise<MfaStatus> {
  const [credential, recoveryCodesLeft] = await Promise.all([
    prisma.mfaCredential.findUnique({ where: { userId }, select: { enabledAt: true } }),
    prisma.mfaRecoveryCode.count({ where: { userId } }),
  ])
  const enabledAt = credential?.enabledAt ?? null
  return { enabled: enabledAt !== null, enabledAt, recoveryCodesLeft: enabledAt ? recoveryCodesLeft : 0 }
}

/** The user and what a sign-in checks, for active users only. */
export async function findSignInUser(userId: string) {
  const user = await prisma.user.findUnique({
    where: { id: userId },
    select: { id: true, email: true, name: true, role: true, isActive: true, passwordHash: true, mfa: { select: { enabledAt: true } } },
  })
  if (!user?.isActive) return null
  const { mfa, isActive: _isActive, ...rest } = user
  return { ...rest, mfaEnabled: Boolean(mfa?.enabledAt) }
}

export type Enrolment = {
  /** Base32, for typing into an app by hand. */
  secret: string
  /** The otpauth:// address the QR code holds. */
  authUri: string
  /** The QR code as a PNG data URL (CSP allows img-src data:). */
  qrCode: string
}

/**
 * The secret this user is enrolling with, made the first time they open the
 * enrolment page and kept (encrypted) until they confirm it, so a reload
 * shows the same QR code they may already have scanned. Null once MFA is on.
 */
export async function getEnrolment(user: { id: string; email: string }): Promise<Enrolment | null> {
  let credential = await prisma.mfaCredential.findUnique({ where: { userId: user.id } })
  if (!credential) {
    const { secret } = await generateTOTP(TOTP_OPTIONS)
    // Two tabs opening the page at once keep one secret.
    await prisma.mfaCredential.createMany({ data: [{ userId: user.id, secret: encrypt(secret) }], skipDuplicates: true })
    credential = await prisma.mfaCredential.findUniqueOrThrow({ where: { userId: user.id } })
  }
  if (credential.enabledAt) return null
  const secret = decrypt(credential.secret)
  const authUri = getTOTPAuthUri({ ...TOTP_OPTIONS, secret, issuer: MFA_ISSUER, accountName: user.email })
  return { secret, authUri, qrCode: await QRCode.toDataURL(authUri, { errorCorrectionLevel: 'M', margin: 2, width: 220 }) }
}

/** The 30-second time step a code belongs to (±1 step around now), or null for a wrong code. */
async function matchingStep(secret: string, code: string) {
  const match = await verifyTOTP({ otp: code, secret, ...TOTP_OPTIONS, window: 1 })
  if (!match) return null
  // Read after verifying: should a step boundary pass in between, this errs
  // towards refusing a code, never towards accepting one twice.
  return Math.floor(Date.now() / 1000 / TOTP_OPTIONS.period) + match.delta
}

/**
 * Guesses at one's own password or codes on the account pages are counted
 * first, like sign-in attempts; `check` runs only within the limit (else
 * TooManyAttemptsError next to `field`), and a success forgives the count.
 */
async function withinAttemptLimit<Result>(userId: string, field: string, check: () => Promise<Result>): Promise<Result> {
  const limits = passwordCheckLimits(userId)
  const wait = await countAttempt(limits)
  if (wait > 0) throw new TooManyAttemptsError(tooManyAttemptsMessage(wait), wait, field)
  const result = await check()
  await forgiveAttempt(limits)
  return result
}

const SETUP_GONE_MESSAGE = 'Two-factor authentication is already on, or its setup was reset. Open this page again.'

/**
 * Switches MFA on once the user shows their app makes the right codes, and
 * gives them their recovery codes (shown once; only hashes are kept). The
 * confirming code cannot be used again to sign in.
 */
export function enableMfa(userId: string, code: string, actor: Actor) {
  return withinAttemptLimit(userId, 'code', () => confirmEnrolment(userId, code, actor))
}

async function confirmEnrolment(userId: string, code: string, actor: Actor): Promise<{ recoveryCodes: string[] }> {
  const credential = await prisma.mfaCredential.findUnique({ where: { userId } })
  if (!credential || credential.enabledAt) throw new RuleViolationError(SETUP_GONE_MESSAGE, 'code')
  const step = await matchingStep(decrypt(credential.secret), code)
  if (step === null) throw new RuleViolationError(WRONG_CODE_MESSAGE, 'code')
  return prisma.$transaction(async (tx) => {
    // Only the pending secret that was checked: not one an admin reset meanwhile.
    const { count } = await tx.mfaCredential.updateMany({
      where: { userId, secret: credential.secret, enabledAt: null },
      data: { enabledAt: new Date(), lastUsedStep: step },
    })
    if (count === 0) throw new RuleViolationError(SETUP_GONE_MESSAGE, 'code')
    const recoveryCodes = await replaceRecoveryCodes(userId, tx)
    await recordAudit({ actor, action: 'mfa_enabled', entityType: 'User', entityId: userId }, tx)
    return { recoveryCodes }
  })
}

export type CodeCheck = 'accepted' | 'wrong' | 'used'

/**
 * Accepts a current code of the user's switched-on authenticator at most
 * once: the code's step is recorded in the same statement that checks it is
 * newer than the last one used, so a replayed code is refused even when the
 * two attempts arrive together.
 */
export async function checkAuthenticatorCode(userId: string, code: string): Promise<CodeCheck> {
  const credential = await prisma.mfaCredential.findUnique({ where: { userId } })
  if (!credential?.enabledAt) return 'wrong'
  const step = await matchingStep(decrypt(credential.secret), code)
  if (step === null) return 'wrong'
  const { count } = await prisma.mfaCredential.updateMany({
    where: { userId, enabledAt: { not: null }, OR: [{ lastUsedStep: null }, { lastUsedStep: { lt: step } }] },
    data: { lastUsedStep: step },
  })
  return count === 1 ? 'accepted' : 'used'
}

export function hashRecoveryCode(code: string) {
  return crypto.createHash('sha256').update(normalizeCode(code)).digest('hex')
}

function newRecoveryCode() {
  let code = ''
  for (let index = 0; index < RECOVERY_CODE_LENGTH; index++) {
    code += RECOVERY_CODE_ALPHABET[crypto.randomInt(RECOVERY_CODE_ALPHABET.length)]
  }
  return code
}

/** A fresh set of recovery codes, replacing any earlier ones; returns them for showing once. */
async function replaceRecoveryCodes(userId: string, tx: Prisma.TransactionClient) {
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode)
  await tx.mfaRecoveryCode.deleteMany({ where: { userId } })
  await tx.mfaRecoveryCode.createMany({ data: codes.map((code) => ({ userId, codeHash: hashRecoveryCode(code) })) })
  return codes.map(formatRecoveryCode)
}

/** Uses up one recovery code: deleting it is what makes it good once, even for parallel attempts. */
async function consumeRecoveryCode(userId: string, code: string) {
  const { count } = await prisma.mfaRecoveryCode.deleteMany({ where: { userId, codeHash: hashRecoveryCode(code) } })
  return count === 1
}

export type SignInCodeResult =
  | { ok: true; method: 'totp' | 'recovery_code' }
  | { ok: false; message: string }

/**
 * The second step of signing in: a code from the app, or a recovery code
 * (used up). Failures and used recovery codes go to the audit log.
 */
export async function verifySignInCode(userId: string, code: string, actor: Actor): Promise<SignInCodeResult> {
  const status = await getMfaStatus(userId)
  if (isTotpCode(code)) {
    const check = status.enabled ? await checkAuthenticatorCode(userId, code) : 'wrong'
    if (check === 'accepted') return { ok: true, method: 'totp' }
    await recordVerificationFailed(userId, actor, { stage: 'sign_in', method: 'totp', reason: check })
    return { ok: false, message: check === 'used' ? USED_CODE_MESSAGE : WRONG_CODE_MESSAGE }
  }
  if (status.enabled && (await consumeRecoveryCode(userId, code))) {
    await recordAudit({
      actor,
      action: 'mfa_recovery_code_used',
      entityType: 'User',
      entityId: userId,
      details: { recoveryCodesLeft: status.recoveryCodesLeft - 1 },
    })
    return { ok: true, method: 'recovery_code' }
  }
  await recordVerificationFailed(userId, actor, { stage: 'sign_in', method: 'recovery_code', reason: 'wrong' })
  return { ok: false, message: WRONG_RECOVERY_CODE_MESSAGE }
}

function recordVerificationFailed(userId: string, actor: Actor, details: { stage: string; method: string; reason: string }) {
  return recordAudit({ actor, action: 'mfa_verification_failed', entityType: 'User', entityId: userId, details })
}

/**
 * Before new recovery codes or turning MFA off: a current code from the app
 * (checked when given) or the user's password. A refusal is a
 * RuleViolationError next to the field it is about.
 */
export async function confirmIdentity(userId: string, input: { code?: string; password?: string }, actor: Actor) {
  const field = input.code !== undefined ? 'code' : 'password'
  await withinAttemptLimit(userId, field, async () => {
    if (input.code !== undefined) {
      const check = await checkAuthenticatorCode(userId, input.code)
      if (check === 'accepted') return
      await recordVerificationFailed(userId, actor, { stage: 'confirm', method: 'totp', reason: check })
      throw new RuleViolationError(check === 'used' ? USED_CODE_MESSAGE : WRONG_CODE_MESSAGE, field)
    }
    if (!(await verifyUserPassword(userId, input.password ?? ''))) throw new RuleViolationError(WRONG_PASSWORD_MESSAGE, field)
  })
}

/** The account pages that change MFA open only while it is on; otherwise back to the account. */
export async function requireUserWithMfa(request: Request) {
  const user = await requireUser(request)
  const status = await getMfaStatus(user.id)
  if (!status.enabled) throw redirect('/account')
  return { user, status }
}

/** Replaces the user's recovery codes (all earlier ones stop working); returns the new ones for showing once. */
export async function regenerateRecoveryCodes(userId: string, actor: Actor) {
  return prisma.$transaction(async (tx) => {
    const codes = await replaceRecoveryCodes(userId, tx)
    await recordAudit({ actor, action: 'mfa_recovery_codes_regenerated', entityType: 'User', entityId: userId }, tx)
    return codes
  })
}

/** Removes the user's authenticator and recovery codes (MFA off). */
async function removeMfa(userId: string, tx: Prisma.TransactionClient) {
  const { count } = await tx.mfaCredential.deleteMany({ where: { userId } })
  await tx.mfaRecoveryCode.deleteMany({ where: { userId } })
  return count > 0
}

/** The user turns their own MFA off (after confirmIdentity). */
export async function disableMfa(userId: string, actor: Actor) {
  await prisma.$transaction(async (tx) => {
    if (await removeMfa(userId, tx)) {
      await recordAudit({ actor, action: 'mfa_disabled', entityType: 'User', entityId: userId }, tx)
    }
  })
}

export const SELF_RESET_MFA_MESSAGE = 'You cannot reset your own MFA. Turn it off on your account page.'
export const NO_MFA_TO_RESET_MESSAGE = 'This user has not set up MFA.'

/**
 * An admin removes another user's MFA (a lost phone and lost recovery codes).
 * The caller ends the user's sessions; they enrol again at their next sign-in
 * if their role requires MFA.
 */
export async function resetMfa(userId: string, actor: Actor): Promise<{ ok: true } | { ok: false; message: string }> {
  if (userId === actor.userId) return { ok: false, message: SELF_RESET_MFA_MESSAGE }
  return prisma.$transaction(async (tx) => {
    const enabled = await tx.mfaCredential.count({ where: { userId, enabledAt: { not: null } } })
    if (enabled === 0) return { ok: false, message: NO_MFA_TO_RESET_MESSAGE } as const
    await removeMfa(userId, tx)
    await recordAudit({ actor, action: 'mfa_reset', entityType: 'User', entityId: userId }, tx)
    return { ok: true } as const
  })
}
