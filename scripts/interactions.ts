/**
 * What a slow tablet's main thread does when someone uses a page, not only
 * when it loads (Lighthouse measures the load): each interaction below is
 * done on the production build in Debian's Chromium at 768×1024 with touch,
 * its processor slowed 4× (as Lighthouse's mobile preset), after the page
 * has hydrated and gone idle. For each it prints the longest task from the
 * tap or key until the page has settled, the blocking time of those tasks
 * (each task's time beyond 50 ms, as Total Blocking Time counts it), and the
 * longest input event (processing to the next paint, as Interaction to Next
 * Paint counts it). Goal: no task over 50 ms.
 *
 *   npm run build && npm run interactions             every interaction, 5 runs each
 *   npm run interactions -- --runs 1 menu search      fewer runs, interactions whose names hold a word
 *
 * The server is the e2e launcher's: a fresh embedded database with demo data
 * and the test accounts, on its own port. It prints figures and asserts nothing.
 */
import { spawn } from 'node:child_process'
import fs from 'node:fs'
import { chromium, type Locator, type Page } from '@playwright/test'
import { TEST_PASSWORD, TEST_USERS } from '../tests/e2e/support/config'

const PORT = Number(process.env.INTERACTIONS_PORT ?? 3192)
const BASE = `http://localhost:${PORT}`
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'
const SLOWDOWN = 4
/** After the page has shown the interaction's outcome: effects, idle callbacks and late renders. */
const SETTLE_MS = 800

const args = process.argv.slice(2)
const runsFlag = args.indexOf('--runs')
const runs = runsFlag >= 0 ? Number(args[runsFlag + 1]) : 5
const words = args.filter((arg, index) => !arg.startsWith('--') && index !== runsFlag + 1)

type Interaction = {
  name: string
  /** Where it starts. */
  path: string
  /** What is tapped. Found before the measured time: the test driver's own queries run on the page's main thread. */
  tap?: (page: Page) => Locator
  /** Focused before, then typed during the measured time ('Enter' presses the key). */
  type?: { into: (page: Page) => Locator; keys: string[] }
  /** What shows that it is done: the address it goes to, and an element that appears. */
  url?: RegExp
  shows?: string
}

const INTERACTIONS: Interaction[] = [
  {
    name: 'leads: open a row menu',
    path: '/leads',
    tap: (page) => page.locator('button[aria-label^="Actions for "]').first(),
    shows: '[role=menu]',
  },
  {
    name: 'leads: search',
    path: '/leads',
    type: { into: (page) => page.getByRole('searchbox').first(), keys: ['a', 'Enter'] },
    url: /[?&]q=a/,
  },
  {
    name: 'leads: next page',
    path: '/leads',
    tap: (page) => page.getByRole('link', { name: /^Next/ }).first(),
    url: /[?&]page=2/,
  },
  {
    name: 'leads: open Add New Lead',
    path: '/leads',
    tap: (page) => page.getByRole('link', { name: 'Add New Lead' }).first(),
    shows: 'dialog[open] form',
  },
  {
    name: 'leads: open a lead',
    path: '/leads',
    tap: (page) => page.locator('main a.record-link[href^="/leads/"]').first(),
    url: /\/leads\/[0-9a-f-]{36}$/,
  },
  {
    name: 'patients: cards to table',
    path: '/patients',
    tap: (page) => page.getByRole('link', { name: 'Table' }),
    shows: 'main table',
  },
  {
    name: 'sidebar: dashboard to patients',
    path: '/',
    tap: (page) => page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Patients' }),
    url: /\/patients$/,
  },
]

type Figures = { longestTask: number; blocking: number; longestEvent: number }

/** Installed before the page's own scripts: every long task and slow input event, with when it started. */
function observe() {
  const seen = { tasks: [] as Array<{ start: number; duration: number }>, events: [] as Array<{ start: number; duration: number }> }
  ;(window as unknown as { __seen: typeof seen }).__seen = seen
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) seen.tasks.push({ start: entry.startTime, duration: entry.duration })
  }).observe({ type: 'longtask', buffered: true })
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries() as Array<PerformanceEventTiming & { interactionId?: number }>) {
      if (entry.interactionId) seen.events.push({ start: entry.startTime, duration: entry.duration })
    }
  }).observe({ type: 'event', durationThreshold: 16, buffered: true } as PerformanceObserverInit)
}

