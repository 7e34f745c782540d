import type { Locator, Page } from '@playwright/test'
import { checkA11y, expect, test, useRole, waitForHydration } from './support/fixtures'

/** The list kit on a tablet, a phone and a desktop: which layout shows, what scrolls, and the row menu. */

const TABLET = { viewport: { width: 768, height: 1024 }, hasTouch: true }
const PHONE = { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true }
const DESKTOP = { viewport: { width: 1280, height: 800 } }

/** Ids that more than one element in the page carries. */
function duplicateIds(page: Page) {
  return page.evaluate(() => {
    const ids = [...document.querySelectorAll('[id]')].map((element) => element.id)
    return [...new Set(ids.filter((id, index) => ids.indexOf(id) !== index))]
  })
}

/** A lead of this test's own, so a delete touches nothing another test reads. */
async function createLead(page: Page, lastName: string) {
  const created = await page.request.post('/api/leads', {
    data: { firstName: 'Menu', lastName, email: `menu.${lastName.toLowerCase()}@example.com`, phone: '(212) 555-2000' },
  })
  expect(created.status()).toBe(201)
  return `Menu ${lastName}`
}

/** The console's errors from now on (React reports a hydration mismatch there). */
function consoleErrors(page: Page) {
  const errors: string[] = []
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text())
  })
  return errors
}

/** The screen width the page last reported in its cookie. */
async function reportedWidth(page: Page) {
  return (await page.context().cookies()).find((cookie) => cookie.name === 'screen')?.value
}

/** True when the element's text is laid out on one line. */
function onOneLine(locator: Locator) {
  return locator.evaluate((element) => {
    const range = document.createRange()
    range.selectNodeContents(element)
    const tops = new Set([...range.getClientRects()].filter((rect) => rect.width > 0).map((rect) => Math.round(rect.top)))
    return tops.size === 1
  })
}

