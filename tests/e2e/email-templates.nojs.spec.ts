import { expect, test, useRole } from './support/fixtures'

/** The template flows as plain pages and forms, with JavaScript off. */
test.describe('email templates without JavaScript', () => {
  useRole('coordinator')

  test('create (refused, previewed, saved), edit, deactivate and delete', async ({ page }) => {
    const name = `Plain template ${Date.now()}`
    await page.goto('/settings/email-templates?tab=templates')
    await page.getByRole('link', { name: 'Create Template' }).click()
    await expect(page.getByRole('heading', { level: 1, name: 'Add Email Template' })).toBeVisible()

    await page.getByRole('button', { name: 'Create Template' }).click()
    await expect(page.getByLabel('Name', { exact: true })).toHaveAccessibleDescription('Name is required')
    await expect(page.getByLabel('Subject')).toHaveAccessibleDescription('Subject is required')
    await expect(page.getByLabel('HTML Content')).toHaveAccessibleDescription(/HTML content is required/)

    await page.getByLabel('Name', { exact: true }).fill(name)
    await page.getByLabel('Subject').fill('Hi {{firstName}}')
    await page.getByLabel('HTML Content').fill('<p>Dear {{firstName}} {{lastName}}</p><script>alert(1)</script>')
    await page.getByLabel('Lead status').selectOption('new')
    // Preview is a submit: the server renders it and the typed values come back.
    await page.getByRole('button', { name: 'Preview' }).click()
    const preview = page.getByRole('region', { name: 'Preview' })
    await expect(preview.getByTestId('preview-subject')).toHaveText('Hi Jane')
    await expect(preview.frameLocator('iframe').getByText('Dear Jane Doe')).toBeVisible()
    await expect(page.getByLabel('Name', { exact: true })).toHaveValue(name)
    await expect(page.getByLabel('Lead status')).toHaveValue('new')

    await page.getByRole('button', { name: 'Create Template' }).click()
    await expect(page).toHaveURL('/settings/email-templates?tab=templates')
    await expect(page.getByTestId('toast')).toContainText('Template Created')
    const row = page.getByRole('row', { name: new RegExp(name) })
    await expect(row).toContainText('Leads with status New')

    await row.getByRole('link', { name: `Edit ${name}` }).click()
    await expect(page.getByRole('heading', { level: 1, name: `Edit Email Template - ${name}` })).toBeVisible()
    // What was stored is sanitised.
    await expect(page.getByLabel('HTML Content')).toHaveValue('<p>Dear {{firstName}} {{lastName}}</p>')
    await page.getByLabel('Subject').fill('Hello again {{firstName}}')
    await page.getByRole('button', { name: 'Update Template' }).click()
    await expect(page.getByTestId('toast')).toContainText('Template Updated')
    await expect(row).toContainText('Hello again {{firstName}}')

    await row.getByRole('button', { name: `Deactivate ${name}` }).click()
    await expect(row).toContainText('Inactive')

    await row.getByRole('link', { name: `Delete ${name}` }).click()
    await expect(page.getByText('Are you sure you want to delete this email template?')).toBeVisible()
    await page.getByRole('button', { name: 'Delete' }).click()
    await expect(page.getByTestId('toast')).toContainText('Template Deleted')
    await expect(page.getByRole('row', { name: new RegExp(name) })).toHaveCount(0)
  })

  test('the gallery link opens the create form filled in with the starter', async ({ page }) => {
    await page.goto('/settings/email-templates?tab=gallery')
    await page.getByRole('link', { name: 'Use this template: Intake form invitation' }).click()
    await expect(page.getByLabel('Subject')).toHaveValue('Your intake form from {{providerName}}')
    await expect(page.getByRole('region', { name: 'Preview' }).getByTestId('preview-subject')).toHaveText(
      'Your intake form from Sunrise Home Care'
    )
  })
})
