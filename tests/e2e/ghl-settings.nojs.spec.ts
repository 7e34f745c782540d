import { expect, test, useRole } from './support/fixtures'

/** Settings → GoHighLevel's test view without JavaScript: the read values, and webhook URLs in fields to select. */
test.describe('Settings → GoHighLevel test view without JavaScript', () => {
  useRole('admin')

  test('shows what was loaded and the three webhook endpoints as full URLs to select', async ({ page, baseURL }) => {
    await page.goto('/settings/gohighlevel')
    const view = page.getByRole('region', { name: 'Test view' })
    await expect(view).toBeVisible()
    for (const term of ['Settings count', 'Loaded', 'Account name', 'Location ID', 'Active', 'Connection status']) {
      await expect(view.getByRole('term').filter({ hasText: new RegExp(`^${term}$`) })).toBeVisible()
    }
    await expect(view.getByRole('term').filter({ hasText: /^Loaded$/ }).locator('xpath=following-sibling::dd[1]')).toHaveText('Yes')
    await expect(view.getByRole('definition').filter({ hasText: /^(unknown|connected|failed)$/ })).toHaveCount(1)

    const origin = new URL(baseURL!).origin
    const endpoints = [
      ['Form submissions', `${origin}/api/webhook/ghl/form`],
      ['Lead updates', `${origin}/api/webhook/ghl/lead-updates`],
      ['Universal forms (per form webhook id)', `${origin}/api/webhook/forms/{webhookId}`],
    ] as const
    for (const [label, url] of endpoints) {
      const field = view.getByLabel(label, { exact: true })
      await expect(field).toHaveValue(url)
      await expect(field).toHaveAttribute('readonly', '')
    }
    // Without JavaScript there is nothing to click: the fields are there to select and copy.
    await expect(view.getByRole('button', { name: /^Copy/ })).toHaveCount(0)
    // The credentials form and its test button are still there.
    await expect(page.getByRole('button', { name: 'Save and Test Connection' })).toBeVisible()
  })
})
