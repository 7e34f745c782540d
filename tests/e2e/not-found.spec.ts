import { expect, test, useRole } from './support/fixtures'

test.describe('unknown and old addresses', () => {
  useRole('coordinator')

  test('an unknown page shows the 404 page with status 404', async ({ page }) => {
    const response = await page.goto('/definitely-not-a-page')
    expect(response?.status()).toBe(404)
    await expect(page.getByRole('heading', { level: 1, name: '404 Page Not Found' })).toBeVisible()
    await expect(page.getByText('Did you forget to add the page to the router?')).toBeVisible()
    // Still inside the shell, with a way back.
    await expect(page.getByRole('complementary', { name: 'Sidebar' })).toBeVisible()
    await page.getByRole('link', { name: 'Go to the dashboard' }).click()
    await expect(page).toHaveURL('/')
    await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible()
  })

  test('/forms-documents moves permanently to /documents-new', async ({ page }) => {
    const response = await page.request.get('/forms-documents', { maxRedirects: 0 })
    expect(response.status()).toBe(301)
    expect(new URL(response.headers()['location'] ?? '', 'http://x').pathname).toBe('/documents-new')
    await page.goto('/forms-documents')
    await expect(page).toHaveURL('/documents-new')
    await expect(page.getByRole('heading', { level: 1, name: 'Document Management' })).toBeVisible()
  })

  test('a path with broken percent-encoding goes to the dashboard, not an error', async ({ page }) => {
    const response = await page.request.get('/bad%E0%A4%A', { maxRedirects: 0 })
    expect(response.status()).toBe(302)
    expect(response.headers()['location']).toBe('/')
    await page.goto('/bad%E0%A4%A')
    await expect(page).toHaveURL('/')
    await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible()
  })
})
