/**
 * Reads that many people repeat (the dashboard's counters, lists and work
 * queue), kept in this process while a change counter in the database stands
 * still. The counter (table "ChangeCounter") is bumped by triggers in the
 * transaction that changes a record the read depends on, so whatever made the
 * change, a reader that sees the change also sees the new count and reads
 * afresh. What changes with the clock alone (a lead becoming a day old) is
 * read afresh after `maxAgeMs`.
 *
 * The caller reads the counter first and the records after, so a kept read
 * is never older than the count it is kept under. Readers that arrive while
 * a read is under way wait for it instead of repeating it.
 */
import { Prisma } from '~/generated/prisma/client'
import { getActiveSession, sessionReadThisRequest } from '~/platform/auth/session.server'
import { prisma } from '~/platform/db.server'

type Entry<T> = { version: string; computedAt: number; value: Promise<T> }

const caches = new Set<{ clear: () => void }>()

export function createChangeCache<T>({ maxAgeMs, maxEntries = 20 }: { maxAgeMs: number; maxEntries?: number }) {
  const entries = new Map<string, Entry<T>>()

  function read(key: string, version: string | null, now: Date, compute: () => Promise<T>): Promise<T> {
    // A database without the counter (restored from an older backup) is read every time.
    if (version === null) return compute()
    const kept = entries.get(key)
    const age = now.getTime() - (kept?.computedAt ?? 0)
    if (kept && kept.version === version && age >= 0 && age < maxAgeMs) return kept.value
    const value = compute()
    const entry: Entry<T> = { version, computedAt: now.getTime(), value }
    entries.delete(key)
    entries.set(key, entry)
    if (entries.size > maxEntries) entries.delete(entries.keys().next().value!)
    // A failed read is not kept.
    value.catch(() => {
      if (entries.get(key) === entry) entries.delete(key)
    })
    return value
  }

  const cache = { read, clear: () => entries.clear() }
  caches.add(cache)
  return cache
}

/** Empties every cache: the tests start each file on a new database whose counters start again. */
export function clearChangeCaches() {
  for (const cache of caches) cache.clear()
}

/**
 * Freezes what a cache keeps, so a caller that sorts or edits it in place
 * fails at once instead of changing what the next reader gets.
 */
export function deepFreeze<T>(value: T): T {
  if (value && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value)
    for (const inner of Object.values(value)) deepFreeze(inner)
  }
  return value
}

/**
 * The counter every change of the people's records (leads, patients,
 * caregivers, appointments, signature requests, communications) and of the
 * kept row counts bumps: its migrations name what bumps it. The dashboard's
 * reads and the lists' totals are kept under it.
 */
export const RECORDS_COUNTER = 'dashboard'

/**
 * The named change counter, or null where the database has none. A signed-in
 * request has it from its session's statement (read first, so what is read
 * after is never older than the count): passed the request, or within the
 * HTTP request's scope once its session is read; otherwise one statement.
 */
export async function readChangeVersion(name: string, request?: Request): Promise<string | null> {
  const session = request ? await getActiveSession(request) : await (sessionReadThisRequest() ?? null)
  if (session) return session.changeVersions[name] ?? null
  const [row] = await prisma.$queryRaw<Array<{ version: string }>>(
    Prisma.sql`SELECT version::text AS version FROM "ChangeCounter" WHERE name = ${name}`,
  )
  return row?.version ?? null
}
