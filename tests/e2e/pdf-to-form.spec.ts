import fs from 'node:fs'
import path from 'node:path'
import { checkA11y, expect, test, useRole, waitForHydration, type Page } from './support/fixtures'

/**
 * /pdf-to-form: the quick demo (the server's sample intake PDF through the
 * real extraction) to the review, a corrected label and a dropped field,
 * created as a portal-hosted form, then step 3; and a file that is not a
 * PDF. Both with JavaScript and without it (each describe sets it).
 */

const SAMPLE_PDF = fs.readFileSync(path.resolve('tests/fixtures/intake-form.pdf'))

function countOf(page: Page, label: string) {
  return page.locator('dl dt', { hasText: label }).locator('xpath=following-sibling::dd[1]')
}

function fieldRow(page: Page, label: RegExp | string) {
  return page.getByRole('listitem').filter({ hasText: label }).first()
}

for (const javaScriptEnabled of [true, false]) {
  test.describe(`PDF to form converter ${javaScriptEnabled ? 'with' : 'without'} JavaScript`, () => {
    useRole('coordinator')
    test.use({ javaScriptEnabled })

    test('demo, review, correct a label, drop a field, create a portal form', async ({ page }) => {
      await page.goto('/pdf-to-form')
      if (javaScriptEnabled) await waitForHydration(page)
      await expect(page.getByRole('heading', { level: 1, name: 'PDF to Jotform Converter' })).toBeVisible()
      await expect(page.getByRole('region', { name: 'System Status' })).toContainText(/Configured|Not configured/)
      await expect(page.getByRole('link', { name: 'Download Demo PDF' })).toHaveAttribute('href', '/pdf-to-form/healthcare-intake-form.pdf')

      await page.getByRole('button', { name: 'Run Demo' }).click()
      await expect(page).toHaveURL(/\/pdf-to-form\/[0-9a-f-]{36}#step-2$/)
      await expect(page.getByRole('heading', { name: 'Step 2: Extracted Fields' })).toBeVisible()
      await expect(page.getByRole('button', { name: 'Run Demo Again' })).toBeVisible()

      // The sample is a fillable intake form: its fields come with their real types.
      const fields = page.getByRole('list', { name: 'Fields' })
      await expect(fields).toContainText('Patient Name')
      for (const type of ['Email', 'Phone', 'Date', 'Radio', 'Dropdown', 'Checkbox', 'Signature']) {
        await expect(fields.getByTestId('field-type').filter({ hasText: new RegExp(`^${type}$`) }).first()).toBeVisible()
      }
      const total = Number(await countOf(page, 'Total fields').textContent())
      if (javaScriptEnabled) await checkA11y(page, { label: '/pdf-to-form step 2', include: 'main' })
      expect(total).toBeGreaterThanOrEqual(8)
      expect(Number(await countOf(page, 'Signature fields').textContent())).toBeGreaterThanOrEqual(1)

      // Rename the patient's name field.
      const nameRow = fieldRow(page, 'Patient Name')
      await nameRow.getByText('Correct').click()
      await nameRow.getByLabel('Label').fill('Patient Full Name')
      await nameRow.getByRole('button', { name: 'Rename Patient Name' }).click()
      await expect(page.getByTestId('toast')).toContainText('Label renamed')
      await expect(fields).toContainText('Patient Full Name')

      // Drop the e-mail field.
      const emailRow = fields.getByRole('listitem').filter({ has: page.getByTestId('field-type').filter({ hasText: /^Email$/ }) }).first()
      const emailLabel = (await emailRow.getByTestId('field-label').textContent())!.trim()
      await emailRow.getByText('Correct').click()
      await emailRow.getByRole('button', { name: `Remove ${emailLabel}` }).click()
      await expect(page.getByTestId('toast')).toContainText('Field removed')
      await expect(countOf(page, 'Total fields')).toHaveText(String(total - 1))
      await expect(fields.getByTestId('field-label').filter({ hasText: new RegExp(`^${emailLabel}$`) })).toHaveCount(0)

      await page.getByRole('radio', { name: /Portal-hosted form/ }).check()
      await page.getByRole('button', { name: 'Create form' }).click()
      await expect(page.getByRole('heading', { name: 'Step 3: Form Created' })).toBeVisible()
      const created = page.getByRole('region', { name: 'Step 3: Form Created' })
      await expect(created).toContainText('Form ID')
      await expect(created.getByRole('link', { name: /Open Form/ })).toHaveAttribute('target', '_blank')
      await expect(created.getByRole('link', { name: /Edit/ })).toBeVisible()
      if (javaScriptEnabled) await checkA11y(page, { label: '/pdf-to-form step 3', include: 'main' })
      // Created: the corrections are gone, the fields stay as corrected.
      await expect(fields).toContainText('Patient Full Name')
      await expect(page.getByText('Correct', { exact: true })).toHaveCount(0)

      const formUrl = await created.getByRole('link', { name: /Open Form/ }).getAttribute('href')
      await page.goto(formUrl!)
      await expect(page.getByLabel(/Patient Full Name/)).toBeVisible()

      await page.goBack()
      await page.getByRole('link', { name: 'Convert Another PDF' }).click()
      await expect(page).toHaveURL('/pdf-to-form')
      await expect(page.getByRole('heading', { name: 'Step 1: Upload PDF' })).toBeVisible()
    })

    test('a file that is not a PDF gets the spec message; a PDF goes on to step 2', async ({ page }) => {
      await page.goto('/pdf-to-form')
      if (javaScriptEnabled) await waitForHydration(page)
      await expect(page.getByText('up to 50MB').first()).toBeVisible()
      const input = page.getByLabel('PDF file')
      await input.setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('not a pdf at all') })
      if (javaScriptEnabled) {
        // Checked as it is chosen, with its size.
        await expect(page.getByText('Invalid file type: Please select a PDF file')).toBeVisible()
        await expect(page.getByText('0.00 MB')).toBeVisible()
        await expect(input).toHaveAttribute('aria-invalid', 'true')
        await page.getByRole('button', { name: 'Convert' }).click()
        await expect(page.getByRole('progressbar')).toHaveCount(0)
        await expect(page.getByText('Invalid file type: Please select a PDF file')).toBeVisible()
      } else {
        // The server checks it too (the page's own check needs JavaScript).
        await page.getByRole('button', { name: 'Convert' }).click()
        const alert = page.getByRole('alert').filter({ hasText: 'Processing failed' })
        await expect(alert).toContainText('Invalid file type: Please select a PDF file')
      }

      // Whatever the extraction finds in it (the default fields when nothing), a PDF becomes a draft.
      await page.getByLabel('PDF file').setInputFiles({ name: 'intake.pdf', mimeType: 'application/pdf', buffer: SAMPLE_PDF })
      if (javaScriptEnabled) await expect(page.getByText('Invalid file type: Please select a PDF file')).toHaveCount(0)
      await page.getByRole('button', { name: 'Convert' }).click()
      await expect(page).toHaveURL(/\/pdf-to-form\/[0-9a-f-]{36}#step-2$/)
      await expect(page.getByRole('heading', { name: 'Step 2: Extracted Fields' })).toBeVisible()
      await expect(page.getByText('from intake.pdf')).toBeVisible()
    })
  })
}
