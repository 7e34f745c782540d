import { expect, test, useRole } from './support/fixtures'

/** A day ten days ahead as the date field takes it (the exact day does not matter, only that it is upcoming). */
function tenDaysAhead() {
  return new Date(Date.now() + 10 * 24 * 60 * 60 * 1000).toISOString().slice(0, 10)
}

test.describe('calendar from the people and to other calendars', () => {
  useRole('coordinator')

  test("Schedule on an active caregiver books a visit by keyboard and lists it on their page", async ({ page }) => {
    const unique = Date.now().toString().slice(-6)
    const created = await page.request.post('/api/caregivers', {
      data: { fullName: `Sched Carer${unique}`, phone: '2015550131', licenseNumber: `S-${unique}`, yearsExperience: '1-2' },
    })
    expect(created.status()).toBe(201)
    const id = (await created.json()).id as string
    const here = `/caregivers/${id}`
    // Only an active caregiver is scheduled: the profile's own status form makes this one active.
    const activated = await page.request.post(here, { form: { intent: 'set-status', value: 'active' }, maxRedirects: 0 })
    expect(activated.status()).toBe(302)

    await page.goto(here)
    await expect(page.getByRole('heading', { name: 'Upcoming appointments (0)' })).toBeVisible()
    await page.getByRole('link', { name: 'Schedule', exact: true }).focus()
    await page.keyboard.press('Enter')
    const dialog = page.getByRole('dialog', { name: 'Create Appointment' })
    await expect(dialog.getByLabel('Caregiver')).toHaveValue(id)
    // Drawn over the caregiver's page, not the calendar.
    await expect(page).toHaveURL(new RegExp(`${here}/schedule\\?`))

    await dialog.getByLabel('Title').fill(`Morning care ${unique}`)
    await dialog.getByLabel('Date').fill(tenDaysAhead())
    await dialog.getByLabel('Time').fill('09:30')
    await dialog.getByRole('button', { name: 'Create Appointment' }).press('Enter')

    await expect(page.getByTestId('toast')).toContainText('Appointment created successfully!')
    await expect(dialog).toHaveCount(0)
    await expect(page).toHaveURL(new RegExp(`${here}#appointment-`))
    await expect(page.getByRole('heading', { name: 'Upcoming appointments (1)' })).toBeVisible()
    const item = page.getByRole('listitem').filter({ has: page.getByRole('link', { name: `Morning care ${unique}` }) })
    await expect(item).toContainText('9:30 AM')
    await expect(item).toContainText('Scheduled')
    // The save returns to the new visit: the next Tab is its link.
    await expect(item).toBeFocused()
    await page.keyboard.press('Tab')
    await expect(page.getByRole('link', { name: `Morning care ${unique}` })).toBeFocused()
  })

  test('subscribe to the calendar: a feed URL that a calendar program can read, until it is revoked', async ({ page }) => {
    await page.goto('/calendar')
    await page.getByRole('link', { name: 'Subscribe', exact: true }).focus()
    await page.keyboard.press('Enter')
    const dialog = page.getByRole('dialog', { name: 'Subscribe to Calendar' })
    await dialog.getByRole('button', { name: /Create feed URL|Replace with a new URL/ }).press('Enter')

    const field = dialog.getByLabel('Your calendar feed URL')
    await expect(field).toHaveValue(/\/calendar\/feed\/[A-Za-z0-9_-]{43}\.ics$/)
    const url = await field.inputValue()
    const feed = await page.request.get(url)
    expect(feed.status()).toBe(200)
    expect(feed.headers()['content-type']).toBe('text/calendar; charset=utf-8')
    expect(await feed.text()).toContain('BEGIN:VCALENDAR')

    await dialog.getByRole('button', { name: 'Copy URL' }).press('Enter')
    await expect(dialog.getByRole('status').filter({ hasText: /Copied|Could not copy/ })).toBeVisible()

    await dialog.getByRole('button', { name: 'Revoke feed URL' }).press('Enter')
    await expect(page.getByTestId('toast')).toContainText('Calendar feed revoked')
    await expect(page.getByRole('dialog', { name: 'Subscribe to Calendar' }).getByText('You have no calendar feed.')).toBeVisible()
    expect((await page.request.get(url)).status()).toBe(404)
  })
})
