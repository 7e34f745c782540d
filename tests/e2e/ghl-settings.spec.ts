import { expect, test, useRole, waitForHydration } from './support/fixtures'

test.describe('Settings → GoHighLevel test view', () => {
  useRole('admin')

  // A context option, not grantPermissions(): a context with other options is a new one, so the
  // permission cannot outlive this block in the reused context (playwright.config.ts).
  test.use({ permissions: ['clipboard-read', 'clipboard-write'] })

  test('a webhook URL is copied from the keyboard', async ({ page, baseURL }) => {
    await page.goto('/settings/gohighlevel')
    await waitForHydration(page)
    const view = page.getByRole('region', { name: 'Test view' })
    const field = view.getByLabel('Lead updates', { exact: true })
    await field.focus()
    await page.keyboard.press('Tab')
    const copy = view.getByRole('button', { name: 'Copy Lead updates URL' })
    await expect(copy).toBeFocused()
    await page.keyboard.press('Enter')
    await expect(view.getByRole('status').filter({ hasText: 'Copied to the clipboard.' })).toBeVisible()
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(`${new URL(baseURL!).origin}/api/webhook/ghl/lead-updates`)
  })
})
