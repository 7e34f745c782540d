import type { Page } from '@playwright/test'
import { expect, test, useRole } from './support/fixtures'

/** The list kit without JavaScript: layout by CSS alone, and row menus as native disclosures. */

async function createLead(page: Page, lastName: string) {
  const created = await page.request.post('/api/leads', {
    data: { firstName: 'Plain', lastName, email: `plain.${lastName.toLowerCase()}@example.com`, phone: '(212) 555-2000' },
  })
  expect(created.status()).toBe(201)
  return `Plain ${lastName}`
}

test.describe('list kit without JavaScript', () => {
  useRole('coordinator')

  for (const view of ['cards', 'table']) {
    test(`a lead's row menu (${view}) reaches View/Edit and Delete`, async ({ page }) => {
      const name = await createLead(page, `Menu${view}${Date.now().toString().slice(-6)}`)
      const list = `/leads?view=${view}&q=${encodeURIComponent(name)}`
      await page.goto(list)
      const menuButton = page.getByLabel(`Actions for ${name}`)
      await expect(page.getByRole('link', { name: 'View/Edit' })).toHaveCount(0)
      await menuButton.click()
      await page.getByRole('link', { name: 'View/Edit' }).click()
      await expect(page.getByRole('heading', { level: 1, name: `Edit Lead - ${name}` })).toBeVisible()

      await page.goto(list)
      await menuButton.click()
      await expect(page.getByRole('link', { name: 'E-Sign', exact: true })).toBeVisible()
      await page.getByRole('link', { name: 'Delete', exact: true }).click()
      await expect(page.getByText(`Are you sure you want to delete ${name}? This action cannot be undone.`)).toBeVisible()
      await page.getByRole('button', { name: 'Delete' }).click()
      await expect(page.getByTestId('toast')).toContainText('Lead deleted')
    })
  }

  test.describe('on a tablet', () => {
    test.use({ viewport: { width: 768, height: 1024 } })

    test('patients and caregivers without a view in the URL show cards', async ({ page }) => {
      for (const path of ['/patients', '/caregivers']) {
        await page.goto(path)
        await expect(page.getByRole('main').getByRole('heading', { level: 3 }).first()).toBeVisible()
        await expect(page.getByRole('table')).toHaveCount(0)
        await expect(page.getByRole('link', { name: 'Cards' })).toHaveAttribute('aria-current', 'true')
      }
    })

    test('a width reported on a wider screen earlier still shows the rows, as the table', async ({ page, baseURL }) => {
      // The cookie a browser with JavaScript left at 1280 px; this tablet now runs none, so only the server decides.
      await page.context().addCookies([{ name: 'screen', value: 'wide', url: baseURL! }])
      await page.goto('/patients')
      const table = page.getByRole('main').getByRole('table')
      await expect(table).toBeVisible()
      await expect(table.getByRole('row')).not.toHaveCount(0)
      await expect(page.getByRole('main').getByRole('heading', { level: 3 })).toHaveCount(0)
      // The switch says what is shown.
      await expect(page.getByRole('link', { name: 'Table' })).toHaveAttribute('aria-current', 'true')
      await expect(page.getByRole('link', { name: 'Cards' })).not.toHaveAttribute('aria-current')
    })
  })
})
