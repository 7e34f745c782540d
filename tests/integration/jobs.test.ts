import { afterEach, describe, expect, test } from 'vitest'
import { prisma } from '~/platform/db.server'
import { MAX_ATTEMPTS, PermanentJobError, enqueueJob, runDueJobs, runJobNow } from '~/platform/jobs.server'

function runsOf(jobId: string) {
  return prisma.jobRun.findMany({ where: { jobId }, orderBy: { attempt: 'asc' } })
}

/** Makes retries due now instead of after their backoff. */
async function makeJobsDue() {
  await prisma.job.updateMany({ where: { status: 'pending' }, data: { runAt: new Date(Date.now() - 1000) } })
}

// Each test starts with an empty queue (runs go with their jobs).
afterEach(async () => {
  await prisma.job.deleteMany()
})

describe('dedupe keys', () => {
  test('a second job with the key of one pending is refused; once done, the key can be used again', async () => {
    const first = await enqueueJob('test.dedupe', { n: 1 }, { dedupeKey: 'report:42' })
    expect(first).not.toBeNull()
    expect(await enqueueJob('test.dedupe', { n: 2 }, { dedupeKey: 'report:42' })).toBeNull()
    expect(await prisma.job.count({ where: { type: 'test.dedupe' } })).toBe(1)

    const seen: unknown[] = []
    await runDueJobs({ 'test.dedupe': async (payload) => void seen.push(payload) })
    expect(seen).toEqual([{ n: 1 }])
    expect(await prisma.job.findUniqueOrThrow({ where: { id: first!.id } })).toMatchObject({ status: 'done', dedupeKey: null })

    expect(await enqueueJob('test.dedupe', { n: 3 }, { dedupeKey: 'report:42' })).not.toBeNull()
  })

  test('the key is held while the job waits for a retry, and released when it fails for good', async () => {
    const job = await enqueueJob('test.refused', {}, { dedupeKey: 'refused:1' })
    let calls = 0
    const handlers = {
      'test.refused': async () => {
        calls++
        if (calls === 1) throw new Error('try again later')
        throw new PermanentJobError('never going to work')
      },
    }
    await runDueJobs(handlers)
    expect(await enqueueJob('test.refused', {}, { dedupeKey: 'refused:1' })).toBeNull()

    await makeJobsDue()
    await runDueJobs(handlers)
    expect(await prisma.job.findUniqueOrThrow({ where: { id: job!.id } })).toMatchObject({ status: 'failed', dedupeKey: null })
    expect(await enqueueJob('test.refused', {}, { dedupeKey: 'refused:1' })).not.toBeNull()
  })

  test('jobs without a key are never refused', async () => {
    await enqueueJob('test.keyless', { n: 1 })
    await enqueueJob('test.keyless', { n: 1 })
    expect(await prisma.job.count({ where: { type: 'test.keyless' } })).toBe(2)
  })
})

describe('run logs', () => {
  test('one run per attempt with its start, end, outcome and error', async () => {
    const job = await enqueueJob('test.flaky', {})
    let calls = 0
    const handlers = {
      'test.flaky': async () => {
        if (++calls === 1) throw new Error('the service is unavailable')
      },
    }
    const before = Date.now()
    await runDueJobs(handlers)
    await makeJobsDue()
    await runDueJobs(handlers)

    const runs = await runsOf(job!.id)
    expect(runs.map((run) => [run.attempt, run.outcome, run.error])).toEqual([
      [1, 'failed', 'the service is unavailable'],
      [2, 'succeeded', null],
    ])
    for (const run of runs) {
      expect(run.startedAt.getTime()).toBeGreaterThanOrEqual(before - 1000)
      expect(run.finishedAt!.getTime()).toBeGreaterThanOrEqual(run.startedAt.getTime())
    }
    expect(await prisma.job.findUniqueOrThrow({ where: { id: job!.id } })).toMatchObject({ status: 'done', attempts: 2, lastError: null })
  })

  test('a job without a handler gives up at once', async () => {
    const job = await enqueueJob('test.unknown', {})
    await runDueJobs({})
    const runs = await runsOf(job!.id)
    expect(runs.map((run) => [run.outcome, run.error])).toEqual([['gave_up', 'No handler for job type test.unknown']])
    expect(await prisma.job.findUniqueOrThrow({ where: { id: job!.id } })).toMatchObject({ status: 'failed' })
  })

  test('after the last attempt the job fails and its run says it gave up', async () => {
    const job = await enqueueJob('test.always-down', {})
    await prisma.job.update({ where: { id: job!.id }, data: { attempts: MAX_ATTEMPTS - 1 } })
    await runDueJobs({ 'test.always-down': async () => Promise.reject(new Error('still down')) })
    const runs = await runsOf(job!.id)
    expect(runs.map((run) => [run.attempt, run.outcome, run.error])).toEqual([[MAX_ATTEMPTS, 'gave_up', 'still down']])
    expect(await prisma.job.findUniqueOrThrow({ where: { id: job!.id } })).toMatchObject({ status: 'failed', lastError: 'still down' })
  })

  test('a job whose worker died is claimed again and its open run marked abandoned', async () => {
    const job = await enqueueJob('test.orphaned', {}, { dedupeKey: 'orphaned:1' })
    // A worker claimed it ten minutes ago and never came back.
    const tenMinutesAgo = new Date(Date.now() - 10 * 60 * 1000)
    await prisma.job.update({ where: { id: job!.id }, data: { status: 'running', attempts: 1, lockedAt: tenMinutesAgo } })
    await prisma.jobRun.create({ data: { jobId: job!.id, attempt: 1, startedAt: tenMinutesAgo } })

    await runDueJobs({ 'test.orphaned': async () => {} })
    const runs = await runsOf(job!.id)
    expect(runs.map((run) => [run.attempt, run.outcome])).toEqual([
      [1, 'abandoned'],
      [2, 'succeeded'],
    ])
    expect(runs[0]!.finishedAt).not.toBeNull()
    expect(await prisma.job.findUniqueOrThrow({ where: { id: job!.id } })).toMatchObject({ status: 'done', dedupeKey: null })
  })
})

describe('running a job now', () => {
  test('a job the worker claimed a moment before is waited for, so the caller reads its outcome', async () => {
    await enqueueJob('test.slow', {}, { dedupeKey: 'slow:1' })
    let finished = false
    let release: () => void = () => {}
    const worker = runDueJobs({
      'test.slow': () =>
        new Promise<void>((resolve) => {
          release = () => {
            finished = true
            resolve()
          }
        }),
    })
    // The worker has claimed it: runJobNow finds nothing pending and waits for the worker's run.
    await expect.poll(() => prisma.job.count({ where: { dedupeKey: 'slow:1', status: 'running' } })).toBe(1)
    const now = runJobNow('slow:1', async () => {
      throw new Error('not run twice')
    })
    setTimeout(() => release(), 300)
    expect(await now).toBeNull()
    expect(finished).toBe(true)
    await worker
    expect(await prisma.job.findFirstOrThrow({ where: { type: 'test.slow' } })).toMatchObject({ status: 'done' })
  })
})
