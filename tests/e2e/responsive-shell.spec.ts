import { SIDEBAR, TEST_USERS, checkA11y, expect, mainNav, test, useRole, waitForHydration, type Page } from './support/fixtures'
import type { Locator } from '@playwright/test'

/** The app shell on a tablet, a desktop and a phone, and what a keyboard user hears after following a link. */

const WIDE_PX = 192 // 12rem
const NARROW_PX = 64 // 4rem
const TOUCH_TARGET_PX = 44

const TABLET = { viewport: { width: 768, height: 1024 }, hasTouch: true }
const DESKTOP = { viewport: { width: 1280, height: 800 } }
const PHONE = { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true }

function sidebar(page: Page) {
  return page.getByRole('complementary', { name: 'Sidebar' })
}

async function sidebarWidth(page: Page) {
  return (await sidebar(page).boundingBox())?.width ?? 0
}

/** The label shown beside an icon-only link (hidden from assistive technology, which reads the link's name). */
function tooltip(link: Locator) {
  return link.locator('xpath=following-sibling::*[@aria-hidden="true"][1]')
}

async function expectTouchSized(targets: Locator, what: string) {
  const count = await targets.count()
  expect(count, `${what}: some targets`).toBeGreaterThan(0)
  for (let index = 0; index < count; index++) {
    const target = targets.nth(index)
    if (!(await target.isVisible())) continue
    const box = await target.boundingBox()
    const name = (await target.getAttribute('aria-label')) ?? (await target.innerText())
    expect(box?.height ?? 0, `${what}: '${name.trim()}' is tall enough to tap`).toBeGreaterThanOrEqual(TOUCH_TARGET_PX)
    expect(box?.width ?? 0, `${what}: '${name.trim()}' is wide enough to tap`).toBeGreaterThanOrEqual(TOUCH_TARGET_PX)
  }
}

test.describe('on a tablet held upright', () => {
  useRole('coordinator')
  test.use(TABLET)

  test('the sidebar is narrow until the person chooses, every icon named and labelled on hover and focus', async ({ page }) => {
    await page.goto('/patients')
    await expect(page.getByRole('heading', { level: 1, name: 'Patient Onboarding' })).toBeVisible()
    await expect.poll(() => sidebarWidth(page)).toBeCloseTo(NARROW_PX, 0)
    const links = mainNav(page).getByRole('link')
    await expect(links).toHaveCount(SIDEBAR.length)
    for (const [index, entry] of SIDEBAR.entries()) {
      await expect(links.nth(index)).toHaveAccessibleName(entry.label)
    }

    const leads = mainNav(page).getByRole('link', { name: 'Leads', exact: true })
    await expect(tooltip(leads)).toBeHidden()
    await leads.hover()
    await expect(tooltip(leads)).toBeVisible()
    await expect(tooltip(leads)).toHaveText('Leads')
    // It stands beside the rail, not inside it.
    expect((await tooltip(leads).boundingBox())!.x).toBeGreaterThanOrEqual(NARROW_PX)

    await page.mouse.move(600, 600)
    await expect(tooltip(leads)).toBeHidden()
    await mainNav(page).getByRole('link', { name: 'Dashboard', exact: true }).focus()
    await page.keyboard.press('Tab')
    await expect(leads).toBeFocused()
    await expect(tooltip(leads)).toBeVisible()
  })

  test('Expand keeps the sidebar wide, across a reload', async ({ page }) => {
    await page.goto('/caregivers')
    await expect.poll(() => sidebarWidth(page)).toBeCloseTo(NARROW_PX, 0)
    await expect(sidebar(page).getByRole('button', { name: 'Collapse sidebar' })).toBeHidden()
    const expand = sidebar(page).getByRole('button', { name: 'Expand sidebar' })
    await expect(expand).toHaveAttribute('aria-expanded', 'false')
    await Promise.all([
      page.waitForResponse((r) => r.request().method() === 'POST' && new URL(r.url()).pathname === '/resources/sidebar'),
      expand.tap(),
    ])
    await expect.poll(() => sidebarWidth(page)).toBeCloseTo(WIDE_PX, 0)
    await page.reload()
    await expect(page.getByRole('heading', { level: 1, name: 'Caregiver Onboarding' })).toBeVisible()
    await expect.poll(() => sidebarWidth(page)).toBeCloseTo(WIDE_PX, 0)
    await expect(sidebar(page).getByText('Healthcare Portal', { exact: true })).toBeVisible()
    await expect(mainNav(page).getByText('Leads', { exact: true })).toBeVisible()
    await expect(sidebar(page).getByRole('button', { name: 'Collapse sidebar' })).toBeVisible()
  })

  test('the sidebar and a list page’s toolbar are big enough to tap', async ({ page }) => {
    // At least one lead, so the list has its page links.
    const unique = Date.now().toString().slice(-6)
    const created = await page.request.post('/api/leads', {
      data: { firstName: 'Tap', lastName: `Target${unique}`, email: `tap${unique}@example.com`, phone: '2015550123' },
    })
    expect(created.status()).toBe(201)
    await page.goto('/leads')
    await expect(page.getByRole('heading', { level: 1, name: 'Lead Management' })).toBeVisible()
    await expectTouchSized(sidebar(page).locator('a, button'), 'sidebar')
    await expectTouchSized(page.getByRole('link', { name: 'Add New Lead' }), 'page actions')
    await expectTouchSized(page.getByRole('search').locator('input:not([type=hidden]), select, button, a'), 'search and filters')
    await expectTouchSized(page.getByRole('group', { name: 'View' }).getByRole('link'), 'view switch')
    await expectTouchSized(page.getByRole('navigation', { name: 'Pagination' }).getByRole('link'), 'page links')

    await page.goto('/settings/document-types')
    await expectTouchSized(page.getByRole('navigation', { name: 'Settings' }).getByRole('link'), 'settings tabs')
  })
})

