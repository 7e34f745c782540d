/**
 * npm run db:migrate — applies the committed migrations to DATABASE_URL, or to
 * the embedded database under DATA_DIR when DATABASE_URL is not set, and says
 * which ones it applied. The server does the same at start-up; this is for
 * deploy pipelines and for checking a new migration before starting.
 */
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import { disconnectDatabase, getDatabase } from '~/platform/db.server'
import { getEnv } from '~/platform/env.server'
import { applyMigrations, migrationsDirectory, readMigrations } from '~/platform/migrate.server'

/** Opens (and so creates, if need be) the database and applies pending migrations. */
export async function migrate() {
  const migrations = readMigrations(migrationsDirectory())
  // getDatabase() migrates as it opens, and does not say what it applied.
  // Let it open the database against an empty migrations directory, then
  // apply the real ones here, where the names of those applied come back.
  const empty = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-no-migrations-'))
  const configured = process.env.MIGRATIONS_DIR
  process.env.MIGRATIONS_DIR = empty
  let url: string
  try {
    url = (await getDatabase()).url
  } finally {
    if (configured === undefined) delete process.env.MIGRATIONS_DIR
    else process.env.MIGRATIONS_DIR = configured
    fs.rmSync(empty, { recursive: true, force: true })
  }
  const applied = await applyMigrations(url, migrations)
  return { applied, total: migrations.length }
}

export function describeTarget() {
  const env = getEnv()
  if (!env.DATABASE_URL) return `embedded database in ${path.join(env.DATA_DIR, 'pglite')}`
  const url = new URL(env.DATABASE_URL)
  return `PostgreSQL database "${url.pathname.slice(1)}" on ${url.host}`
}

export function reportMigrations({ applied, total }: { applied: string[]; total: number }) {
  if (applied.length === 0) {
    console.log(`No pending migrations (${total} already applied).`)
    return
  }
  console.log(`Applied ${applied.length} migration${applied.length === 1 ? '' : 's'}:`)
  for (const name of applied) console.log(`  ${name}`)
}

/** Runs a script body, closes the database, and exits 1 on failure. */
export async function runScript(body: () => Promise<void>) {
  let failed = false
  try {
    await body()
  } catch (error) {
    failed = true
    console.error(error instanceof Error ? error.message : error)
  } finally {
    await disconnectDatabase().catch((error: unknown) => console.error(error))
  }
  if (failed) process.exit(1)
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  await runScript(async () => {
    console.log(`Migrating the ${describeTarget()}`)
    reportMigrations(await migrate())
  })
}
