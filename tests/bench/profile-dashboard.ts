/**
 * npx tsx tests/bench/profile-dashboard.ts: each query the dashboard makes,
 * timed one at a time on a kept bench database (seeded on the first run):
 * PROFILE_DATA_DIR for the embedded one (default /tmp/portal-profile), or
 * PROFILE_DATABASE_URL for PostgreSQL. It prints figures; it asserts nothing.
 */
import fs from 'node:fs'
import { PrismaPg } from '@prisma/adapter-pg'
import pg from 'pg'
import { PrismaClient } from '~/generated/prisma/client'
import { seedBenchRecords } from './seed'

const ROUNDS = Number(process.env.PROFILE_ROUNDS ?? 5)

async function main() {
  let url = process.env.PROFILE_DATABASE_URL
  let close = async () => {}
  // Our logging client must exist before db.server.ts is first imported, or that module builds its own.
  const logged = new PrismaClient({
    adapter: { provider: 'postgres', adapterName: '@prisma/adapter-pg', connect: () => new PrismaPg({ connectionString: url!, max: 1 }).connect() },
    log: [{ emit: 'event', level: 'query' }],
  })
  const queries: Array<{ query: string; params: string; duration: number }> = []
  logged.$on('query', (event) => queries.push({ query: event.query, params: event.params, duration: event.duration }))
  ;(globalThis as unknown as { prisma: PrismaClient }).prisma = logged
  Object.assign(process.env, { NODE_ENV: 'production', SESSION_SECRET: 'p'.repeat(40), ENCRYPTION_KEY: 'a'.repeat(64), SEED_DEMO_DATA: 'false', JOBS_ENABLED: 'false', LOG_REQUESTS: 'false' })
  if (!url) {
    const dir = process.env.PROFILE_DATA_DIR ?? '/tmp/portal-profile'
    fs.mkdirSync(dir, { recursive: true })
    const { startEmbeddedDatabase } = await import('~/platform/db.server')
    const database = await startEmbeddedDatabase(`${dir}/pglite`)
    url = database.url
    close = database.close
  }
  process.env.DATABASE_URL = url
  const { applyMigrations } = await import('~/platform/migrate.server')
  await applyMigrations(url)
  const client = new pg.Client({ connectionString: url })
  await client.connect()
  const { rows } = await client.query('SELECT count(*)::int AS n FROM "Lead"')
  if (rows[0].n === 0) {
    const started = Date.now()
    await seedBenchRecords(client)
    console.log(`seeded in ${((Date.now() - started) / 1000).toFixed(1)} s`)
  }
  await client.end()

  const { prisma } = await import('~/platform/db.server')
  if (prisma !== logged) throw new Error('the shared client was built before the logged one')
  const dashboard = await import('~/features/dashboard/dashboard.server')
  const { recordDashboardView } = await import('~/features/dashboard/work-queue.server')
  const { computeWorkQueue } = dashboard
  const user = (await prisma.user.findFirst({ where: { role: 'admin' } })) ?? (await prisma.user.create({ data: { email: 'profile@example.com', name: 'Profile Admin', role: 'admin', passwordHash: 'x' } }))
  const actor = { kind: 'user', userId: user.id, email: user.email, ipAddress: null, userAgent: null } as never

  const parts: Array<[string, () => Promise<unknown>]> = [
    ['computeWorkQueue', () => computeWorkQueue(user)],
    ['loadDashboard', () => dashboard.loadDashboard(user, actor)],
    ['getDashboardMetrics', () => dashboard.getDashboardMetrics(user)],
    ['recordDashboardView', () => recordDashboardView(actor, 'dashboard', { Lead: [user.id] })],
  ]
  const replay = new pg.Client({ connectionString: url })
  await replay.connect()
  const timed = async (sql: string, params: unknown[] = []) => {
    const times: number[] = []
    for (let round = 0; round < ROUNDS; round += 1) {
      const started = performance.now()
      await replay.query(sql, params)
      times.push(performance.now() - started)
    }
    return times.sort((a, b) => a - b)[Math.floor(times.length / 2)]!
  }
  console.log(`SELECT 1: ${(await timed('SELECT 1')).toFixed(2)} ms a round trip`)
  for (const [name, run] of parts) {
    const wall: number[] = []
    for (let round = 0; round < ROUNDS; round += 1) {
      queries.length = 0
      const started = performance.now()
      await run()
      wall.push(performance.now() - started)
    }
    wall.sort((a, b) => a - b)
    const seen = new Map<string, { query: string; params: string }>()
    for (const query of queries) seen.set(query.query + query.params, query)
    const replayed: Array<[number, string]> = []
    for (const { query, params } of seen.values()) {
      if (/^\s*(INSERT|UPDATE|DELETE)/i.test(query)) continue
      replayed.push([await timed(query, JSON.parse(params) as unknown[]), query])
    }
    const sum = replayed.reduce((total, [ms]) => total + ms, 0)
    console.log(`\n${name}: median ${wall[Math.floor(wall.length / 2)]!.toFixed(1)} ms wall, ${queries.length} queries, ${sum.toFixed(1)} ms replayed one at a time`)
    if (process.env.PROFILE_QUERIES === 'false') continue
    if (process.env.PROFILE_EXPLAIN && replayed.length > 0) {
      const [, slowest] = replayed.sort((a, b) => b[0] - a[0])[0]!
      const { params } = [...seen.values()].find((one) => one.query === slowest)!
      const plan = await replay.query(`EXPLAIN (ANALYZE, COSTS OFF) ${slowest}`, JSON.parse(params) as unknown[])
      console.log(plan.rows.map((row: Record<string, string>) => `    ${row['QUERY PLAN']}`).join('\n'))
    }
    for (const [ms, query] of replayed.sort((a, b) => b[0] - a[0])) {
      console.log(`  ${ms.toFixed(2).padStart(7)} ms  ${query.replace(/\s+/g, ' ').replaceAll('"public".', '').slice(0, 260)}`)
    }
  }
  await replay.end()
  await logged.$disconnect()
  await close()
}

main().catch((error: unknown) => {
  console.error(error)
  process.exit(1)
})
