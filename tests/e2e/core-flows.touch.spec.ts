import fs from 'node:fs'
import path from 'node:path'
import { SIDEBAR, expect, test, useRole, type Page } from './support/fixtures'

/**
 * The core flows by touch, run by the 'tablet' (768×1024) and 'phone'
 * (390×844) projects: every control is tapped, so a control that is hidden,
 * covered or off the screen at that size fails here.
 */

const SAMPLE_PDF = fs.readFileSync(path.resolve('tests/fixtures/intake-form.pdf'))

function unique() {
  return `${Date.now().toString().slice(-6)}${Math.floor(Math.random() * 90 + 10)}`
}

async function expectNoSidewaysScroll(page: Page, label: string) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)
  expect(overflow, `${label} scrolls sideways by ${overflow}px`).toBeLessThanOrEqual(0)
}

test.describe('core flows by touch', { tag: '@all-sizes' }, () => {
  useRole('coordinator')

  test('no page scrolls sideways', async ({ page }) => {
    for (const entry of SIDEBAR) {
      await page.goto(entry.href)
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(entry.heading)
      await expectNoSidewaysScroll(page, entry.href)
    }
    // The week's seven columns scroll inside their own box, never the page.
    await page.goto('/calendar?view=week')
    await expect(page.getByRole('heading', { level: 2, name: /^Week of/ })).toBeVisible()
    await expectNoSidewaysScroll(page, '/calendar?view=week')
  })

  test('add a lead, open its page and log a communication', async ({ page }) => {
    const id = unique()
    await page.goto('/leads')
    await page.getByRole('link', { name: 'Add New Lead' }).tap()
    const dialog = page.getByRole('dialog', { name: 'Add New Lead' })
    await dialog.getByLabel('First Name').fill('Touch')
    await dialog.getByLabel('Last Name').fill(`Lead${id}`)
    await dialog.getByLabel('Email').fill(`touch${id}@example.com`)
    await dialog.getByLabel('Phone').fill(`(917) 555-${id.slice(-4)}`)
    await dialog.getByRole('button', { name: 'Create Lead' }).tap()
    await expect(page.getByTestId('toast')).toContainText('Lead created successfully')
    await expect(dialog).toHaveCount(0)

    await page.getByRole('searchbox').fill(`touch${id}`)
    await page.getByRole('button', { name: 'Search' }).tap()
    await expect(page).toHaveURL(new RegExp(`q=touch${id}`))
    await page.getByRole('link', { name: `Touch Lead${id}`, exact: true }).tap()
    await expect(page.getByRole('heading', { level: 1, name: `Touch Lead${id}` })).toBeVisible()
    await expectNoSidewaysScroll(page, 'lead page')

    await page.getByRole('link', { name: 'Log First Communication' }).tap()
    const log = page.getByRole('dialog', { name: 'Log New Communication' })
    await log.getByLabel('Type').selectOption('phone')
    await log.getByLabel('Subject').fill('Intro call')
    await log.getByLabel('Content').fill('Asked about weekday visits.')
    await log.getByRole('button', { name: 'Log Communication' }).tap()
    await expect(page.getByTestId('toast')).toContainText('Communication logged successfully!')
    await expect(page.getByRole('listitem').filter({ hasText: 'Phone Call: Intro call' })).toBeVisible()
    // The history's header keeps its button inside the card.
    const history = page.getByRole('region', { name: 'Communication History' })
    const [card, button] = await Promise.all([history.boundingBox(), history.getByRole('link', { name: 'Log Communication' }).boundingBox()])
    expect(button!.x + button!.width).toBeLessThanOrEqual(card!.x + card!.width)
    await expectNoSidewaysScroll(page, 'lead page with a communication')
  })

  test('register a patient through the five steps, submit for review and approve', async ({ page }) => {
    const id = unique()
    await page.goto('/patients')
    await page.getByRole('link', { name: 'Start New Registration' }).first().tap()
    let dialog = page.getByRole('dialog', { name: 'New Patient Registration' })
    await dialog.getByLabel('First Name').fill('Touch')
    await dialog.getByLabel('Last Name').fill(`Patient${id}`)
    await dialog.getByLabel('Date of Birth').fill('1941-07-04')
    await dialog.getByLabel('Gender').selectOption('male')
    await dialog.getByLabel('Phone').fill('(917) 555-0144')
    await dialog.getByRole('button', { name: 'Next' }).tap()

    dialog = page.getByRole('dialog', { name: 'Edit Patient' })
    await expect(dialog.getByText('Step 2 of 5: Medical History')).toBeVisible()
    await dialog.getByRole('button', { name: 'Next' }).tap()
    await expect(dialog.getByText('Step 3 of 5: Insurance')).toBeVisible()
    await dialog.getByRole('button', { name: 'Next' }).tap()
    await expect(dialog.getByText('Step 4 of 5: Emergency Contacts')).toBeVisible()
    const contact = dialog.getByRole('group', { name: 'Emergency contact 1' })
    await contact.getByLabel('Name').fill('Pat Daughter')
    await contact.getByLabel('Relationship').fill('Daughter')
    await contact.getByLabel('Phone').fill('(917) 555-0145')
    await dialog.getByRole('button', { name: 'Next' }).tap()
    await expect(dialog.getByText('Step 5 of 5: Care Preferences')).toBeVisible()
    await dialog.getByLabel('Care Type').selectOption('home-care')
    await dialog.getByRole('checkbox', { name: 'Tuesday' }).tap()
    await dialog.getByRole('button', { name: 'Submit for Review' }).tap()

    await expect(page.getByRole('heading', { level: 1, name: `Touch Patient${id}` })).toBeVisible()
    await expect(page.getByText('100% of the registration saved')).toBeVisible()
    await expectNoSidewaysScroll(page, 'patient profile')
    await page.getByRole('button', { name: 'Approve Registration' }).tap()
    await expect(page.getByTestId('toast')).toContainText('Patient updated successfully')
    await expect(page.getByText('Complete', { exact: true })).toBeVisible()
  })

  test('submit a caregiver application with its license file', async ({ page }) => {
    const id = unique()
    const name = `Touch Carer${id}`
    await page.goto('/caregivers')
    await page.getByRole('link', { name: 'Add New Caregiver' }).tap()
    const dialog = page.getByRole('dialog', { name: 'New Caregiver Application' })
    await dialog.getByLabel('Full Name').fill(name)
    await dialog.getByLabel('Phone').fill(`(917) 555-${id.slice(-4)}`)
    await dialog.getByLabel('License Number').fill(`HHA-${id}`)
    await dialog.getByLabel('Years of Experience').selectOption('1-2')
    await dialog.getByLabel('Elderly Care').tap()
    await dialog.getByLabel('License', { exact: true }).setInputFiles({ name: `license-${id}.pdf`, mimeType: 'application/pdf', buffer: SAMPLE_PDF })
    await dialog.getByRole('button', { name: 'Submit Application' }).tap()
    await expect(page.getByTestId('toast')).toContainText('Caregiver application submitted successfully')

    await page.getByRole('searchbox').fill(name)
    await page.getByRole('button', { name: 'Search' }).tap()
    await expect(page.getByRole('heading', { name: 'Caregiver Directory (1)' })).toBeVisible()
    await expectNoSidewaysScroll(page, 'caregiver directory')
  })

  test('upload a document and find it', async ({ page }) => {
    const id = unique()
    await page.goto('/documents-new')
    await page.getByRole('link', { name: 'Upload Document' }).tap()
    const dialog = page.getByRole('dialog', { name: 'Upload Document' })
    await dialog.getByLabel('Category').selectOption('forms')
    await dialog.getByLabel('PDF File').setInputFiles({ name: `Touch ${id}.pdf`, mimeType: 'application/pdf', buffer: SAMPLE_PDF })
    await dialog.getByRole('button', { name: 'Upload' }).tap()
    await expect(page.getByTestId('toast')).toContainText(`Touch ${id}.pdf uploaded successfully`)

    await page.getByRole('searchbox').fill(`touch ${id}`)
    await page.getByRole('searchbox').press('Enter')
    await expect(page.getByRole('heading', { name: 'Documents (1)' })).toBeVisible()
    await expect(page.getByRole('row').filter({ hasText: `Touch ${id}` })).toContainText('Forms')
    await expectNoSidewaysScroll(page, 'documents list')
  })
})
