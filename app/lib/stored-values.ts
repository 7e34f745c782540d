/**
 * A value as a JSON column or a row keeps it, for comparing: dates as their
 * instant, object keys in one order (PostgreSQL's jsonb reorders them), and
 * a key left out the same as one set to null.
 */
function canonical(value: unknown): unknown {
  if (value === undefined || value === null) return null
  if (value instanceof Date) return value.toISOString()
  if (Array.isArray(value)) return value.map(canonical)
  if (typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, item]) => item !== undefined && item !== null)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    return Object.fromEntries(entries.map(([key, item]) => [key, canonical(item)]))
  }
  return value
}

/** Whether every column of `changes` already holds that value in `stored`: saving them would change nothing. */
export function changesNothing(changes: Record<string, unknown>, stored: Record<string, unknown>) {
  return Object.entries(changes).every(([key, value]) => JSON.stringify(canonical(value)) === JSON.stringify(canonical(stored[key])))
}
