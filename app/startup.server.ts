import { seedDemoData } from '~/features/demo-data.server'
import { ensureSigningCertificate } from '~/features/portal-signing/certificate.server'
import { eventSubscribers, jobHandlers, recurringJobs } from '~/features/job-handlers.server'
import { ensureFirstAdmin } from '~/features/users/first-admin.server'
import { getEnv } from '~/platform/env.server'
import { prepareServer } from '~/platform/startup.server'

/** What the product areas add to the migrated database before the server listens. */
export async function prepareDatabase({ seedDemoData: seed }: { seedDemoData: boolean }) {
  await ensureFirstAdmin()
  // The agency's signing certificate exists from the first start, not only from the first signing.
  await ensureSigningCertificate()
  if (seed) await seedDemoData()
}

/** The composition root: the platform's start-up with what the product areas add. */
export function startApplication() {
  return prepareServer({
    beforeDatabase: async () => {
      if (!getEnv().MOCKS) return
      const { startLocalFakes } = await import('~/integrations/fakes.server')
      await startLocalFakes()
    },
    onDatabaseReady: prepareDatabase,
    worker: { jobHandlers, eventSubscribers, recurringJobs },
  })
}
