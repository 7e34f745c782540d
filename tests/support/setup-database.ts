/**
 * Every test file gets a fresh, migrated database of its own: an in-memory
 * PGlite by default, or a new database on the server named by
 * TEST_DATABASE_URL (the PostgreSQL lane). Settings are fixed here so tests
 * do not depend on the developer's environment.
 *
 * The integration project runs files one after another in one process with
 * the app's modules imported once (vitest.config.ts), and this file runs
 * before each of them: a new database, and the modules' caches of settings
 * and provider answers emptied, so a file sees nothing a file before it did
 * (docs/conventions.md, "Integration tests"; tests/support/fresh-process-state.ts
 * restores the environment).
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
    initialContents: template ? new Uint8Array(fs.readFileSync(template)) : undefined,
    // A test database holds a few hundred rows: PGlite's default 128 MB of buffers took half its start.
    settings: { shared_buffers: '16MB' },
  })
  process.env.DATABASE_URL = database.url
  // PGlite serves one connection at a time (see app/platform/db.server.ts).
  process.env.DATABASE_POOL_SIZE = '1'
  cleanup = database.close
}

const { resetEnvCache } = await import('~/platform/env.server')
resetEnvCache()
const { clearJotformStatusCache } = await import('~/integrations/jotform/status.server')
clearJotformStatusCache()
const { clearGoformzTokens } = await import('~/integrations/goformz/client.server')
clearGoformzTokens()
// Reads kept under a change counter: the new database's counters start again.
const { clearChangeCaches } = await import('~/platform/change-cache.server')
clearChangeCaches()
const { getDatabase, disconnectDatabase } = await import('~/platform/db.server')
await getDatabase()

afterAll(async () => {
  // The next file in this process uses the same client: a model spied on and restored is gone.
  const { prisma } = await import('~/platform/db.server')
  const broken = Object.keys(prisma).filter((name) => {
    if (!inject('sharesModules')) return false
    const model = (prisma as unknown as Record<string, unknown>)[name]
    return !name.startsWith('$') && !name.startsWith('_') && model && typeof model === 'object' &&
      'findMany' in model && typeof (model as { findMany: unknown }).findMany !== 'function'
  })
  if (broken.length > 0) {
    throw new Error(`This file broke the shared Prisma client's ${broken.join(', ')} (vi.spyOn on a model cannot be undone): list it in ISOLATED_FILES in vitest.config.ts`)
  }
  await disconnectDatabase()
  await cleanup()
  fs.rmSync(dataDir, { recursive: true, force: true })
})
