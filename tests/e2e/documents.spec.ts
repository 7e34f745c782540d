import path from 'node:path'
import { checkA11y, expect, test, useRole } from './support/fixtures'

const SAMPLE_PDF = path.resolve('tests/fixtures/intake-form.pdf')

test.describe('documents', () => {
  useRole('coordinator')

  test('upload a PDF, find it, use the actions menu by keyboard, delete it', async ({ page }) => {
    const unique = Date.now().toString().slice(-6)
    await page.goto('/documents-new')
    await page.getByRole('link', { name: 'Upload Document' }).click()
    const dialog = page.getByRole('dialog', { name: 'Upload Document' })
    await expect(dialog.getByText('Select a PDF file (max 50MB)')).toBeVisible()
    await dialog.getByLabel('Category').selectOption('forms')
    await dialog.getByLabel('PDF File').setInputFiles({ name: `Intake ${unique}.pdf`, mimeType: 'application/pdf', buffer: await import('node:fs').then((fs) => fs.readFileSync(SAMPLE_PDF)) })
    await dialog.getByLabel('Description').fill('New client intake packet')
    await checkA11y(page, { label: 'upload dialog' })
    await dialog.getByRole('button', { name: 'Upload' }).click()
    await expect(page.getByTestId('toast')).toContainText(`Intake ${unique}.pdf uploaded successfully`)

    await page.getByRole('searchbox').fill(`intake ${unique}`)
    await page.getByRole('searchbox').press('Enter')
    const row = page.getByRole('row').filter({ hasText: `Intake ${unique}` })
    await expect(row).toContainText('Forms')
    await expect(row).toContainText('New client intake packet')
    await checkA11y(page, { label: 'documents list' })

    // Keyboard: open the menu, move to Edit, choose it.
    await row.getByRole('button', { name: /Actions for/ }).focus()
    await page.keyboard.press('Enter')
    await expect(page.getByRole('menuitem', { name: 'Download' })).toBeVisible()
    await page.keyboard.press('ArrowDown')
    await page.keyboard.press('Enter')
    const edit = page.getByRole('dialog', { name: 'Edit Document' })
    await edit.getByLabel('Document Name').fill('')
    await edit.getByRole('button', { name: 'Save Changes' }).click()
    await expect(edit.getByText('Document name is required')).toBeVisible()
    await edit.getByLabel('Document Name').fill(`Intake packet ${unique}`)
    await edit.getByRole('button', { name: 'Save Changes' }).click()
    await expect(page.getByTestId('toast')).toContainText('Document Updated')

    const renamed = page.getByRole('row').filter({ hasText: `Intake packet ${unique}` })
    await renamed.getByRole('button', { name: /Actions for/ }).click()
    const download = page.waitForEvent('download')
    await page.getByRole('menuitem', { name: 'Download' }).click()
    expect((await download).suggestedFilename()).toBe(`Intake ${unique}.pdf`)
    await page.reload()
    await expect(page.getByRole('row').filter({ hasText: `Intake packet ${unique}` }).getByRole('cell').nth(2)).toHaveText('1')

    await page.getByRole('row').filter({ hasText: `Intake packet ${unique}` }).getByRole('button', { name: /Actions for/ }).click()
    await page.getByRole('menuitem', { name: 'Delete' }).click()
    const confirm = page.getByRole('dialog', { name: 'Delete Document' })
    await expect(confirm).toContainText(`Are you sure you want to delete "Intake packet ${unique}"? This action cannot be undone.`)
    await confirm.getByRole('button', { name: 'Delete' }).click()
    await expect(page.getByTestId('toast')).toContainText('Document Deleted')
    await expect(page.getByText('No documents found.')).toBeVisible()
  })

  test('a file that only claims to be a PDF is refused with the reason', async ({ page }) => {
    await page.goto('/documents-new/upload')
    const dialog = page.getByRole('dialog', { name: 'Upload Document' })
    await dialog.getByLabel('PDF File').setInputFiles({ name: 'notes.pdf', mimeType: 'application/pdf', buffer: Buffer.from('plain text, not a PDF\n'.repeat(100)) })
    await dialog.getByRole('button', { name: 'Upload' }).click()
    await expect(page.getByText('This file is not a PDF: its content does not start like one').first()).toBeVisible()
  })
})
