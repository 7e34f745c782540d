import { expect, test, useRole } from './support/fixtures'

/** The calendar as plain pages and forms, with JavaScript off. */
const ZONE = 'America/New_York'

function dayFromToday(offset: number) {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: ZONE }).format(new Date())
  const date = new Date(`${today}T12:00:00Z`)
  date.setUTCDate(date.getUTCDate() + offset)
  return date.toISOString().slice(0, 10)
}

function shortDate(day: string) {
  return new Intl.DateTimeFormat('en-US', { timeZone: 'UTC', month: 'short', day: 'numeric', year: 'numeric' }).format(new Date(`${day}T12:00:00Z`))
}

test.describe('calendar without JavaScript', () => {
  useRole('coordinator')

  test('book, find, reschedule, cancel and complete', async ({ page }) => {
    const unique = Date.now().toString().slice(-6)
    const day = dayFromToday(5)
    await page.goto('/calendar')
    await page.getByRole('link', { name: 'New Appointment' }).first().click()
    await expect(page).toHaveURL('/calendar/new')
    await expect(page.getByRole('heading', { level: 1, name: 'Create Appointment' })).toBeVisible()

    await page.getByRole('button', { name: 'Create Appointment' }).click()
    // The server's answer: the alert above the form and each field's own message.
    await expect(page.getByRole('main').getByRole('alert').filter({ hasText: /\S/ }).first()).toContainText(
      'Please fill in all required fields (Title, Date, Time)',
    )
    await expect(page.getByText('Title is required')).toBeVisible()
    await expect(page.getByLabel('Title')).toHaveAttribute('aria-invalid', 'true')

    await page.getByLabel('Title').fill(`Plain visit ${unique}`)
    await page.getByLabel('Date').fill(day)
    await page.getByLabel('Time').fill('06:10')
    await page.getByLabel('Type').selectOption('follow_up')
    await page.getByLabel('Patient').selectOption({ index: 1 })
    const patientName = ((await page.getByLabel('Patient').locator('option:checked').textContent()) ?? '').split(' · ')[0]!
    await page.getByRole('button', { name: 'Create Appointment' }).click()
    await expect(page).toHaveURL(/\/calendar#appointment-/)
    await expect(page.getByTestId('toast')).toContainText('Appointment created successfully!')

    await page.getByRole('searchbox').fill(`plain visit ${unique}`)
    await page.getByRole('button', { name: 'Filter' }).click()
    await expect(page.getByRole('heading', { name: 'Upcoming Appointments (1)' })).toBeVisible()
    const item = page.getByRole('listitem').filter({ hasText: `Plain visit ${unique}` })
    await expect(item).toContainText(`${shortDate(day)}, 6:10 AM – 7:10 AM`)
    await expect(item).toContainText(`Patient Assignment: ${patientName}`)
    await expect(item).toContainText('Follow Up')

    await item.getByRole('link', { name: `Plain visit ${unique}` }).click()
    await expect(page.getByRole('heading', { level: 1, name: `Plain visit ${unique}` })).toBeVisible()
    const here = page.url()

    await page.getByRole('link', { name: 'Reschedule' }).click()
    await expect(page.getByRole('heading', { level: 1, name: 'Reschedule Appointment' })).toBeVisible()
    await page.getByLabel('Time').fill('06:40')
    await page.getByRole('button', { name: 'Reschedule' }).click()
    await expect(page).toHaveURL(`${here}#appointment-details`)
    await expect(page.getByTestId('toast')).toContainText('Appointment rescheduled')
    await expect(page.getByRole('region', { name: 'Details' })).toContainText(`${shortDate(day)}, 6:40 AM – 7:40 AM`)

    await page.getByRole('link', { name: 'Edit' }).click()
    await expect(page.getByRole('heading', { level: 1, name: 'Edit Appointment' })).toBeVisible()
    await expect(page.getByLabel('Time')).toHaveValue('06:40')
    await page.getByLabel('Notes').fill('Ring the side door.')
    await page.getByRole('button', { name: 'Update Appointment' }).click()
    await expect(page.getByTestId('toast')).toContainText('Appointment updated successfully!')
    await expect(page.getByRole('region', { name: 'Details' })).toContainText('Ring the side door.')

    await page.getByRole('button', { name: 'Confirm' }).click()
    await expect(page.getByTestId('toast')).toContainText('Appointment confirmed')
    await expect(page.getByRole('region', { name: 'Details' })).toContainText('Confirmed')

    await page.getByRole('link', { name: 'Cancel Appointment' }).click()
    await expect(page.getByRole('heading', { level: 1, name: 'Cancel Appointment' })).toBeVisible()
    await page.getByRole('button', { name: 'Cancel Appointment' }).click()
    await expect(page.getByText('Give a reason for cancelling')).toBeVisible()
    await page.getByLabel('Reason for cancelling').fill('Family moved it to next week')
    await page.getByRole('button', { name: 'Cancel Appointment' }).click()
    await expect(page.getByTestId('toast')).toContainText('Appointment cancelled')
    await expect(page.getByRole('region', { name: 'Details' })).toContainText('Family moved it to next week')
    await expect(page.getByRole('button', { name: 'Complete' })).toHaveCount(0)
  })

  test('complete and no-show are buttons that work as plain forms; the week view pages by links', async ({ page }) => {
    const unique = Date.now().toString().slice(-6)
    const day = dayFromToday(2)
    for (const title of [`Done visit ${unique}`, `Missed visit ${unique}`]) {
      const response = await page.request.post('/calendar/new', { form: { title, date: day, time: '05:20', durationMinutes: '30' }, maxRedirects: 0 })
      expect(response.status()).toBe(302)
    }
    await page.goto(`/calendar?q=${unique}`)
    await page.getByRole('link', { name: `Done visit ${unique}` }).click()
    await page.getByRole('button', { name: 'Complete' }).click()
    await expect(page.getByTestId('toast')).toContainText('Appointment completed')
    await expect(page.getByText('This appointment is finished')).toBeVisible()

    await page.goto(`/calendar?q=${unique}`)
    await page.getByRole('link', { name: `Missed visit ${unique}` }).click()
    await page.getByRole('button', { name: 'No-Show' }).click()
    await expect(page.getByTestId('toast')).toContainText('Appointment marked as a no-show')
    await expect(page.getByRole('region', { name: 'Details' })).toContainText('No Show')

    await page.goto(`/calendar?q=${unique}&view=week&from=${day}`)
    await expect(page.getByRole('region', { name: /^Week of / }).getByRole('link', { name: /Done visit/ })).toContainText('5:20 AM')
    await page.getByRole('link', { name: 'Next week' }).click()
    await expect(page.getByRole('link', { name: /Done visit/ })).toHaveCount(0)
    await page.getByRole('link', { name: 'Previous week' }).click()
    await expect(page.getByRole('link', { name: /Missed visit/ })).toBeVisible()
  })
})
