import { checkA11y, expect, test, useRole, waitForHydration, type Page } from './support/fixtures'

/**
 * The calendar with JavaScript: booking in the dialog by keyboard, finding,
 * rescheduling, cancelling and completing. The server's agency zone is
 * America/New_York; times are typed and read as a New York scheduler would.
 */
const ZONE = 'America/New_York'

/** A day (YYYY-MM-DD) `offset` days from today in New York. */
function dayFromToday(offset: number) {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: ZONE }).format(new Date())
  const date = new Date(`${today}T12:00:00Z`)
  date.setUTCDate(date.getUTCDate() + offset)
  return date.toISOString().slice(0, 10)
}

function shortDate(day: string) {
  return new Intl.DateTimeFormat('en-US', { timeZone: 'UTC', month: 'short', day: 'numeric', year: 'numeric' }).format(new Date(`${day}T12:00:00Z`))
}

/** Books one through the form as it posts (the dialog itself is the first test's subject). */
async function book(page: Page, fields: Record<string, string>) {
  const response = await page.request.post('/calendar/new', { form: { durationMinutes: '60', appointmentType: 'consultation', ...fields }, maxRedirects: 0 })
  expect(response.status(), await response.text()).toBe(302)
  return response.headers().location!.split('#appointment-')[1]!
}

