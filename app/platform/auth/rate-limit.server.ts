import { prisma } from '~/platform/db.server'

/**
 * Fixed-window counters in the database, so every instance sees the same
 * count. Used for sign-in: failures are counted per account and per client
 * address; a success clears the account's counter.
 */
export type Limit = { key: string; max: number; windowMs: number }

export const SIGN_IN_LIMITS = {
  perAccount: { max: 5, windowMs: 15 * 60 * 1000 },
  perAddress: { max: 20, windowMs: 15 * 60 * 1000 },
}

export function signInLimits(email: string, address: string | null): Limit[] {
  const limits: Limit[] = [
    { key: `sign-in:account:${email.toLowerCase()}`, ...SIGN_IN_LIMITS.perAccount },
  ]
  if (address) limits.push({ key: `sign-in:address:${address}`, ...SIGN_IN_LIMITS.perAddress })
  return limits
}

/** Milliseconds until the caller may try again, or 0 when not limited. */
export async function retryAfterMs(limits: Limit[]) {
  const rows = await prisma.rateLimit.findMany({ where: { key: { in: limits.map((l) => l.key) } } })
  const now = Date.now()
  let wait = 0
  for (const row of rows) {
    const limit = limits.find((l) => l.key === row.key)
    if (!limit) continue
    const windowEnd = row.windowStart.getTime() + limit.windowMs
    if (windowEnd > now && row.count >= limit.max) wait = Math.max(wait, windowEnd - now)
  }
  return wait
}

/** One atomic upsert per limit: a new window starts once the old one has passed. */
export async function recordHit(limits: Limit[]) {
  for (const limit of limits) {
    await prisma.$executeRaw`
      INSERT INTO "RateLimit" ("key", "count", "windowStart") VALUES (${limit.key}, 1, now())
      ON CONFLICT ("key") DO UPDATE SET
        "count" = CASE WHEN "RateLimit"."windowStart" <= now() - make_interval(secs => ${limit.windowMs / 1000})
                       THEN 1 ELSE "RateLimit"."count" + 1 END,
        "windowStart" = CASE WHEN "RateLimit"."windowStart" <= now() - make_interval(secs => ${limit.windowMs / 1000})
                       THEN now() ELSE "RateLimit"."windowStart" END`
  }
}

export async function clearLimit(key: string) {
  await prisma.rateLimit.deleteMany({ where: { key } })
}
