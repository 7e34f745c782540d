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

/**
 * How many rows of `table` match `where`: exact either way. With no
 * condition, the count the triggers keep (one row read instead of a scan of
 * every row); otherwise `count`.
 */
export async function countRows<Where>(table: CountedTable, where: Where, count: (where: Where) => Promise<number>) {
  if (matchesEveryRow(where)) {
    const kept = await prisma.tableRowCount.findUnique({ where: { tableName: table } })
    if (kept) return Number(kept.rowCount)
  }
  return count(where)
}
