import { expect, test, useRole } from './support/fixtures'

/**
 * Settings → General's Jotform section without JavaScript, against the local
 * Jotform fake (MOCKS=true). Nothing is saved, so other tests still see
 * Jotform unconfigured: only typed keys are tested and a bad one refused.
 */
test.describe('Settings → General: Jotform without JavaScript', () => {
  useRole('admin')

  test('a typed key is tested with Jotform; a malformed one is refused next to its field', async ({ page }) => {
    await page.goto('/settings/general')
    await expect(page.getByRole('heading', { name: 'Jotform' })).toBeVisible()
    await expect(page.getByText('More settings are coming soon.')).toBeVisible()
    const apiKey = page.getByLabel('API Key')
    await expect(apiKey).toHaveAttribute('type', 'password')

    await apiKey.fill('wrongkey12345678')
    await page.getByRole('button', { name: 'Test connection' }).click()
    await expect(page.getByTestId('toast')).toContainText('Jotform connection failed')
    await expect(page.getByTestId('toast')).toContainText('Jotform rejected the API key (401)')

    await page.getByLabel('API Key').fill('fakejotform0123456789abcdef01234')
    await page.getByLabel('Region').selectOption('standard')
    await page.getByRole('button', { name: 'Test connection' }).click()
    await expect(page.getByTestId('toast')).toContainText('Connected to Jotform')

    await page.getByLabel('API Key').fill('bad key!')
    await page.getByRole('button', { name: 'Save', exact: true }).click()
    const refused = page.getByLabel('API Key')
    await expect(refused).toHaveAttribute('aria-invalid', 'true')
    await expect(refused).toHaveAccessibleDescription(/A Jotform API key has letters and digits only/)
    // The key typed is never sent back into the page.
    await expect(refused).toHaveValue('')
  })
})
