import type { EventSubscriber } from '~/platform/events.server'
import type { JobHandlers } from '~/platform/jobs.server'
import { GHL_SYNC_JOB, runLeadSyncJob } from '~/features/leads/ghl-sync.server'

/** Every kind of background job and what runs it. */
export const jobHandlers: JobHandlers = {
  [GHL_SYNC_JOB]: runLeadSyncJob,
}

/**
 * Every subscriber to domain events (docs/adr/0009-domain-events-outbox.md).
 * An area that reacts to changes elsewhere registers here rather than being
 * called from a route. A subscriber is given the events recorded from the
 * time it is deployed on; earlier ones are already dispatched.
 */
export const eventSubscribers: EventSubscriber[] = []
