import { expect, test, useRole } from './support/fixtures'

/** Recurring visits and the availability warning as plain forms, with JavaScript off. */
const ZONE = 'America/New_York'

/** The Monday one to two weeks from today in New York (YYYY-MM-DD). */
function nextMonday() {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: ZONE }).format(new Date())
  const date = new Date(`${today}T12:00:00Z`)
  date.setUTCDate(date.getUTCDate() + 7 + ((8 - date.getUTCDay()) % 7))
  return date.toISOString().slice(0, 10)
}

test.describe('recurring visits without JavaScript', () => {
  useRole('coordinator')

  test('a bad pattern is answered beside its field; a caregiver outside their days is booked once confirmed', async ({ page }) => {
    const unique = Date.now().toString().slice(-6)
    const created = await page.request.post('/api/caregivers', {
      data: { fullName: `Monday Carer${unique}`, phone: '2015550132', licenseNumber: `M-${unique}`, yearsExperience: '1-2', availability: { days: ['monday'] } },
    })
    expect(created.status()).toBe(201)
    const caregiverId = (await created.json()).id as string
    const title = `Plain series ${unique}`

    await page.goto(`/calendar/new?caregiverId=${caregiverId}`)
    await expect(page.getByRole('heading', { level: 1, name: 'Create Appointment' })).toBeVisible()
    await page.getByLabel('Title').fill(title)
    await page.getByLabel('Date').fill(nextMonday())
    await page.getByLabel('Time').fill('08:00')
    await page.getByLabel('Repeat weekly: one appointment per visit').check()
    await page.getByLabel('Mon', { exact: true }).check()
    await page.getByLabel('Thu', { exact: true }).check()
    await page.getByLabel('Until a chosen day').check()
    await page.getByLabel('Last day of visits').fill('2020-01-01')
    await page.getByRole('button', { name: 'Create Appointment' }).click()
    await expect(page.getByText('The end date must be on or after the first date')).toBeVisible()
    await expect(page.getByLabel('Last day of visits')).toHaveAttribute('aria-invalid', 'true')

    await page.getByLabel('Until a chosen day').check()
    await page.getByLabel('Last day of visits').fill('')
    await page.getByLabel('After a number of weeks').check()
    await page.getByLabel('Weeks (1–52)').fill('2')
    await page.getByRole('button', { name: 'Create Appointment' }).click()
    // Thursdays are outside the caregiver's days: the server asks to confirm.
    await expect(page.getByText(`Monday Carer${unique} is available on Monday only: 2 visits are`)).toBeVisible()
    await page.getByLabel('Book anyway, outside their available days').check()
    await page.getByRole('button', { name: 'Create Appointment' }).click()
    await expect(page.getByTestId('toast')).toContainText(`${title}: 4 visits from`)
  })
})
