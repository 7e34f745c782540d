import { expect, test, useRole } from './support/fixtures'

test.describe('integration settings', () => {
  useRole('admin')

  test("GoHighLevel: fields are checked as they are left, in the server's words, without a request", async ({ page }) => {
    const posts: string[] = []
    page.on('request', (request) => {
      if (request.method() === 'POST') posts.push(request.url())
    })
    await page.goto('/settings/gohighlevel')
    const accountName = page.getByLabel('Account Name')
    await accountName.fill('')
    // Passing through the empty field says nothing yet; sending it empty says what is missing.
    await accountName.press('Tab')
    await expect(accountName).not.toHaveAttribute('aria-invalid', 'true')
    await accountName.press('Enter')
    await expect(accountName).toHaveAttribute('aria-invalid', 'true')
    await expect(accountName).toHaveAccessibleDescription('Account name is required')
    const baseUrl = page.getByLabel('API Base URL')
    await baseUrl.fill('services.example.com')
    await baseUrl.press('Tab')
    await expect(baseUrl).toHaveAccessibleDescription('Enter a full URL, such as https://services.leadconnectorhq.com')
    await baseUrl.fill('https://services.example.com')
    await baseUrl.press('Tab')
    await expect(baseUrl).not.toHaveAttribute('aria-invalid', 'true')
    expect(posts).toEqual([])
  })

})
