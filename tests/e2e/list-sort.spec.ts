import { expect, test, useRole } from './support/fixtures'

/** Lists sort by a column header, the order in the URL, and keep it from page to page. */
test.describe('sorting lists', () => {
  useRole('viewer')

  test('a column header sorts the table, then turns the order around', async ({ page }) => {
    await page.goto('/caregivers?view=table')
    const nameHeader = page.getByRole('columnheader', { name: 'Name' })
    await expect(nameHeader).not.toHaveAttribute('aria-sort')
    const names = page.getByRole('rowheader').getByRole('link')

    await nameHeader.getByRole('link', { name: 'Name' }).click()
    await expect(page).toHaveURL(/[?&]sort=name(&|$)/)
    await expect(nameHeader).toHaveAttribute('aria-sort', 'ascending')
    await expect(nameHeader).toContainText('↑')
    const ascending = await names.allTextContents()
    expect(ascending.length).toBeGreaterThan(1)
    expect(ascending).toEqual([...ascending].sort())

    await nameHeader.getByRole('link', { name: 'Name' }).click()
    await expect(page).toHaveURL(/[?&]sort=-name(&|$)/)
    await expect(nameHeader).toHaveAttribute('aria-sort', 'descending')
    const descending = await names.allTextContents()
    expect(descending).toEqual([...descending].sort().reverse())
    // The view stays what it was.
    await expect(page).toHaveURL(/[?&]view=table(&|$)/)
  })

  test('the next page and a search keep the order', async ({ page }) => {
    await page.goto('/leads?view=table&sort=-name')
    const nameHeader = page.getByRole('columnheader', { name: 'Name' })
    await page.getByRole('navigation', { name: 'Pagination' }).getByRole('link', { name: 'Next' }).click()
    await expect(page).toHaveURL(/[?&]page=2(&|$)/)
    await expect(page).toHaveURL(/[?&]sort=-name(&|$)/)
    await expect(nameHeader).toHaveAttribute('aria-sort', 'descending')

    await page.getByRole('search').getByLabel('Status').selectOption('new')
    await expect(page).toHaveURL(/[?&]status=new(&|$)/)
    await expect(page).toHaveURL(/[?&]sort=-name(&|$)/)
    await expect(page.getByRole('search').getByLabel('Sort by')).toHaveValue('-name')
  })
})
