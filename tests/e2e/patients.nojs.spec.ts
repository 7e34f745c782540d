import { expect, test, useRole } from './support/fixtures'

/** The whole registration as plain pages and forms, with JavaScript off. */
test.describe('patient registration without JavaScript', () => {
  useRole('coordinator')

  test('the first steps: messages, back and next keep what was typed, save and close, resume from the list', async ({ page }) => {
    const lastName = `Plain${Date.now().toString().slice(-6)}`
    await page.goto('/patients')
    await page.getByRole('link', { name: 'Start New Registration' }).first().click()
    await expect(page).toHaveURL('/patients/new')
    await expect(page.getByRole('heading', { level: 1, name: 'New Patient Registration' })).toBeVisible()

    await page.getByRole('button', { name: 'Next' }).click()
    await expect(page.getByText('First name is required')).toBeVisible()
    await expect(page.getByText('Gender is required')).toBeVisible()
    await expect(page.getByText('Phone is required')).toBeVisible()

    await page.getByLabel('First Name').fill('Nojs')
    await page.getByLabel('Last Name').fill(lastName)
    await page.getByLabel('Date of Birth').fill('1939-11-30')
    await page.getByLabel('Gender').selectOption('male')
    await page.getByLabel('Phone').fill('(646) 555-0150')
    await page.getByLabel('Email').fill('not-an-email')
    await page.getByRole('button', { name: 'Next' }).click()
    await expect(page.getByText('Invalid email address')).toBeVisible()
    await expect(page.getByLabel('Last Name')).toHaveValue(lastName)
    await page.getByLabel('Email').fill('')
    await page.getByRole('button', { name: 'Next' }).click()

    await expect(page.getByTestId('toast')).toContainText('Patient registered successfully')
    await expect(page).toHaveURL(/\/patients\/register\/[^/]+\/medical-history#registration-step$/)
    await expect(page.getByRole('heading', { level: 1, name: 'Edit Patient' })).toBeVisible()
    await expect(page.getByText('20% complete')).toBeVisible()
    await page.getByLabel('Conditions and diagnoses').fill('Parkinson’s disease')
    await page.getByRole('button', { name: 'Back' }).click()
    await expect(page).toHaveURL(/\/personal-info#registration-step$/)
    await expect(page.getByLabel('First Name')).toHaveValue('Nojs')
    await page.getByRole('button', { name: 'Next' }).click()
    await expect(page.getByLabel('Conditions and diagnoses')).toHaveValue('Parkinson’s disease')
    // A step of the progress is a button of the form: what was typed is saved on the way.
    await page.getByLabel('Allergies').fill('Latex')
    await page.getByRole('button', { name: 'Personal Info (saved)' }).click()
    await expect(page).toHaveURL(/\/personal-info#registration-step$/)
    await page.getByRole('button', { name: 'Medical History (saved)' }).click()
    await expect(page.getByLabel('Allergies')).toHaveValue('Latex')
    await page.getByRole('button', { name: 'Next' }).click()

    // Leave at the insurance step, and come back to it from the list.
    await expect(page.getByText('Step 3 of 5: Insurance')).toBeVisible()
    await page.getByRole('button', { name: 'Save and Close' }).click()
    await expect(page).toHaveURL('/patients')
    await expect(page.getByTestId('toast')).toContainText('Patient updated successfully')
    await page.getByRole('searchbox').fill(lastName)
    await page.getByRole('button', { name: 'Search' }).click()
    // Until the search's page arrives the whole list, with other registrations at 60%, is still shown.
    await expect(page).toHaveURL(new RegExp(`q=${lastName}`))
    await expect(page.getByText('60% done').filter({ visible: true })).toBeVisible()
    // The row's actions menu is a native disclosure without JavaScript.
    await page.getByLabel(`Actions for Nojs ${lastName}`).filter({ visible: true }).click()
    await page.getByRole('link', { name: 'Continue', exact: true }).click()
    await expect(page).toHaveURL(/\/patients\/register\/[^/]+\/emergency-contacts\?.*q=Plain/)
    await expect(page.getByText('Step 4 of 5: Emergency Contacts')).toBeVisible()
  })

  test('contact rows added and removed, submit for review, then approval', async ({ page }) => {
    const lastName = `Rows${Date.now().toString().slice(-6)}`
    // The first three steps as the flow above saves them, through the API.
    const created = await page.request.post('/api/patients', {
      data: {
        firstName: 'Nojs',
        lastName,
        dateOfBirth: '1939-11-30',
        gender: 'male',
        phone: '(646) 555-0150',
        medicalHistory: { conditions: 'Parkinson’s disease' },
        insuranceInfo: {},
      },
    })
    expect(created.status()).toBe(201)
    await page.goto(`/patients/${(await created.json()).id}/register/emergency-contacts`)
    await expect(page.getByText('Step 4 of 5: Emergency Contacts')).toBeVisible()

    await page.getByRole('button', { name: 'Add emergency contact' }).click()
    await expect(page.getByRole('group', { name: 'Emergency contact 2' })).toBeVisible()
    await page.getByRole('button', { name: 'Remove contact 1' }).click()
    await expect(page.getByRole('group', { name: 'Emergency contact 2' })).toHaveCount(0)
    const contact = page.getByRole('group', { name: 'Emergency contact 1' })
    await contact.getByLabel('Name').fill('Ruth Plain')
    await page.getByRole('button', { name: 'Next' }).click()
    await expect(page.getByText('Contact phone is required')).toBeVisible()
    await contact.getByLabel('Phone').fill('(646) 555-0199')
    await page.getByRole('button', { name: 'Next' }).click()

    await expect(page.getByText('Step 5 of 5: Care Preferences')).toBeVisible()
    await page.getByRole('button', { name: 'Submit for Review' }).click()
    await expect(page.getByText('Care type is required')).toBeVisible()
    await page.getByLabel('Care Type').selectOption('medical-care')
    await page.getByRole('checkbox', { name: 'Saturday' }).check()
    await page.getByRole('button', { name: 'Submit for Review' }).click()

    await expect(page.getByRole('heading', { level: 1, name: `Nojs ${lastName}` })).toBeVisible()
    await expect(page.getByText('All five steps are saved')).toBeVisible()
    await expect(page.getByText('Ruth Plain')).toBeVisible()
    await page.getByRole('button', { name: 'Approve Registration' }).click()
    await expect(page.getByTestId('toast')).toContainText('Patient updated successfully')
    await expect(page.getByText('Complete', { exact: true })).toBeVisible()

    await page.goto(`/patients?q=${lastName}`)
    await page.getByLabel(`Actions for Nojs ${lastName}`).filter({ visible: true }).click()
    await expect(page.getByRole('link', { name: 'View Profile', exact: true })).toBeVisible()
    await expect(page.getByRole('link', { name: 'Continue', exact: true })).toHaveCount(0)
  })

  test('each page after a save starts Tab where the user now is: the step\'s first field, the status before Approve', async ({ page }) => {
    const created = await page.request.post('/api/patients', {
      data: {
        firstName: 'Nojs',
        lastName: `Tab${Date.now().toString().slice(-6)}`,
        dateOfBirth: '1939-11-30',
        gender: 'male',
        phone: '(646) 555-0150',
        medicalHistory: {},
        insuranceInfo: {},
        emergencyContacts: [{ name: 'Ruth Plain', phone: '(646) 555-0199' }],
      },
    })
    expect(created.status()).toBe(201)
    const id = (await created.json()).id
    await page.goto(`/patients/${id}/register/insurance?redirectTo=/patients/${id}`)
    await page.getByRole('button', { name: 'Next' }).click()
    // The browser goes to the URL's fragment, the step's heading; Tab goes on from there.
    await expect(page.getByRole('heading', { level: 2, name: 'Step 4 of 5: Emergency Contacts' })).toBeFocused()
    await page.keyboard.press('Tab')
    await expect(page.getByRole('group', { name: 'Emergency contact 1' }).getByLabel('Name')).toBeFocused()

    await page.getByRole('button', { name: 'Next' }).click()
    await expect(page.getByRole('heading', { level: 2, name: 'Step 5 of 5: Care Preferences' })).toBeFocused()
    await page.keyboard.press('Tab')
    await expect(page.getByLabel('Care Type')).toBeFocused()
    await page.getByLabel('Care Type').selectOption('home-care')
    await page.getByRole('button', { name: 'Submit for Review' }).click()

    const status = page.getByRole('heading', { name: /^Registration status:/ })
    await expect(status).toContainText('Awaiting review')
    await expect(status).toBeFocused()
    await page.keyboard.press('Tab')
    await expect(page.getByRole('button', { name: 'Approve Registration' })).toBeFocused()
  })
})
