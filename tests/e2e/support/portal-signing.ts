import fs from 'node:fs'
import path from 'node:path'
import type { Browser, Page } from '@playwright/test'
import { expect } from './fixtures'

const SAMPLE_PDF = fs.readFileSync(path.resolve('tests/fixtures/intake-form.pdf'))

/**
 * As the signed-in coordinator, through the staff pages without JavaScript:
 * a lead, a library PDF and a portal request with a signature page. Returns
 * the first signer's link as the request page shows it.
 */
export async function preparePortalRequest(page: Page, unique: string) {
  await fillPreparation(page, unique)
  await page.getByLabel(/Append a signature page/).check()
  await page.getByRole('button', { name: 'Send for signature' }).click()
  return signingPathOnRequestPage(page, unique)
}

/** A lead and a library PDF, then the preparation page with the document, title and first signer chosen. */
export async function fillPreparation(page: Page, unique: string) {
  const created = await page.request.post('/leads/new', {
    form: { firstName: 'Signer', lastName: `Portal${unique}`, email: `signer${unique}@example.com`, phone: '2015550177' },
    maxRedirects: 0,
  })
  expect(created.status()).toBe(302)
  const uploaded = await page.request.post('/documents-new/upload', {
    multipart: { category: 'agreements', file: { name: `Agreement ${unique}.pdf`, mimeType: 'application/pdf', buffer: SAMPLE_PDF } },
    maxRedirects: 0,
  })
  expect(uploaded.status()).toBe(302)

  await page.goto('/e-signatures/new-portal')
  await expect(page).toHaveTitle('Sign in the Portal | Healthcare Portal')
  await page.getByLabel('Document *').selectOption({ label: `Agreement ${unique}` })
  await page.getByLabel('Title *').fill(`Service Agreement ${unique}`)
  await page.getByLabel('1. Lead, patient or caregiver *').selectOption({ label: `Signer Portal${unique} (signer${unique}@example.com)` })
}

/** After sending: the request page, and the first signer's link as it shows it. */
export async function signingPathOnRequestPage(page: Page, unique: string) {
  await expect(page.getByRole('heading', { level: 1, name: `Service Agreement ${unique}` })).toBeVisible()
  const link = await page.getByLabel(/Signing link/).inputValue()
  expect(link).toMatch(/\/sign\/[A-Za-z0-9_-]{43}$/)
  return new URL(link).pathname
}

/** The signer's own device: no staff session, a tablet. */
export async function signerPage(browser: Browser, javaScriptEnabled: boolean) {
  const context = await browser.newContext({ viewport: { width: 820, height: 1180 }, hasTouch: true, javaScriptEnabled, storageState: undefined })
  return context.newPage()
}
