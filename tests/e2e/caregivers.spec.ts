import fs from 'node:fs'
import path from 'node:path'
import { checkA11y, expect, test, useRole } from './support/fixtures'

const SAMPLE_PDF = fs.readFileSync(path.resolve('tests/fixtures/intake-form.pdf'))

/** Caregiver onboarding with JavaScript: dialogs over the directory, by keyboard. */
test.describe('caregivers', () => {
  useRole('coordinator')

  test('submit an application by keyboard with a file, then find it in the directory', async ({ page }) => {
    const unique = Date.now().toString().slice(-6)
    const name = `Keyboard Carer${unique}`
    await page.goto('/caregivers')
    await expect(page.getByRole('heading', { level: 1, name: 'Caregiver Onboarding' })).toBeVisible()
    await expect(page.getByRole('heading', { name: /^Caregiver Directory \(\d+\)$/ })).toBeVisible()
    await page.getByRole('link', { name: 'Add New Caregiver' }).focus()
    await page.keyboard.press('Enter')
    const dialog = page.getByRole('dialog', { name: 'New Caregiver Application' })
    await expect(dialog.getByText('Application Progress')).toBeVisible()
    await expect(dialog.getByText('0% Complete')).toBeVisible()

    await dialog.getByRole('button', { name: 'Submit Application' }).press('Enter')
    await expect(dialog.getByText('Full name is required')).toBeVisible()
    await expect(dialog.getByText('Phone is required')).toBeVisible()
    await expect(dialog.getByText('License number is required')).toBeVisible()
    await expect(dialog.getByText('Years of experience is required')).toBeVisible()
    await expect(dialog.getByLabel('Full Name')).toHaveAttribute('aria-invalid', 'true')

    await dialog.getByLabel('Full Name').fill(name)
    await dialog.getByLabel('Email').fill(`carer${unique}@example.com`)
    // All six digits of `unique` in the number: the demo caregivers and other tests' hold 555 numbers too.
    const areaCode = `9${unique.slice(0, 2)}`
    await dialog.getByLabel('Phone').fill(`(${areaCode}) 555-${unique.slice(-4)}`)
    await dialog.getByLabel('License Number').fill(`HHA-${unique}`)
    await dialog.getByLabel('License Expiry Date').fill('2030-06-30')
    await dialog.getByLabel('Years of Experience').selectOption('5-10')
    await dialog.getByLabel('Hourly Rate ($)').fill('-3')
    await dialog.getByLabel('Hourly Rate ($)').press('Tab')
    await expect(dialog.getByText('Hourly rate must be 0 or greater')).toBeVisible()
    await dialog.getByLabel('Hourly Rate ($)').fill('27.50')
    // Checkboxes by keyboard: focus, then Space.
    for (const specialization of ['Elderly Care', 'Dementia Care', 'Pediatric Care', 'Medication Management']) {
      await dialog.getByLabel(specialization).focus()
      await page.keyboard.press('Space')
    }
    await dialog.getByLabel('Monday').check()
    await dialog.getByLabel('Friday').check()
    await dialog.getByLabel('License', { exact: true }).setInputFiles({ name: `license-${unique}.pdf`, mimeType: 'application/pdf', buffer: SAMPLE_PDF })
    // The figure follows what the form holds: contact, license details, experience, specializations, days, rate, license file.
    await expect(dialog.getByText('58% Complete')).toBeVisible()
    await dialog.getByRole('button', { name: 'Submit Application' }).press('Enter')

    await expect(page.getByTestId('toast')).toContainText('Caregiver application submitted successfully')
    await expect(dialog).toHaveCount(0)

    // Find it by phone digits, typed any way.
    await page.getByRole('searchbox').fill(`${areaCode} 555 ${unique.slice(-4)}`)
    await page.getByRole('searchbox').press('Enter')
    await expect(page).toHaveURL(new RegExp(`q=${areaCode}`))
    await expect(page.getByRole('heading', { name: 'Caregiver Directory (1)' })).toBeVisible()
    await expect(page.getByText('Showing 1-1 of 1 caregivers')).toBeVisible()
    // Table: two specializations and '+2 more'; cards: three and '+1 more'.
    const row = page.getByRole('row').filter({ hasText: name })
    await expect(row.getByRole('listitem')).toHaveText(['Elderly Care', 'Dementia Care', '+2 more'])
    await page.getByRole('link', { name: 'Cards' }).click()
    await expect(page).toHaveURL(/view=cards/)
    const card = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name }) })
    await expect(card.getByRole('list', { name: 'Specializations' }).getByRole('listitem')).toHaveText(['Elderly Care', 'Dementia Care', 'Pediatric Care', '+1 more'])
    await card.getByRole('button', { name: `Actions for ${name}` }).click()
    await expect(page.getByRole('menuitem', { name: 'Schedule' })).toHaveAttribute('href', /\/calendar\?caregiverId=/)
    await page.keyboard.press('Escape')

    // The Specialization filter applies as soon as it changes.
    await page.getByLabel('Specialization', { exact: true }).selectOption('Physical Therapy')
    await expect(page).toHaveURL(/specialization=Physical\+Therapy/)
    await expect(page.getByText('No caregivers match these filters')).toBeVisible()
    await page.getByLabel('Specialization', { exact: true }).selectOption('Pediatric Care')
    await expect(page.getByRole('heading', { name: 'Caregiver Directory (1)' })).toBeVisible()

    // The file went with the application.
    await card.getByRole('link', { name, exact: true }).click()
    await expect(page.getByRole('heading', { level: 1, name })).toBeVisible()
    await expect(page.getByRole('link', { name: `license-${unique}.pdf`, exact: true })).toBeVisible()
  })

  test('review a pending application from the directory, clear the background check, download its file', async ({ page }) => {
    const unique = Date.now().toString().slice(-6)
    const name = `Pending Carer${unique}`
    // Posted as the application form sends it; the test above fills the form in.
    const submitted = await page.request.post('/caregivers/new', {
      multipart: {
        fullName: name,
        email: `pending${unique}@example.com`,
        // Not 555: the test above finds its caregiver by those digits.
        phone: `(917) 444-${unique.slice(-4)}`,
        licenseNumber: `HHA-${unique}`,
        yearsExperience: '3-5',
        licenseFile: { name: `license-${unique}.pdf`, mimeType: 'application/pdf', buffer: SAMPLE_PDF },
      },
      maxRedirects: 0,
    })
    expect(submitted.status()).toBe(302)

    // Put the application back to pending on its profile: the directory then offers Review and Contact.
    await page.goto(`/caregivers?q=${encodeURIComponent(name)}`)
    await page.getByRole('link', { name, exact: true }).click()
    await expect(page.getByRole('heading', { level: 1, name })).toBeVisible()
    await page.getByLabel('Caregiver Status').selectOption('pending')
    await page.getByRole('button', { name: 'Update caregiver status' }).click()
    await expect(page.getByTestId('toast')).toContainText('Status updated')

    await page.goto(`/caregivers?q=${encodeURIComponent(name)}&status=pending`)
    const pendingRow = page.getByRole('row').filter({ hasText: name })
    // Contact is its call and e-mail links, in the row's menu: Enter opens it.
    await pendingRow.getByRole('button', { name: `Actions for ${name}` }).press('Enter')
    const menu = page.getByRole('menu')
    await expect(menu.getByRole('menuitem', { name: /^Call / })).toHaveAttribute('href', `tel:917444${unique.slice(-4)}`)
    await expect(menu.getByRole('menuitem', { name: /^Email / })).toHaveAttribute('href', `mailto:pending${unique}@example.com`)
    await menu.getByRole('menuitem', { name: 'Review', exact: true }).click()

    await expect(page.getByRole('heading', { level: 1, name })).toBeVisible()
    await expect(page.getByText('Background: Pending')).toBeVisible()
    await checkA11y(page, { label: 'caregiver profile', include: 'main' })
    await page.getByLabel('Background Check').selectOption('in_progress')
    await page.getByRole('button', { name: 'Update background check' }).press('Enter')
    await expect(page.getByTestId('toast')).toContainText('Background check updated')
    await expect(page.getByText('Background: In Progress')).toBeVisible()
    await expect(page.getByRole('region', { name: 'Audit Trail' }).getByText('Background check: Pending → In Progress')).toBeVisible()

    // The file is listed and downloads as an attachment.
    const download = page.waitForEvent('download')
    await page.getByRole('link', { name: `license-${unique}.pdf`, exact: true }).click()
    expect((await download).suggestedFilename()).toBe(`license-${unique}.pdf`)
  })
})

