import { expect, storageStatePath, test, useRole, waitForHydration } from './support/fixtures'

test.describe('Settings → GoHighLevel test view', () => {
  useRole('admin')

  test('a webhook URL is copied from the keyboard', async ({ browser, baseURL }) => {
    // A context of its own: the clipboard permission must not outlive this test.
    const context = await browser.newContext({ baseURL, storageState: storageStatePath('admin'), permissions: ['clipboard-read', 'clipboard-write'] })
    const page = await context.newPage()
    const errors: string[] = []
    page.on('pageerror', (error) => errors.push(error.message))
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
    expect(errors, 'uncaught errors in the page').toEqual([])
    await context.close()
  })
})
