import { TEST_PASSWORD, expect, test, useRole } from './support/fixtures'

test.describe('a toast without JavaScript', () => {
  useRole('admin')

  test('closing it keeps what was typed on the page', async ({ page }) => {
    await page.goto('/settings/users/new')
    await page.getByLabel('Name').fill('No Script Toast')
    await page.getByLabel('Email').fill(`nojs-close-${Date.now()}@example.com`)
    await page.getByLabel('Role').selectOption('viewer')
    await page.getByLabel('Initial password').fill(TEST_PASSWORD)
    await page.getByRole('button', { name: 'Create user' }).click()
    await expect(page).toHaveURL(/\/settings\/users\/(?!new$)[^/]+$/)
    const toast = page.getByRole('region', { name: 'Notifications (F8)' }).getByTestId('toast')
    await expect(toast).toContainText('User created')

    await page.getByRole('textbox', { name: 'Name' }).fill('Typed before closing')
    await toast.locator('label', { hasText: 'Dismiss notification' }).click()
    await expect(toast).toBeHidden()
    await expect(page.getByRole('textbox', { name: 'Name' })).toHaveValue('Typed before closing')
  })
})
