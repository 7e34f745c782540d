import { checkA11y, expect, test, useRole, waitForHydration, type Page } from './support/fixtures'

/**
 * The e-signature list and the E-Sign Test page, with JavaScript and by
 * keyboard. MOCKS=true: BoldSign is a connected local fake, GoFormz is not
 * connected. Requests are made through the test page's own form post, each
 * run with names of its own.
 */
test.describe('e-signature pages', () => {
  useRole('coordinator')

  async function testRequest(page: Page, name: string, templateId = 'bs-tmpl-consent') {
    const response = await page.request.post('/esign-test', {
      form: { provider: 'boldsign', templateId, recipientName: name, recipientEmail: 'e2e-test@example.com' },
      maxRedirects: 0,
    })
    // Sent (a redirect) or refused by the provider (502, kept as failed).
    expect([302, 502]).toContain(response.status())
  }

  test('the list: action cards, filters by keyboard, newest first, each request linked to its page with Retry when failed', async ({ page }) => {
    const unique = Date.now().toString().slice(-7)
    await testRequest(page, `Listed Sent${unique}`)
    // A template BoldSign does not know: refused, so the request is failed.
    await testRequest(page, `Listed Failed${unique}`, 'bs-tmpl-unknown')

    await page.goto('/e-signatures')
    await waitForHydration(page)
    await expect(page.getByRole('heading', { level: 1, name: 'E-Signatures' })).toBeVisible()
    const cards = page.getByRole('navigation', { name: 'Documents for signature' })
    await expect(cards.getByRole('link', { name: /Upload New Document/ })).toHaveAttribute('href', '/documents-new/upload')
    await expect(cards.getByRole('link', { name: /Create Template/ })).toHaveAttribute('href', /\/documents-new/)
    await expect(cards.getByRole('link', { name: /View Library/ })).toHaveAttribute('href', '/documents-new')

    // Keyboard: type the name in the Lead search and press Enter.
    await page.getByLabel('Lead', { exact: true }).focus()
    await page.keyboard.type(`${unique}`)
    await page.keyboard.press('Enter')
    await expect(page).toHaveURL(new RegExp(`lead=${unique}`))
    await expect(page.getByRole('heading', { name: 'Recent Documents (2)' })).toBeVisible()
    const table = page.getByRole('table')
    await expect(table.getByRole('row')).toHaveCount(3)
    // Newest first.
    await expect(table.getByRole('row').nth(1)).toContainText(`Listed Failed${unique}`)
    await expect(table.getByRole('row').nth(2)).toContainText(`Listed Sent${unique}`)

    // A changed select applies at once, keeping the search.
    await page.getByLabel('Status').focus()
    await page.getByLabel('Status').selectOption('failed')
    await expect(page).toHaveURL(/status=failed/)
    await expect(page).toHaveURL(new RegExp(`lead=${unique}`))
    await expect(page.getByRole('heading', { name: 'Recent Documents (1)' })).toBeVisible()
    const failedRow = table.getByRole('row').nth(1)
    await expect(failedRow).toContainText('Failed')
    await expect(failedRow).toContainText('Test request')

    const link = failedRow.getByRole('link', { name: `Healthcare Document - Listed Failed${unique}` })
    await link.focus()
    await page.keyboard.press('Enter')
    await expect(page.getByRole('heading', { level: 1, name: `Healthcare Document - Listed Failed${unique}` })).toBeVisible()
    await expect(page.getByRole('region', { name: 'Details' })).toContainText('Failed')
    const retry = page.getByRole('button', { name: 'Retry' })
    await retry.focus()
    await page.keyboard.press('Enter')
    // BoldSign still does not know the template: it fails again and says why.
    await expect(page.getByTestId('toast')).toContainText('E-signature Request Failed')
    await expect(page.getByRole('region', { name: 'Timeline' })).toContainText('Retried')

    // Filters that match nothing offer to clear them.
    await page.goto(`/e-signatures?lead=${unique}&provider=goformz`)
    await expect(page.getByText('No signature requests match these filters')).toBeVisible()
  })

  test('the E-Sign Test page: connected providers only, templates per provider, Test Successful!', async ({ page }) => {
    const unique = Date.now().toString().slice(-7)
    await page.goto('/esign-test')
    await waitForHydration(page)
    await expect(page.getByRole('heading', { level: 1, name: 'E-Signature Test' })).toBeVisible()
    const status = page.getByRole('region', { name: 'Provider Status' })
    await expect(status.getByRole('listitem').filter({ hasText: 'BoldSign' })).toContainText('Connected')
    await expect(status.getByRole('listitem').filter({ hasText: 'GoFormz' })).toContainText('Not Connected')
    await expect(page.getByText('Configure providers in Settings')).toBeVisible()

    const button = page.getByRole('button', { name: 'Test E-Signature' })
    await expect(button).toBeDisabled()
    const provider = page.getByLabel('Provider', { exact: true })
    await expect(provider.locator('option')).toHaveText(['Select a provider', 'BoldSign'])
    // With JavaScript the choice loads its templates by itself.
    await expect(page.getByRole('button', { name: 'Load Templates' })).toHaveCount(0)
    await provider.selectOption('boldsign')
    await expect(page).toHaveURL(/provider=boldsign/)
    const template = page.getByLabel('Template')
    await expect(template.locator('option', { hasText: 'Consent to Care (E-Sign)' })).toHaveCount(1)
    await checkA11y(page, { label: '/esign-test with templates', include: 'main' })
    await expect(button).toBeDisabled()
    await template.selectOption('bs-tmpl-consent')
    await expect(button).toBeEnabled()

    await expect(page.getByLabel('Test Recipient Email')).toHaveAttribute('placeholder', 'test@example.com')
    await expect(page.getByLabel('Custom Message')).toHaveAttribute('rows', '3')
    await page.getByLabel('Test Recipient Name').fill(`Tested Person${unique}`)
    await page.getByLabel('Test Recipient Email').fill('e2e-test@example.com')
    await page.getByLabel('Test Recipient Email').press('Enter')
    await expect(page.getByTestId('toast')).toContainText('Test Successful!')
    await expect(page.getByTestId('toast')).toContainText('BoldSign e-signature request sent successfully.')

    await page.goto(`/e-signatures?lead=Tested+Person${unique}`)
    const row = page.getByRole('table').getByRole('row').nth(1)
    await expect(row).toContainText('Test request')
    await expect(row).toContainText('Sent')
  })

  test('the Settings tab is the same page, with Missing Information when incomplete', async ({ page }) => {
    await page.goto('/settings/esign-test?provider=boldsign')
    await waitForHydration(page)
    await expect(page.getByRole('heading', { level: 2, name: 'E-Sign Test' })).toBeVisible()
    await page.getByLabel('Template').selectOption('bs-tmpl-consent')
    await page.getByRole('button', { name: 'Test E-Signature' }).click()
    await expect(page.getByRole('alert').filter({ hasText: 'Missing Information: Please select provider, template, and enter test details' })).toBeVisible()
    await expect(page.getByLabel('Test Recipient Name')).toHaveAttribute('aria-invalid', 'true')
  })
})