test.describe('list layout on a tablet', () => {
  useRole('coordinator')
  test.use(TABLET)

  for (const { path, heading } of [
    { path: '/patients', heading: 'Patient Registrations' },
    { path: '/caregivers', heading: 'Caregiver Directory' },
  ]) {
    test(`${path} without a view in the URL shows cards, marked current; ?view=table shows the table`, async ({ page }) => {
      await page.goto(path)
      const list = page.getByRole('region', { name: new RegExp(`^${heading}`) })
      await expect(list.getByRole('heading', { level: 3 }).first()).toBeVisible()
      await expect(list.getByRole('table')).toHaveCount(0)
      await expect(page.getByRole('link', { name: 'Cards' })).toHaveAttribute('aria-current', 'true')
      await expect(page.getByRole('link', { name: 'Table' })).not.toHaveAttribute('aria-current')
      // The table is in the page too, display:none: one of each id.
      expect(await duplicateIds(page)).toEqual([])

      await page.getByRole('link', { name: 'Table' }).tap()
      await expect(page).toHaveURL(/view=table/)
      await expect(list.getByRole('table')).toBeVisible()
      await expect(page.getByRole('link', { name: 'Table' })).toHaveAttribute('aria-current', 'true')
    })
  }

  test('turned to landscape, a list without a view in the URL shows the table, whose row menus work', async ({ page }) => {
    await page.goto('/patients')
    await waitForHydration(page)
    const list = page.getByRole('region', { name: /^Patient Registrations/ })
    await expect(list.getByRole('table')).toHaveCount(0)
    await page.setViewportSize({ width: 1280, height: 800 })
    const table = list.getByRole('table')
    await expect(table).toBeVisible()
    const button = table.getByRole('button', { name: /^Actions for / }).first()
    await button.click()
    const menu = page.getByRole('menu', { name: (await button.getAttribute('aria-label'))! })
    await expect(menu).toBeFocused()
    await expect(menu.getByRole('menuitem', { name: 'Edit', exact: true })).toBeVisible()
  })

  test('once the browser has reported its width, the server renders only the cards it shows', async ({ page }) => {
    const errors = consoleErrors(page)
    await page.goto('/patients')
    await waitForHydration(page)
    await expect.poll(() => reportedWidth(page)).toBe('narrow')
    const html = await (await page.request.get('/patients')).text()
    expect(html).toContain('Patient Registrations')
    expect(html).not.toContain('<table')

    await page.reload()
    await waitForHydration(page)
    const list = page.getByRole('region', { name: /^Patient Registrations/ })
    await expect(list.getByRole('heading', { level: 3 }).first()).toBeVisible()
    await expect(list.getByRole('table')).toHaveCount(0)
    const button = list.getByRole('button', { name: /^Actions for / }).first()
    await button.tap()
    await expect(page.getByRole('menu', { name: (await button.getAttribute('aria-label'))! })).toBeFocused()
    await page.keyboard.press('Escape')

    // Turned to landscape: the table at once, and from the next page on, the table alone from the server.
    await page.setViewportSize({ width: 1280, height: 800 })
    await expect(list.getByRole('table')).toBeVisible()
    await page.reload()
    await waitForHydration(page)
    await expect.poll(() => reportedWidth(page)).toBe('wide')
    const wideHtml = await (await page.request.get('/patients')).text()
    expect(wideHtml).toContain('<table')
    expect(wideHtml).not.toContain('<dl')
    expect(errors, 'hydration errors').toEqual([])
  })

  test('a width reported by a wider screen earlier: the page hydrates the table it was sent, then shows the cards', async ({ page, baseURL }) => {
    const errors = consoleErrors(page)
    await page.context().addCookies([{ name: 'screen', value: 'wide', url: baseURL! }])
    await page.goto('/caregivers')
    await waitForHydration(page)
    const list = page.getByRole('region', { name: /^Caregiver Directory/ })
    await expect(list.getByRole('heading', { level: 3 }).first()).toBeVisible()
    await expect(list.getByRole('table')).toHaveCount(0)
    await expect(page.getByRole('link', { name: 'Cards' })).toHaveAttribute('aria-current', 'true')
    expect(await duplicateIds(page)).toEqual([])
    await expect.poll(() => reportedWidth(page)).toBe('narrow')
    expect(errors, 'hydration errors').toEqual([])
  })

  test("the leads table's scroll area shows that it scrolls, and scrolls by keyboard", async ({ page }) => {
    await page.goto('/leads?view=table')
    const region = page.getByRole('region', { name: 'Lead Management' })
    await expect(region.getByRole('table')).toBeVisible()
    // The narrow sidebar leaves the table room at 768 px; the wide one, chosen, squeezes it into scrolling.
    await Promise.all([
      page.waitForResponse((r) => r.request().method() === 'POST' && r.url().includes('/resources/sidebar')),
      page.getByRole('button', { name: 'Expand sidebar' }).tap(),
    ])
    await expect.poll(async () => (await page.getByRole('complementary', { name: 'Sidebar' }).boundingBox())?.width).toBeCloseTo(192, 0)
    expect(await region.evaluate((element) => element.scrollWidth > element.clientWidth)).toBe(true)
    // The shadows: gradients fixed to the box, covered by gradients that scroll with the content.
    const background = await region.evaluate((element) => {
      const style = getComputedStyle(element)
      return { image: style.backgroundImage, attachment: style.backgroundAttachment }
    })
    expect(background.image.match(/linear-gradient/g)).toHaveLength(4)
    expect(background.attachment).toMatch(/^local, local, scroll, scroll\b/)

    await region.focus()
    await page.keyboard.press('ArrowRight')
    await expect.poll(() => region.evaluate((element) => element.scrollLeft)).toBeGreaterThan(0)
    // Phone numbers keep to one line; Source waits for a wider screen.
    for (const phone of await region.getByRole('cell', { name: /^\(\d{3}\) \d{3}-\d{4}$/ }).all()) expect(await onOneLine(phone)).toBe(true)
    await expect(region.getByRole('columnheader', { name: 'Source' })).toBeHidden()
  })

  test('a row menu opens by tap; its Delete reaches the confirm dialog', async ({ page }) => {
    const name = await createLead(page, `Tap${Date.now().toString().slice(-6)}`)
    await page.goto(`/leads?q=${encodeURIComponent(name)}`)
    await page.getByRole('button', { name: `Actions for ${name}` }).tap()
    const menu = page.getByRole('menu')
    await expect(menu.getByRole('menuitem')).toHaveText(['View/Edit', 'E-Sign', 'Schedule assessment', 'Delete'])
    await menu.getByRole('menuitem', { name: 'Delete' }).tap()
    const dialog = page.getByRole('dialog', { name: 'Delete Lead' })
    await expect(dialog).toContainText(`Are you sure you want to delete ${name}? This action cannot be undone.`)
    await dialog.getByRole('button', { name: 'Delete' }).tap()
    await expect(page.getByTestId('toast')).toContainText('Lead deleted')
  })

  test('patients at 768 px, cards with a row menu open, are accessible', async ({ page }) => {
    await page.goto('/patients')
    await page.getByRole('button', { name: /^Actions for / }).first().tap()
    await expect(page.getByRole('menu')).toBeVisible()
    await checkA11y(page, { label: '/patients (768px), row menu open' })
  })
})

test.describe('list layout on a phone', () => {
  useRole('coordinator')
  test.use(PHONE)

  test('leads at 390 px, cards with a row menu open, are accessible', async ({ page }) => {
    await page.goto('/leads')
    await page.getByRole('button', { name: /^Actions for / }).first().tap()
    await expect(page.getByRole('menu')).toBeVisible()
    await checkA11y(page, { label: '/leads (390px), row menu open' })
  })
})

