import type { Prisma } from '~/generated/prisma/client'
import { prisma } from '~/platform/db.server'

/**
 * A durable job queue in the database. Jobs survive restarts; any number of
 * instances may run the worker (app/platform/worker.server.ts), each claiming
 * due jobs with FOR UPDATE SKIP LOCKED so no job runs twice at once. A job
 * whose worker died is claimed again after STALE_AFTER_MS. Every attempt
 * leaves a JobRun row: when it started and ended, how, and why it failed.
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

export type NewJob = {
  type: string
  payload: Prisma.InputJsonObject
  runAt?: Date
  /**
   * Names the work so it is queued once: while a job with this key is
   * pending or running, another with the same key is not queued. The key is
   * released when the job is done or has failed for good.
   */
  dedupeKey?: string
}

/** Queues jobs, leaving out any whose dedupeKey is held; returns those queued. */
export async function enqueueJobs(jobs: NewJob[], db: Prisma.TransactionClient = prisma) {
  if (jobs.length === 0) return []
  return db.job.createManyAndReturn({
    data: jobs.map((job) => ({ type: job.type, payload: job.payload, runAt: job.runAt, dedupeKey: job.dedupeKey })),
    // ON CONFLICT DO NOTHING: a held dedupeKey refuses the row without aborting the transaction.
    skipDuplicates: true,
    select: { id: true, type: true, dedupeKey: true },
  })
}

/** Queues one job; null when its dedupeKey is held by a job pending or running. */
export async function enqueueJob(type: string, payload: Prisma.InputJsonObject, options: Omit<NewJob, 'type' | 'payload'> = {}) {
  const [job] = await enqueueJobs([{ type, payload, ...options }])
  return job ?? null
}

type ClaimedJob = { id: string; type: string; payload: Prisma.JsonValue; attempts: number }

async function claimNextJob(): Promise<ClaimedJob | null> {
  const rows = await prisma.$queryRaw<ClaimedJob[]>`
    UPDATE "Job" SET "status" = 'running', "lockedAt" = now(), "attempts" = "attempts" + 1, "updatedAt" = now()
    WHERE "id" = (
      SELECT "id" FROM "Job"
      WHERE ("status" = 'pending' AND "runAt" <= now())
         OR ("status" = 'running' AND "lockedAt" < now() - make_interval(secs => ${STALE_AFTER_MS / 1000}))
      ORDER BY "runAt", "createdAt"
      FOR UPDATE SKIP LOCKED
      LIMIT 1
    )
    RETURNING "id", "type", "payload", "attempts"`
  return rows[0] ?? null
}

/**
 * Claims the job named `dedupeKey` if it is pending (due or not), so a
 * person waiting for its outcome need not wait for the worker. Nothing else
 * can run it meanwhile: the claim is the same as the worker's.
 */
async function claimJobByKey(dedupeKey: string): Promise<ClaimedJob | null> {
  const rows = await prisma.$queryRaw<ClaimedJob[]>`
    UPDATE "Job" SET "status" = 'running', "lockedAt" = now(), "attempts" = "attempts" + 1, "updatedAt" = now()
    WHERE "id" = (
      SELECT "id" FROM "Job" WHERE "dedupeKey" = ${dedupeKey} AND "status" = 'pending'
      FOR UPDATE SKIP LOCKED
    )
    RETURNING "id", "type", "payload", "attempts"`
  return rows[0] ?? null
}

async function startRun(job: ClaimedJob) {
  const [, run] = await prisma.$transaction([
    // A run still open belongs to a worker that died; its job was claimed again as stale.
    prisma.jobRun.updateMany({
      where: { jobId: job.id, outcome: 'running' },
      data: { outcome: 'abandoned', finishedAt: new Date() },
    }),
    prisma.jobRun.create({ data: { jobId: job.id, attempt: job.attempts }, select: { id: true } }),
  ])
  return run.id
}

async function finishRun(
  job: ClaimedJob,
  runId: string,
  outcome: 'succeeded' | 'failed' | 'gave_up',
  error: string | null,
) {
  const finished = outcome !== 'failed'
  await prisma.$transaction([
    prisma.job.update({
      where: { id: job.id },
      data: {
        status: outcome === 'succeeded' ? 'done' : outcome === 'gave_up' ? 'failed' : 'pending',
        lockedAt: null,
        lastError: error,
        ...(finished ? { dedupeKey: null } : { runAt: new Date(Date.now() + backoffMs(job.attempts)) }),
      },
    }),
    prisma.jobRun.update({ where: { id: runId }, data: { outcome, error, finishedAt: new Date() } }),
  ])
}

async function runClaimed(job: ClaimedJob, handler: JobHandler | undefined) {
  const runId = await startRun(job)
  try {
    if (!handler) throw new PermanentJobError(`No handler for job type ${job.type}`)
    await handler(job.payload)
    await finishRun(job, runId, 'succeeded', null)
    return { outcome: 'succeeded' as const, error: null }
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error)
    const giveUp = error instanceof PermanentJobError || job.attempts >= MAX_ATTEMPTS
    await finishRun(job, runId, giveUp ? 'gave_up' : 'failed', message)
    return { outcome: giveUp ? ('gave_up' as const) : ('failed' as const), error: message }
  }
}

/** How long runJobNow waits for a run the worker started first: longer than any provider's timeout. */
const WAIT_FOR_WORKER_MS = 20_000

/**
 * Runs the pending job named `dedupeKey` now, as the worker would, and says
 * how it ended (failed: retried later by the worker as usual; gave_up: for
 * good) and why; null when no such job is pending (done, or never queued).
 * When the worker claimed the job a moment before, it waits for that run to
 * end (at most WAIT_FOR_WORKER_MS) and returns null, so the caller reads the
 * outcome from the records instead of the moment in between.
 */
export async function runJobNow(dedupeKey: string, handler: JobHandler) {
  const job = await claimJobByKey(dedupeKey)
  if (job) return runClaimed(job, handler)
  const until = Date.now() + WAIT_FOR_WORKER_MS
  while ((await prisma.job.count({ where: { dedupeKey, status: 'running' } })) > 0 && Date.now() < until) {
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
  return null
}

/** Runs due jobs one after another until none is due (or `limit` ran). */
export async function runDueJobs(handlers: JobHandlers, limit = 50) {
  let ran = 0
  while (ran < limit) {
    const job = await claimNextJob()
    if (!job) break
    ran++
    await runClaimed(job, handlers[job.type])
  }
  return ran
}
