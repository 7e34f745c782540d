import { expect, test, useRole } from './support/fixtures'

/** 'Find people' on the appointment form without JavaScript: a GET form, Enter included. */
const ZONE = 'America/New_York'

function dayFromToday(offset: number) {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: ZONE }).format(new Date())
  const date = new Date(`${today}T12:00:00Z`)
  date.setUTCDate(date.getUTCDate() + offset)
  return date.toISOString().slice(0, 10)
}

function uniqueWord() {
  return Date.now().toString(36).replace(/\d/g, (digit) => 'abcdefghij'[Number(digit)]!)
}

test.describe('finding a person for an appointment without JavaScript', () => {
  useRole('coordinator')

  test('Enter in Find and the Find button search without saving; the person found is saved', async ({ page }) => {
    const lastName = `Plainfind${uniqueWord()}`
    const created = await page.request.post('/api/patients', {
      data: { firstName: 'Otto', lastName, dateOfBirth: '1939-11-30', gender: 'male', phone: '(917) 555-0178', medicalHistory: {}, insuranceInfo: {} },
    })
    expect(created.status()).toBe(201)
    const title = `Plain found ${uniqueWord()}`

    await page.goto('/calendar')
    await page.getByRole('link', { name: 'New Appointment' }).first().click()
    await expect(page).toHaveURL('/calendar/new')
    await page.getByLabel('Title').fill(title)
    await page.getByLabel('Date').fill(dayFromToday(10))
    await page.getByLabel('Time').fill('11:40')

    // Enter in the field: the form goes to the server, which runs the Find rather than save.
    await page.getByLabel('Find people').fill(lastName)
    await page.getByLabel('Find people').press('Enter')
    await expect(page).toHaveURL(/\/calendar\/new\?.*findPeople=.*#people-found$/)
    await expect(page.locator('#people-found')).toHaveText(`1 patient, 0 caregivers, 0 leads match "${lastName}"`)
    await expect(page.getByLabel('Title')).toHaveValue(title)
    await expect(page.getByLabel('Patient').locator('option')).toHaveText(['No patient', `Otto ${lastName} · (917) 555-0178`])

    // The Find button: a search that matches no one says so, and the form is still as typed.
    await page.getByLabel('Find people').fill(`${lastName}zzz`)
    await page.getByRole('button', { name: 'Find', exact: true }).click()
    await expect(page.locator('#people-found')).toHaveText(`0 patients, 0 caregivers, 0 leads match "${lastName}zzz"`)
    await expect(page.getByLabel('Time')).toHaveValue('11:40')
    await page.getByLabel('Find people').fill(lastName)
    await page.getByRole('button', { name: 'Find', exact: true }).click()

    await page.getByLabel('Patient').selectOption({ index: 1 })
    // Enter in another field is still a save.
    await page.getByLabel('Location').press('Enter')
    await expect(page).toHaveURL(/\/calendar#appointment-/)
    await expect(page.getByTestId('toast')).toContainText('Appointment created successfully!')
    await page.getByRole('searchbox').fill(title)
    await page.getByRole('button', { name: 'Filter' }).click()
    await expect(page.getByRole('listitem').filter({ hasText: title })).toContainText(`Patient Assignment: Otto ${lastName}`)
  })
})
