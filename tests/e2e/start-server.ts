/**
 * Starts the built server (build/index.js) for the Playwright run on a fresh
 * database with known accounts, and removes that database afterwards.
 *
 *   node --import tsx tests/e2e/start-server.ts
 *
 * Without TEST_DATABASE_URL the server uses an embedded PGlite database in a
 * new temporary DATA_DIR; with it, a new database (e2e_<random>) is created on
 * that PostgreSQL server and dropped on exit. The migrations and the test
 * accounts are written here, through the app's own code, before the server
 * starts: PGlite allows one process at a time, so this process closes the
 * database before spawning the server.
 */
import { spawn, type ChildProcess } from 'node:child_process'
import crypto from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import pg from 'pg'
import { E2E_PORT, MFA_TEST_USERS, SESSION_IDLE_MINUTES, TEST_PASSWORD, TEST_USERS, type TestRole } from './support/config'

const root = fileURLToPath(new URL('../..', import.meta.url))
const serverEntry = path.join(root, 'build', 'index.js')

function log(message: string) {
  console.log(`[e2e server] ${message}`)
}

if (!fs.existsSync(serverEntry)) {
  console.error(`[e2e server] ${serverEntry} is missing: run \`npm run build\` first.`)
  process.exit(1)
}

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-e2e-'))

/**
 * Every setting the server reads starts from its default: nothing from the
 * developer's shell (a DATABASE_URL above all) may leak into the run.
 */
async function configureEnvironment() {
  const { envSchema, resetEnvCache } = await import('~/platform/env.server')
  for (const name of Object.keys(envSchema.shape)) delete process.env[name]
  Object.assign(process.env, {
    NODE_ENV: 'production',
    PORT: String(E2E_PORT),
    DATA_DIR: dataDir,
    SESSION_SECRET: 'e2e-session-secret-that-is-long-enough-for-the-schema',
    ENCRYPTION_KEY: 'e2e0'.repeat(16),
    SESSION_IDLE_MINUTES: String(SESSION_IDLE_MINUTES),
    ADMIN_EMAIL: TEST_USERS.admin.email,
    ADMIN_PASSWORD: TEST_PASSWORD,
    // Local fakes of the external services (GoHighLevel): the run is offline.
    MOCKS: 'true',
    SEED_DEMO_DATA: 'true',
    LOG_REQUESTS: 'false',
    AGENCY_TIME_ZONE: 'America/New_York',
    // Cheap password hashes keep sign-ins fast on two cores.
    PASSWORD_HASH_COST: '10',
    // The tests sign the admin in with a password alone; mfa.spec.ts enrols a
    // coordinator of its own accord.
    MFA_REQUIRED_ROLES: '',
  })
  resetEnvCache()
}

const serverUrl = process.env.TEST_DATABASE_URL
let databaseName: string | undefined

async function createDatabase(url: string) {
  const name = `e2e_${crypto.randomBytes(6).toString('hex')}`
  const client = new pg.Client({ connectionString: url })
  await client.connect()
  try {
    await client.query(`CREATE DATABASE "${name}"`)
  } finally {
    await client.end()
  }
  const databaseUrl = new URL(url)
  databaseUrl.pathname = `/${name}`
  return { name, url: databaseUrl.toString() }
}

async function dropDatabase(url: string, name: string) {
  const client = new pg.Client({ connectionString: url })
  await client.connect()
  try {
    await client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`)
  } finally {
    await client.end()
  }
}

let cleanedUp = false
async function cleanup() {
  if (cleanedUp) return
  cleanedUp = true
  if (serverUrl && databaseName) {
    try {
      await dropDatabase(serverUrl, databaseName)
      log(`dropped database ${databaseName}`)
    } catch (error) {
      console.error(`[e2e server] could not drop database ${databaseName}:`, error)
    }
  }
  fs.rmSync(dataDir, { recursive: true, force: true })
}

/** Migrates the fresh database and creates one account per role, and the MFA tests' own. */
async function prepare() {
  await configureEnvironment()
  if (serverUrl) {
    const database = await createDatabase(serverUrl)
    databaseName = database.name
    process.env.DATABASE_URL = database.url
    log(`created database ${database.name}`)
  }
  const { getDatabase, disconnectDatabase } = await import('~/platform/db.server')
  const { createUser } = await import('~/features/users/users.server')
  try {
    await getDatabase()
    for (const role of Object.keys(TEST_USERS) as TestRole[]) {
      const { email, name } = TEST_USERS[role]
      await createUser({ email, name, role, password: TEST_PASSWORD })
    }
    for (const { email, name } of Object.values(MFA_TEST_USERS)) {
      await createUser({ email, name, role: 'coordinator', password: TEST_PASSWORD })
    }
  } finally {
    await disconnectDatabase()
  }
}

let child: ChildProcess | undefined

// Forward a stop to the server; stopped before it started, just clean up.
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
  process.on(signal, () => {
    if (!child) {
      void cleanup().finally(() => process.exit(1))
    } else if (child.exitCode === null && child.signalCode === null) {
      child.kill(signal)
    }
  })
}

async function main() {
  try {
    await prepare()
  } catch (error) {
    console.error('[e2e server] preparing the database failed:', error)
    await cleanup()
    process.exit(1)
  }

  child = spawn(process.execPath, [serverEntry], { cwd: root, env: process.env, stdio: 'inherit' })
  child.on('error', async (error) => {
    console.error('[e2e server] could not start the server:', error)
    await cleanup()
    process.exit(1)
  })
  child.on('exit', async (code, signal) => {
    await cleanup()
    process.exit(code ?? (signal ? 1 : 0))
  })
}

void main()
