import type { JobHandlers } from '~/platform/jobs.server'
import { GHL_SYNC_JOB, runLeadSyncJob } from '~/features/leads/ghl-sync.server'

/** Every kind of background job and what runs it. */
export const jobHandlers: JobHandlers = {
  [GHL_SYNC_JOB]: runLeadSyncJob,
}
