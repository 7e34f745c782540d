import type { Locator } from '@playwright/test'
import { expect, test, useRole } from './support/fixtures'

async function fillPersonalInfo(scope: Locator, lastName: string) {
  await scope.getByLabel('First Name').fill('Keyboard')
  await scope.getByLabel('Last Name').fill(lastName)
  await scope.getByLabel('Date of Birth').fill('1944-03-15')
  await scope.getByLabel('Gender').selectOption('female')
  await scope.getByLabel('Phone').fill('(917) 555-0123')
}

/** Patient registration with JavaScript: the wizard in a dialog over the list, by keyboard. */
test.describe('patient registration', () => {
  useRole('coordinator')

  test('all five steps by keyboard, then review and approval on the profile', async ({ page }) => {
    const lastName = `Walker${Date.now().toString().slice(-6)}`
    await page.goto('/patients')
    await expect(page.getByRole('heading', { name: /Patient Registrations \(\d+\)/ })).toBeVisible()
    await page.getByRole('link', { name: 'Start New Registration' }).first().focus()
    await page.keyboard.press('Enter')
    let dialog = page.getByRole('dialog', { name: 'New Patient Registration' })
    await expect(dialog.getByText('Step 1 of 5: Personal Info')).toBeVisible()
    await expect(dialog.getByText('0% complete')).toBeVisible()

    await dialog.getByRole('button', { name: 'Next' }).press('Enter')
    await expect(dialog.getByText('First name is required')).toBeVisible()
    await expect(dialog.getByText('Date of birth is required')).toBeVisible()
    await expect(dialog.getByLabel('Gender')).toHaveAttribute('aria-invalid', 'true')

    await fillPersonalInfo(dialog, lastName)
    // Enter in a field means Next (never Back or Cancel).
    await dialog.getByLabel('Phone').press('Enter')
    await expect(page.getByTestId('toast')).toContainText('Patient registered successfully')
    dialog = page.getByRole('dialog', { name: 'Edit Patient' })
    await expect(dialog.getByText('Step 2 of 5: Medical History')).toBeVisible()
    await expect(dialog.getByText('20% complete')).toBeVisible()
    await expect(dialog.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '20')
    await expect(dialog.locator('[aria-current="step"]')).toContainText('Medical History')

    await dialog.getByLabel('Allergies').fill('Penicillin')
    await dialog.getByLabel('Primary physician').fill('Dr. Osler')
    // Another step of the progress keeps what was typed here: it saves this step on the way.
    await dialog.getByRole('navigation', { name: 'Registration steps' }).getByRole('button', { name: /Personal Info/ }).press('Enter')
    await expect(dialog.getByRole('heading', { name: 'Step 1 of 5: Personal Info' })).toBeFocused()
    await dialog.getByRole('button', { name: 'Medical History (saved)' }).press('Enter')
    await expect(dialog.getByLabel('Allergies')).toHaveValue('Penicillin')
    await dialog.getByRole('button', { name: 'Next' }).press('Enter')
    await expect(dialog.getByText('Step 3 of 5: Insurance')).toBeVisible()
    await dialog.getByLabel('Member ID').fill('1EG4-TE5')
    await dialog.getByRole('button', { name: 'Next' }).press('Enter')
    await expect(dialog.getByText('Insurance provider is required with a member ID or group number')).toBeVisible()
    await dialog.getByLabel('Insurance provider').fill('Medicare')
    await dialog.getByRole('button', { name: 'Next' }).press('Enter')

    await expect(dialog.getByText('Step 4 of 5: Emergency Contacts')).toBeVisible()
    await expect(dialog.getByText('60% complete')).toBeVisible()
    await dialog.getByRole('button', { name: 'Add emergency contact' }).press('Enter')
    await expect(dialog.getByRole('group', { name: 'Emergency contact 2' })).toBeVisible()
    // The keyboard goes on where the list changed: the new contact's first field, then the one left.
    await expect(dialog.getByRole('group', { name: 'Emergency contact 2' }).getByLabel('Name')).toBeFocused()
    await dialog.getByRole('button', { name: 'Remove contact 2' }).press('Enter')
    await expect(dialog.getByRole('group', { name: 'Emergency contact 2' })).toHaveCount(0)
    const contact = dialog.getByRole('group', { name: 'Emergency contact 1' })
    await expect(contact.getByLabel('Name')).toBeFocused()
    await contact.getByLabel('Name').fill('Sam Walker')
    await contact.getByLabel('Relationship').fill('Son')
    await contact.getByLabel('Phone').fill('(917) 555-0188')
    await dialog.getByRole('button', { name: 'Next' }).press('Enter')

    await expect(dialog.getByText('Step 5 of 5: Care Preferences')).toBeVisible()
    await dialog.getByLabel('Care Type').selectOption('elderly-care')
    await dialog.getByRole('checkbox', { name: 'Monday' }).press('Space')
    await dialog.getByRole('checkbox', { name: 'Thursday' }).press('Space')
    await dialog.getByRole('checkbox', { name: 'Morning' }).check()
    await dialog.getByLabel('Preferred language').fill('Spanish')
    await dialog.getByRole('button', { name: 'Submit for Review' }).press('Enter')

    await expect(page.getByRole('heading', { level: 1, name: `Keyboard ${lastName}` })).toBeVisible()
    await expect(page.getByTestId('toast')).toContainText('Patient updated successfully')
    await expect(page.getByText('100% of the registration saved')).toBeVisible()
    await expect(page.getByText('Monday, Thursday')).toBeVisible()
    await expect(page.getByText('Sam Walker')).toBeVisible()
    await expect(page.getByRole('region', { name: 'Activity' })).toContainText('Saved Care Preferences')
    await expect(page.getByRole('region', { name: 'Viewed by' })).toContainText('Casey Coordinator')

    await page.getByRole('button', { name: 'Approve Registration' }).click()
    await expect(page.getByTestId('toast')).toContainText('Patient updated successfully')
    await expect(page.getByText('Complete', { exact: true })).toBeVisible()
    await expect(page.getByRole('button', { name: 'Approve Registration' })).toHaveCount(0)
  })

  test('the list under the dialog is not read between steps, and is read again when the dialog closes', async ({ page }) => {
    const lastName = `Behind${Date.now().toString().slice(-6)}`
    await page.goto(`/patients?q=${lastName}`)
    await expect(page.getByRole('heading', { name: 'Patient Registrations (0)' })).toBeVisible()
    const listReads: string[] = []
    page.on('request', (request) => {
      if (new URL(request.url()).searchParams.get('_data') === 'routes/_app.patients') listReads.push(request.url())
    })
    await page.getByRole('link', { name: 'Start New Registration' }).first().click()
    const newDialog = page.getByRole('dialog', { name: 'New Patient Registration' })
    await fillPersonalInfo(newDialog, lastName)
    await newDialog.getByRole('button', { name: 'Next' }).click()
    const dialog = page.getByRole('dialog', { name: 'Edit Patient' })
    await expect(dialog.getByText('Step 2 of 5: Medical History')).toBeVisible()
    await dialog.getByRole('button', { name: 'Next' }).click()
    await expect(dialog.getByText('Step 3 of 5: Insurance')).toBeVisible()
    expect(listReads).toEqual([])

    await dialog.getByRole('link', { name: 'Cancel' }).click()
    await expect(dialog).toHaveCount(0)
    await expect(page.getByRole('heading', { name: 'Patient Registrations (1)' })).toBeVisible()
    await expect(page.getByRole('link', { name: `Keyboard ${lastName}` }).first()).toBeVisible()
  })

  test('the four filters and the cards view', async ({ page }) => {
    const lastName = `Filter${Date.now().toString().slice(-6)}`
    await page.goto('/patients/new')
    const dialog = page.getByRole('dialog', { name: 'New Patient Registration' })
    await fillPersonalInfo(dialog, lastName)
    await dialog.getByRole('button', { name: 'Save and Close' }).click()
    await expect(page.getByTestId('toast')).toContainText('Patient registered successfully')

    await page.getByRole('searchbox').fill(lastName.toLowerCase())
    await page.getByRole('searchbox').press('Enter')
    await expect(page.getByRole('heading', { name: 'Patient Registrations (1)' })).toBeVisible()
    // Selecting a filter applies it at once.
    await page.getByLabel('Registration Date').selectOption('today')
    await expect(page).toHaveURL(/date=today/)
    await expect(page.getByRole('heading', { name: 'Patient Registrations (1)' })).toBeVisible()
    await page.getByLabel('Registration Status').selectOption('complete')
    await expect(page.getByText('No patient registrations match these filters')).toBeVisible()
    await page.getByLabel('Registration Status').selectOption('in-progress')
    await expect(page.getByRole('heading', { name: 'Patient Registrations (1)' })).toBeVisible()
    await page.getByLabel('Care Type').selectOption('home-care')
    await expect(page.getByRole('heading', { name: 'Patient Registrations (0)' })).toBeVisible()
    await page.getByRole('link', { name: 'Clear search and filters' }).click()
    await expect(page.getByText(/Showing 1-12 of \d+ patients/)).toBeVisible()

    await page.getByRole('searchbox').fill(lastName)
    await page.getByRole('searchbox').press('Enter')
    await page.getByRole('link', { name: 'Cards' }).click()
    const card = page.getByRole('listitem').filter({ hasText: `Keyboard ${lastName}` })
    await expect(card).toContainText(/Patient #[0-9A-F]{8}/)
    await expect(card).toContainText('In Progress')
    await card.getByRole('button', { name: `Actions for Keyboard ${lastName}` }).click()
    await page.getByRole('menuitem', { name: 'Continue Registration' }).click()
    await expect(page.getByRole('dialog', { name: 'Edit Patient' }).getByText('Step 2 of 5: Medical History')).toBeVisible()
  })

  test('a lead becomes a patient registration, pre-filled and linked', async ({ page }) => {
    const lastName = `Convert${Date.now().toString().slice(-6)}`
    await page.goto('/leads/new')
    const leadDialog = page.getByRole('dialog', { name: 'Add New Lead' })
    await leadDialog.getByLabel('First Name').fill('Nora')
    await leadDialog.getByLabel('Last Name').fill(lastName)
    await leadDialog.getByLabel('Email').fill(`${lastName.toLowerCase()}@example.com`)
    await leadDialog.getByLabel('Phone').fill('2015550111')
    await leadDialog.getByLabel('City').fill('Newark')
    await leadDialog.getByRole('button', { name: 'Create Lead' }).click()
    await expect(page.getByTestId('toast')).toBeVisible()
    await page.getByRole('searchbox').fill(lastName)
    await page.getByRole('searchbox').press('Enter')
    await page.getByRole('link', { name: `Nora ${lastName}`, exact: true }).click()

    await page.getByRole('link', { name: 'Convert to Patient' }).click()
    const dialog = page.getByRole('dialog', { name: 'New Patient Registration' })
    // Drawn over the lead's page, not the patients' list.
    await expect(page).toHaveURL(/\/leads\/[^/]+\/convert$/)
    await expect(page.locator('h1', { hasText: `Nora ${lastName}` })).toBeAttached()
    await expect(dialog.getByText(`Converting lead Nora ${lastName}`)).toBeVisible()
    await expect(dialog.getByLabel('Last Name')).toHaveValue(lastName)
    await expect(dialog.getByLabel('City')).toHaveValue('Newark')
    await dialog.getByLabel('Date of Birth').fill('1950-06-01')
    await dialog.getByLabel('Gender').selectOption('female')
    await dialog.getByRole('button', { name: 'Save and Close' }).click()

    await expect(page.getByRole('heading', { level: 1, name: `Nora ${lastName}` })).toBeVisible()
    await expect(page.getByText('Converted from lead')).toBeVisible()
    await page.getByRole('link', { name: `Nora ${lastName}` }).click()
    await expect(page.getByText('Converted', { exact: true })).toBeVisible()
    await expect(page.getByRole('link', { name: 'View Patient Registration' })).toBeVisible()
    await expect(page.getByRole('link', { name: 'Convert to Patient' })).toHaveCount(0)
  })
})

test.describe('the patient profile on a phone', () => {
  useRole('coordinator')

  test('a long e-mail address wraps inside the profile instead of widening the page; a dialog closed onto a saved section gives the focus back to its Edit', async ({ page }) => {
    const unique = Date.now().toString().slice(-6)
    const created = await page.request.post('/api/patients', {
      data: {
        firstName: 'Wide',
        lastName: `Mail${unique}`,
        dateOfBirth: '1940-02-02',
        gender: 'female',
        phone: '(917) 555-0144',
        email: `a.very.long.address.for.a.narrow.screen.${unique}@example-home-care-agency.com`,
      },
    })
    expect(created.status()).toBe(201)
    const here = `/patients/${(await created.json()).id}`
    await page.setViewportSize({ width: 390, height: 844 })
    await page.goto(`${here}#registration-status`)
    await expect(page.getByRole('heading', { level: 1, name: `Wide Mail${unique}` })).toBeVisible()
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390)

    const edit = page.getByRole('link', { name: 'Edit Personal Info' })
    await edit.click()
    const dialog = page.getByRole('dialog', { name: 'Edit Patient' })
    await expect(dialog).toBeVisible()
    await page.keyboard.press('Escape')
    await expect(dialog).toHaveCount(0)
    await expect(edit).toBeFocused()
  })
})

