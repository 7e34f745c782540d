import { expect, test, useRole } from './support/fixtures'

test.describe('document types', () => {
  useRole('admin')

  test("an empty form is refused in the page with the product's summary and a message beside each field", async ({ page }) => {
    const posts: string[] = []
    page.on('request', (request) => {
      if (request.method() === 'POST') posts.push(request.url())
    })
    await page.goto('/settings/document-types/new')
    const dialog = page.getByRole('dialog', { name: 'Add Document Type' })
    await dialog.getByRole('button', { name: 'Create Document Type' }).click()
    const summary = dialog.getByRole('alert').filter({ hasText: 'Validation Error' })
    await expect(summary).toContainText('Name and GHL Tag are required')
    await expect(dialog.getByLabel('Name')).toHaveAccessibleDescription(/Name is required/)
    await expect(dialog.getByLabel('GHL Tag')).toHaveAccessibleDescription(/GHL Tag is required/)
    expect(posts).toEqual([])

    // Filled in, the form goes to the server and the type is listed.
    const name = `Intake Packet ${Date.now()}`
    await dialog.getByLabel('Name').fill(name)
    await dialog.getByLabel('GHL Tag').fill('intake packet')
    await dialog.getByRole('button', { name: 'Create Document Type' }).click()
    await expect(page.getByRole('dialog')).toHaveCount(0)
    await expect(page.getByText(name)).toBeVisible()
  })
})
