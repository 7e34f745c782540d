import type { Page, Route } from '@playwright/test'
import { SESSION_IDLE_MINUTES, checkA11y, expect, signIn, test, waitForHydration } from './support/fixtures'

/**
 * The page's clock is fake (page.clock) and jumps ahead; the server's is
 * real, so it still thinks the session has most of its time left. Before
 * warning, the page asks the server (GET /resources/session?_passive=1) how
 * long is left: these tests answer that question for the server, as it
 * would answer after the page's idle minutes had really passed.
 */
const FAST_FORWARD = `${String(SESSION_IDLE_MINUTES - 1).padStart(2, '0')}:00`

const isSessionStatus = (url: URL) => url.pathname === '/resources/session'
/** The warning dialog's own file (loaded apart from the page). */
const isWarningDialogCode = (url: URL) => /\/session-warning-dialog-[A-Z0-9]+\.js$/.test(url.pathname)

/** Headless UI's dialog element has no size of its own (its panel is fixed): check its title. */
function warningDialog(page: Page) {
  return page.getByRole('alertdialog', { name: 'Are you still there?' })
}

async function expectWarningShown(page: Page) {
  await expect(warningDialog(page).getByText('Are you still there?')).toBeVisible()
}

async function expectNoWarning(page: Page) {
  await expect(warningDialog(page)).toHaveCount(0)
}

