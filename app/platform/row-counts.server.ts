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
const keptFilteredCounts = createChangeCache<number>({ maxAgeMs: 10 * 60_000, maxEntries: 200 })

/**
 * How many rows of `table` match `where`: exact either way. With no
 * condition, the count the triggers keep (one row read instead of a scan of
 * every row); otherwise `count`. Either is kept in memory until the records
 * change (every change of a counted table, or of the kept counts, bumps
 * RECORDS_COUNTER in its transaction), under the condition's own values: a
 * search paged through, or a list returned to, is counted once. A `where`
 * names only the table's own columns (the lists' searches and filters), so
 * no other table's change can alter its count.
 */
export async function countRows<Where>(table: CountedTable, where: Where, count: (where: Where) => Promise<number>) {
  const version = await readChangeVersion(RECORDS_COUNTER)
  if (matchesEveryRow(where)) {
    const kept = await keptCounts.read(table, version, new Date(), async () => {
      const row = await prisma.tableRowCount.findUnique({ where: { tableName: table } })
      return row ? Number(row.rowCount) : null
    })
    if (kept !== null) return kept
  }
  return keptFilteredCounts.read(`${table} ${JSON.stringify(where)}`, version, new Date(), () => count(where))
}
