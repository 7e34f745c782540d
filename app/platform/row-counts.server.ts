import { RECORDS_COUNTER, createChangeCache, readChangeVersion } from '~/platform/change-cache.server'
import { prisma } from '~/platform/db.server'

/** The tables whose row counts triggers keep in "TableRowCount". */
export type CountedTable = 'Lead' | 'Patient' | 'Caregiver'

/** True for a Prisma where clause that keeps every row: `{}`, or an AND of such clauses. */
export function matchesEveryRow(where: unknown): boolean {
  if (where === undefined || where === null) return true
  if (typeof where !== 'object' || Array.isArray(where)) return false
  const entries = Object.entries(where as Record<string, unknown>).filter(([, value]) => value !== undefined)
  if (entries.length === 0) return true
  return entries.every(
    ([key, value]) => key === 'AND' && (Array.isArray(value) ? value.every(matchesEveryRow) : matchesEveryRow(value)),
  )
}

// Nothing but a change makes a count wrong; the age limit only bounds what a stale process could keep.
const keptCounts = createChangeCache<number | null>({ maxAgeMs: 10 * 60_000, maxEntries: 3 })

/**
 * How many rows of `table` match `where`: exact either way. With no
 * condition, the count the triggers keep (one row read instead of a scan of
 * every row), kept in memory until the records change (every change of a
 * counted table, or of the kept counts, bumps RECORDS_COUNTER in its
 * transaction); otherwise `count`.
 */
export async function countRows<Where>(table: CountedTable, where: Where, count: (where: Where) => Promise<number>) {
  if (matchesEveryRow(where)) {
    const version = await readChangeVersion(RECORDS_COUNTER)
    const kept = await keptCounts.read(table, version, new Date(), async () => {
      const row = await prisma.tableRowCount.findUnique({ where: { tableName: table } })
      return row ? Number(row.rowCount) : null
    })
    if (kept !== null) return kept
  }
  return count(where)
}
