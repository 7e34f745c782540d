/**
 * Lighthouse on the production build, as a slow tablet sees it: the mobile
 * preset (simulated 4× slower CPU, slow 4G) in Debian's Chromium, signed in
 * through the session cookie, each page measured twice as a returning
 * browser loads it (with the screen width its first list reported).
 *
 *   npm run build && npm run lighthouse                 every page below
 *   npm run lighthouse -- --runs 1 /login /leads        fewer runs, some pages
 *   npm run lighthouse -- --save /tmp/reports /leads    also keep each report (JSON) there
 *   npm run lighthouse -- --no-reference /leads         without the bare Remix page
 *
 * The first row is the reference the goals are set against: a bare Remix page
 * (scripts/bare-remix, the starter template's), built and served here the
 * same way (the portal's handler for the build's files) and measured in the same
 * run, since Lighthouse's simulated slowdown scales what this machine does:
 * the same page scores differently on a busier or slower machine.
 *
 * Lighthouse comes from npm through npx (pinned: 12.x runs on Node 20), so it
 * is not installed with the app. The server is the e2e launcher's: a fresh
 * embedded database with demo data and the test accounts, on its own port.
 * Goals (docs/performance.md): performance ≥ 95, Total Blocking Time under
 * 200 ms, accessibility 100.
 */
import { spawn, execFile } from 'node:child_process'
import fs from 'node:fs'
import type { AddressInfo } from 'node:net'
import os from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'
import { TEST_PASSWORD, TEST_USERS } from '../tests/e2e/support/config'

const LIGHTHOUSE = 'lighthouse@12.8.2'
const PORT = Number(process.env.LIGHTHOUSE_PORT ?? 3190)
const BASE = `http://localhost:${PORT}`
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'
const DEFAULT_PAGES = [
  '/login',
  '/',
  '/leads',
  '/leads/:first',
  '/patients',
  '/patients/:first',
  '/caregivers',
  '/caregivers/:first',
  '/documents-new',
  '/calendar',
  '/calendar?view=week',
  '/e-signatures',
  '/pdf-to-form',
  '/settings/audit-log',
]
const REFERENCE_DIR = path.join('scripts', 'bare-remix')

const args = process.argv.slice(2)
const runsFlag = args.indexOf('--runs')
const runs = runsFlag >= 0 ? Number(args[runsFlag + 1]) : 2
const saveFlag = args.indexOf('--save')
const saveDir = saveFlag >= 0 ? args[saveFlag + 1] : undefined
// A flag's value is not a page; without the flag, nothing is skipped (index -1 + 1 would be the first page).
const flagValues = new Set([runsFlag, saveFlag].filter((flag) => flag >= 0).map((flag) => flag + 1))
const pages = args.filter((arg, index) => arg.startsWith('/') && !flagValues.has(index))
const withReference = !args.includes('--no-reference')
const run = promisify(execFile)

if (!fs.existsSync('build/index.js')) {
  console.error('build/index.js is missing: run `npm run build` first.')
  process.exit(1)
}

const server = spawn('node', ['--import', 'tsx', 'tests/e2e/start-server.ts'], {
  env: { ...process.env, E2E_PORT: String(PORT) },
  stdio: ['ignore', 'ignore', 'inherit'],
})
const stopServer = () => server.kill('SIGTERM')
process.on('exit', stopServer)

async function waitForServer() {
  for (let attempt = 0; attempt < 240; attempt++) {
    try {
      if ((await fetch(`${BASE}/healthz`)).ok) return
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 500))
  }
  throw new Error('the server did not start within two minutes')
}

async function signIn() {
  const response = await fetch(`${BASE}/login`, {
    method: 'POST',
    body: new URLSearchParams({ email: TEST_USERS.admin.email, password: TEST_PASSWORD }),
    redirect: 'manual',
  })
  const cookie = response.headers.getSetCookie().map((value) => value.split(';')[0]).join('; ')
  if (response.status !== 302 || !cookie) throw new Error(`sign-in failed with ${response.status}`)
  // And the width a phone's or tablet's browser reports once it has shown a list (app/lib/screen-width.ts).
  return `${cookie}; screen=narrow`
}

