import { expect, test, useRole } from './support/fixtures'

/** A reviewer reads the audit log by record names, not ids, and can open the records. */
test.describe('audit log', () => {
  useRole('admin')

  test('a list read shows what was searched, the names behind a disclosure, each a link to its record', async ({ page }) => {
    await page.goto('/leads?view=table&sort=name')
    const first = page.getByRole('rowheader').getByRole('link').first()
    const name = (await first.textContent())!.trim()
    const lastName = name.split(' ').at(-1)!
    await page.goto(`/leads?${new URLSearchParams({ q: lastName })}`)
    await expect(page.getByRole('link', { name }).first()).toBeVisible()

    await page.goto('/settings/audit-log?entityType=Lead&action=view')
    const entry = page.getByRole('row').filter({ hasText: `search "${lastName}"` }).first()
    await expect(entry).toContainText(/Viewed a list of \d+ leads? \(search "/)
    await entry.getByText(/^Show the \d+ shown$/).click()
    await entry.getByRole('link', { name }).first().click()
    await expect(page).toHaveURL(/\/leads\/[0-9a-f-]{36}$/)
    await expect(page.getByRole('heading', { level: 1 })).toContainText(name)
  })
})
