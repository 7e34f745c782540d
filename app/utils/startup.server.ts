import crypto from 'node:crypto'
import { createUser } from '~/models/user.server'
import { seedDemoData } from './demo-data.server'
import { getDatabase, prisma } from './db.server'
import { getEnv, resetEnvCache } from './env.server'
import { jobHandlers } from './job-handlers.server'
import { startJobWorker } from './jobs.server'
import { deleteExpiredSessions } from './session.server'

/**
 * Everything the server needs before it listens: a migrated database, a
 * first admin, and (for the embedded demo) the demo records.
 */
export async function prepareDatabase() {
  const env = getEnv()
  if (env.MOCKS) await startMocks()
  await getDatabase()
  await ensureFirstAdmin()
  const seed = env.SEED_DEMO_DATA ?? !env.DATABASE_URL
  if (seed) await seedDemoData()
  await deleteExpiredSessions()
  setInterval(() => {
    deleteExpiredSessions().catch((error: unknown) => console.error('Session clean-up failed', error))
  }, 10 * 60 * 1000).unref()
  if (env.JOBS_ENABLED) startJobWorker(jobHandlers)
}

/** MOCKS=true: local fakes of the external services, so the portal runs offline. */
async function startMocks() {
  const { startFakeGhl } = await import('~/mocks/ghl.server')
  const { startFakeBoldsign } = await import('~/mocks/boldsign.server')
  const [ghl, boldsign] = await Promise.all([startFakeGhl(), startFakeBoldsign()])
  Object.assign(process.env, {
    GHL_API_BASE_URL: ghl.url,
    GHL_API_TOKEN: ghl.token,
    GHL_LOCATION_ID: ghl.locationId,
    BOLDSIGN_API_BASE_URL: boldsign.url,
    BOLDSIGN_API_KEY: boldsign.apiKey,
  })
  resetEnvCache()
  console.log(`MOCKS=true: GoHighLevel fake at ${ghl.url}, BoldSign fake at ${boldsign.url}`)
}

export async function ensureFirstAdmin() {
  if ((await prisma.user.count()) > 0) return null
  const env = getEnv()
  const email = env.ADMIN_EMAIL ?? 'admin@example.com'
  const password = env.ADMIN_PASSWORD ?? crypto.randomBytes(12).toString('base64url')
  try {
    await createUser({ email, password, name: 'Administrator', role: 'admin' })
  } catch (error) {
    // Another instance starting at the same moment created it first.
    if ((error as { code?: string }).code === 'P2002') return null
    throw error
  }
  if (!env.ADMIN_PASSWORD) {
    console.log(
      [
        '',
        '  First administrator created (shown once, change it after signing in):',
        `    e-mail:   ${email}`,
        `    password: ${password}`,
        '',
      ].join('\n'),
    )
  }
  return email
}
