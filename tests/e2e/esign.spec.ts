import { expect, test, useRole, waitForHydration, type Page } from './support/fixtures'

/**
 * The 'Send E-Signature Request' dialog on a lead, with JavaScript and by
 * keyboard. The e2e server runs with MOCKS=true: BoldSign is a local fake
 * configured by its environment, so it is connected; GoFormz counts as
 * connected only once its credentials are saved in Settings, which no e2e
 * test does, so it stays 'Not Connected'.
 */
test.describe('e-signature requests', () => {
  useRole('coordinator')

  async function openLead(page: Page, unique: string) {
    const created = await page.request.post('/leads/new', {
      form: { firstName: 'Signing', lastName: `Person${unique}`, email: `signing${unique}@example.com`, phone: '2015550177' },
      maxRedirects: 0,
    })
    expect(created.status()).toBe(302)
    await page.goto(`/leads?q=signing${unique}`)
    await page.getByRole('link', { name: `Signing Person${unique}`, exact: true }).click()
    await expect(page.getByRole('heading', { level: 1, name: `Signing Person${unique}` })).toBeVisible()
  }

  test('send a BoldSign request from a lead by keyboard; it is listed on the lead and has its own page', async ({ page }) => {
    const unique = Date.now().toString().slice(-6)
    await openLead(page, unique)
    const requests = page.getByRole('region', { name: 'E-Signature Requests' })
    await expect(requests).toContainText('No e-signature requests yet.')

    await page.getByRole('link', { name: 'E-Sign', exact: true }).focus()
    await page.keyboard.press('Enter')
    const dialog = page.getByRole('dialog', { name: 'Send E-Signature Request' })
    await expect(dialog.getByRole('heading', { name: 'Send E-Signature Request' })).toBeVisible()
    await expect(dialog).toContainText(`signing${unique}@example.com`)
    // With JavaScript a choice submits itself: no Continue button.
    await expect(dialog.getByRole('button', { name: /^Continue/ })).toHaveCount(0)

    // The disconnected provider cannot be chosen, and says why.
    const goformz = dialog.getByRole('radio', { name: /GoFormz/ })
    await expect(goformz).toBeDisabled()
    await expect(goformz).toHaveAccessibleDescription('Configure this provider in Settings to enable e-signatures')
    await expect(dialog.getByText('Not Connected')).toBeVisible()
    // Clicking its card does nothing (force: Playwright would otherwise wait for the disabled radio).
    await dialog.getByText('GoFormz', { exact: true }).click({ force: true })
    await expect(goformz).not.toBeChecked()
    await expect(dialog.getByText('Step 2: Select Document Template')).toHaveCount(0)

    // Keyboard alone: Tab from the dialog's start reaches the only enabled provider.
    const boldsign = dialog.getByRole('radio', { name: /BoldSign/ })
    await expect(boldsign).toBeEnabled()
    await tabUntilFocused(page, boldsign)
    await page.keyboard.press('Space')
    await expect(page).toHaveURL(/provider=boldsign/)
    await expect(boldsign).toBeChecked()
    await expect(boldsign).toBeFocused()

    const template = dialog.getByRole('radio', { name: /Consent to Care/ })
    await expect(template).toBeVisible()
    await tabUntilFocused(page, template)
    await page.keyboard.press('Space')
    await expect(page).toHaveURL(/templateId=bs-tmpl-consent/)
    await expect(template).toBeChecked()

    // The defaults.
    await expect(dialog.getByLabel('Document Title')).toHaveValue(`Healthcare Document - Signing Person${unique}`)
    await expect(dialog.getByLabel('Expiration (Days)')).toHaveValue('30')
    await expect(dialog.getByLabel('Custom Message (Optional)')).toHaveValue('Please review and sign this healthcare document.')

    const send = dialog.getByRole('button', { name: 'Send Request' })
    await tabUntilFocused(page, send)
    await page.keyboard.press('Enter')

    await expect(page.getByTestId('toast')).toContainText('E-Signature Request Sent')
    await expect(page.getByTestId('toast')).toContainText(`'Healthcare Document - Signing Person${unique}' was sent to Signing Person${unique} through BoldSign.`)
    await expect(dialog).toHaveCount(0)
    await expect(page).toHaveURL(/\/leads\/[^/?#]+(#.*)?$/)
    const row = requests.getByRole('listitem').filter({ hasText: `Healthcare Document - Signing Person${unique}` })
    await expect(row).toContainText('BoldSign')
    await expect(row).toContainText('Sent')
    // Focus lands on the new request, where a keyboard user goes on from.
    await expect(row).toBeFocused()

    await row.getByRole('link', { name: `Healthcare Document - Signing Person${unique}` }).click()
    await expect(page).toHaveURL(/\/e-signatures\/[^/]+$/)
    await expect(page.getByRole('heading', { level: 1, name: `Healthcare Document - Signing Person${unique}` })).toBeVisible()
    const details = page.getByRole('region', { name: 'Details' })
    await expect(details).toContainText('Sent')
    await expect(details).toContainText(`Signing Person${unique}`)
  })

  test('a send the provider refuses keeps the dialog open with the reason, and the request is listed as failed', async ({ page }) => {
    const unique = Date.now().toString().slice(-6)
    await openLead(page, unique)
    await page.goto(`${new URL(page.url()).pathname}/esign?provider=boldsign&templateId=bs-tmpl-consent`)
    const dialog = page.getByRole('dialog', { name: 'Send E-Signature Request' })
    await expect(dialog.getByLabel('Document Title')).toBeVisible()
    await waitForHydration(page)
    await expect(dialog.getByRole('button', { name: /^Continue/ })).toHaveCount(0)
    // As if the template were deleted in BoldSign after the list was loaded: the fake refuses an unknown one. The
    // request is changed on its way rather than the form, which React may render again before the click.
    await page.route(
      (url) => url.pathname.endsWith('/esign'),
      (route) => {
        const body = route.request().postData()
        if (route.request().method() !== 'POST' || !body) return route.continue()
        return route.continue({ postData: body.replace('bs-tmpl-consent', 'bs-tmpl-deleted') })
      },
    )
    await dialog.getByRole('button', { name: 'Send Request' }).click()
    await expect(page.getByTestId('toast')).toContainText('E-signature Request Failed')
    await expect(dialog.locator('form').getByRole('alert')).toContainText('Invalid template id')
    await expect(dialog.getByRole('button', { name: 'Send Request' })).toBeEnabled()

    await dialog.getByRole('link', { name: 'Cancel' }).click()
    await expect(dialog).toHaveCount(0)
    const row = page.getByRole('region', { name: 'E-Signature Requests' }).getByRole('listitem')
    await expect(row).toContainText('Failed')
  })

  test('a link that names the disconnected provider starts over at step 1', async ({ page }) => {
    const unique = Date.now().toString().slice(-6)
    await openLead(page, unique)
    await page.goto(`${new URL(page.url()).pathname}/esign?provider=goformz`)
    const dialog = page.getByRole('dialog', { name: 'Send E-Signature Request' })
    await expect(dialog.getByRole('radio', { name: /GoFormz/ })).toBeDisabled()
    await expect(dialog.getByRole('radio', { name: /GoFormz/ })).not.toBeChecked()
    await expect(dialog.getByText('Step 2: Select Document Template')).toHaveCount(0)
    await expect(dialog.getByRole('button', { name: 'Send Request' })).toHaveCount(0)
  })
})

/** Presses Tab (at most 40 times) until the target has the focus. */
async function tabUntilFocused(page: Page, target: ReturnType<Page['locator']>) {
  for (let i = 0; i < 40; i++) {
    if (await target.evaluate((element) => element === document.activeElement)) return
    await page.keyboard.press('Tab')
  }
  await expect(target).toBeFocused()
}
