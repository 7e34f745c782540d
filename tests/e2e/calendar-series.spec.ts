import { expect, test, useRole, waitForHydration } from './support/fixtures'

/** Recurring visits with JavaScript: the pattern checked as it is typed, booked at once, then cancelled from one visit on. */
const ZONE = 'America/New_York'

function dayFromToday(offset: number) {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: ZONE }).format(new Date())
  const date = new Date(`${today}T12:00:00Z`)
  date.setUTCDate(date.getUTCDate() + offset)
  return date.toISOString().slice(0, 10)
}

test.describe('recurring visits', () => {
  useRole('coordinator')

  test('Monday, Wednesday and Friday for two weeks, then cancel this and all following visits', async ({ page }) => {
    const title = `MWF series ${Date.now().toString().slice(-6)}`
    await page.goto('/calendar/new')
    await waitForHydration(page)
    const dialog = page.getByRole('dialog', { name: 'Create Appointment' })
    await dialog.getByLabel('Title').fill(title)
    await dialog.getByLabel('Date').fill(dayFromToday(2))
    await dialog.getByLabel('Time').fill('09:00')
    await dialog.getByLabel('Duration').selectOption('240')
    await dialog.getByLabel('Repeat weekly: one appointment per visit').check()
    await dialog.getByLabel('Weeks (1–52)').fill('2')
    // No day chosen: the page says so beside the days, in the server's words, before sending.
    await dialog.getByRole('button', { name: 'Create Appointment' }).click()
    await expect(dialog.getByText('Choose at least one day of the week')).toBeVisible()
    for (const day of ['Mon', 'Wed', 'Fri']) await dialog.getByLabel(day, { exact: true }).check()
    await dialog.getByRole('button', { name: 'Create Appointment' }).click()
    await expect(page.getByTestId('toast')).toContainText(`${title}: 6 visits from`)
    await expect(dialog).toHaveCount(0)

    await page.goto(`/calendar?q=${encodeURIComponent(title)}`)
    await expect(page.getByRole('heading', { name: 'Upcoming Appointments (6)' })).toBeVisible()
    await page.getByRole('link', { name: title }).nth(3).click()
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible()
    await waitForHydration(page)
    await page.getByRole('link', { name: 'Cancel Appointment' }).click()
    const cancel = page.getByRole('dialog', { name: 'Cancel Appointment' })
    await cancel.getByLabel('Reason for cancelling').fill('Care plan ends early')
    await cancel.getByLabel('This and all following visits').check()
    await cancel.getByRole('button', { name: 'Cancel Appointment' }).click()
    await expect(page.getByTestId('toast')).toContainText('3 visits cancelled')

    await page.goto(`/calendar?q=${encodeURIComponent(title)}&status=scheduled`)
    await expect(page.getByRole('heading', { name: 'Upcoming Appointments (3)' })).toBeVisible()
  })
})
