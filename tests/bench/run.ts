/**
 * npm run bench: seeds 100,000 leads, 20,000 patients, 5,000 caregivers and
 * 100,000 appointments (a year around today) into a scratch database, starts
 * the production server on it and measures, at 10 concurrent clients, every
 * list (plain and searched), the calendar's views, the lead and appointment
 * APIs, the dashboard and its APIs and a record page of each kind beside the sign-in page (the
 * framework's floor) in the same run, each target in slices that alternate
 * with the floor's. It prints figures; it asserts nothing.
 *
 * BENCH_DATABASE_URL=postgresql://… runs it on a scratch database there
 * instead of the embedded one. BENCH_SECONDS sets each measurement's length, BENCH_WARM_SECONDS
 * how long each target is served before it (10 s);
 * BENCH_ONLY=patients (a word in the target, or several: calendar,appointments) measures only the matching targets;
 * BENCH_ONLY='=GET /leads' only the target of exactly that name, and BENCH_ONLY=none the floor alone.
 * BENCH_NODE_ARGS passes options to the server's node (e.g. --cpu-prof --cpu-prof-dir=/tmp/prof).
 */
import { spawn } from 'node:child_process'
import crypto from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import pg from 'pg'
import { BENCH_COUNTS, seedBenchRecords } from './seed'
import { BROWSER_HEADERS, benchServerEnv, signInAsBenchAdmin, waitForHealth } from './server'

const { leads: LEADS, patients: PATIENTS, caregivers: CAREGIVERS, appointments: APPOINTMENTS } = BENCH_COUNTS
const CONCURRENCY = 10
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10)
/**
 * How long each target is served before it is measured. V8 compiles a
 * function with its optimizing compiler only after many calls: a page's code
 * runs once a request, so two seconds after its first request the compiler is
 * still at work on the server's other threads (the dashboard: about 40
 * functions a second) and the page costs 15% more than it does an hour
 * later, while the floor, served between every target, has long been warm.
 * Ten seconds settle it (the dashboard: 5.06 ms a request after 3 s, 4.27
 * after 10, 4.33 after 60).
 */
const WARM_SECONDS = Number(process.env.BENCH_WARM_SECONDS ?? 10)
const PORT = Number(process.env.BENCH_PORT ?? 3400)
const BASE = `http://127.0.0.1:${PORT}`
// Each target's time is cut into this many slices, alternating with as many of the floor.
const SLICES = 4

type Result = { name: string; rps: number; p50: number; p95: number; p99: number; errors: number; cpuPerRequest: number }

let serverPid: number | undefined

/**
 * The server's CPU time so far (all its threads, the embedded database's
 * included), in ms, from /proc: NaN where there is none. Unlike latency on a
 * shared 2-core machine, CPU per request barely moves from run to run.
 */
function serverCpuMs() {
  try {
    const fields = fs.readFileSync(`/proc/${serverPid}/stat`, 'utf8').split(') ')[1]!.split(' ')
    // utime and stime (fields 14 and 15 of the line), in clock ticks of 10 ms.
    return (Number(fields[11]) + Number(fields[12])) * 10
  } catch {
    return NaN
  }
}

function percentile(sorted: number[], p: number) {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN
}

type Sample = { latencies: number[]; errors: number; seconds: number; cpuMs: number }

/** Requests from CONCURRENCY clients for `seconds`, one after another per client. */
async function load(url: string, seconds: number, cookie?: string, record = true): Promise<Sample> {
  const latencies: number[] = []
  let errors = 0
  const until = Date.now() + seconds * 1000
  const start = Date.now()
  const cpuStart = serverCpuMs()
  const client = async () => {
    while (Date.now() < until) {
      const started = performance.now()
      const response = await fetch(url, { headers: cookie ? { ...BROWSER_HEADERS, cookie } : BROWSER_HEADERS, redirect: 'manual' })
      await response.arrayBuffer()
      if (!record) continue
      if (response.status !== 200) errors++
      latencies.push(performance.now() - started)
    }
  }
  await Promise.all(Array.from({ length: CONCURRENCY }, client))
  return { latencies, errors, seconds: (Date.now() - start) / 1000, cpuMs: serverCpuMs() - cpuStart }
}

