/**
 * npx tsx tests/bench/profile-page.ts <path>: where the server's time goes on one page under load.
 * Seeds the bench's records into a kept embedded database (PROFILE_DATA_DIR, default
 * /tmp/portal-profile-pages; the first run takes about 20 s), starts the production build on it with
 * Node's CPU profiler, signs in, loads the page from 10 clients for PROFILE_SECONDS (default 8) and
 * prints, per request, the server thread's busy time by package and the functions that cost most.
 * `{lead}`, `{patient}` and `{caregiver}` in the path become a record from that list; a path starting
 * `anon:` is loaded signed out (`anon:/login` is the bench's floor). Run `npm run build` first.
 * PROFILE_OUT=file.cpuprofile keeps the server thread's profile (Chromium's DevTools opens it).
 * It prints figures; it asserts nothing.
 */
import { spawn } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import pg from 'pg'
import { seedBenchRecords } from './seed'
import { BROWSER_HEADERS, benchServerEnv, signInAsBenchAdmin, waitForHealth } from './server'

type Profile = {
  nodes: Array<{ id: number; callFrame: { functionName: string; url: string; lineNumber: number }; children?: number[] }>
  samples: number[]
  timeDeltas: number[]
}

const DATA_DIR = process.env.PROFILE_DATA_DIR ?? path.join(os.tmpdir(), 'portal-profile-pages')
const SECONDS = Number(process.env.PROFILE_SECONDS ?? 8)
// Served this long before the profile counts, as in the bench (tests/bench/run.ts says why).
const WARM_SECONDS = Number(process.env.PROFILE_WARM_SECONDS ?? 10)
const PORT = 3411
const BASE = `http://127.0.0.1:${PORT}`
const CONCURRENCY = 10

/** The package a profiled function belongs to: a dependency's name, 'app', a Node module or '(native)'. */
function packageOf(url: string) {
  if (!url) return '(native)'
  const dependency = url.match(/node_modules\/((?:@[^/]+\/)?[^/]+)/)
  if (dependency) return dependency[1]!
  if (url.includes('/build/')) return 'app'
  if (url.startsWith('node:')) return `node:${url.slice(5).split('/')[0]}`
  if (url.startsWith('wasm')) return 'WebAssembly'
  return path.basename(url)
}

/** Self time per package and per function over the last `seconds` of the profile, in ms. */
function summarize(profile: Profile, seconds: number) {
  const nodes = new Map(profile.nodes.map((node) => [node.id, node]))
  let at = 0
  const times = profile.timeDeltas.map((delta) => (at += delta))
  const from = at - seconds * 1e6
  const byPackage = new Map<string, number>()
  const byFunction = new Map<string, number>()
  const byFunctionWithCallees = new Map<string, number>()
  const parents = new Map<number, number>()
  for (const node of profile.nodes) for (const child of node.children ?? []) parents.set(child, node.id)
  // A node's function and package, named once: every sample names each function on its stack.
  const names = new Map<number, string>()
  const nameOf = (id: number) => {
    let name = names.get(id)
    if (name === undefined) {
      const { functionName, url, lineNumber } = nodes.get(id)!.callFrame
      names.set(id, (name = `${functionName || '(anonymous)'} ${packageOf(url)}:${lineNumber}`))
    }
    return name
  }
  let busy = 0
  profile.samples.forEach((id, index) => {
    if (times[index]! < from) return
    const { functionName, url } = nodes.get(id)!.callFrame
    if (functionName === '(idle)') return
    const ms = (profile.timeDeltas[index + 1] ?? 0) / 1000
    busy += ms
    const owner = packageOf(url)
    byPackage.set(owner, (byPackage.get(owner) ?? 0) + ms)
    const name = nameOf(id)
    byFunction.set(name, (byFunction.get(name) ?? 0) + ms)
    const onStack = new Set<string>()
    for (let at: number | undefined = id; at !== undefined; at = parents.get(at)) onStack.add(nameOf(at))
    for (const caller of onStack) byFunctionWithCallees.set(caller, (byFunctionWithCallees.get(caller) ?? 0) + ms)
  })
  return { busy, byPackage, byFunction, byFunctionWithCallees }
}

