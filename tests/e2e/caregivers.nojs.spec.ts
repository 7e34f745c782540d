import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { expect, test, useRole } from './support/fixtures'

const SAMPLE_PDF = fs.readFileSync(path.resolve('tests/fixtures/intake-form.pdf'))

/** The caregiver application as a plain multipart form, with JavaScript off. */
test.describe('caregivers without JavaScript', () => {
  useRole('coordinator')

  test('submit an application: server messages, a too-large and a fake file refused, then saved', async ({ page }) => {
    const unique = Date.now().toString().slice(-6)
    const name = `Plain Carer${unique}`
    await page.goto('/caregivers')
    await page.getByRole('link', { name: 'Add New Caregiver' }).click()
    await expect(page).toHaveURL('/caregivers/new')
    await expect(page.getByRole('heading', { level: 1, name: 'New Caregiver Application' })).toBeVisible()
    await expect(page.getByText('Application Progress')).toBeVisible()

    await page.getByRole('button', { name: 'Submit Application' }).click()
    await expect(page.getByText('Full name is required')).toBeVisible()
    await expect(page.getByText('Phone is required')).toBeVisible()
    await expect(page.getByText('License number is required')).toBeVisible()
    await expect(page.getByText('Years of experience is required')).toBeVisible()

    await page.getByLabel('Full Name').fill(name)
    await page.getByLabel('Phone').fill('(646) 555-0199')
    await page.getByLabel('License Number').fill(`CNA-${unique}`)
    await page.getByLabel('Years of Experience').selectOption('10+')
    await page.getByLabel('Physical Therapy').check()
    await page.getByLabel('Saturday').check()

    // Playwright passes large files only from disk.
    const big = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'e2e-')), 'big-license.pdf')
    const bytes = Buffer.alloc(10 * 1024 * 1024 + 1)
    SAMPLE_PDF.copy(bytes)
    fs.writeFileSync(big, bytes)
    await page.getByLabel('License', { exact: true }).setInputFiles(big)
    await page.getByRole('button', { name: 'Submit Application' }).click()
    await expect(page.getByText('"big-license.pdf" is larger than 10 MB').first()).toBeVisible()
    await expect(page.getByText('Nothing was saved. Please choose the files again.')).toBeVisible()
    await expect(page.getByLabel('License', { exact: true })).toHaveAttribute('aria-invalid', 'true')
    // The typed fields came back; the files must be chosen again.
    await expect(page.getByLabel('Full Name')).toHaveValue(name)
    await expect(page.getByLabel('Physical Therapy')).toBeChecked()

    await page.getByLabel('Resume').setInputFiles({ name: 'resume.pdf', mimeType: 'application/pdf', buffer: Buffer.from('This is a text file wearing a .pdf name.\n') })
    await page.getByRole('button', { name: 'Submit Application' }).click()
    await expect(page.getByText('"resume.pdf" is not a real PDF file: its content does not match its .pdf extension').first()).toBeVisible()

    await page.getByLabel('License', { exact: true }).setInputFiles({ name: 'license.pdf', mimeType: 'application/pdf', buffer: SAMPLE_PDF })
    await page.getByRole('button', { name: 'Submit Application' }).click()
    await expect(page).toHaveURL('/caregivers')
    await expect(page.getByTestId('toast')).toContainText('Caregiver application submitted successfully')

    await page.getByRole('searchbox').fill(name)
    await page.getByRole('button', { name: 'Search' }).click()
    await expect(page.getByRole('heading', { name: 'Caregiver Directory (1)' })).toBeVisible()
    await page.getByRole('link', { name, exact: true }).click()
    await expect(page.getByRole('heading', { level: 1, name })).toBeVisible()
    await expect(page.getByRole('link', { name: 'license.pdf', exact: true })).toBeVisible()

    // Background check by plain form post.
    await page.getByLabel('Background Check').selectOption('cleared')
    await page.getByRole('button', { name: 'Update background check' }).click()
    await expect(page.getByTestId('toast')).toContainText('Background check updated')
    await expect(page.getByText('Background: Cleared')).toBeVisible()

    // Remove the file after confirming, then the caregiver.
    await page.getByRole('link', { name: 'Remove license.pdf' }).click()
    await expect(page.getByText(`Are you sure you want to remove license.pdf from ${name}'s application?`)).toBeVisible()
    await page.getByRole('button', { name: 'Delete' }).click()
    await expect(page.getByTestId('toast')).toContainText('File removed')
    await page.getByRole('link', { name: 'Delete', exact: true }).click()
    await expect(page.getByText(`Are you sure you want to delete ${name}? This action cannot be undone.`)).toBeVisible()
    await page.getByRole('button', { name: 'Delete' }).click()
    await expect(page.getByTestId('toast')).toContainText('Caregiver deleted')
  })

  test('a refused file: the form comes back with what was typed, its real progress and the message at the picker', async ({ page }) => {
    const name = `Refused Carer${Date.now().toString().slice(-6)}`
    await page.goto('/caregivers/new')
    await page.getByLabel('Full Name').fill(name)
    await page.getByLabel('Email').fill('refused.carer@example.com')
    await page.getByLabel('Phone').fill('(646) 555-0142')
    await page.getByLabel('City').fill('Newark')
    await page.getByLabel('Years of Experience').selectOption('3-5')
    await page.getByLabel('Dementia Care').check()
    await page.getByLabel('Monday').check()
    await page.getByLabel('Resume').setInputFiles({ name: 'resume.txt', mimeType: 'text/plain', buffer: Buffer.from('plain text\n') })
    await page.getByRole('button', { name: 'Submit Application' }).click()

    const message = '"resume.txt" is not an accepted file type'
    await expect(page.getByLabel('Resume')).toHaveAttribute('aria-invalid', 'true')
    await expect(page.getByLabel('Resume')).toHaveAccessibleDescription(new RegExp(message))
    // Contact, experience, a specialization and a day: 4 of the 12 parts.
    await expect(page.getByText('33% Complete')).toBeVisible()
    await expect(page.getByRole('progressbar', { name: /Application Progress/ })).toHaveAttribute('aria-valuenow', '33')
    await expect(page.getByLabel('Full Name')).toHaveValue(name)
    await expect(page.getByLabel('Email')).toHaveValue('refused.carer@example.com')
    await expect(page.getByLabel('City')).toHaveValue('Newark')
    await expect(page.getByLabel('Years of Experience')).toHaveValue('3-5')
    await expect(page.getByLabel('Dementia Care')).toBeChecked()
    await expect(page.getByLabel('Monday')).toBeChecked()
  })
})
