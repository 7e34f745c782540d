import crypto from 'node:crypto'
import { describe, expect, test } from 'vitest'
import { jobHandlers, recurringJobs } from '~/features/job-handlers.server'
import { DATABASE_MAINTENANCE_JOB, maintainEmbeddedDatabase } from '~/platform/db-maintenance.server'
import { prisma } from '~/platform/db.server'

/** PGlite, the embedded database, runs no autovacuum; PostgreSQL's own does the work. */
const embedded = !process.env.TEST_DATABASE_URL

async function leadStatistics() {
  const [row] = await prisma.$queryRaw<Array<{ allVisible: number; columns: number }>>`
    SELECT (SELECT relallvisible FROM pg_class WHERE oid = '"public"."Lead"'::regclass)::int AS "allVisible",
      (SELECT count(*) FROM pg_stats WHERE schemaname = 'public' AND tablename = 'Lead')::int AS columns`
  return row!
}

describe('database maintenance', () => {
  test('the worker runs it every few hours', () => {
    expect(jobHandlers[DATABASE_MAINTENANCE_JOB]).toBeTypeOf('function')
    expect(recurringJobs.find((job) => job.type === DATABASE_MAINTENANCE_JOB)?.everyMs).toBeLessThanOrEqual(24 * 60 * 60 * 1000)
  })

  test('every table of the embedded database vacuumed and analysed; PostgreSQL left to its autovacuum', async () => {
    if (!embedded) {
      expect(await maintainEmbeddedDatabase()).toEqual([])
      return
    }
    await prisma.lead.createMany({
      data: Array.from({ length: 200 }, (_, index) => ({
        firstName: 'Vera',
        lastName: `Maint${index}`,
        email: `${crypto.randomUUID()}@example.com`,
        phone: '2015550199',
        status: 'new',
        searchText: 'vera',
        phoneDigits: '2015550199',
      })),
    })
    expect((await leadStatistics()).columns).toBe(0)
    const tables = await maintainEmbeddedDatabase()
    expect(tables).toEqual(expect.arrayContaining(['Lead', 'AuditLog', 'Session', 'Job']))
    const after = await leadStatistics()
    // The planner has the columns' statistics, and pages are marked all-visible (counts from an index alone).
    expect(after.columns).toBeGreaterThan(0)
    expect(after.allVisible).toBeGreaterThan(0)
  })
})
