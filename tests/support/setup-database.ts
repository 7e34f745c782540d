/**
 * Every test file gets a fresh, migrated database of its own: an in-memory
 * PGlite by default, or a new database on the server named by
 * TEST_DATABASE_URL (the PostgreSQL lane). Settings are fixed here so tests
 * do not depend on the developer's environment.
 */
import crypto from 'node:crypto'
import os from 'node:os'
import path from 'node:path'
import fs from 'node:fs'
import pg from 'pg'
import { afterAll, inject } from 'vitest'

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-test-'))
Object.assign(process.env, {
  NODE_ENV: 'test',
  DATA_DIR: dataDir,
  SESSION_SECRET: 'test-secret-that-is-long-enough-for-the-schema',
  ENCRYPTION_KEY: '0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef',
  JOBS_ENABLED: 'false',
  SESSION_IDLE_MINUTES: '15',
  SESSION_MAX_HOURS: '12',
  LOG_REQUESTS: 'false',
  AGENCY_TIME_ZONE: 'America/New_York',
  // Cheap password hashes: every sign-in in a test would otherwise spend 128 MiB of scrypt.
  PASSWORD_HASH_COST: '10',
  // The provider fakes listen on 127.0.0.1.
  INTEGRATIONS_ALLOW_LOOPBACK: 'true',
  // Tests sign admins in with a password alone; tests/integration/mfa.test.ts
  // sets this itself to check that a role's requirement is enforced.
  MFA_REQUIRED_ROLES: '',
})
delete process.env.ADMIN_EMAIL
delete process.env.ADMIN_PASSWORD
delete process.env.SEED_DEMO_DATA

const serverUrl = process.env.TEST_DATABASE_URL
let cleanup: () => Promise<void>

if (serverUrl) {
  const name = `test_${crypto.randomBytes(6).toString('hex')}`
  const admin = new pg.Client({ connectionString: serverUrl })
  await admin.connect()
  const template = inject('migratedDatabaseName')
  await admin.query(`CREATE DATABASE "${name}"${template ? ` TEMPLATE "${template}"` : ''}`)
  await admin.end()
  const url = new URL(serverUrl)
  url.pathname = `/${name}`
  process.env.DATABASE_URL = url.toString()
  cleanup = async () => {
    const client = new pg.Client({ connectionString: serverUrl })
    await client.connect()
    await client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`)
    await client.end()
  }
} else {
  const { startEmbeddedDatabase } = await import('~/platform/db.server')
  // A copy of the migrated database saved by tests/support/migrated-database-template.ts.
  const template = inject('migratedDatabaseFile')
  const database = await startEmbeddedDatabase('memory://', {
    initialContents: template ? new Blob([fs.readFileSync(template)]) : undefined,
  })
  process.env.DATABASE_URL = database.url
  // PGlite serves one connection at a time (see app/platform/db.server.ts).
  process.env.DATABASE_POOL_SIZE = '1'
  cleanup = database.close
}

const { resetEnvCache } = await import('~/platform/env.server')
resetEnvCache()
const { getDatabase, disconnectDatabase } = await import('~/platform/db.server')
await getDatabase()

afterAll(async () => {
  await disconnectDatabase()
  await cleanup()
  fs.rmSync(dataDir, { recursive: true, force: true })
})
