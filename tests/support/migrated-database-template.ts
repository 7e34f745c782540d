/**
 * Vitest global setup: migrates one embedded database and saves its data
 * directory, so each integration test file starts from a copy (about 1 s)
 * rather than a fresh initdb plus migrations (about 5 s). The PostgreSQL lane
 * makes a fresh database on the server instead and does not need this.
 */
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import type { TestProject } from 'vitest/node'

export default async function setup(project: TestProject) {
  if (process.env.TEST_DATABASE_URL) return
  const { startEmbeddedDatabase } = await import('~/platform/db.server')
  const { applyMigrations } = await import('~/platform/migrate.server')
  const database = await startEmbeddedDatabase('memory://')
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-db-template-'))
  const file = path.join(directory, 'migrated.tar')
  try {
    await applyMigrations(database.url)
    const contents = await database.dump()
    fs.writeFileSync(file, Buffer.from(await contents.arrayBuffer()))
  } finally {
    await database.close()
  }
  project.provide('migratedDatabaseFile', file)
  return () => fs.rmSync(directory, { recursive: true, force: true })
}

declare module 'vitest' {
  export interface ProvidedContext {
    /** The saved data directory of a migrated embedded database. */
    migratedDatabaseFile?: string
  }
}
