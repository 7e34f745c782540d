import { SIDEBAR, TEST_USERS, expect, mainNav, test, useRole, waitForHydration, type Page } from './support/fixtures'

const WIDE_PX = 192 // 12rem
const NARROW_PX = 64 // 4rem

function sidebar(page: Page) {
  return page.getByRole('complementary', { name: 'Sidebar' })
}

async function sidebarWidth(page: Page) {
  const box = await sidebar(page).boundingBox()
  return box?.width ?? 0
}

/** The width changes at once; the cookie is set when the POST answers. */
function sidebarSaved(page: Page) {
  return page.waitForResponse(
    (r) => r.request().method() === 'POST' && new URL(r.url()).pathname === '/resources/sidebar',
  )
}

test.describe('application shell', () => {
  useRole('coordinator')

  test('the sidebar shows the brand, the ten entries in order and the user', async ({ page }) => {
    await page.goto('/')
    await expect(sidebar(page).getByText('Healthcare Portal', { exact: true })).toBeVisible()
    await expect(sidebar(page).getByText('v1.0', { exact: true })).toBeVisible()
    const links = mainNav(page).getByRole('link')
    await expect(links).toHaveCount(SIDEBAR.length)
    await expect(links).toHaveText(SIDEBAR.map((entry) => entry.label))
    for (const [index, entry] of SIDEBAR.entries()) {
      await expect(links.nth(index)).toHaveAccessibleName(entry.label)
      await expect(links.nth(index)).toHaveAttribute('href', entry.href)
    }
    await expect(sidebar(page).getByRole('link', { name: new RegExp(TEST_USERS.coordinator.name) })).toHaveAttribute(
      'href',
      '/account',
    )
    await expect(sidebar(page).getByText(TEST_USERS.coordinator.roleLabel, { exact: true })).toBeVisible()
  })

  test('every entry can be reached and opened with the keyboard alone', async ({ page }) => {
    // A fresh load: keyboard focus starts at the top of the document, and Tab walks the entries in order.
    await page.goto('/')
    await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible()
    let entryIndex = 0
    for (let presses = 0; presses < 20 && entryIndex < SIDEBAR.length; presses++) {
      await page.keyboard.press('Tab')
      const focusedHref = await page.evaluate(() => document.activeElement?.getAttribute('href') ?? null)
      if (focusedHref === SIDEBAR[entryIndex]?.href) entryIndex++
    }
    expect(entryIndex, 'Tab reaches every entry, in order').toBe(SIDEBAR.length)

    // Enter opens each in the page (the document stays: no reload); focus then moves to the new page's heading.
    await waitForHydration(page)
    await page.evaluate(() => Object.assign(window, { loadedOnce: true }))
    for (const entry of SIDEBAR.slice(1)) {
      await mainNav(page).getByRole('link', { name: entry.label, exact: true }).focus()
      await page.keyboard.press('Enter')
      const expected = entry.href === '/settings' ? /\/settings(\/[a-z-]+)?$/ : new RegExp(`${entry.href}$`)
      await expect(page).toHaveURL(expected)
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(entry.heading)
      await expect(page.getByRole('heading', { level: 1 })).toBeFocused()
      const link = mainNav(page).getByRole('link', { name: entry.label, exact: true })
      await expect(link).toHaveAttribute('aria-current', 'page')
      await expect(mainNav(page).locator('[aria-current="page"]')).toHaveCount(1)
      expect(await page.evaluate(() => 'loadedOnce' in window)).toBe(true)
    }
    await mainNav(page).getByRole('link', { name: 'Dashboard', exact: true }).focus()
    await page.keyboard.press('Enter')
    await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeFocused()
  })

  test('a link clicked with Ctrl opens in a new tab and leaves this page as it is', async ({ page, context }) => {
    await page.goto('/')
    await waitForHydration(page)
    const [opened] = await Promise.all([context.waitForEvent('page'), mainNav(page).getByRole('link', { name: 'Leads', exact: true }).click({ modifiers: ['ControlOrMeta'] })])
    await opened.waitForLoadState()
    expect(new URL(opened.url()).pathname).toBe('/leads')
    await opened.close()
    expect(new URL(page.url()).pathname).toBe('/')
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Dashboard')
  })

  test('the skip link jumps to the main content', async ({ page }) => {
    await page.goto('/leads')
    await page.keyboard.press('Tab')
    const skip = page.getByRole('link', { name: 'Skip to main content' })
    await expect(skip).toBeFocused()
    await expect(skip).toBeVisible()
    await expect(skip).toHaveAttribute('href', '#main')
    await expect(page.locator('#main')).toBeVisible()
  })

  test('collapse and expand change the width, and the choice survives a reload', async ({ page }) => {
    await page.goto('/patients')
    await expect.poll(() => sidebarWidth(page)).toBeCloseTo(WIDE_PX, 0)
    const collapse = sidebar(page).getByRole('button', { name: 'Collapse sidebar' })
    await expect(collapse).toHaveAttribute('aria-expanded', 'true')
    await Promise.all([sidebarSaved(page), collapse.click()])
    await expect.poll(() => sidebarWidth(page)).toBeCloseTo(NARROW_PX, 0)
    const expand = sidebar(page).getByRole('button', { name: 'Expand sidebar' })
    await expect(expand).toHaveAttribute('aria-expanded', 'false')
    await expect(page).toHaveURL('/patients')
    // Labels stay available to assistive technology, and show beside the rail on hover.
    const leads = mainNav(page).getByRole('link', { name: 'Leads', exact: true })
    await leads.hover()
    const tooltip = leads.locator('xpath=following-sibling::*[@aria-hidden="true"][1]')
    await expect(tooltip).toHaveText('Leads')
    await expect(tooltip).toBeVisible()

    await page.reload()
    await expect(page.getByRole('heading', { level: 1, name: 'Patient Onboarding' })).toBeVisible()
    await expect.poll(() => sidebarWidth(page)).toBeCloseTo(NARROW_PX, 0)

    await Promise.all([sidebarSaved(page), sidebar(page).getByRole('button', { name: 'Expand sidebar' }).click()])
    await expect.poll(() => sidebarWidth(page)).toBeCloseTo(WIDE_PX, 0)
    await page.reload()
    await expect.poll(() => sidebarWidth(page)).toBeCloseTo(WIDE_PX, 0)
    await expect(sidebar(page).getByRole('button', { name: 'Collapse sidebar' })).toBeVisible()
  })

  test.describe('on a phone-sized screen', () => {
    test.use({ viewport: { width: 375, height: 740 } })

    test('a top bar with a Menu replaces the sidebar', async ({ page }) => {
      await page.goto('/')
      await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible()
      await expect(sidebar(page)).toBeHidden()
      await expect(page.getByRole('button', { name: /Collapse sidebar|Expand sidebar/ })).toBeHidden()
      await page.getByRole('button', { name: 'Menu', exact: true }).click()
      // The entries are there, with their labels.
      await expect(mainNav(page).getByRole('link')).toHaveCount(SIDEBAR.length)
      await mainNav(page).getByRole('link', { name: 'Calendar', exact: true }).click()
      await expect(page.getByRole('heading', { level: 1, name: 'Calendar & Appointments' })).toBeVisible()
    })
  })
})