test.describe('caregiver profile dialogs', () => {
  useRole('coordinator')

  test('Delete opened from the profile closes back to the profile: Cancel and Escape', async ({ page }) => {
    const unique = Date.now().toString().slice(-6)
    const created = await page.request.post('/api/caregivers', {
      data: { fullName: `Stay Carer${unique}`, phone: '2015550124', licenseNumber: `L-${unique}`, yearsExperience: '1-2' },
    })
    expect(created.status()).toBe(201)
    const here = `/caregivers/${(await created.json()).id}`
    await page.goto(here)
    for (const close of ['Cancel', 'Escape'] as const) {
      await page.getByRole('link', { name: 'Delete', exact: true }).click()
      const dialog = page.getByRole('dialog', { name: 'Delete Caregiver' })
      await expect(dialog).toContainText(`Are you sure you want to delete Stay Carer${unique}?`)
      if (close === 'Cancel') await dialog.getByRole('link', { name: 'Cancel' }).click()
      else await page.keyboard.press('Escape')
      await expect(dialog).toHaveCount(0)
      await expect(page).toHaveURL(here)
      await expect(page.getByRole('heading', { level: 1, name: `Stay Carer${unique}` })).toBeVisible()
    }
    // Deleting from the profile ends on the list: the profile is gone.
    await page.getByRole('link', { name: 'Delete', exact: true }).click()
    await page.getByRole('dialog', { name: 'Delete Caregiver' }).getByRole('button', { name: 'Delete' }).click()
    await expect(page.getByTestId('toast')).toContainText('Caregiver deleted')
    await expect(page).toHaveURL('/caregivers')
  })
})
