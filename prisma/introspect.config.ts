import path from 'node:path'
import pg from 'pg'
import { PrismaPg } from '@prisma/adapter-pg'
import { defineConfig } from 'prisma/config'

/**
 * Prisma config used only by `npm run db:migration` (prisma/new-migration.ts)
 * to introspect its scratch database. With the JS schema engine, Prisma 6.19
 * cannot read a database through @prisma/adapter-pg as it stands:
 *
 * - the catalog queries return `name` and `"char"` columns, which the adapter
 *   rejects ("Column type 'name' could not be deserialized");
 * - PGlite is PostgreSQL 18, which lists NOT NULL constraints in
 *   pg_constraint (contype 'n'); the 6.19 describer predates that and panics.
 *
 * - check and exclusion constraints (contype 'c', 'x'; the Appointment table
 *   has both) come back with their type as text, which the describer cannot
 *   read either, and it panics.
 *
 * This pool reports those columns as text and drops the NOT NULL, check and
 * exclusion constraint rows: nullability is read from pg_attribute anyway,
 * and schema.prisma cannot declare check or exclusion constraints, so the
 * diff never sees them on either side (migrations keep them as written).
 */
const IGNORED_CONSTRAINT_TYPES = new Set(['n', 'c', 'x'])
const TEXT_OID = 25
const NAME_OID = 19
const CHAR_OID = 18

type Field = { name: string; dataTypeID: number }
type Result = { fields?: Field[]; rows?: unknown[] } | undefined

class IntrospectionPool extends pg.Pool {
  // pg.Pool#query has many overloads; this only post-processes the result.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  override async query(...args: any[]): Promise<any> {
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    const result: Result = await (super.query as (...a: any[]) => Promise<Result>)(...args)
    if (!result?.fields || !result.rows) return result
    for (const field of result.fields) {
      if (field.dataTypeID === NAME_OID || field.dataTypeID === CHAR_OID) field.dataTypeID = TEXT_OID
    }
    const typeColumn = result.fields.findIndex((field) => field.name === 'constraint_type')
    if (typeColumn >= 0) {
      result.rows = result.rows.filter(
        (row) => !IGNORED_CONSTRAINT_TYPES.has(String(Array.isArray(row) ? row[typeColumn] : (row as Record<string, unknown>).constraint_type)),
      )
    }
    return result
  }
}

export default defineConfig({
  experimental: { adapter: true },
  engine: 'js',
  schema: path.resolve('prisma', 'schema.prisma'),
  async adapter() {
    if (!process.env.DATABASE_URL) throw new Error('DATABASE_URL must name the database to introspect')
    return new PrismaPg(new IntrospectionPool({ connectionString: process.env.DATABASE_URL, max: 1 }))
  },
})
