import fs from 'node:fs'
import path from 'node:path'
import { checkA11y, expect, test, useRole, waitForHydration, type Page } from './support/fixtures'
import { signerPage } from './support/portal-signing'

const SAMPLE_PDF = fs.readFileSync(path.resolve('tests/fixtures/intake-form.pdf'))

/** A lead and a library PDF, made through the staff pages. */
async function leadAndDocument(page: Page, unique: string) {
  const created = await page.request.post('/leads/new', {
    form: { firstName: 'Portal', lastName: `Lead${unique}`, email: `portal-lead${unique}@example.com`, phone: '2015550188' },
    maxRedirects: 0,
  })
  expect(created.status()).toBe(302)
  const uploaded = await page.request.post('/documents-new/upload', {
    multipart: { category: 'agreements', file: { name: `Consent ${unique}.pdf`, mimeType: 'application/pdf', buffer: SAMPLE_PDF } },
    maxRedirects: 0,
  })
  expect(uploaded.status()).toBe(302)
  await page.goto(`/leads?q=portal-lead${unique}`)
  await page.getByRole('link', { name: `Portal Lead${unique}`, exact: true }).click()
  await expect(page.getByRole('heading', { level: 1, name: `Portal Lead${unique}` })).toBeVisible()
}

test.describe('portal requests from a lead', () => {
  useRole('coordinator')

  test('send a library PDF through the Portal from the lead’s dialog, then revoke the link and send a new one', async ({ page, browser }) => {
    const unique = Date.now().toString().slice(-7)
    await leadAndDocument(page, unique)
    await waitForHydration(page)
    await page.getByRole('link', { name: 'E-Sign', exact: true }).click()
    const dialog = page.getByRole('dialog', { name: 'Send E-Signature Request' })
    const portal = dialog.getByRole('radio', { name: /Portal/ })
    await expect(portal).toBeEnabled()
    await portal.check()
    await expect(page).toHaveURL(/provider=portal/)
    await expect(dialog.getByRole('link', { name: 'prepare the request on the portal signing page' })).toHaveAttribute(
      'href',
      /\/e-signatures\/new-portal\?person=lead:/,
    )
    await dialog.getByLabel('PDF from the library').selectOption({ label: `Consent ${unique}` })
    await dialog.getByRole('radio', { name: /Append a signature page/ }).check()
    await dialog.getByLabel('Document Title').fill(`Consent ${unique} for Portal Lead${unique}`)
    await checkA11y(page, { label: 'send dialog with the Portal', include: 'dialog[open]' })
    await dialog.getByRole('button', { name: 'Send Request' }).click()

    const requests = page.getByRole('region', { name: 'E-Signature Requests' })
    await expect(requests.getByRole('link', { name: `Consent ${unique} for Portal Lead${unique}` })).toBeVisible()
    await expect(requests).toContainText('Portal')
    await requests.getByRole('link', { name: `Consent ${unique} for Portal Lead${unique}` }).click()
    await expect(page.getByRole('heading', { level: 1, name: `Consent ${unique} for Portal Lead${unique}` })).toBeVisible()

    const oldLink = await page.getByRole('textbox', { name: `Signing link for Portal Lead${unique}` }).inputValue()
    await waitForHydration(page)
    await page.getByRole('button', { name: `Copy Portal Lead${unique}'s link` }).click()
    await expect(page.getByRole('status').filter({ hasText: /Copied|Could not copy/ })).toBeVisible()

    await page.getByRole('link', { name: `Revoke link for Portal Lead${unique}` }).click()
    await expect(page.getByText(`Revoke Portal Lead${unique}'s link?`)).toBeVisible()
    await page.getByRole('button', { name: 'Yes, revoke the link' }).click()
    await expect(page.getByText(`Link revoked: Portal Lead${unique} cannot open it.`)).toBeVisible()
    await expect(page.getByLabel(/Signing link for/)).toHaveCount(0)

    const signer = await signerPage(browser, false)
    await signer.goto(new URL(oldLink).pathname)
    await expect(signer.getByRole('heading', { level: 1, name: 'Signing link not found' })).toBeVisible()

    await page.getByRole('button', { name: `Send a new link to Portal Lead${unique}` }).click()
    const newLink = await page.getByRole('textbox', { name: `Signing link for Portal Lead${unique}` }).inputValue()
    expect(newLink).not.toBe(oldLink)
    await signer.goto(new URL(newLink).pathname)
    await expect(signer.getByRole('heading', { level: 1, name: `Consent ${unique} for Portal Lead${unique}` })).toBeVisible()
    await signer.goto(new URL(oldLink).pathname)
    await expect(signer.getByRole('heading', { level: 1, name: 'Signing link not found' })).toBeVisible()
    await signer.context().close()
  })
})