/** '/leads/:first' → the first lead the list links to. */
async function resolvePage(page: string, cookie: string) {
  if (!page.endsWith('/:first')) return page
  const list = page.slice(0, -'/:first'.length)
  const html = await (await fetch(`${BASE}${list}`, { headers: { cookie } })).text()
  const match = html.match(new RegExp(`href="(${list}/[0-9a-f-]{36})"`))
  if (!match) throw new Error(`no record linked from ${list}`)
  return match[1]!
}

/**
 * The bare Remix page, built from scripts/bare-remix and served with the
 * portal's compression and cache headers for its scripts. Returns its address.
 */
async function startReference(): Promise<{ url: string; version: string; stop: () => void }> {
  await run('npx', ['remix', 'build'], { cwd: REFERENCE_DIR })
  const out = path.resolve(REFERENCE_DIR, '.out')
  const [{ default: express }, { default: compression }, { createRequestHandler }, { buildAssets }, build] = await Promise.all([
    import('express'),
    import('compression'),
    import('@remix-run/node'),
    import('../app/platform/http/build-assets.server'),
    import(path.join(out, 'build', 'index.js')),
  ])
  const handle = createRequestHandler(build, 'production')
  const app = express()
  app.use(compression())
  app.use('/build', buildAssets(path.join(out, 'public', 'build')))
  // The starter template has a favicon file; this page has none to fetch.
  app.get('/favicon.ico', (_req, res) => void res.status(204).end())
  app.get('*', async (req, res) => {
    const response = await handle(new Request(`http://${req.headers.host}${req.originalUrl}`, { headers: req.headers as Record<string, string> }))
    res.status(response.status)
    response.headers.forEach((value, name) => res.setHeader(name, value))
    res.end(await response.text())
  })
  const listener = app.listen(0, '127.0.0.1')
  await new Promise((resolve) => listener.once('listening', resolve))
  const { version } = JSON.parse(fs.readFileSync('node_modules/@remix-run/react/package.json', 'utf8')) as { version: string }
  return { url: `http://localhost:${(listener.address() as AddressInfo).port}/`, version, stop: () => listener.close() }
}

/**
 * Asks for every script and stylesheet of a build until each comes as a
 * server that has been up a while sends it: compressed once, at the best
 * level, with its length (the first requests are answered meanwhile).
 */
async function warmBuildFiles(base: string, directory: string) {
  const files = (fs.readdirSync(directory, { recursive: true }) as string[]).filter((file) => /\.(js|css)$/.test(file))
  const kept = async (file: string) => {
    const response = await fetch(`${base}build/${file.split(path.sep).join('/')}`, { headers: { 'Accept-Encoding': 'br' } })
    await response.arrayBuffer()
    return response.headers.has('content-length')
  }
  for (let attempt = 0; attempt < 50; attempt++) {
    if ((await Promise.all(files.map(kept))).every(Boolean)) return
    await new Promise((resolve) => setTimeout(resolve, 200))
  }
}

type Figures = { performance: number; accessibility: number; tbt: number; scriptKb: number; scripts: number; benchmarkIndex: number }