/**
 * Where each registration button leaves keyboard focus: at the heading of
 * where the user now is, with the result in a polite live region; never on
 * the page's body.
 */
test.describe('patient registration: focus after each button', () => {
  useRole('coordinator')

  test('Next from the first step: the second step\'s heading, then Tab into its first field', async ({ page }) => {
    await page.goto('/patients')
    await page.getByRole('link', { name: 'Start New Registration' }).first().focus()
    await page.keyboard.press('Enter')
    const newDialog = page.getByRole('dialog', { name: 'New Patient Registration' })
    await expect(newDialog.getByLabel('First Name')).toBeFocused()
    await fillPersonalInfo(newDialog, `Focus${Date.now().toString().slice(-6)}`)
    await newDialog.getByRole('button', { name: 'Next' }).press('Enter')

    const dialog = page.getByRole('dialog', { name: 'Edit Patient' })
    await expect(dialog.getByRole('heading', { name: 'Step 2 of 5: Medical History' })).toBeFocused()
    await expect(dialog.getByRole('status')).toContainText('Patient registered successfully')
    await page.keyboard.press('Tab')
    await expect(dialog.getByLabel('Conditions and diagnoses')).toBeFocused()
  })

  test('Back from a step left blank goes back without asking for its fields', async ({ page }) => {
    // Steps 1 to 3 saved: the emergency contacts step opens empty.
    const created = await page.request.post('/api/patients', {
      data: { firstName: 'Blank', lastName: `Back${Date.now().toString().slice(-6)}`, dateOfBirth: '1944-03-15', gender: 'male', phone: '(917) 555-0124', medicalHistory: {}, insuranceInfo: {} },
    })
    expect(created.status()).toBe(201)
    await page.goto(`/patients/${(await created.json()).id}`)
    await page.getByRole('link', { name: 'Continue Registration' }).click()
    const dialog = page.getByRole('dialog', { name: 'Edit Patient' })
    await expect(dialog.getByRole('heading', { name: 'Step 4 of 5: Emergency Contacts' })).toBeVisible()
    await dialog.getByRole('button', { name: 'Back' }).click()
    await expect(dialog.getByRole('heading', { name: 'Step 3 of 5: Insurance' })).toBeFocused()
    await expect(dialog.getByText('Contact name is required')).toHaveCount(0)
  })

  test('Back, Next, Save and Close, Submit for Review and Approve, by keyboard from the profile', async ({ page }) => {
    // Steps 1 to 3 saved, as the wizard above saves them.
    const created = await page.request.post('/api/patients', {
      data: {
        firstName: 'Keyboard',
        lastName: `Focus${Date.now().toString().slice(-6)}`,
        dateOfBirth: '1944-03-15',
        gender: 'female',
        phone: '(917) 555-0123',
        medicalHistory: { allergies: 'Penicillin' },
        insuranceInfo: {},
      },
    })
    expect(created.status()).toBe(201)
    await page.goto(`/patients/${(await created.json()).id}`)
    const status = page.getByRole('heading', { name: /^Registration status:/ })
    const announced = (text: string) => page.getByRole('status').filter({ hasText: text })

    await page.getByRole('link', { name: 'Continue Registration' }).focus()
    await page.keyboard.press('Enter')
    const dialog = page.getByRole('dialog', { name: 'Edit Patient' })
    const contact = dialog.getByRole('group', { name: 'Emergency contact 1' })
    await expect(contact.getByLabel('Name')).toBeFocused()

    await page.keyboard.type('Sam Walker')
    await contact.getByLabel('Phone').fill('(917) 555-0188')

    // Back: the previous step, at its heading, from where Tab goes into its first field.
    await dialog.getByRole('button', { name: 'Back' }).press('Enter')
    await expect(dialog.getByRole('heading', { name: 'Step 3 of 5: Insurance' })).toBeFocused()
    await page.keyboard.press('Tab')
    await expect(dialog.getByLabel('Insurance provider')).toBeFocused()
    await dialog.getByRole('button', { name: 'Next' }).press('Enter')
    await expect(dialog.getByRole('heading', { name: 'Step 4 of 5: Emergency Contacts' })).toBeFocused()
    await page.keyboard.press('Tab')
    await expect(contact.getByLabel('Name')).toBeFocused()
    await expect(contact.getByLabel('Name')).toHaveValue('Sam Walker')

    // Save and Close: back on the profile, at its status.
    await dialog.getByRole('button', { name: 'Save and Close' }).press('Enter')
    await expect(dialog).toHaveCount(0)
    await expect(status).toBeFocused()
    await expect(status).toContainText('In Progress')
    await expect(announced('Patient updated successfully')).toBeVisible()

    await page.getByRole('link', { name: 'Continue Registration' }).press('Enter')
    await expect(dialog.getByLabel('Care Type')).toBeFocused()
    await dialog.getByLabel('Care Type').selectOption('elderly-care')
    await dialog.getByRole('button', { name: 'Submit for Review' }).press('Enter')
    await expect(dialog).toHaveCount(0)
    await expect(status).toBeFocused()
    await expect(status).toContainText('Awaiting review')
    await expect(announced('The registration is ready for review.')).toBeVisible()

    // From the status, Tab goes on to the approval.
    await page.keyboard.press('Tab')
    await expect(page.getByRole('button', { name: 'Approve Registration' })).toBeFocused()
    await page.keyboard.press('Enter')
    await expect(status).toContainText('Complete')
    await expect(status).toBeFocused()
    await expect(announced('The registration is complete.')).toBeVisible()
  })
})

test.describe('patients as a viewer', () => {
  useRole('viewer')

  test('can read the list and profiles but not start or change a registration', async ({ page }) => {
    await page.goto('/patients')
    await expect(page.getByRole('heading', { level: 1, name: 'Patient Onboarding' })).toBeVisible()
    await expect(page.getByRole('link', { name: 'Start New Registration' })).toHaveCount(0)
    // A row's menu offers the profile, not Continue or Edit.
    await page.getByRole('button', { name: /^Actions for / }).first().click()
    await expect(page.getByRole('menu').getByRole('menuitem')).toHaveText(['View Profile'])
    await page.getByRole('menuitem', { name: 'View Profile' }).click()
    await expect(page.getByRole('region', { name: 'Viewed by' })).toContainText('Vic Viewer')
    await expect(page.getByRole('link', { name: 'Edit', exact: true })).toHaveCount(0)
  })
})
