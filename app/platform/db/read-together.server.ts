import { Prisma } from '~/generated/prisma/client'
import { prisma } from '~/platform/db.server'

/**
 * One read of a page's, written as a query of rows, and how its JSON rows
 * become what the page shows. Its owner (the trail, an area) writes both, so
 * the SQL and its reading stay together wherever the part is read.
 */
export type ReadPart<T> = { rows: Prisma.Sql; read: (rows: Array<Record<string, unknown>>) => T }

type Results<Parts extends Record<string, ReadPart<unknown>>> = { [K in keyof Parts]: Parts[K] extends ReadPart<infer T> ? T : never }

const COLUMN_NAME = /^[a-z][A-Za-z0-9]*$/

/**
 * Independent reads in one statement: each part's rows become one JSON
 * column of a single row. A statement costs the server's thread far more
 * than its rows (ADR 0029), and the parts of a record page (its history,
 * who viewed it, its automation runs) need nothing from each other.
 */
export async function readTogether<Parts extends Record<string, ReadPart<unknown>>>(parts: Parts): Promise<Results<Parts>> {
  const names = Object.keys(parts)
  for (const name of names) if (!COLUMN_NAME.test(name)) throw new Error(`readTogether: '${name}' is not a column name`)
  const columns = names.map(
    (name) => Prisma.sql`(SELECT coalesce(json_agg(part), '[]'::json) FROM (${parts[name]!.rows}) part) AS ${Prisma.raw(`"${name}"`)}`,
  )
  const [row] = await prisma.$queryRaw<[Record<string, unknown>]>`SELECT ${Prisma.join(columns, ', ')}`
  const results: Record<string, unknown> = {}
  for (const name of names) results[name] = parts[name]!.read(jsonRows(row[name]))
  return results as Results<Parts>
}

/** A JSON column as the driver gives it: parsed already, or its text. */
function jsonRows(value: unknown): Array<Record<string, unknown>> {
  const rows = typeof value === 'string' ? JSON.parse(value) : value
  if (!Array.isArray(rows)) throw new Error('readTogether: a part did not give rows')
  return rows as Array<Record<string, unknown>>
}

/** A timestamp of a JSON row (ISO text with its offset). */
export function jsonDate(value: unknown): Date {
  return new Date(value as string)
}
