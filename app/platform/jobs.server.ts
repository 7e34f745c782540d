import type { Prisma } from '~/generated/prisma/client'
import { prisma } from '~/platform/db.server'

/**
 * A durable job queue in the database. Jobs survive restarts; any number of
 * instances may run the worker, each claiming due jobs with
 * FOR UPDATE SKIP LOCKED so no job runs twice at once. A job whose worker
 * died is claimed again after STALE_AFTER_MS.
 */
export type JobHandler = (payload: Prisma.JsonValue) => Promise<void>
export type JobHandlers = Record<string, JobHandler>

export const MAX_ATTEMPTS = 8
const STALE_AFTER_MS = 5 * 60 * 1000

/** A handler throws this to give up at once (retrying would not help). */
export class PermanentJobError extends Error {}

/** 30 s, 1 min, 2 min … capped at an hour. */
export function backoffMs(attempts: number) {
  return Math.min(30_000 * 2 ** Math.max(0, attempts - 1), 60 * 60 * 1000)
}

export async function enqueueJob(type: string, payload: Prisma.InputJsonObject, runAt = new Date()) {
  return prisma.job.create({ data: { type, payload, runAt } })
}

type ClaimedJob = { id: string; type: string; payload: Prisma.JsonValue; attempts: number }

async function claimNextJob(): Promise<ClaimedJob | null> {
  const rows = await prisma.$queryRaw<ClaimedJob[]>`
    UPDATE "Job" SET "status" = 'running', "lockedAt" = now(), "attempts" = "attempts" + 1, "updatedAt" = now()
    WHERE "id" = (
      SELECT "id" FROM "Job"
      WHERE ("status" = 'pending' AND "runAt" <= now())
         OR ("status" = 'running' AND "lockedAt" < now() - make_interval(secs => ${STALE_AFTER_MS / 1000}))
      ORDER BY "runAt"
      FOR UPDATE SKIP LOCKED
      LIMIT 1
    )
    RETURNING "id", "type", "payload", "attempts"`
  return rows[0] ?? null
}

/** Runs due jobs one after another until none is due (or `limit` ran). */
export async function runDueJobs(handlers: JobHandlers, limit = 50) {
  let ran = 0
  while (ran < limit) {
    const job = await claimNextJob()
    if (!job) break
    ran++
    const handler = handlers[job.type]
    try {
      if (!handler) throw new PermanentJobError(`No handler for job type ${job.type}`)
      await handler(job.payload)
      await prisma.job.update({ where: { id: job.id }, data: { status: 'done', lockedAt: null, lastError: null } })
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error)
      const giveUp = error instanceof PermanentJobError || job.attempts >= MAX_ATTEMPTS
      await prisma.job.update({
        where: { id: job.id },
        data: giveUp
          ? { status: 'failed', lockedAt: null, lastError: message }
          : { status: 'pending', lockedAt: null, lastError: message, runAt: new Date(Date.now() + backoffMs(job.attempts)) },
      })
    }
  }
  return ran
}

/** Polls for due jobs; `nudge()` runs them now (after something was queued). */
export function startJobWorker(handlers: JobHandlers, intervalMs = 5_000) {
  let running: Promise<unknown> | null = null
  const tick = () => {
    running ??= runDueJobs(handlers)
      .catch((error: unknown) => console.error('Job worker failed', error))
      .finally(() => (running = null))
    return running
  }
  const timer = setInterval(tick, intervalMs)
  timer.unref()
  return { nudge: tick, stop: () => clearInterval(timer) }
}
