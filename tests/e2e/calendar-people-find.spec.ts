import { expect, test, useRole, waitForHydration } from './support/fixtures'

/** 'Find people' on the appointment form, with JavaScript: by keyboard, from search to saved. */
const ZONE = 'America/New_York'

function dayFromToday(offset: number) {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: ZONE }).format(new Date())
  const date = new Date(`${today}T12:00:00Z`)
  date.setUTCDate(date.getUTCDate() + offset)
  return date.toISOString().slice(0, 10)
}

/** Letters only, unique per run: a name no other record holds, with no digits to match a phone number. */
function uniqueWord() {
  return Date.now().toString(36).replace(/\d/g, (digit) => 'abcdefghij'[Number(digit)]!)
}

test.describe('finding a person for an appointment', () => {
  useRole('coordinator')

  test('Enter in Find narrows the lists, keeps what was typed; the person found is saved', async ({ page }) => {
    const lastName = `Pickwick${uniqueWord()}`
    const created = await page.request.post('/api/patients', {
      data: { firstName: 'Nell', lastName, dateOfBirth: '1941-05-02', gender: 'female', phone: '(917) 555-0177', medicalHistory: {}, insuranceInfo: {} },
    })
    expect(created.status()).toBe(201)
    const title = `Found visit ${uniqueWord()}`

    await page.goto('/calendar')
    await page.getByRole('link', { name: 'New Appointment' }).first().click()
    const dialog = page.getByRole('dialog', { name: 'Create Appointment' })
    await expect(dialog.getByLabel('Title')).toBeFocused()
    await waitForHydration(page)
    await dialog.getByLabel('Title').fill(title)
    await dialog.getByLabel('Date').fill(dayFromToday(9))
    await dialog.getByLabel('Time').fill('10:20')
    await dialog.getByLabel('Notes').fill('Found by name.')

    await dialog.getByLabel('Find people').fill(lastName.toUpperCase())
    await dialog.getByLabel('Find people').press('Enter')
    const status = dialog.getByRole('status').filter({ hasText: 'match' })
    await expect(status).toHaveText(`1 patient, 0 caregivers, 0 leads match "${lastName.toUpperCase()}"`)
    await expect(status).toBeFocused()
    await expect(page).toHaveURL(/\/calendar\/new\?.*findPeople=/)
    // Nothing saved, nothing checked, everything typed still there.
    await expect(dialog.getByLabel('Title')).toHaveValue(title)
    await expect(dialog.getByLabel('Notes')).toHaveValue('Found by name.')
    await expect(dialog.getByLabel('Time')).toHaveValue('10:20')
    await expect(dialog.getByLabel('Title')).not.toHaveAttribute('aria-invalid', 'true')
    const patient = dialog.getByLabel('Patient')
    await expect(patient.locator('option')).toHaveText(['No patient', `Nell ${lastName} · (917) 555-0177`])

    // Tab from the status reaches the list found.
    await page.keyboard.press('Tab')
    await expect(patient).toBeFocused()
    await patient.selectOption({ index: 1 })
    await dialog.getByRole('button', { name: 'Create Appointment' }).press('Enter')

    await expect(page.getByTestId('toast')).toContainText('Appointment created successfully!')
    await expect(dialog).toHaveCount(0)
    const item = page.getByRole('listitem').filter({ hasText: title })
    await expect(item).toContainText(`Patient Assignment: Nell ${lastName}`)
  })
})
