import type { JobHandlers } from './jobs.server'
import { GHL_SYNC_JOB, runLeadSyncJob } from './lead-sync.server'

/** Every kind of background job and what runs it. */
export const jobHandlers: JobHandlers = {
  [GHL_SYNC_JOB]: runLeadSyncJob,
}
