import fs from 'node:fs'
import path from 'node:path'
import { checkA11y, expect, storageStatePath, test, useRole } from './support/fixtures'

const SAMPLE_PDF = path.resolve('tests/fixtures/intake-form.pdf')

test.describe('documents', () => {
  useRole('coordinator')

  test('upload a PDF in the dialog, then find it in the list', async ({ page }) => {
    const unique = Date.now().toString().slice(-6)
    await page.goto('/documents-new')
    await page.getByRole('link', { name: 'Upload Document' }).click()
    const dialog = page.getByRole('dialog', { name: 'Upload Document' })
    await expect(dialog.getByText('Select a PDF file (max 50MB)')).toBeVisible()
    await dialog.getByLabel('Category').selectOption('forms')
    await dialog.getByLabel('PDF File').setInputFiles({ name: `Intake ${unique}.pdf`, mimeType: 'application/pdf', buffer: fs.readFileSync(SAMPLE_PDF) })
    await dialog.getByLabel('Description').fill('New client intake packet')
    await checkA11y(page, { label: 'upload dialog', include: 'dialog[open]' })
    await dialog.getByRole('button', { name: 'Upload' }).click()
    await expect(page.getByTestId('toast')).toContainText(`Intake ${unique}.pdf uploaded successfully`)

    await page.getByRole('searchbox').fill(`intake ${unique}`)
    await page.getByRole('searchbox').press('Enter')
    const row = page.getByRole('row').filter({ hasText: `Intake ${unique}` })
    await expect(row).toContainText('Forms')
    await expect(row).toContainText('New client intake packet')
    await checkA11y(page, { label: 'documents list', include: 'main' })
  })

  test('the actions menu by keyboard: edit, download, delete', async ({ page }) => {
    const unique = Date.now().toString().slice(-6)
    // The upload itself is the test above's; this one starts from the list.
    const uploaded = await page.request.post('/api/documents/simple-upload', {
      multipart: {
        category: 'forms',
        file: { name: `Consent ${unique}.pdf`, mimeType: 'application/pdf', buffer: fs.readFileSync(SAMPLE_PDF) },
      },
    })
    expect(uploaded.status()).toBe(201)
    await page.goto(`/documents-new?q=${encodeURIComponent(`consent ${unique}`)}`)
    const row = page.getByRole('row').filter({ hasText: `Consent ${unique}` })

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
    await edit.getByLabel('Document Name').fill(`Consent form ${unique}`)
    await edit.getByRole('button', { name: 'Save Changes' }).click()
    await expect(page.getByTestId('toast')).toContainText('Document Updated')

    const renamed = page.getByRole('row').filter({ hasText: `Consent form ${unique}` })
    await renamed.getByRole('button', { name: /Actions for/ }).click()
    const download = page.waitForEvent('download')
    await page.getByRole('menuitem', { name: 'Download' }).click()
    expect((await download).suggestedFilename()).toBe(`Consent ${unique}.pdf`)
    await page.reload()
    await expect(page.getByRole('row').filter({ hasText: `Consent form ${unique}` }).getByRole('cell').nth(2)).toHaveText('1')

    await page.getByRole('row').filter({ hasText: `Consent form ${unique}` }).getByRole('button', { name: /Actions for/ }).click()
    await page.getByRole('menuitem', { name: 'Delete' }).click()
    const confirm = page.getByRole('dialog', { name: 'Delete Document' })
    await expect(confirm).toContainText(`Are you sure you want to delete "Consent form ${unique}"? This action cannot be undone.`)
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

test.describe('documents list refresh', () => {
  useRole('viewer')

  test('with JavaScript the list refreshes every 30 seconds, passively', async ({ page, playwright }) => {
    const unique = Date.now().toString().slice(-6)
    await page.clock.install()
    await page.goto('/documents-new')
    await expect(page.getByRole('heading', { level: 1, name: 'Document Management' })).toBeVisible()
    const refreshes: string[] = []
    page.on('request', (sent) => {
      if (sent.url().includes('_passive=1')) refreshes.push(sent.url())
    })

    // A coordinator uploads elsewhere (through the API).
    const coordinator = await playwright.request.newContext({ baseURL: new URL(page.url()).origin, storageState: storageStatePath('coordinator') })
    const uploaded = await coordinator.post('/api/documents/simple-upload', {
      multipart: {
        category: 'general',
        file: { name: `Refreshed ${unique}.pdf`, mimeType: 'application/pdf', buffer: fs.readFileSync(SAMPLE_PDF) },
      },
    })
    expect(uploaded.status()).toBe(201)
    await expect(page.getByText(`Refreshed ${unique}`)).toHaveCount(0)

    await page.clock.fastForward(30_000)
    await expect(page.getByRole('row').filter({ hasText: `Refreshed ${unique}` })).toBeVisible()
    expect(refreshes.length).toBeGreaterThan(0)
    await coordinator.dispose()
  })
})
