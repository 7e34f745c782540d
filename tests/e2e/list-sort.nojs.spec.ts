import { expect, test, useRole } from './support/fixtures'

/** Cards have no headers to click: the filter bar's 'Sort by' orders them, without JavaScript too. */
test.describe('sorting cards without JavaScript', () => {
  useRole('viewer')

  test("'Sort by' orders the cards and the next page keeps it", async ({ page }) => {
    await page.goto('/leads')
    const sortBy = page.getByRole('search').getByLabel('Sort by')
    await expect(sortBy).toHaveValue('-created')
    await sortBy.selectOption({ label: 'Name (Z–A)' })
    await page.getByRole('button', { name: 'Search' }).click()
    await expect(page).toHaveURL(/[?&]sort=-name(&|$)/)
    await expect(sortBy).toHaveValue('-name')

    await page.getByRole('link', { name: 'Next' }).click()
    await expect(page).toHaveURL(/[?&]page=2(&|$)/)
    await expect(page).toHaveURL(/[?&]sort=-name(&|$)/)
    await expect(sortBy).toHaveValue('-name')
  })
})