/** `page` is a path of the portal, or a whole address (the reference). */
async function measure(page: string, cookie: string | undefined): Promise<Figures> {
  const output = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'lighthouse-')), 'report.json')
  await run(
    'npx',
    [
      '--yes',
      LIGHTHOUSE,
      page.startsWith('http') ? page : `${BASE}${page}`,
      '--quiet',
      '--output=json',
      `--output-path=${output}`,
      '--only-categories=performance,accessibility',
      '--chrome-flags=--headless --no-sandbox --disable-gpu --disable-background-networking --disable-component-update --disable-sync',
      ...(cookie ? [`--extra-headers=${JSON.stringify({ Cookie: cookie })}`] : []),
    ],
    { env: { ...process.env, CHROME_PATH: CHROMIUM }, maxBuffer: 64 * 1024 * 1024 },
  )
  const report = JSON.parse(fs.readFileSync(output, 'utf8'))
  if (saveDir) {
    fs.mkdirSync(saveDir, { recursive: true })
    const name = page.startsWith('http') ? 'reference' : page.replaceAll('/', '_').replaceAll('?', '_')
    fs.copyFileSync(output, path.join(saveDir, `${name}-${Date.now()}.json`))
  }
  fs.rmSync(path.dirname(output), { recursive: true, force: true })
  const resources = report.audits['resource-summary'].details.items as Array<{ resourceType: string; transferSize: number; requestCount: number }>
  const script = resources.find((item) => item.resourceType === 'script')
  return {
    performance: Math.round(report.categories.performance.score * 100),
    accessibility: Math.round(report.categories.accessibility.score * 100),
    tbt: Math.round(report.audits['total-blocking-time'].numericValue),
    scriptKb: Math.round((script?.transferSize ?? 0) / 1024),
    scripts: script?.requestCount ?? 0,
    benchmarkIndex: Math.round(report.environment.benchmarkIndex),
  }
}

/**
 * Lighthouse sometimes fails to record a load's trace (NO_NAVSTART) and
 * asks to be run again: such a run measured nothing, so it is run again, twice at most.
 */
async function measureOnce(page: string, cookie: string | undefined): Promise<Figures> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await measure(page, cookie)
    } catch (error) {
      const stderr = String((error as { stderr?: string }).stderr ?? '')
      if (attempt > 2 || !stderr.includes('Please run Lighthouse again')) throw error
      console.error(`(${page}: Lighthouse could not record the load, running it again)`)
    }
  }
}

function range(values: number[], unit = '') {
  const low = Math.min(...values)
  const high = Math.max(...values)
  return low === high ? `${low}${unit}` : `${low}–${high}${unit}`
}

let stopReference = () => {}
try {
  const reference = withReference ? await startReference() : undefined
  if (reference) stopReference = reference.stop
  await waitForServer()
  await Promise.all([
    warmBuildFiles(`${BASE}/`, path.join('public', 'build')),
    reference ? warmBuildFiles(reference.url, path.join(REFERENCE_DIR, '.out', 'public', 'build')) : undefined,
  ])
  const cookie = await signIn()
  const benchmarkIndexes: number[] = []
  console.log(`Lighthouse ${LIGHTHOUSE.split('@')[1]}, mobile preset, ${runs} run${runs === 1 ? '' : 's'} per page\n`)
  console.log('| page | JS loaded (gzip) | performance | Total Blocking Time | accessibility |')
  console.log('|---|---|---|---|---|')
  const targets = [
    ...(reference ? [{ label: `bare Remix ${reference.version} page (reference)`, page: reference.url, signedOut: true }] : []),
    ...(pages.length ? pages : DEFAULT_PAGES).map((wanted) => ({ label: `\`${wanted}\``, page: wanted, signedOut: wanted === '/login' })),
  ]
  for (const target of targets) {
    const page = await resolvePage(target.page, cookie)
    const signedOut = target.signedOut
    const figures: Figures[] = []
    for (let attempt = 0; attempt < runs; attempt++) figures.push(await measureOnce(page, signedOut ? undefined : cookie))
    benchmarkIndexes.push(...figures.map((f) => f.benchmarkIndex))
    console.log(
      `| ${target.label} | ${range(figures.map((f) => f.scriptKb), ' KB')}, ${range(figures.map((f) => f.scripts))} files | ${range(
        figures.map((f) => f.performance),
      )} | ${range(figures.map((f) => f.tbt), ' ms')} | ${range(figures.map((f) => f.accessibility))} |`,
    )
  }
  // The mobile preset slows this machine's CPU 4×: a slower machine reports more blocking time for
  // the same page. Lighthouse's benchmark index says how fast this one was (higher is faster).
  console.log(`\nThis machine's Lighthouse benchmark index: ${range(benchmarkIndexes)}`)
} finally {
  stopReference()
  stopServer()
}
