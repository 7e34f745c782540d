import { SETTINGS_TABS } from '~/features/shell/settings-tabs'
import { SIDEBAR, TEST_PASSWORD, TEST_USERS, checkA11y, expect, formError, test, useRole } from './support/fixtures'
import { preparePortalRequest } from './support/portal-signing'

/** axe: no serious or critical WCAG 2.1 A/AA violations. */

test.describe('accessibility: signed out', { tag: '@a11y' }, () => {
  test('sign-in page, empty and with an error', { tag: '@all-sizes' }, async ({ page }) => {
    await page.goto('/login')
    await expect(page.getByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible()
    await checkA11y(page, { label: '/login' })
    await page.getByLabel('Email').fill(TEST_USERS.viewer.email)
    await page.getByLabel('Password').fill(`${TEST_PASSWORD}-wrong`)
    await page.getByRole('button', { name: 'Sign in' }).click()
    await expect(formError(page)).toContainText('Invalid email or password')
    await checkA11y(page, { label: '/login with an error' })
  })

  test('sign-in page after a timeout', async ({ page }) => {
    await page.goto('/login?redirectTo=%2Fleads&reason=timeout')
    await expect(page.getByText('You were signed out after')).toBeVisible()
    await checkA11y(page, { label: '/login?reason=timeout' })
  })
})

test.describe('accessibility: admin pages', { tag: '@a11y' }, () => {
  useRole('admin')

  // One page after another in one browser page: a new one per scan would cost more than the scan.
  // /settings opens its first tab, which is scanned with the other tabs below.
  test('every sidebar page', { tag: '@all-sizes' }, async ({ page }) => {
    // Ten pages, each loaded and scanned: three times the time of a test of one.
    test.slow()
    for (const entry of SIDEBAR.filter((entry) => entry.href !== '/settings')) {
      await test.step(entry.href, async () => {
        const response = await page.goto(entry.href)
        expect.soft(response?.status(), entry.href).toBe(200)
        await expect.soft(page.getByRole('heading', { level: 1 })).toHaveText(entry.heading)
        await checkA11y(page, { label: entry.href, soft: true })
      })
    }
  })

  // Every tab is visible to an admin; users and the audit log are lists, scanned at every size.
  for (const allSizes of [true, false]) {
    const tabs = SETTINGS_TABS.filter((tab) => (tab.to === '/settings/users' || tab.to === '/settings/audit-log') === allSizes)
    test(allSizes ? 'settings tabs that are lists' : 'the other settings tabs', { tag: allSizes ? '@all-sizes' : [] }, async ({ page }) => {
      test.slow()
      for (const tab of tabs) {
        await test.step(tab.to, async () => {
          const response = await page.goto(tab.to)
          expect.soft(response?.status(), tab.to).toBe(200)
          await expect
            .soft(page.getByRole('navigation', { name: 'Settings' }).getByRole('link', { name: tab.label }))
            .toHaveAttribute('aria-current', 'page')
          await checkA11y(page, { label: tab.to, soft: true })
        })
      }
    })
  }

  // The forms that open over their lists; a flow scans only the states it reaches by its steps.
  for (const dialog of [
    { path: '/leads/new', title: 'Add New Lead', allSizes: true },
    { path: '/patients/new', title: 'New Patient Registration', allSizes: true },
    { path: '/caregivers/new', title: 'New Caregiver Application', allSizes: true },
    { path: '/calendar/new', title: 'Create Appointment', allSizes: true },
    { path: '/calendar/subscribe', title: 'Subscribe to Calendar', allSizes: false },
    // After a 'Find people': the status saying how many matched.
    { path: '/calendar/new?findPeople=a', title: 'Create Appointment', allSizes: false },
  ]) {
    test(`dialog ${dialog.path}`, { tag: dialog.allSizes ? '@all-sizes' : [] }, async ({ page }) => {
      const response = await page.goto(dialog.path)
      expect(response?.status()).toBe(200)
      await expect(page.getByRole('dialog', { name: dialog.title }).getByRole('heading', { name: dialog.title })).toBeVisible()
      await checkA11y(page, { label: `${dialog.title} dialog`, include: 'dialog[open]' })
    })
  }

  // All three steps shown at once: a connected and a disconnected provider card, the templates and the details.
  test('dialog Send E-Signature Request', { tag: '@all-sizes' }, async ({ page }) => {
    await page.goto('/leads')
    await page.getByRole('button', { name: /^Actions for / }).first().click()
    await page.getByRole('menuitem', { name: 'E-Sign' }).click()
    await expect(page).toHaveURL(/\/leads\/esign\/[^/?]+/)
    const url = new URL(page.url())
    url.searchParams.set('provider', 'boldsign')
    url.searchParams.set('templateId', 'bs-tmpl-consent')
    await page.goto(url.toString())
    const dialog = page.getByRole('dialog', { name: 'Send E-Signature Request' })
    await expect(dialog.getByLabel('Document Title')).toBeVisible()
    await expect(dialog.getByText('Not Connected')).toBeVisible()
    await checkA11y(page, { label: 'Send E-Signature Request dialog', include: 'dialog[open]' })
  })

  // An appointment for a lead (demo data has some), sent on to a GoHighLevel calendar.
  test('dialog Send to GoHighLevel', async ({ page }) => {
    await page.goto('/calendar?type=initial_assessment')
    const item = page.getByRole('listitem').filter({ hasText: 'Lead Assignment' }).first()
    await item.getByRole('link').first().click()
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
    await page.getByRole('link', { name: 'GoHighLevel', exact: true }).click()
    const dialog = page.getByRole('dialog', { name: 'Send to GoHighLevel' })
    await expect(dialog.getByRole('heading', { name: 'Send to GoHighLevel' })).toBeVisible()
    await checkA11y(page, { label: 'Send to GoHighLevel dialog', include: 'dialog[open]' })
  })

  // A registration awaiting review, as the wizard in patients.spec.ts leaves one (demo data has some).
  test('the last registration step of a patient awaiting review', async ({ page }) => {
    await page.goto('/patients?status=pending-review')
    await page.getByRole('button', { name: /^Actions for / }).first().click()
    await page.getByRole('menuitem', { name: 'Edit' }).click()
    const dialog = page.getByRole('dialog', { name: 'Edit Patient' })
    await dialog.getByRole('button', { name: /Care Preferences/ }).click()
    await expect(dialog.getByText('Step 5 of 5: Care Preferences')).toBeVisible()
    await checkA11y(page, { label: 'Care Preferences step', include: 'dialog[open]' })
  })

  test('the profile of a patient awaiting review', { tag: '@all-sizes' }, async ({ page }) => {
    await page.goto('/patients?status=pending-review')
    // Cards on a phone or a tablet, the table on a desktop: each row has the same menu.
    await page.getByRole('button', { name: /^Actions for / }).first().click()
    await page.getByRole('menuitem', { name: /^Continue/ }).click()
    await expect(page.getByRole('button', { name: 'Approve Registration' })).toBeVisible()
    await checkA11y(page, { label: 'patient profile' })
  })

  test('add-user form, empty and with errors', async ({ page }) => {
    const response = await page.goto('/settings/users/new')
    expect(response?.status()).toBe(200)
    await checkA11y(page, { label: '/settings/users/new' })
    await page.getByRole('button', { name: 'Create user' }).click()
    await expect(page.getByText('Name is required')).toBeVisible()
    await checkA11y(page, { label: '/settings/users/new with errors' })
  })

  test('account page', { tag: '@all-sizes' }, async ({ page }) => {
    const response = await page.goto('/account')
    expect(response?.status()).toBe(200)
    await checkA11y(page, { label: '/account' })
  })

  test('404 page', async ({ page }) => {
    await page.goto('/definitely-not-a-page')
    await expect(page.getByRole('heading', { level: 1, name: '404 Page Not Found' })).toBeVisible()
    await checkA11y(page, { label: '404 page' })
  })

  test('narrow sidebar', async ({ page }) => {
    await page.goto('/leads')
    await Promise.all([
      page.waitForResponse((r) => r.request().method() === 'POST' && r.url().includes('/resources/sidebar')),
      page.getByRole('button', { name: 'Collapse sidebar' }).click(),
    ])
    // Server-rendered in the narrow state (the cookie belongs to this test's context only).
    await page.reload()
    await expect(page.getByRole('button', { name: 'Expand sidebar' })).toBeVisible()
    await checkA11y(page, { label: 'narrow sidebar' })
  })
})

test.describe('accessibility: viewer', { tag: '@a11y' }, () => {
  useRole('viewer')

  test('403 page', async ({ page }) => {
    await page.goto('/settings/users')
    await expect(page.getByRole('heading', { level: 1, name: '403 Forbidden' })).toBeVisible()
    await checkA11y(page, { label: '403 page' })
  })
})

test.describe('accessibility: phone-sized screen', { tag: '@a11y' }, () => {
  useRole('coordinator')
  test.use({ viewport: { width: 375, height: 740 } })

  test('dashboard', async ({ page }) => {
    await page.goto('/')
    await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible()
    await checkA11y(page, { label: '/ (375px)' })
  })
})

// A signer's own phone: the signing page (document images, consent, the fields) fits the width and passes the scan.
test.describe('accessibility: the signing page on a phone', { tag: '@a11y' }, () => {
  useRole('coordinator')
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true })

  test('/sign/{token} at 390 px: no sideways scrolling, and the scan passes', async ({ page }) => {
    const unique = Date.now().toString().slice(-7)
    const signPath = await preparePortalRequest(page, unique)
    // The page needs no session: the signer's own browser has none.
    await page.context().clearCookies()
    await page.goto(signPath)
    await expect(page.getByRole('heading', { level: 1, name: `Service Agreement ${unique}` })).toBeVisible()
    const pages = page.getByRole('img', { name: /^Page \d of 2$/ })
    await expect(pages).toHaveCount(2)
    await expect.poll(() => pages.evaluateAll((images: HTMLImageElement[]) => images.every((image) => image.complete && image.naturalWidth > 0))).toBe(true)
    expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBe(0)
    await checkA11y(page, { label: '/sign/{token} (390px)' })
  })
})

