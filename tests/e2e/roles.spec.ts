import { expect, test, useRole } from './support/fixtures'

const ADMIN_TABS = [
  'E-Sign Test',
  'GoHighLevel',
  'GoFormz',
  'BoldSign',
  'Signing Certificate',
  'Email Templates',
  'Workflows',
  'Document Types',
  'General',
  'Users',
  'Audit Log',
]
const STAFF_TABS = ['E-Sign Test', 'Email Templates', 'Workflows', 'Document Types', 'General']

test.describe('viewer', () => {
  useRole('viewer')

  test('is refused the Users page with 403 Forbidden', async ({ page }) => {
    const response = await page.goto('/settings/users')
    expect(response?.status()).toBe(403)
    await expect(page.getByRole('heading', { level: 1, name: '403 Forbidden' })).toBeVisible()
    // The shell stays, so the user can go elsewhere.
    await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible()
  })

  test('sees only the staff settings tabs and lands on General', async ({ page }) => {
    await page.goto('/settings')
    await expect(page).toHaveURL('/settings/general')
    await expect(page.getByRole('navigation', { name: 'Settings' }).getByRole('link')).toHaveText(STAFF_TABS)
  })
})

test.describe('coordinator', () => {
  useRole('coordinator')

  test('is refused user administration and integration settings', async ({ page }) => {
    for (const path of ['/settings/users', '/settings/goformz', '/settings/gohighlevel']) {
      const response = await page.goto(path)
      expect(response?.status(), path).toBe(403)
      await expect(page.getByRole('heading', { level: 1, name: '403 Forbidden' })).toBeVisible()
    }
  })
})

test.describe('admin', () => {
  useRole('admin')

  test('sees every settings tab, starts on GoFormz and may open Users', async ({ page }) => {
    await page.goto('/settings')
    await expect(page).toHaveURL('/settings/goformz')
    const tabs = page.getByRole('navigation', { name: 'Settings' }).getByRole('link')
    await expect(tabs).toHaveText(ADMIN_TABS)
    await expect(tabs.filter({ hasText: 'GoFormz' })).toHaveAttribute('aria-current', 'page')
    const response = await page.goto('/settings/users')
    expect(response?.status()).toBe(200)
    await expect(page.getByRole('heading', { level: 1, name: 'Settings & Management' })).toBeVisible()
    await expect(tabs.filter({ hasText: 'Users' })).toHaveAttribute('aria-current', 'page')
  })
})
