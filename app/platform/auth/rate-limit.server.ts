import { prisma } from '~/platform/db.server'

/**
 * Fixed-window counters in the database, so every instance sees the same
 * count. An attempt is counted before it is evaluated, in one atomic
 * statement, so a burst of parallel attempts cannot all slip under a limit
 * that was read before any of them was counted.
 */
export type Limit = { key: string; max: number; windowMs: number }

const MINUTE = 60 * 1000

/**
 * Sign-in limits. The narrowest is per account *and* address: an attacker
 * guessing an admin's password is slowed where they are, while the admin
 * signs in from their own device. Per address caps guessing across accounts;
 * per account caps a guess spread over many addresses, high enough that an
 * ordinary attacker cannot lock the owner out with it.
 */
export const SIGN_IN_LIMITS = {
  perAccountAndAddress: { max: 5, windowMs: 15 * MINUTE },
  perAddress: { max: 20, windowMs: 15 * MINUTE },
  perAccount: { max: 100, windowMs: 60 * MINUTE },
}

export function signInLimits(email: string, address: string | null): Limit[] {
  const account = email.toLowerCase()
  const limits: Limit[] = [{ key: `sign-in:account:${account}`, ...SIGN_IN_LIMITS.perAccount }]
  if (address) {
    limits.push({ key: `sign-in:pair:${account}|${address}`, ...SIGN_IN_LIMITS.perAccountAndAddress })
    limits.push({ key: `sign-in:address:${address}`, ...SIGN_IN_LIMITS.perAddress })
  }
  return limits
}

/**
 * Codes at the second step of sign-in. Only someone who knows the password
 * gets there, so the per-account limit can be strict without letting a
 * stranger lock the owner out; it is what bounds a guesser with many
 * addresses (a guess has three chances in a million).
 */
export const MFA_CODE_LIMITS = {
  perAccountAndAddress: { max: 5, windowMs: 15 * MINUTE },
  perAddress: { max: 20, windowMs: 15 * MINUTE },
  perAccount: { max: 10, windowMs: 15 * MINUTE },
}

export function mfaCodeLimits(userId: string, address: string | null): Limit[] {
  const limits: Limit[] = [{ key: `mfa-code:account:${userId}`, ...MFA_CODE_LIMITS.perAccount }]
  if (address) {
    limits.push({ key: `mfa-code:pair:${userId}|${address}`, ...MFA_CODE_LIMITS.perAccountAndAddress })
    limits.push({ key: `mfa-code:address:${address}`, ...MFA_CODE_LIMITS.perAddress })
  }
  return limits
}

/**
 * Checking one's own password or authentication code on /account (changing
 * the password, enrolling, new recovery codes, turning MFA off): per user,
 * as strict as sign-in.
 */
export function passwordCheckLimits(userId: string): Limit[] {
  return [{ key: `password-check:${userId}`, max: 5, windowMs: 15 * MINUTE }]
}

/** What a throttled person is told, with the wait rounded up to whole minutes. */
export function tooManyAttemptsMessage(waitMs: number) {
  const minutes = Math.ceil(waitMs / 60_000)
  return `Too many attempts. Please wait ${minutes} minute${minutes === 1 ? '' : 's'} and try again.`
}

/** Counts one hit against a limit and returns the count and when its window ends. */
async function hit(limit: Limit) {
  const seconds = limit.windowMs / 1000
  const [row] = await prisma.$queryRaw<Array<{ count: number; windowStart: Date }>>`
    INSERT INTO "RateLimit" ("key", "count", "windowStart") VALUES (${limit.key}, 1, now())
    ON CONFLICT ("key") DO UPDATE SET
      "count" = CASE WHEN "RateLimit"."windowStart" <= now() - make_interval(secs => ${seconds})
                     THEN 1 ELSE "RateLimit"."count" + 1 END,
      "windowStart" = CASE WHEN "RateLimit"."windowStart" <= now() - make_interval(secs => ${seconds})
                     THEN now() ELSE "RateLimit"."windowStart" END
    RETURNING "count", "windowStart"`
  return row!
}

/**
 * Counts this attempt against every limit first, then answers how long the
 * caller must wait (0: go ahead and evaluate it).
 */
export async function countAttempt(limits: Limit[]) {
  let wait = 0
  const now = Date.now()
  for (const limit of limits) {
    const { count, windowStart } = await hit(limit)
    if (count > limit.max) wait = Math.max(wait, windowStart.getTime() + limit.windowMs - now)
  }
  return Math.max(wait, 0)
}

function isAddressLimit(limit: Limit) {
  return limit.key.startsWith('sign-in:address:') || limit.key.startsWith('mfa-code:address:')
}

/**
 * After a success: the account's and the pair's failures are forgiven, and
 * the attempt no longer counts against the address (an office signing in
 * all morning from one address is not an attack).
 */
export async function forgiveAttempt(limits: Limit[]) {
  for (const limit of limits) {
    if (isAddressLimit(limit)) {
      await prisma.rateLimit.updateMany({ where: { key: limit.key, count: { gt: 0 } }, data: { count: { decrement: 1 } } })
    } else {
      await prisma.rateLimit.deleteMany({ where: { key: limit.key } })
    }
  }
}