test.describe('list layout on a desktop', () => {
  useRole('coordinator')
  test.use(DESKTOP)

  test('patients and caregivers without a view in the URL show the table, marked current', async ({ page }) => {
    for (const path of ['/patients', '/caregivers']) {
      await page.goto(path)
      await expect(page.getByRole('table')).toBeVisible()
      await expect(page.getByRole('link', { name: 'Table' })).toHaveAttribute('aria-current', 'true')
      // An explicit view wins at any width.
      await page.goto(`${path}?view=cards`)
      await expect(page.getByRole('table')).toHaveCount(0)
      await expect(page.getByRole('link', { name: 'Cards' })).toHaveAttribute('aria-current', 'true')
    }
  })

  test('in the leads table every phone is on one line and a row has one action button', async ({ page }) => {
    await page.goto('/leads?view=table')
    const rows = page.getByRole('row').filter({ has: page.getByRole('rowheader') })
    await expect(rows.first()).toBeVisible()
    for (const row of await rows.all()) {
      const phone = row.getByRole('cell').nth(1)
      await expect(phone).toHaveText(/^\(\d{3}\) \d{3}-\d{4}$/)
      expect(await onOneLine(phone), `${await phone.textContent()} on one line`).toBe(true)
      // Every action of the row on one line: no button wrapped below another.
      const actions = row.getByRole('cell').last().locator('a, button')
      const tops = new Set<number>()
      for (const action of await actions.all()) tops.add(Math.round((await action.boundingBox())!.y))
      expect(tops.size, 'rows of action buttons').toBe(1)
    }
  })

  test('a row menu works by keyboard: Enter opens it, arrows move, Enter on Delete opens the confirm dialog', async ({ page }) => {
    const name = await createLead(page, `Keys${Date.now().toString().slice(-6)}`)
    await page.goto(`/leads?view=table&q=${encodeURIComponent(name)}`)
    await page.getByRole('button', { name: `Actions for ${name}` }).focus()
    await page.keyboard.press('Enter')
    // The menu has the focus and points at its active item (aria-activedescendant).
    const menu = page.getByRole('menu')
    await expect(menu).toBeFocused()
    const active = async (name: string) =>
      expect(menu).toHaveAttribute('aria-activedescendant', (await menu.getByRole('menuitem', { name }).getAttribute('id'))!)
    await active('View/Edit')
    await page.keyboard.press('ArrowDown')
    await page.keyboard.press('ArrowDown')
    await active('Schedule assessment')
    await page.keyboard.press('ArrowDown')
    await active('Delete')
    await page.keyboard.press('Enter')
    const dialog = page.getByRole('dialog', { name: 'Delete Lead' })
    await expect(dialog).toContainText(`Are you sure you want to delete ${name}?`)
    await dialog.getByRole('button', { name: 'Delete' }).press('Enter')
    await expect(page.getByTestId('toast')).toContainText('Lead deleted')
  })

  test("one row's menu at a time: Escape closes it and gives the focus back to that row's button", async ({ page }) => {
    const stamp = Date.now().toString().slice(-6)
    const first = await createLead(page, `Esc${stamp}a`)
    const second = await createLead(page, `Esc${stamp}b`)
    await page.goto(`/leads?view=table&q=${encodeURIComponent(`Esc${stamp}`)}`)
    const firstButton = page.getByRole('button', { name: `Actions for ${first}` })
    const secondButton = page.getByRole('button', { name: `Actions for ${second}` })
    // Newest first: the second lead's row is above the first's, so its open menu leaves the first's button free.
    await firstButton.click()
    await expect(page.getByRole('menu', { name: `Actions for ${first}` })).toBeFocused()
    await expect(firstButton).toHaveAttribute('aria-expanded', 'true')
    await expect(secondButton).toHaveAttribute('aria-expanded', 'false')
    await page.keyboard.press('Escape')
    await expect(page.getByRole('menu')).toHaveCount(0)
    await expect(firstButton).toBeFocused()
    await expect(firstButton).toHaveAttribute('aria-expanded', 'false')

    // Another row's button opens that row's menu in its place, with that row's links.
    await firstButton.click()
    await secondButton.click()
    const menu = page.getByRole('menu')
    await expect(menu).toHaveCount(1)
    await expect(menu).toHaveAccessibleName(`Actions for ${second}`)
    await expect(secondButton).toHaveAttribute('aria-controls', (await menu.getAttribute('id'))!)
    await menu.getByRole('menuitem', { name: 'View/Edit' }).click()
    await expect(page.getByRole('dialog', { name: `Edit Lead - ${second}` })).toBeVisible()
  })
})
