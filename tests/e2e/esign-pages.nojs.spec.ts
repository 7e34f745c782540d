import { expect, test, useRole } from './support/fixtures'

/** The e-signature list and the E-Sign Test page without JavaScript: GET forms and a plain post. */
test.describe('e-signature pages without JavaScript', () => {
  useRole('coordinator')

  test('a test request step by step, then found in the list by its filters', async ({ page }) => {
    const unique = Date.now().toString().slice(-7)
    await page.goto('/esign-test')
    await expect(page.getByRole('button', { name: 'Test E-Signature' })).toBeDisabled()
    await page.getByLabel('Provider', { exact: true }).selectOption('boldsign')
    await page.getByRole('button', { name: 'Load Templates' }).click()
    await expect(page).toHaveURL(/provider=boldsign/)

    // Without JavaScript the server says what is missing.
    await page.getByRole('button', { name: 'Test E-Signature' }).click()
    await expect(page.getByText('Missing Information: Please select provider, template, and enter test details').first()).toBeVisible()

    await page.getByLabel('Template').selectOption('bs-tmpl-service')
    await page.getByLabel('Test Recipient Name').fill(`Plain Tester${unique}`)
    await page.getByLabel('Test Recipient Email').fill('e2e-test@example.com')
    await page.getByLabel('Custom Message').fill('A test without JavaScript')
    await page.getByRole('button', { name: 'Test E-Signature' }).click()
    await expect(page.getByTestId('toast')).toContainText('Test Successful!')
    await expect(page.getByTestId('toast')).toContainText('BoldSign e-signature request sent successfully.')

    await page.goto('/e-signatures')
    await page.getByLabel('Lead', { exact: true }).fill(`Tester${unique}`)
    await page.getByLabel('Status').selectOption('sent')
    await page.getByLabel('Provider').selectOption('boldsign')
    await page.getByRole('button', { name: 'Search' }).click()
    await expect(page).toHaveURL(new RegExp(`lead=Tester${unique}.*status=sent.*provider=boldsign`))
    await expect(page.getByRole('heading', { name: 'Recent Documents (1)' })).toBeVisible()
    // Without a view in the URL, cards on narrow screens and the table on wide ones: this one is wide.
    const row = page.getByRole('table').getByRole('row').nth(1)
    await expect(row).toContainText('Sent')
    await row.getByRole('link', { name: `Healthcare Document - Plain Tester${unique}` }).click()
    await expect(page.getByRole('region', { name: 'Details' })).toContainText('A test without JavaScript')

    await page.goto(`/e-signatures?lead=Tester${unique}&status=failed`)
    await expect(page.getByText('No signature requests match these filters')).toBeVisible()
    await page.getByRole('link', { name: 'Clear filters' }).click()
    await expect(page).toHaveURL(/\/e-signatures\?$|\/e-signatures$/)
  })
})