async function main() {
  const [target] = process.argv.slice(2)
  if (!target) throw new Error('Which page? npx tsx tests/bench/profile-page.ts /leads')
  if (!fs.existsSync(path.join(process.cwd(), 'build', 'index.js'))) throw new Error('No build: run npm run build first')
  const env = benchServerEnv({ port: PORT, dataDir: DATA_DIR })

  if (!fs.existsSync(path.join(DATA_DIR, 'pglite'))) {
    // Seeded in this process: the embedded database allows one process at a time.
    Object.assign(process.env, env)
    delete process.env.DATABASE_URL
    const { getDatabase, disconnectDatabase } = await import('~/platform/db.server')
    const client = new pg.Client({ connectionString: (await getDatabase()).url })
    await client.connect()
    await seedBenchRecords(client)
    await client.query('VACUUM (ANALYZE)')
    await client.end()
    await disconnectDatabase()
  }

  const profileDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-cpu-profile-'))
  const server = spawn(process.execPath, ['--cpu-prof', `--cpu-prof-dir=${profileDir}`, 'build/index.js'], { env, stdio: ['ignore', 'inherit', 'inherit'] })
  let requests = 0
  try {
    await waitForHealth(BASE)
    const cookie = await signInAsBenchAdmin(BASE)
    const signedOut = target.startsWith('anon:')
    let url = target.replace(/^anon:/, '')
    const kind = url.match(/\{(\w+)\}/)?.[1]
    if (kind) {
      // Appointments are listed on the calendar, the people on their own lists.
      const listPath = kind === 'appointment' ? '/calendar' : `/${kind}s`
      const list = await (await fetch(`${BASE}${listPath}`, { headers: { cookie } })).text()
      const ids = [...list.matchAll(new RegExp(`href="${listPath}/([0-9a-f-]{36})"`, 'g'))].map((match) => match[1]!)
      if (ids.length === 0) throw new Error(`No ${kind} found on ${listPath}`)
      url = url.replace(`{${kind}}`, ids[Math.min(ids.length - 1, 10)]!)
    }
    const headers: Record<string, string> = signedOut ? { ...BROWSER_HEADERS } : { ...BROWSER_HEADERS, cookie }
    const load = async (seconds: number, count: boolean) => {
      const until = Date.now() + seconds * 1000
      await Promise.all(
        Array.from({ length: CONCURRENCY }, async () => {
          while (Date.now() < until) {
            const response = await fetch(`${BASE}${url}`, { headers, redirect: 'manual' })
            await response.arrayBuffer()
            if (response.status !== 200) throw new Error(`${url} answered ${response.status}`)
            if (count) requests++
          }
        }),
      )
    }
    await load(WARM_SECONDS, false)
    await load(SECONDS, true)
    console.log(`${url}: ${requests} requests in ${SECONDS} s (${(requests / SECONDS).toFixed(1)} a second)`)
  } finally {
    server.kill('SIGTERM')
    await new Promise((resolve) => server.once('exit', resolve))
  }

  // The server's own thread writes the first profile; the embedded database's thread the second.
  const [main, database] = fs.readdirSync(profileDir).filter((name) => name.endsWith('.cpuprofile')).sort()
  const read = (name: string) => JSON.parse(fs.readFileSync(path.join(profileDir, name), 'utf8')) as Profile
  const profile = read(main!)
  const databaseBusy = database ? summarize(read(database), SECONDS).busy : undefined
  if (process.env.PROFILE_OUT) fs.copyFileSync(path.join(profileDir, main!), process.env.PROFILE_OUT)
  fs.rmSync(profileDir, { recursive: true, force: true })
  const { busy, byPackage, byFunction, byFunctionWithCallees } = summarize(profile, SECONDS)
  const top = (map: Map<string, number>, count: number) =>
    [...map].sort((a, b) => b[1] - a[1]).slice(0, count).map(([name, ms]) => `  ${(ms / requests).toFixed(3).padStart(7)} ms  ${name}`)
  console.log(`\nServer thread busy: ${(busy / requests).toFixed(2)} ms a request`)
  if (databaseBusy !== undefined) console.log(`The embedded database's thread: ${(databaseBusy / requests).toFixed(2)} ms a request`)
  console.log('\nBy package, a request:')
  console.log(top(byPackage, 20).join('\n'))
  console.log('\nFunctions, own time, a request:')
  console.log(top(byFunction, 25).join('\n'))
  console.log("\nThe app's functions with what they call, a request:")
  const ownCode = new Map([...byFunctionWithCallees].filter(([name]) => / app:\d+$/.test(name)))
  console.log(top(ownCode, 25).join('\n'))
}

main().catch((error: unknown) => {
  console.error(error)
  process.exit(1)
})