async function measure(page: Page, interaction: Interaction): Promise<Figures> {
  await page.goto(`${BASE}${interaction.path}`)
  await page.locator('html[data-hydrated]').waitFor({ state: 'attached' })
  // Idle: the scripts fetched once the page is idle have run, and nothing is left from the load.
  await page.evaluate(() => new Promise((resolve) => requestIdleCallback(resolve, { timeout: 3000 })))
  await page.waitForTimeout(500)
  const target = interaction.tap?.(page)
  await target?.scrollIntoViewIfNeeded()
  const box = target ? await target.boundingBox() : null
  if (interaction.tap && !box) throw new Error(`${interaction.name}: nothing to tap`)
  if (interaction.type) await interaction.type.into(page).focus()
  const from = await page.evaluate(() => performance.now())
  if (box) await page.touchscreen.tap(box.x + box.width / 2, box.y + box.height / 2)
  for (const key of interaction.type?.keys ?? []) await page.keyboard.press(key)
  if (interaction.url) await page.waitForURL(interaction.url, { waitUntil: 'commit' })
  // Polled by a timer, not by the driver's selector engine: a querySelector every 50 ms.
  if (interaction.shows) await page.waitForFunction((selector) => document.querySelector(selector) !== null, interaction.shows, { polling: 50 })
  await page.waitForTimeout(SETTLE_MS)
  const seen = await page.evaluate(() => (window as unknown as { __seen: { tasks: Array<{ start: number; duration: number }>; events: Array<{ start: number; duration: number }> } }).__seen)
  // A client navigation keeps the document and its observers; only what began after `from` counts.
  const tasks = seen.tasks.filter((task) => task.start >= from)
  const events = seen.events.filter((event) => event.start >= from)
  return {
    longestTask: Math.max(0, ...tasks.map((task) => task.duration)),
    blocking: tasks.reduce((sum, task) => sum + Math.max(0, task.duration - 50), 0),
    longestEvent: Math.max(0, ...events.map((event) => event.duration)),
  }
}

/** The median, and the range when the runs differ: '38 ms (0–57)'. */
function summary(values: number[]) {
  const sorted = values.map(Math.round).sort((a, b) => a - b)
  const median = sorted[Math.floor((sorted.length - 1) / 2)]!
  const low = sorted[0]!
  const high = sorted.at(-1)!
  return low === high ? `${median} ms` : `${median} ms (${low}–${high})`
}

async function waitForServer() {
  for (let attempt = 0; attempt < 240; attempt++) {
    if (await fetch(`${BASE}/healthz`).then((response) => response.ok, () => false)) return
    await new Promise((resolve) => setTimeout(resolve, 500))
  }
  throw new Error('the server did not start within two minutes')
}

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

const browser = await chromium.launch({
  executablePath: CHROMIUM,
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
})
try {
  await waitForServer()
  const context = await browser.newContext({ viewport: { width: 768, height: 1024 }, hasTouch: true })
  await context.addInitScript(observe)
  const page = await context.newPage()
  await page.goto(`${BASE}/login`)
  await page.getByLabel('Email').fill(TEST_USERS.admin.email)
  await page.getByLabel('Password').fill(TEST_PASSWORD)
  await page.getByRole('button', { name: 'Sign in' }).click()
  await page.waitForURL((url) => url.pathname !== '/login')
  const cdp = await context.newCDPSession(page)
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: SLOWDOWN })

  console.log(`Interactions at 768×1024 with touch, CPU slowed ${SLOWDOWN}×, ${runs} run${runs === 1 ? '' : 's'} each\n`)
  console.log('| interaction | longest task, median (range) | blocking time | longest input event |')
  console.log('|---|---|---|---|')
  const chosen = INTERACTIONS.filter((interaction) => words.length === 0 || words.some((word) => interaction.name.includes(word)))
  for (const interaction of chosen) {
    const figures: Figures[] = []
    for (let attempt = 0; attempt < runs; attempt++) figures.push(await measure(page, interaction))
    console.log(
      `| ${interaction.name} | ${summary(figures.map((f) => f.longestTask))} | ${summary(figures.map((f) => f.blocking))} | ${summary(figures.map((f) => f.longestEvent))} |`,
    )
  }
} finally {
  await browser.close()
  stopServer()
}
