import { expect, test, useRole } from './support/fixtures'

/**
 * The 'Send E-Signature Request' dialog as a multi-step page, with JavaScript
 * off: each step is a GET form with Continue, the send a real form post.
 * (MOCKS=true: BoldSign is a connected local fake, GoFormz is not configured.)
 */
test.describe('e-signature requests without JavaScript', () => {
  useRole('coordinator')

  test('send a BoldSign request from a lead step by step; it is listed on the lead and has its own page', async ({ page }) => {
    const unique = Date.now().toString().slice(-6)
    const created = await page.request.post('/leads/new', {
      form: { firstName: 'Plain', lastName: `Signer${unique}`, email: `plainsigner${unique}@example.com`, phone: '2015550178' },
      maxRedirects: 0,
    })
    expect(created.status()).toBe(302)
    await page.goto(`/leads?q=plainsigner${unique}`)
    await page.getByRole('link', { name: `Plain Signer${unique}`, exact: true }).click()
    await expect(page.getByRole('heading', { level: 1, name: `Plain Signer${unique}` })).toBeVisible()
    const leadPath = new URL(page.url()).pathname

    await page.getByRole('link', { name: 'E-Sign', exact: true }).click()
    await expect(page).toHaveURL(new RegExp(`${leadPath}/esign`))
    await expect(page.getByRole('heading', { level: 1, name: 'Send E-Signature Request' })).toBeVisible()
    await expect(page.getByRole('radio', { name: /GoFormz/ })).toBeDisabled()
    await expect(page.getByText('Configure this provider in Settings to enable e-signatures')).toBeVisible()

    // Continue without a choice stays on step 1.
    await page.getByRole('button', { name: 'Continue to templates' }).click()
    await expect(page.getByText('Step 2: Select Document Template')).toHaveCount(0)

    await page.getByRole('radio', { name: /BoldSign/ }).check()
    await page.getByRole('button', { name: 'Continue to templates' }).click()
    await expect(page).toHaveURL(/provider=boldsign/)
    await expect(page.getByRole('radio', { name: /BoldSign/ })).toBeChecked()
    await page.getByRole('radio', { name: /Service Agreement/ }).check()
    await page.getByRole('button', { name: 'Continue to details' }).click()
    await expect(page).toHaveURL(/templateId=bs-tmpl-service/)
    await expect(page.getByRole('radio', { name: /Service Agreement/ })).toBeChecked()

    await expect(page.getByLabel('Document Title')).toHaveValue(`Healthcare Document - Plain Signer${unique}`)
    await expect(page.getByLabel('Expiration (Days)')).toHaveValue('30')
    await expect(page.getByLabel('Custom Message (Optional)')).toHaveValue('Please review and sign this healthcare document.')
    await page.getByRole('button', { name: 'Send Request' }).click()

    await expect(page).toHaveURL(new RegExp(`${leadPath}(#.*)?$`))
    await expect(page.getByTestId('toast')).toContainText(`'Healthcare Document - Plain Signer${unique}' was sent to Plain Signer${unique} through BoldSign.`)
    const row = page
      .getByRole('region', { name: 'E-Signature Requests' })
      .getByRole('listitem')
      .filter({ hasText: `Healthcare Document - Plain Signer${unique}` })
    await expect(row).toContainText('BoldSign')
    await expect(row).toContainText('Sent')

    await row.getByRole('link', { name: `Healthcare Document - Plain Signer${unique}` }).click()
    await expect(page.getByRole('heading', { level: 1, name: `Healthcare Document - Plain Signer${unique}` })).toBeVisible()
    await expect(page.getByRole('region', { name: 'Details' })).toContainText('Sent')
  })
  test('opened from the leads list, the steps keep the list to return to', async ({ page }) => {
    const unique = Date.now().toString().slice(-6)
    const created = await page.request.post('/leads/new', {
      form: { firstName: 'Listed', lastName: `Signer${unique}`, email: `listedsigner${unique}@example.com`, phone: '2015550179' },
      maxRedirects: 0,
    })
    expect(created.status()).toBe(302)
    await page.goto(`/leads?q=listedsigner${unique}`)
    await page.getByLabel(`Actions for Listed Signer${unique}`).click()
    await page.getByRole('link', { name: 'E-Sign', exact: true }).click()
    await expect(page.getByRole('heading', { level: 1, name: 'Send E-Signature Request' })).toBeVisible()
    await page.getByRole('radio', { name: /BoldSign/ }).check()
    await page.getByRole('button', { name: 'Continue to templates' }).click()
    await page.getByRole('radio', { name: /Consent to Care/ }).check()
    await page.getByRole('button', { name: 'Continue to details' }).click()
    await expect(page.getByLabel('Document Title')).toHaveValue(`Healthcare Document - Listed Signer${unique}`)
    await page.getByRole('button', { name: 'Send Request' }).click()

    await expect(page).toHaveURL(new RegExp(`/leads\\?q=listedsigner${unique}$`))
    await expect(page.getByTestId('toast')).toContainText(`was sent to Listed Signer${unique} through BoldSign.`)
  })
})
