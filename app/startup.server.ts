import { seedDemoData } from '~/features/demo-data.server'
import { eventSubscribers, jobHandlers, recurringJobs } from '~/features/job-handlers.server'
import { ensureFirstAdmin } from '~/features/users/first-admin.server'
import { getEnv } from '~/platform/env.server'
import { prepareServer } from '~/platform/startup.server'

/** The composition root: the platform's start-up with what the product areas add. */
export function startApplication() {
  return prepareServer({
    beforeDatabase: async () => {
      if (!getEnv().MOCKS) return
      const { startLocalFakes } = await import('~/integrations/fakes.server')
      await startLocalFakes()
    },
    onDatabaseReady: async ({ seedDemoData: seed }) => {
      await ensureFirstAdmin()
      if (seed) await seedDemoData()
    },
    worker: { jobHandlers, eventSubscribers, recurringJobs },
  })
}
