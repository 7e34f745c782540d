import fs from 'node:fs'
import path from 'node:path'
import { expect, test, useRole } from './support/fixtures'

const SAMPLE_PDF = fs.readFileSync(path.resolve('tests/fixtures/intake-form.pdf'))

/** Without JavaScript: a PDF uploaded on the portal signing page is stored in the library and sent, and is on the lead's record once signed. */
test.describe('portal requests without JavaScript', () => {
  useRole('coordinator')

  test('upload a PDF on the spot and send it for signature', async ({ page }) => {
    const unique = Date.now().toString().slice(-7)
    const created = await page.request.post('/leads/new', {
      form: { firstName: 'Upload', lastName: `Signer${unique}`, email: `upload${unique}@example.com`, phone: '2015550199' },
      maxRedirects: 0,
    })
    expect(created.status()).toBe(302)
    await page.goto('/e-signatures/new-portal')
    await page.getByLabel('Or upload a PDF').setInputFiles({ name: `Care plan ${unique}.pdf`, mimeType: 'application/pdf', buffer: SAMPLE_PDF })
    await page.getByLabel('Title *').fill(`Care Plan ${unique}`)
    await page.getByLabel('1. Lead, patient or caregiver *').selectOption({ label: `Upload Signer${unique} (upload${unique}@example.com)` })
    await page.getByLabel(/Append a signature page/).check()
    await page.getByRole('button', { name: 'Send for signature' }).click()
    await expect(page.getByRole('heading', { level: 1, name: `Care Plan ${unique}` })).toBeVisible()
    await expect(page.getByRole('textbox', { name: `Signing link for Upload Signer${unique}` })).toHaveValue(/\/sign\/[A-Za-z0-9_-]{43}$/)
    // Without JavaScript there is no Copy button: the field is there to select.
    await expect(page.getByRole('button', { name: /^Copy/ })).toHaveCount(0)

    await page.goto(`/documents-new?q=${encodeURIComponent(`Care plan ${unique}`)}`)
    await expect(page.getByText(`Care plan ${unique}`).first()).toBeVisible()
  })
})
