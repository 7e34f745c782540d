import { expect, test, useRole, waitForHydration } from './support/fixtures'

/**
 * Dates and times on a page that hydrates. The server formats them in the
 * agency's zone and hands its texts to the browser with the page
 * (app/lib/time.ts), so hydrating formats nothing again: a page's first date
 * formatter costs a slow tablet a long task.
 */

test.describe('dates and times with JavaScript', () => {
  useRole('coordinator')
  test.use({ viewport: { width: 1280, height: 800 } })

  test.beforeEach(async ({ page }) => {
    // Counts the date formatters the browser makes for itself.
    await page.addInitScript(() => {
      const made = { count: 0 }
      Object.assign(window, { dateFormattersMade: made })
      Intl.DateTimeFormat = new Proxy(Intl.DateTimeFormat, {
        construct(target, args: ConstructorParameters<typeof Intl.DateTimeFormat>) {
          made.count++
          return new target(...args)
        },
        apply(target, _this, args: ConstructorParameters<typeof Intl.DateTimeFormat>) {
          made.count++
          return target(...args)
        },
      })
    })
  })

  const formattersMade = (page: import('@playwright/test').Page) =>
    page.evaluate(() => (window as unknown as { dateFormattersMade: { count: number } }).dateFormattersMade.count)

  test('lists, the dashboard and a form hydrate with the dates the server wrote', async ({ page }) => {
    await page.goto('/patients')
    await waitForHydration(page)
    const firstRow = page.getByRole('region', { name: 'Patient Registrations', exact: true }).getByRole('row').nth(1)
    await expect(firstRow).toContainText(/Born [A-Z][a-z]{2} \d{1,2}, \d{4}/)
    expect(await formattersMade(page)).toBe(0)

    await page.goto('/')
    await waitForHydration(page)
    await expect(page.getByRole('region', { name: 'Upcoming Appointments' }).first()).toContainText(/[A-Z][a-z]{2} \d{1,2}, \d{1,2}:\d{2}\s[AP]M/)
    expect(await formattersMade(page)).toBe(0)

    // The server remembers the day's start it found the first time: the second page must bring it too.
    for (let load = 0; load < 2; load++) {
      await page.goto('/calendar?from=2027-03-14&days=7')
      await waitForHydration(page)
    }
    await expect(page.getByText('7 days from Mar 14, 2027')).toBeVisible()
    expect(await formattersMade(page)).toBe(0)

    // A date of birth may not be after today, which the form takes from the server.
    await page.goto('/patients/new')
    await waitForHydration(page)
    await expect(page.getByLabel(/Date of Birth/i)).toHaveAttribute('max', /^\d{4}-\d{2}-\d{2}$/)
    expect(await formattersMade(page)).toBe(0)
  })

  test('a page reached without reloading formats its own dates, as the server would', async ({ page }) => {
    await page.goto('/patients')
    await waitForHydration(page)
    const firstRow = page.getByRole('region', { name: 'Patient Registrations', exact: true }).getByRole('row').nth(1)
    const born = (await firstRow.getByText(/^Born /).innerText()).replace(/^Born /, '')
    await firstRow.getByRole('link').first().click()
    await expect(page).toHaveURL(/\/patients\/[0-9a-f-]{36}$/)
    await expect(page.getByRole('definition').filter({ hasText: born })).toBeVisible()
  })
})