function summarize(name: string, samples: Sample[]): Result {
  const latencies = samples.flatMap((sample) => sample.latencies).sort((a, b) => a - b)
  const seconds = samples.reduce((sum, sample) => sum + sample.seconds, 0)
  return {
    name,
    rps: latencies.length / seconds,
    p50: percentile(latencies, 50),
    p95: percentile(latencies, 95),
    p99: percentile(latencies, 99),
    errors: samples.reduce((sum, sample) => sum + sample.errors, 0),
    cpuPerRequest: samples.reduce((sum, sample) => sum + sample.cpuMs, 0) / latencies.length,
  }
}

async function measure(name: string, url: string, cookie?: string): Promise<Result> {
  await load(url, WARM_SECONDS, cookie, false)
  return summarize(name, [await load(url, SECONDS, cookie)])
}

/**
 * A target and the floor in alternating slices after both are warm, so that
 * whatever the machine does meanwhile (another process, the collector, the
 * embedded database's own work) falls on both alike: the ratio compares the
 * two under the same conditions, not a page now with the floor minutes ago.
 */
async function measureAgainstFloor(name: string, url: string, floorUrl: string, cookie: string) {
  await load(floorUrl, 1, undefined, false)
  await load(url, WARM_SECONDS, cookie, false)
  const floor: Sample[] = []
  const target: Sample[] = []
  for (let slice = 0; slice < SLICES; slice++) {
    floor.push(await load(floorUrl, SECONDS / SLICES))
    target.push(await load(url, SECONDS / SLICES, cookie))
  }
  return { result: summarize(name, target), floor: summarize('floor', floor) }
}

