import { type EventSubscriber, dispatchDomainEvents, eventDeliveryHandlers } from '~/platform/events.server'
import { type JobHandlers, enqueueJobs, runDueJobs } from '~/platform/jobs.server'

/** A job that runs every `everyMs` (a sweep), queued by the worker itself. */
export type RecurringJob = { type: string; everyMs: number }

/** What the product areas give the worker, registered at the composition root. */
export type WorkerRegistry = {
  jobHandlers: JobHandlers
  eventSubscribers: readonly EventSubscriber[]
  recurringJobs?: readonly RecurringJob[]
}

/**
 * Keeps one run of each recurring job queued, `everyMs` after the last one
 * was queued: its dedupe key is held while a run is pending or running, so
 * however many instances ask, there is one.
 */
export async function scheduleRecurringJobs(jobs: readonly RecurringJob[], now = Date.now()) {
  await enqueueJobs(jobs.map((job) => ({ type: job.type, payload: {}, runAt: new Date(now + job.everyMs), dedupeKey: `recurring:${job.type}` })))
}

function allHandlers(registry: WorkerRegistry): JobHandlers {
  return { ...registry.jobHandlers, ...eventDeliveryHandlers(registry.eventSubscribers) }
}

/** One pass: queue the deliveries of new domain events, then run the due jobs (deliveries included). */
export async function runWorkerPass(registry: WorkerRegistry, handlers = allHandlers(registry)) {
  if (registry.recurringJobs?.length) await scheduleRecurringJobs(registry.recurringJobs)
  await dispatchDomainEvents(registry.eventSubscribers)
  return runDueJobs(handlers)
}

/**
 * Polls every `intervalMs`; `nudge()` runs a pass now. Polling, not
 * LISTEN/NOTIFY: the embedded database serves a single connection.
 */
export function startWorker(registry: WorkerRegistry, intervalMs = 5_000) {
  const handlers = allHandlers(registry)
  let running: Promise<unknown> | null = null
  const tick = () => {
    running ??= runWorkerPass(registry, handlers)
      .catch((error: unknown) => console.error('Job worker failed', error))
      .finally(() => (running = null))
    return running
  }
  const timer = setInterval(tick, intervalMs)
  timer.unref()
  return { nudge: tick, stop: () => clearInterval(timer) }
}