test.describe('accessibility: tablet-sized screen', { tag: '@a11y' }, () => {
  useRole('admin')
  test.use({ viewport: { width: 768, height: 1024 } })

  // Wide tables scroll sideways here: the scroll area must be reachable by keyboard.
  test('audit log table', async ({ page }) => {
    await page.goto('/settings/audit-log')
    const table = page.getByRole('table')
    await expect(table).toBeVisible()
    // The narrow sidebar leaves the table room; the wide one, chosen, squeezes it.
    await Promise.all([
      page.waitForResponse((r) => r.request().method() === 'POST' && r.url().includes('/resources/sidebar')),
      page.getByRole('button', { name: 'Expand sidebar' }).click(),
    ])
    await expect.poll(async () => (await page.getByRole('complementary', { name: 'Sidebar' }).boundingBox())?.width).toBeCloseTo(192, 0)
    // The scan means something only while the table is wider than its box.
    expect(await table.evaluate((element) => element.parentElement!.scrollWidth > element.parentElement!.clientWidth)).toBe(true)
    await checkA11y(page, { label: '/settings/audit-log (768px)' })
  })

  // Row menus name their row and still contain the words they show.
  for (const view of ['table', 'cards']) {
    test(`leads ${view}`, async ({ page }) => {
      await page.goto(`/leads?view=${view}`)
      await expect(page.getByRole('button', { name: /^Actions for / }).first()).toBeVisible()
      await checkA11y(page, { label: `/leads?view=${view} (768px)` })
    })
  }
})