test.describe('session timeout warning', () => {
  // The page keeps asking after a test's last step: let no handler outlive its test.
  test.afterEach(async ({ page }) => {
    await page.unrouteAll({ behavior: 'ignoreErrors' })
  })

  test('warns a minute before the idle timeout; "Stay signed in" keeps the session', async ({ page }) => {
    await page.clock.install()
    await signIn(page, 'coordinator', { redirectTo: '/leads' })
    await expect(page.getByRole('heading', { level: 1, name: 'Lead Management' })).toBeVisible()
    // The warning's timer is armed on hydration: the clock may only jump after that.
    await waitForHydration(page)

    // Until the user chooses to stay, the server reports 50 s left.
    // Afterwards the real answers pass through.
    let extended = false
    const passiveChecks: string[] = []
    await page.route(isSessionStatus, async (route: Route) => {
      const request = route.request()
      if (request.method() === 'GET') passiveChecks.push(request.url())
      if (request.method() === 'GET' && !extended) return route.fulfill({ json: { remainingMs: 50_000 } })
      if (request.method() === 'POST') extended = true
      return route.continue()
    })

    await page.clock.fastForward(FAST_FORWARD)

    const dialog = warningDialog(page)
    await expectWarningShown(page)
    expect(passiveChecks.length).toBeGreaterThan(0)
    for (const url of passiveChecks) expect(new URL(url).searchParams.get('_passive')).toBe('1')
    await expect(dialog).toContainText(/signed out in \d+ seconds/)
    const stay = dialog.getByRole('button', { name: 'Stay signed in' })
    await expect(stay).toBeFocused()
    await checkA11y(page, { label: 'session timeout warning', include: '[role=alertdialog]' })

    // The countdown runs.
    const before = Number(/in (\d+) seconds/.exec((await dialog.textContent()) ?? '')?.[1])
    await page.clock.runFor(5_000)
    await expect
      .poll(async () => Number(/in (\d+) seconds/.exec((await dialog.textContent()) ?? '')?.[1]))
      .toBeLessThan(before)

    const [extendResponse] = await Promise.all([
      page.waitForResponse((r) => isSessionStatus(new URL(r.url())) && r.request().method() === 'POST'),
      stay.click(),
    ])
    expect(extendResponse.status()).toBe(200)
    await expectNoWarning(page)

    // Some time later the dialog has not come back and the user is still in.
    await page.clock.runFor(30_000)
    await expectNoWarning(page)
    await expect(page).toHaveURL('/leads')
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Patients', exact: true }).click()
    await expect(page.getByRole('heading', { level: 1, name: 'Patient Onboarding' })).toBeVisible()
  })

  test('typing in a form counts as activity: no warning, the session is extended', async ({ page }) => {
    await page.clock.install()
    await signIn(page, 'coordinator', { redirectTo: '/leads/new' })
    const firstName = page.getByLabel('First Name')
    await expect(firstName).toBeVisible()
    await waitForHydration(page)
    const extensions: string[] = []
    await page.route(isSessionStatus, async (route: Route) => {
      if (route.request().method() === 'POST') extensions.push(route.request().url())
      // Were the page to ask passively without having extended the session, the
      // server would say the minute is nearly up; once extended, a full session.
      if (route.request().method() === 'GET') {
        return route.fulfill({ json: { remainingMs: extensions.length > 0 ? SESSION_IDLE_MINUTES * 60_000 : 50_000 } })
      }
      return route.continue()
    })

    await firstName.fill('Long notes being written')
    await page.clock.fastForward(FAST_FORWARD)
    await expect.poll(() => extensions.length).toBeGreaterThan(0)
    await expectNoWarning(page)
    await expect(firstName).toHaveValue('Long notes being written')
  })

  test('no warning when the server says the session was extended elsewhere', async ({ page }) => {
    await page.clock.install()
    await signIn(page, 'viewer', { redirectTo: '/calendar' })
    await expect(page.getByRole('heading', { level: 1, name: 'Calendar & Appointments' })).toBeVisible()
    await waitForHydration(page)

    // Another tab was active: the server's deadline is ten minutes away.
    let checks = 0
    await page.route(isSessionStatus, async (route) => {
      checks++
      await route.fulfill({ json: { remainingMs: 10 * 60_000 } })
    })
    await page.clock.fastForward(FAST_FORWARD)
    await expect.poll(() => checks).toBeGreaterThan(0)
    await page.clock.runFor(10_000)
    await expectNoWarning(page)
    await expect(page).toHaveURL('/calendar')
  })

  test('when the minute runs out unanswered, the page goes to sign-in and says why', async ({ page }) => {
    await page.clock.install()
    await signIn(page, 'viewer', { redirectTo: '/patients' })
    await expect(page.getByRole('heading', { level: 1, name: 'Patient Onboarding' })).toBeVisible()
    await waitForHydration(page)

    await page.route(isSessionStatus, async (route) => {
      await route.fulfill({ json: { remainingMs: 50_000 } })
    })
    await page.clock.fastForward(FAST_FORWARD)
    await expectWarningShown(page)

    // The page ends the session itself (the server's clock is behind here).
    await page.clock.fastForward(60_000)

    await page.waitForURL((url) => url.pathname === '/login')
    const url = new URL(page.url())
    expect(url.searchParams.get('reason')).toBe('timeout')
    expect(url.searchParams.get('redirectTo')).toBe('/patients')
    await expect(page.getByText(`You were signed out after ${SESSION_IDLE_MINUTES} minutes`)).toBeVisible()

    // The session really ended, and signing in again returns to the page.
    await expect(page.locator('input[name="redirectTo"]')).toHaveValue('/patients')
    const status = await page.request.get('/resources/session?_passive=1')
    expect(status.status()).toBe(401)
  })

  test('the warning is fetched while the page is idle, so it shows even if the network is gone when it is due', async ({ page }) => {
    await page.clock.install()
    const fetched = page.waitForResponse((response) => isWarningDialogCode(new URL(response.url())))
    await signIn(page, 'coordinator', { redirectTo: '/leads' })
    await waitForHydration(page)
    await fetched

    await page.route(isSessionStatus, (route) => route.fulfill({ json: { remainingMs: 50_000 } }))
    await page.route(isWarningDialogCode, (route) => route.abort('internetdisconnected'))
    await page.clock.fastForward(FAST_FORWARD)
    await expectWarningShown(page)
  })

  test("when the warning's code cannot be fetched at all, the page keeps working and still signs out at the end", async ({ page }) => {
    await page.route(isWarningDialogCode, (route) => route.abort('internetdisconnected'))
    let failedFetches = 0
    page.on('requestfailed', (request) => {
      if (isWarningDialogCode(new URL(request.url()))) failedFetches += 1
    })
    await page.clock.install()
    await signIn(page, 'viewer', { redirectTo: '/patients' })
    await waitForHydration(page)
    await page.route(isSessionStatus, (route) => route.fulfill({ json: { remainingMs: 50_000 } }))
    await page.clock.fastForward(FAST_FORWARD)
    // Fetched when idle, and again when the warning is due: both fail.
    await expect.poll(() => failedFetches).toBe(2)
    await expect(page.getByRole('heading', { level: 1, name: 'Patient Onboarding' })).toBeVisible()

    await page.clock.fastForward(60_000)
    await page.waitForURL((url) => url.pathname === '/login')
    expect(new URL(page.url()).searchParams.get('reason')).toBe('timeout')
  })
})
