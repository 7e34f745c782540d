import { defineConfig, devices } from '@playwright/test'
import { BASE_URL } from './tests/e2e/support/config'

const CI = Boolean(process.env.CI)

/**
 * The PostgreSQL lane (npm run test:pg) runs the integration tests, which call
 * every loader, action and API route, on a real server; in a browser it adds
 * what only a running server on that database shows: sign-in, sessions and
 * the shell without JavaScript, a lead's whole record flow as form posts, and
 * the list search (sorting's queries run in list-sort.test.ts on both
 * databases), and the portal's own e-signature end to end (issue 16's 'Done
 * when' asks for it on both databases): the in-person hand-over locks the
 * staff session in its database row until the password clears it, and a
 * two-signer request runs from preparation through both signers to the
 * signed PDF in the library, with JavaScript by keyboard and without it;
 * and the dashboard by keyboard and without JavaScript (its reads are kept
 * under a change counter that database triggers keep).
 * Everything else in the browser (every other area's flows, layout, focus,
 * menus, toasts, accessibility) is independent of the database engine and
 * runs once, in the embedded lane.
 */
const DATABASE_LANE = process.env.E2E_LANE === 'database'
const DATABASE_LANE_WITH_JAVASCRIPT = ['lists.spec.ts', 'portal-signing-in-person.spec.ts', 'dashboard.spec.ts']
const DATABASE_LANE_WITHOUT_JAVASCRIPT = ['core.nojs.spec.ts', 'leads.nojs.spec.ts', 'portal-signing.nojs.spec.ts', 'dashboard.nojs.spec.ts']

/**
 * End-to-end tests against the production build (`npm run build` first).
 * tests/e2e/start-server.ts starts it on a fresh database: embedded PGlite,
 * or a new PostgreSQL database when TEST_DATABASE_URL is set.
 */
export default defineConfig({
  testDir: 'tests/e2e',
  // Two cores: one worker per core. Every test makes its own records and
  // starts from a saved sign-in, so any test may run beside any other.
  workers: 2,
  fullyParallel: true,
  forbidOnly: CI,
  retries: CI ? 1 : 0,
  // Generous: CI machines have two cores and every test drives a real browser and server.
  timeout: 45_000,
  expect: { timeout: 7_500 },
  reporter: CI ? [['list'], ['html', { open: 'never' }]] : [['list']],
  use: {
    ...devices['Desktop Chrome'],
    baseURL: BASE_URL,
    // A worker keeps one browser context from test to test (per project and role): Playwright
    // clears its cookies, storage and cache, closes extra pages and removes routes, clocks and
    // init scripts, then signs it in again from the saved state. A new context (a new renderer
    // process, a first page with nothing compiled) cost about a fifth of the run's processor
    // time. What the reset leaves, tests do not touch: permissions, offline mode, extra headers
    // and geolocation are refused by lint in tests/e2e; a test that needs one sets it with
    // test.use(), and a context with other options is never reused for it or after it.
    reuseContext: true,
    // A trace costs time in every test: in CI only a retry records one (local runs keep failures' traces).
    trace: CI ? 'on-first-retry' : 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  projects: [
    // Signs each role in once; the others reuse that state where sign-in is not the subject.
    { name: 'setup', testMatch: 'auth.setup.ts' },
    {
      name: 'chromium',
      testMatch: DATABASE_LANE ? DATABASE_LANE_WITH_JAVASCRIPT : '*.spec.ts',
      testIgnore: ['*.nojs.spec.ts', '*.touch.spec.ts'],
      dependencies: ['setup'],
    },
    // The core flows by touch on a tablet and a phone, and the accessibility
    // scans tagged @all-sizes on the phone (not in the PostgreSQL lane: see
    // DATABASE_LANE). Below 1024 px pages lay out alike at 768 and 390 px (cards,
    // the menu button, dialogs full width), so the phone's scans stand for the tablet's.
    {
      name: 'tablet',
      testMatch: ['*.touch.spec.ts'],
      use: { viewport: { width: 768, height: 1024 }, hasTouch: true },
      dependencies: ['setup'],
    },
    {
      name: 'phone',
      testMatch: ['*.touch.spec.ts', 'a11y.spec.ts'],
      grep: /@all-sizes/,
      use: { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true },
      dependencies: ['setup'],
    },
    {
      name: 'no-js',
      testMatch: DATABASE_LANE ? DATABASE_LANE_WITHOUT_JAVASCRIPT : '*.nojs.spec.ts',
      use: { javaScriptEnabled: false },
      dependencies: ['setup'],
    },
  ],
  webServer: {
    command: 'node --import tsx tests/e2e/start-server.ts',
    url: `${BASE_URL}/healthz`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: 'pipe',
    stderr: 'pipe',
    // SIGTERM (not the default SIGKILL) so the launcher can drop its database.
    gracefulShutdown: { signal: 'SIGTERM', timeout: 15_000 },
  },
})
