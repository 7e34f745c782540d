import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { test as base, expect, type Page } from '@playwright/test'
import type { AxeResults, RunOptions } from 'axe-core'
import { TEST_PASSWORD, TEST_USERS, storageStatePath, type TestRole } from './config'

export { expect }
export type { Page }
export * from './config'

/** Playwright's test, where an uncaught error in the page fails the test. */
export const test = base.extend({
  page: async ({ page }, use) => {
    const errors: string[] = []
    page.on('pageerror', (error) => errors.push(error.stack ?? error.message))
    await use(page)
    expect(errors, 'uncaught errors in the page').toEqual([])
  },
})

/**
 * Signs in through the real /login form (works with or without JavaScript)
 * and waits until the browser has left the login page.
 */
export async function signIn(page: Page, role: TestRole, { redirectTo }: { redirectTo?: string } = {}) {
  const user = TEST_USERS[role]
  await page.goto(redirectTo ? `/login?${new URLSearchParams({ redirectTo })}` : '/login')
  await page.getByLabel('Email').fill(user.email)
  await page.getByLabel('Password').fill(TEST_PASSWORD)
  await page.getByRole('button', { name: 'Sign in' }).click()
  await page.waitForURL((url) => url.pathname !== '/login')
  return user
}

/**
 * Starts every test in the enclosing describe block signed in as this role,
 * from the state the setup project saved (tests/e2e/auth.setup.ts).
 */
export function useRole(role: TestRole) {
  test.use({ storageState: storageStatePath(role) })
}

/** Waits until the page has hydrated: its handlers and timers are attached (app/root.tsx). */
export async function waitForHydration(page: Page) {
  await expect(page.locator('html[data-hydrated]')).toHaveCount(1)
}

/** The sidebar's navigation landmark. */
export function mainNav(page: Page) {
  return page.getByRole('navigation', { name: 'Main' })
}

const A11Y_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']

/**
 * Rules run besides the tagged ones, and failing whatever their impact: a
 * link or button whose name does not contain its visible text (2.5.3; axe
 * counts it experimental, so it is off unless named), and the main landmark
 * once and at the top level (axe's best practices, 'moderate').
 */
const A11Y_EXTRA_RULES = ['label-content-name-mismatch', 'landmark-no-duplicate-main', 'landmark-main-is-top-level']

/** What every scan runs: the tagged rules and A11Y_EXTRA_RULES. Only violations are read, so axe may skip the details of what passed. */
const AXE_OPTIONS = {
  runOnly: { type: 'tag', values: A11Y_TAGS },
  rules: Object.fromEntries(A11Y_EXTRA_RULES.map((rule) => [rule, { enabled: true }])),
  resultTypes: ['violations'],
} satisfies RunOptions

/** What the page sees of axe once it is injected. */
type AxeInPage = { axe?: { run: (context: { include: string[]; exclude: string[] }, options: RunOptions) => Promise<AxeResults> } }

/** axe-core's axe.js, read once per worker. */
let axeSource: string | undefined

/**
 * Puts axe in every frame of the page that does not have it yet, so a
 * document scanned twice gets it once. A frame sandboxed without scripts (the
 * e-mail previews) cannot take it and is left out, so nothing in it is
 * checked; any other frame failing fails the scan.
 */
async function injectAxe(page: Page) {
  axeSource ??= readFileSync(createRequire(import.meta.url).resolve('axe-core'), 'utf8')
  for (const frame of page.frames()) {
    try {
      if (await frame.evaluate(() => typeof (window as AxeInPage).axe?.run !== 'function')) await frame.evaluate(axeSource)
    } catch (error) {
      // Only a frame sandboxed without scripts may refuse: anything else failing to take axe would go unchecked.
      const sandbox = frame === page.mainFrame() ? null : await (await frame.frameElement()).getAttribute('sandbox')
      if (sandbox === null || sandbox.split(/\s+/).includes('allow-scripts')) throw error
    }
  }
}

/**
 * Fails on any serious or critical axe violation (WCAG 2.1 A and AA rules),
 * and on any violation of A11Y_EXTRA_RULES.
 * One scan costs half a second to over a second, so each page state is
 * scanned once: a11y.spec.ts scans pages and dialogs, shell included, in
 * short tests of their own; a flow scans only states that a11y.spec.ts does
 * not reach, and only what its steps changed, with `include` (a CSS
 * selector): 'dialog[open]' or 'main'.
 * axe is injected by injectAxe and run once in the page: @axe-core/playwright,
 * used before, evaluated axe's 560 KB in the page twice on every scan.
 */
export async function checkA11y(page: Page, { label, include, soft }: { label?: string; include?: string; soft?: boolean } = {}) {
  await injectAxe(page)
  // An empty include is the whole document.
  const context = { include: include ? [include] : [], exclude: [] }
  const results: AxeResults = await page.evaluate(({ context, options }) => (window as AxeInPage).axe!.run(context, options), {
    context,
    options: AXE_OPTIONS,
  })
  const blocking = results.violations.filter(
    (v) => v.impact === 'serious' || v.impact === 'critical' || A11Y_EXTRA_RULES.includes(v.id),
  )
  const summary = blocking.map((v) => ({
    rule: v.id,
    impact: v.impact,
    help: v.help,
    targets: v.nodes.slice(0, 5).map((node) => node.target.join(' ')),
  }))
  // Soft in a test that scans several pages, so one page's violations do not hide the next page's.
  ;(soft ? expect.soft : expect)(summary, `serious or critical accessibility violations on ${label ?? page.url()}`).toEqual([])
}

/** Errors about the whole form (role=alert inside the page's main content, not the toast region). */
export function formError(page: Page) {
  return page.getByRole('main').getByRole('alert')
}