test.describe('on a desktop', () => {
  useRole('coordinator')
  test.use(DESKTOP)

  test('the sidebar is wide until the person chooses, with labels and no tooltips', async ({ page }) => {
    await page.goto('/calendar')
    await expect.poll(() => sidebarWidth(page)).toBeCloseTo(WIDE_PX, 0)
    const leads = mainNav(page).getByRole('link', { name: 'Leads', exact: true })
    // The label is on show beside the icon.
    expect((await leads.getByText('Leads', { exact: true }).boundingBox())!.width).toBeGreaterThan(20)
    await leads.hover()
    await expect(tooltip(leads)).toBeHidden()
    await expect(sidebar(page).getByRole('button', { name: 'Collapse sidebar' })).toBeVisible()
    await expect(sidebar(page).getByRole('button', { name: 'Expand sidebar' })).toBeHidden()
    // A mouse needs no 44 px targets: the list keeps its compact controls.
    const search = page.getByRole('button', { name: 'Search' })
    await page.goto('/leads')
    expect((await search.boundingBox())!.height).toBeLessThan(TOUCH_TARGET_PX)
  })

  test('by keyboard, Collapse and Expand leave the focus on the button that replaces them', async ({ page }) => {
    await page.goto('/calendar')
    await waitForHydration(page)
    const collapse = sidebar(page).getByRole('button', { name: 'Collapse sidebar' })
    const expand = sidebar(page).getByRole('button', { name: 'Expand sidebar' })
    await collapse.focus()
    await page.keyboard.press('Enter')
    await expect(expand).toBeFocused()
    await expect.poll(() => sidebarWidth(page)).toBeCloseTo(NARROW_PX, 0)
    await page.keyboard.press('Enter')
    await expect(collapse).toBeFocused()
    await expect.poll(() => sidebarWidth(page)).toBeCloseTo(WIDE_PX, 0)
  })
})

