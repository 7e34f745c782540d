import { expect, test, useRole } from './support/fixtures'

/** Subscribing without JavaScript: plain form posts, the URL shown in a field to select and copy. */
test.describe('calendar feed without JavaScript', () => {
  useRole('viewer')

  test('a viewer makes a feed URL, and revoking it makes the URL answer 404', async ({ page }) => {
    await page.goto('/calendar/subscribe')
    await expect(page.getByRole('heading', { level: 1, name: 'Subscribe to Calendar' })).toBeVisible()
    await page.getByRole('button', { name: /Create feed URL|Replace with a new URL/ }).click()
    const field = page.getByLabel('Your calendar feed URL')
    await expect(field).toHaveValue(/\/calendar\/feed\/[A-Za-z0-9_-]{43}\.ics$/)
    const url = await field.inputValue()
    expect((await page.request.get(url)).status()).toBe(200)
    // No Copy button without JavaScript: the field is there to select.
    await expect(page.getByRole('button', { name: 'Copy URL' })).toHaveCount(0)

    await page.getByRole('button', { name: 'Revoke feed URL' }).click()
    await expect(page.getByText('You have no calendar feed.')).toBeVisible()
    expect((await page.request.get(url)).status()).toBe(404)
  })
})
