/**
 * Vitest global setup: migrates one database that each integration test file
 * starts from a copy of. Embedded: the saved data directory of a migrated
 * PGlite (a copy takes about 1 s, a fresh initdb plus migrations about 5 s).
 * PostgreSQL lane: a template database on the server, which CREATE DATABASE
 * … TEMPLATE copies in a fraction of a second instead of migrating per file.
 */
import crypto from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import pg from 'pg'
import type { TestProject } from 'vitest/node'

async function onServer(serverUrl: string, sql: string) {
  const client = new pg.Client({ connectionString: serverUrl })
  await client.connect()
  try {
    await client.query(sql)
  } finally {
    await client.end()
  }
}

async function setupServerTemplate(project: TestProject, serverUrl: string) {
  const { applyMigrations } = await import('~/platform/migrate.server')
  const name = `test_template_${crypto.randomBytes(6).toString('hex')}`
  await onServer(serverUrl, `CREATE DATABASE "${name}"`)
  const url = new URL(serverUrl)
  url.pathname = `/${name}`
  try {
    await applyMigrations(url.toString())
  } catch (error) {
    await onServer(serverUrl, `DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`)
    throw error
  }
  project.provide('migratedDatabaseName', name)
  return () => onServer(serverUrl, `DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`)
}

export default async function setup(project: TestProject) {
  if (process.env.TEST_DATABASE_URL) return setupServerTemplate(project, process.env.TEST_DATABASE_URL)
  const { startEmbeddedDatabase } = await import('~/platform/db.server')
  const { applyMigrations } = await import('~/platform/migrate.server')
  const database = await startEmbeddedDatabase('memory://')
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-db-template-'))
  const file = path.join(directory, 'migrated.tar')
  try {
    await applyMigrations(database.url)
    fs.writeFileSync(file, await database.dump())
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
    /** The PostgreSQL lane's migrated template database. */
    migratedDatabaseName?: string
    /** Whether the files of this project share one process's modules (vitest.config.ts). */
    sharesModules?: boolean
  }
}
