import crypto from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import pg from 'pg'

/**
 * Applies the committed SQL under prisma/migrations in order, recording each
 * in Prisma's `_prisma_migrations` table so `prisma migrate status` stays
 * usable. `prisma migrate deploy` cannot run through the driver adapter, so
 * this runs at start-up instead, under an advisory lock: instances that start
 * together wait for each other rather than race.
 */
const MIGRATIONS_LOCK_ID = 72_707_001

const CREATE_MIGRATIONS_TABLE = `
CREATE TABLE IF NOT EXISTS "_prisma_migrations" (
  "id" VARCHAR(36) PRIMARY KEY NOT NULL,
  "checksum" VARCHAR(64) NOT NULL,
  "finished_at" TIMESTAMPTZ,
  "migration_name" VARCHAR(255) NOT NULL,
  "logs" TEXT,
  "rolled_back_at" TIMESTAMPTZ,
  "started_at" TIMESTAMPTZ NOT NULL DEFAULT now(),
  "applied_steps_count" INTEGER NOT NULL DEFAULT 0
)`

export type Migration = { name: string; sql: string; checksum: string }

export function migrationsDirectory() {
  return path.resolve(process.env.MIGRATIONS_DIR ?? path.join(process.cwd(), 'prisma', 'migrations'))
}

export function readMigrations(directory = migrationsDirectory()): Migration[] {
  return fs
    .readdirSync(directory, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
    .sort()
    .map((name) => {
      const sql = fs.readFileSync(path.join(directory, name, 'migration.sql'), 'utf8')
      // Prisma's checksum: SHA-256 of the file, lower-case hex.
      const checksum = crypto.createHash('sha256').update(sql).digest('hex')
      return { name, sql, checksum }
    })
}

export async function applyMigrations(connectionString: string, migrations = readMigrations()) {
  const client = new pg.Client({ connectionString })
  await client.connect()
  const applied: string[] = []
  try {
    await client.query('SELECT pg_advisory_lock($1)', [MIGRATIONS_LOCK_ID])
    await client.query(CREATE_MIGRATIONS_TABLE)
    const { rows } = await client.query<{ migration_name: string; checksum: string }>(
      `SELECT migration_name, checksum FROM "_prisma_migrations"
       WHERE finished_at IS NOT NULL AND rolled_back_at IS NULL`,
    )
    const done = new Map(rows.map((row) => [row.migration_name, row.checksum]))
    for (const migration of migrations) {
      const recorded = done.get(migration.name)
      if (recorded) {
        if (recorded !== migration.checksum) {
          console.warn(`Migration ${migration.name} was edited after it was applied.`)
        }
        continue
      }
      await client.query('BEGIN')
      try {
        await client.query(migration.sql)
        await client.query(
          `INSERT INTO "_prisma_migrations"
             (id, checksum, migration_name, started_at, finished_at, applied_steps_count)
           VALUES ($1, $2, $3, now(), now(), 1)`,
          [crypto.randomUUID(), migration.checksum, migration.name],
        )
        await client.query('COMMIT')
        applied.push(migration.name)
      } catch (error) {
        await client.query('ROLLBACK')
        throw new Error(
          `Migration ${migration.name} failed: ${error instanceof Error ? error.message : String(error)}`,
        )
      }
    }
  } finally {
    await client.query('SELECT pg_advisory_unlock($1)', [MIGRATIONS_LOCK_ID]).catch(() => {})
    await client.end()
  }
  return applied
}
