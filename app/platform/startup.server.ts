import { getDatabase } from '~/platform/db.server'
import { getEnv } from '~/platform/env.server'
import { deleteExpiredSessions } from '~/platform/auth/session.server'
import { type WorkerRegistry, startWorker } from '~/platform/worker.server'

/** What the product areas add to start-up; app/startup.server.ts composes it. */
export type StartupHooks = {
  /** Runs before the database is opened (MOCKS=true starts the local fakes here). */
  beforeDatabase?: () => Promise<void>
  /** Runs on the migrated database: the first administrator, demo records. */
  onDatabaseReady: (options: { seedDemoData: boolean }) => Promise<void>
  /** The job handlers and domain-event subscribers the worker runs. */
  worker: WorkerRegistry
}

/**
 * Everything the server needs before it listens: a migrated database, what
 * the areas add to it, session clean-up and the worker (background jobs and
 * domain-event deliveries).
 */
export async function prepareServer(hooks: StartupHooks) {
  const env = getEnv()
  await hooks.beforeDatabase?.()
  await getDatabase()
  await hooks.onDatabaseReady({ seedDemoData: env.SEED_DEMO_DATA ?? !env.DATABASE_URL })
  await deleteExpiredSessions()
  setInterval(() => {
    deleteExpiredSessions().catch((error: unknown) => console.error('Session clean-up failed', error))
  }, 10 * 60 * 1000).unref()
  if (env.JOBS_ENABLED) startWorker(hooks.worker)
}

