import { defineConfig, devices } from '@playwright/test'
import { BASE_URL } from './tests/e2e/support/config'

const CI = Boolean(process.env.CI)

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
    trace: 'retain-on-failure',
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
      testMatch: '*.spec.ts',
      testIgnore: '*.nojs.spec.ts',
      dependencies: ['setup'],
    },
    {
      name: 'no-js',
      testMatch: '*.nojs.spec.ts',
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