async function main() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-bench-'))
  const env = benchServerEnv({ port: PORT, dataDir })
  let dropDatabase: (() => Promise<void>) | undefined
  if (process.env.BENCH_DATABASE_URL) {
    const name = `bench_${crypto.randomBytes(4).toString('hex')}`
    const admin = new pg.Client({ connectionString: process.env.BENCH_DATABASE_URL })
    await admin.connect()
    await admin.query(`CREATE DATABASE "${name}"`)
    await admin.end()
    const url = new URL(process.env.BENCH_DATABASE_URL)
    url.pathname = `/${name}`
    Object.assign(env, { DATABASE_URL: url.toString(), SESSION_SECRET: crypto.randomBytes(32).toString('hex'), ENCRYPTION_KEY: crypto.randomBytes(32).toString('hex') })
    dropDatabase = async () => {
      const client = new pg.Client({ connectionString: process.env.BENCH_DATABASE_URL })
      await client.connect()
      await client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`)
      await client.end()
    }
  }

  // Seed in this process (the embedded database allows one process at a time).
  Object.assign(process.env, env)
  const { getDatabase, disconnectDatabase } = await import('~/platform/db.server')
  const database = await getDatabase()
  const client = new pg.Client({ connectionString: database.url })
  await client.connect()
  const seedStart = Date.now()
  await seedBenchRecords(client)
  // As the database is in use: autovacuum (PostgreSQL) or the maintenance job (embedded) has run since the rows arrived.
  await client.query('VACUUM (ANALYZE)')
  // A record of each kind from the middle of its list.
  const recordOf = async (table: string) =>
    ((await client.query(`SELECT id FROM "${table}" ORDER BY "createdAt" DESC OFFSET 500 LIMIT 1`)).rows[0] as { id: string }).id
  const records = {
    lead: await recordOf('Lead'),
    patient: await recordOf('Patient'),
    caregiver: await recordOf('Caregiver'),
    appointment: await recordOf('Appointment'),
  }
  await client.end()
  await disconnectDatabase()
  console.log(
    `Seeded ${LEADS.toLocaleString()} leads, ${PATIENTS.toLocaleString()} patients, ${CAREGIVERS.toLocaleString()} caregivers and ${APPOINTMENTS.toLocaleString()} appointments in ${((Date.now() - seedStart) / 1000).toFixed(1)} s (${env.DATABASE_URL ? 'PostgreSQL' : 'embedded PGlite'})`,
  )

  const server = spawn(process.execPath, [...(process.env.BENCH_NODE_ARGS?.split(' ').filter(Boolean) ?? []), 'build/index.js'], { env, stdio: ['ignore', 'inherit', 'inherit'] })
  serverPid = server.pid
  try {
    await waitForHealth(BASE)
    const cookie = await signInAsBenchAdmin(BASE)

    const floor = await measure('GET /login (floor)', `${BASE}/login`)
    const targets: Array<[string, string]> = [
      ['GET /leads', '/leads'],
      ['GET /leads?q=garcia', '/leads?q=garcia'],
      ['GET /api/leads?q=garcia', '/api/leads?q=garcia'],
      ['GET /leads?q=555 12', '/leads?q=555%2012'],
      ['GET /leads/{id}', `/leads/${records.lead}`],
      ['GET /patients', '/patients'],
      ['GET /patients?q=garcia', '/patients?q=garcia'],
      ['GET /patients/{id}', `/patients/${records.patient}`],
      ['GET /caregivers', '/caregivers'],
      ['GET /caregivers?q=garcia', '/caregivers?q=garcia'],
      ['GET /caregivers/{id}', `/caregivers/${records.caregiver}`],
      ['GET /calendar', '/calendar'],
      ['GET /calendar?q=therapy', '/calendar?q=therapy'],
      ['GET /calendar?view=week', '/calendar?view=week'],
      ['GET /calendar/{id}', `/calendar/${records.appointment}`],
      ['GET /api/appointments/upcoming', '/api/appointments/upcoming'],
      ['GET /api/appointments/upcoming?days=365', '/api/appointments/upcoming?days=365'],
      ['GET / (dashboard)', '/'],
      ['GET /api/dashboard/metrics', '/api/dashboard/metrics'],
      ['GET /api/work-queue (dashboard)', '/api/work-queue'],
    ]
    const only = process.env.BENCH_ONLY?.split(',').filter(Boolean)
    const rows: Array<{ result: Result; floor?: Result }> = [{ result: floor }]
    for (const [name, url] of targets) {
      if (only && (only.includes('none') || !only.some((word) => (word.startsWith('=') ? name === word.slice(1) : name.includes(word))))) continue
      rows.push(await measureAgainstFloor(name, `${BASE}${url}`, `${BASE}/login`, cookie))
    }

    console.log(`\n${CONCURRENCY} concurrent clients, ${SECONDS} s each; each target in ${SLICES} slices alternating with as many of the floor\n`)
    console.log('target                      req/s    p50 ms   p95 ms   p99 ms  errors  floor p95  p95 vs floor  CPU ms/req  CPU vs floor')
    for (const { result, floor: pairedFloor } of rows) {
      const reference = pairedFloor ?? floor
      console.log(
        `${result.name.padEnd(26)} ${result.rps.toFixed(1).padStart(7)} ${result.p50.toFixed(1).padStart(8)} ${result.p95
          .toFixed(1)
          .padStart(8)} ${result.p99.toFixed(1).padStart(8)} ${String(result.errors).padStart(7)} ${reference.p95.toFixed(1).padStart(10)}  ${`${(result.p95 / reference.p95).toFixed(2)}×`.padStart(12)}  ${result.cpuPerRequest.toFixed(2).padStart(10)}  ${`${(result.cpuPerRequest / reference.cpuPerRequest).toFixed(2)}×`.padStart(12)}`,
      )
    }
  } finally {
    server.kill('SIGTERM')
    await new Promise((resolve) => server.once('exit', resolve))
    await dropDatabase?.()
    fs.rmSync(dataDir, { recursive: true, force: true })
  }
}

main().catch((error: unknown) => {
  console.error(error)
  process.exit(1)
})
