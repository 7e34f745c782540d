import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { expect, test, useRole } from './support/fixtures'

const SAMPLE_PDF = fs.readFileSync(path.resolve('tests/fixtures/intake-form.pdf'))

test.describe('documents without JavaScript', () => {
  useRole('coordinator')

  test('upload, refuse a file over 50MB, publish to BoldSign, delete', async ({ page }) => {
    const unique = Date.now().toString().slice(-6)
    await page.goto('/documents-new')
    await page.getByRole('link', { name: 'Upload Document' }).click()
    await expect(page.getByRole('heading', { level: 1, name: 'Upload Document' })).toBeVisible()

    // Playwright passes large files only from disk.
    const big = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'e2e-')), 'huge.pdf')
    const bytes = Buffer.alloc(51 * 1024 * 1024)
    SAMPLE_PDF.copy(bytes)
    fs.writeFileSync(big, bytes)
    await page.getByLabel('PDF File').setInputFiles(big)
    await page.getByRole('button', { name: 'Upload' }).click()
    await expect(page.getByText('The file is larger than 50MB').first()).toBeVisible()

    await page.getByLabel('Category').selectOption('agreements')
    await page.getByLabel('PDF File').setInputFiles({ name: `Consent ${unique}.pdf`, mimeType: 'application/pdf', buffer: SAMPLE_PDF })
    await page.getByRole('button', { name: 'Upload' }).click()
    await expect(page).toHaveURL('/documents-new')
    await expect(page.getByTestId('toast')).toContainText(`Consent ${unique}.pdf uploaded successfully`)

    const row = page.getByRole('row').filter({ hasText: `Consent ${unique}` })
    // The row's actions menu is a native disclosure without JavaScript.
    await row.getByLabel(`Actions for Consent ${unique}`).click()
    await row.getByRole('button', { name: /Publish as a BoldSign template/ }).click()
    await expect(page.getByTestId('toast')).toContainText('Template Created')
    await expect(page.getByRole('row').filter({ hasText: `Consent ${unique}` })).toContainText('BoldSign template')

    await page.getByRole('row').filter({ hasText: `Consent ${unique}` }).getByLabel(`Actions for Consent ${unique}`).click()
    await page.getByRole('row').filter({ hasText: `Consent ${unique}` }).getByRole('link', { name: 'Delete' }).click()
    await expect(page.getByText(`Are you sure you want to delete "Consent ${unique}"? This action cannot be undone.`)).toBeVisible()
    await page.getByRole('button', { name: 'Delete' }).click()
    await expect(page.getByTestId('toast')).toContainText('Document Deleted')
  })
})