test.describe('on a phone', () => {
  useRole('coordinator')
  test.use(PHONE)

  test('the Menu button opens the labelled navigation, and a tap on an entry goes there', async ({ page }) => {
    await page.goto('/leads')
    await expect(page.getByRole('heading', { level: 1, name: 'Lead Management' })).toBeVisible()
    await expect(sidebar(page)).toBeHidden()
    // The content has the whole width.
    expect((await page.getByRole('main').boundingBox())!.width).toBe(390)

    const menu = page.getByRole('banner').getByRole('button', { name: 'Menu', exact: true })
    await expect(mainNav(page)).toBeHidden()
    await menu.tap()
    await expect(menu).toHaveAttribute('aria-expanded', 'true')
    const links = mainNav(page).getByRole('link')
    await expect(links).toHaveText(SIDEBAR.map((entry) => entry.label))
    await expect(mainNav(page).getByRole('link', { name: 'Leads', exact: true })).toHaveAttribute('aria-current', 'page')
    await expect(page.getByRole('complementary', { name: 'Sidebar' }).getByText(`${TEST_USERS.coordinator.name} · Coordinator`)).toBeVisible()
    await expect(page.getByRole('link', { name: 'Account', exact: true })).toHaveAttribute('href', '/account')
    await expect(page.getByRole('button', { name: 'Sign out' })).toBeVisible()
    await expectTouchSized(mainNav(page).getByRole('link'), 'menu')
    await checkA11y(page, { label: 'phone menu open' })

    await mainNav(page).getByRole('link', { name: 'Calendar', exact: true }).tap()
    await expect(page).toHaveURL('/calendar')
    await expect(page.getByRole('heading', { level: 1, name: 'Calendar & Appointments' })).toBeVisible()
    await expect(mainNav(page)).toBeHidden()
    await expect(menu).toHaveAttribute('aria-expanded', 'false')
    await menu.tap()
    await expect(mainNav(page).getByRole('link', { name: 'Calendar', exact: true })).toHaveAttribute('aria-current', 'page')
  })

  test('by keyboard: Enter opens the menu, Escape closes it and focus returns to the button', async ({ page }) => {
    await page.goto('/patients')
    const menu = page.getByRole('banner').getByRole('button', { name: 'Menu', exact: true })
    await menu.focus()
    await page.keyboard.press('Enter')
    await expect(mainNav(page)).toBeVisible()
    await page.keyboard.press('Tab')
    await expect(mainNav(page).getByRole('link', { name: 'Dashboard', exact: true })).toBeFocused()
    await page.keyboard.press('Escape')
    await expect(mainNav(page)).toBeHidden()
    await expect(menu).toBeFocused()
    await expect(menu).toHaveAttribute('aria-expanded', 'false')
  })
})

test.describe('after following a link', () => {
  useRole('coordinator')
  test.use(DESKTOP)

  test('focus is on the new page’s heading and its title is announced', async ({ page }) => {
    await page.goto('/')
    const announcer = page.getByTestId('route-announcer')
    await expect(announcer).toHaveAttribute('aria-live', 'polite')
    await expect(announcer).toHaveText('')
    await mainNav(page).getByRole('link', { name: 'Leads', exact: true }).click()
    const heading = page.getByRole('heading', { level: 1, name: 'Lead Management' })
    await expect(heading).toBeFocused()
    await expect(announcer).toHaveText('Lead Management | Healthcare Portal')

    await mainNav(page).getByRole('link', { name: 'Patients', exact: true }).click()
    await expect(page.getByRole('heading', { level: 1, name: 'Patient Onboarding' })).toBeFocused()
    await expect(announcer).toHaveText('Patient Onboarding | Healthcare Portal')
  })

  test('a filter keeps focus in its form, and a dialog keeps its own focus', async ({ page }) => {
    await page.goto('/')
    await mainNav(page).getByRole('link', { name: 'Leads', exact: true }).click()
    const announcer = page.getByTestId('route-announcer')
    await expect(announcer).toHaveText('Lead Management | Healthcare Portal')

    const status = page.getByRole('search').getByLabel('Status')
    await status.focus()
    await status.selectOption('new')
    await expect(page).toHaveURL(/status=new/)
    await expect(status).toBeFocused()

    await page.getByRole('link', { name: 'Add New Lead' }).click()
    const dialog = page.getByRole('dialog', { name: 'Add New Lead' })
    await expect(dialog.getByLabel('First Name')).toBeFocused()
    await expect(announcer).toHaveText('Lead Management | Healthcare Portal')
    await dialog.getByRole('link', { name: 'Cancel' }).click()
    await expect(dialog).toHaveCount(0)
    await expect(page.getByRole('heading', { level: 1, name: 'Lead Management' })).not.toBeFocused()
  })
})