test.describe('calendar', () => {
  useRole('coordinator')

  test('book by keyboard alone: the required-fields alert, then the appointment in the list in New York time', async ({ page }) => {
    const unique = Date.now().toString().slice(-6)
    const day = dayFromToday(6)
    await page.goto('/calendar')
    await page.getByRole('link', { name: 'New Appointment' }).first().focus()
    await page.keyboard.press('Enter')
    const dialog = page.getByRole('dialog', { name: 'Create Appointment' })
    await expect(dialog.getByRole('heading', { name: 'Create Appointment' })).toBeVisible()
    await expect(dialog.getByLabel('Title')).toBeFocused()
    await expect(dialog.getByLabel('Location')).toHaveValue('Healthcare Center')
    await expect(dialog.getByLabel('Type')).toHaveValue('consultation')
    await expect(dialog.getByLabel('Duration')).toHaveValue('60')

    await dialog.getByRole('button', { name: 'Create Appointment' }).press('Enter')
    await expect(dialog.getByRole('alert').filter({ hasText: /\S/ }).filter({ hasNot: page.getByTestId('toast') })).toHaveText('Please fill in all required fields (Title, Date, Time)')
    await expect(dialog.getByLabel('Title')).toHaveAttribute('aria-invalid', 'true')

    await dialog.getByLabel('Title').focus()
    await page.keyboard.type(`Keyboard assessment ${unique}`)
    await dialog.getByLabel('Date').fill(day)
    await dialog.getByLabel('Time').fill('07:15')
    await dialog.getByLabel('Type').selectOption('initial_assessment')
    await dialog.getByLabel('Duration').selectOption('90')
    await dialog.getByLabel('Notes').fill('Bring the intake forms.')
    const lead = dialog.getByLabel('Lead')
    await lead.selectOption({ index: 1 })
    const leadName = ((await lead.locator('option:checked').textContent()) ?? '').split(' · ')[0]!
    // Enter in a text field sends the form, as everywhere.
    await dialog.getByLabel('Location').press('Enter')

    await expect(page.getByTestId('toast')).toContainText('Appointment created successfully!')
    await expect(dialog).toHaveCount(0)
    const item = page.getByRole('listitem').filter({ hasText: `Keyboard assessment ${unique}` })
    await expect(item).toBeFocused()
    await expect(item).toContainText(`${shortDate(day)}, 7:15 AM – 8:45 AM`)
    await expect(item).toContainText('Healthcare Center')
    await expect(item).toContainText('Initial Assessment')
    await expect(item).toContainText('Scheduled')
    await expect(item.getByRole('link', { name: leadName })).toHaveAttribute('href', /^\/leads\//)
    await expect(item).toContainText(`Lead Assignment: ${leadName}`)
  })

  test('a caregiver booked twice is refused with the clash named', async ({ page }) => {
    const unique = Date.now().toString().slice(-6)
    // A day of its own, so that a retry or a repeat does not meet the first run's booking.
    const day = dayFromToday(14 + (Number(unique) % 350))
    await page.goto('/calendar/new')
    const dialog = page.getByRole('dialog', { name: 'Create Appointment' })
    const caregiver = dialog.getByLabel('Caregiver')
    await caregiver.selectOption({ index: 2 })
    const caregiverId = await caregiver.inputValue()
    const caregiverName = ((await caregiver.locator('option:checked').textContent()) ?? '').split(' · ')[0]!
    // Whatever days the caregiver works: the first booking says to book anyway.
    await book(page, { title: `First visit ${unique}`, date: day, time: '06:00', caregiverId, confirmAvailability: 'on' })

    await dialog.getByLabel('Title').fill(`Second visit ${unique}`)
    await dialog.getByLabel('Date').fill(day)
    await dialog.getByLabel('Time').fill('06:30')
    await dialog.getByRole('button', { name: 'Create Appointment' }).click()
    const message = `Error creating appointment: ${caregiverName} is already booked for "First visit ${unique}" (${shortDate(day)}, 6:00 AM – 7:00 AM). Choose another time or caregiver.`
    // The form's own alert; the toast shows in the dialog too, as an alert of its own.
    await expect(dialog.getByRole('alert').filter({ hasText: /\S/ }).filter({ hasNot: page.getByTestId('toast') })).toHaveText(message)
    await expect(page.getByTestId('toast')).toContainText(message)
  })

  test('find by title and filter by type; the empty state says what to do', async ({ page }) => {
    const unique = Date.now().toString().slice(-6)
    await book(page, { title: `Findable therapy ${unique}`, date: dayFromToday(3), time: '06:45', appointmentType: 'therapy' })
    await page.goto('/calendar')
    await page.getByRole('searchbox').fill(`findable therapy ${unique}`)
    await page.getByRole('searchbox').press('Enter')
    await expect(page).toHaveURL(/q=findable/)
    // A changed filter applies at once only with the page's script running.
    await waitForHydration(page)
    await expect(page.getByRole('heading', { name: 'Upcoming Appointments (1)' })).toBeVisible()
    await page.getByLabel('Type').selectOption('care_review')
    await expect(page).toHaveURL(/type=care_review/)
    const empty = page.getByRole('status').filter({ hasText: 'No appointments found' })
    await expect(empty).toContainText('matches the search or filter')
    await expect(empty.getByRole('link', { name: 'Clear search and filters' })).toBeVisible()
    await page.getByLabel('Type').selectOption('therapy')
    await expect(page.getByRole('link', { name: `Findable therapy ${unique}` })).toBeVisible()
    // The type search finds it by its label's words too.
    await page.goto('/calendar?q=therapy')
    await expect(page.getByRole('link', { name: `Findable therapy ${unique}` })).toBeVisible()
  })

  test('reschedule, then complete; cancel another with a reason', async ({ page }) => {
    const unique = Date.now().toString().slice(-6)
    const day = dayFromToday(4)
    const id = await book(page, { title: `Moving visit ${unique}`, date: day, time: '05:00' })
    await page.goto(`/calendar/${id}`)
    await expect(page.getByRole('heading', { level: 1, name: `Moving visit ${unique}` })).toBeVisible()
    await checkA11y(page, { label: 'appointment page', include: 'main' })

    await page.getByRole('link', { name: 'Reschedule' }).click()
    const reschedule = page.getByRole('dialog', { name: 'Reschedule Appointment' })
    await expect(reschedule.getByLabel('Time')).toHaveValue('05:00')
    await reschedule.getByLabel('Time').fill('05:30')
    await reschedule.getByLabel('Duration').selectOption('45')
    await reschedule.getByRole('button', { name: 'Reschedule' }).click()
    await expect(page.getByTestId('toast')).toContainText('Appointment rescheduled')
    const details = page.getByRole('region', { name: 'Details' })
    await expect(details).toBeFocused()
    await expect(details).toContainText(`${shortDate(day)}, 5:30 AM – 6:15 AM (45 minutes`)

    await page.getByRole('button', { name: 'Complete' }).click()
    await expect(page.getByTestId('toast')).toContainText('Appointment completed')
    await expect(details).toContainText('Completed')
    await expect(page.getByRole('link', { name: 'Reschedule' })).toHaveCount(0)
    await expect(page.getByRole('region', { name: 'Activity' })).toContainText('Rescheduled')

    const other = await book(page, { title: `Cancelled visit ${unique}`, date: day, time: '04:00' })
    await page.goto(`/calendar/${other}`)
    await page.getByRole('link', { name: 'Cancel Appointment' }).click()
    const cancel = page.getByRole('dialog', { name: 'Cancel Appointment' })
    await cancel.getByRole('button', { name: 'Cancel Appointment' }).click()
    await expect(cancel.getByText('Give a reason for cancelling')).toBeVisible()
    await cancel.getByLabel('Reason for cancelling').fill('Client admitted to hospital')
    await cancel.getByRole('button', { name: 'Cancel Appointment' }).click()
    await expect(page.getByTestId('toast')).toContainText('Appointment cancelled')
    await expect(details).toContainText('Cancelled because')
    await expect(details).toContainText('Client admitted to hospital')
  })

  test('the clocks: a skipped time is refused, a repeated one asks which', async ({ page }) => {
    const unique = Date.now().toString().slice(-6)
    await page.goto('/calendar/new')
    const dialog = page.getByRole('dialog', { name: 'Create Appointment' })
    await dialog.getByLabel('Title').fill(`Night visit ${unique}`)
    await dialog.getByLabel('Date').fill('2027-03-14')
    await dialog.getByLabel('Time').fill('02:30')
    await dialog.getByRole('button', { name: 'Create Appointment' }).click()
    await expect(dialog.getByText('2:30 AM does not exist on that day: clocks go forward from 2:00 AM to 3:00 AM. Choose another time.')).toBeVisible()
    await expect(dialog.getByLabel('Time')).toHaveAttribute('aria-invalid', 'true')

    await dialog.getByLabel('Date').fill('2027-11-07')
    await dialog.getByLabel('Time').fill('01:30')
    await dialog.getByRole('button', { name: 'Create Appointment' }).click()
    const which = dialog.getByRole('group', { name: 'Which 1:30 AM?' })
    await expect(which).toContainText('1:30 AM happens twice on that day: clocks go back from 2:00 AM to 1:00 AM. Choose which one you mean.')
    await which.getByLabel('The second 1:30 AM (after the clocks go back)').check()
    await dialog.getByRole('button', { name: 'Create Appointment' }).click()
    await expect(page.getByTestId('toast')).toContainText('Appointment created successfully!')

    await page.goto(`/calendar?q=${unique}&from=2027-11-07&days=1`)
    await page.getByRole('link', { name: `Night visit ${unique}` }).click()
    await expect(page.getByRole('region', { name: 'Details' })).toContainText('Nov 7, 2027, 1:30 AM – 2:30 AM (1 hour, EST)')
  })

  test('the week view: seven days, paged by links, each appointment a link', async ({ page }) => {
    const unique = Date.now().toString().slice(-6)
    const day = dayFromToday(9)
    await book(page, { title: `Week visit ${unique}`, date: day, time: '20:00' })
    await page.goto('/calendar')
    await page.getByRole('navigation', { name: 'Calendar view' }).getByRole('link', { name: 'Week' }).click()
    await expect(page).toHaveURL(/view=week/)
    const grid = page.getByRole('region', { name: /^Week of / })
    await expect(grid.getByRole('heading', { level: 3 })).toHaveCount(7)
    // Nine days ahead is next week or the one after: page forward until it shows.
    const visit = page.getByRole('link', { name: new RegExp(`Week visit ${unique}`) })
    for (let step = 0; step < 2 && (await visit.count()) === 0; step++) {
      const heading = page.getByRole('heading', { level: 2, name: /^Week of / })
      const shown = await heading.textContent()
      await page.getByRole('link', { name: 'Next week' }).click()
      await expect(heading).not.toHaveText(shown!)
    }
    await expect(visit).toContainText('8:00 PM')
    await checkA11y(page, { label: 'week view', include: 'main' })
    await visit.click()
    await expect(page.getByRole('heading', { level: 1, name: `Week visit ${unique}` })).toBeVisible()
  })
})
