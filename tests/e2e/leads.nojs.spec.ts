import { expect, test, useRole } from './support/fixtures'

/** The lead flows as plain pages and forms, with JavaScript off. */
test.describe('leads without JavaScript', () => {
  useRole('coordinator')

  test('add, find, edit and delete a lead; log a communication', async ({ page }) => {
    const unique = Date.now().toString().slice(-6)
    await page.goto('/leads')
    await page.getByRole('link', { name: 'Add New Lead' }).click()
    await expect(page).toHaveURL('/leads/new')
    await expect(page.getByRole('heading', { level: 1, name: 'Add New Lead' })).toBeVisible()

    await page.getByRole('button', { name: 'Create Lead' }).click()
    // Server-side validation, messages next to the fields.
    await expect(page.getByText('First name is required')).toBeVisible()
    await expect(page.getByText('Valid email is required')).toBeVisible()
    // The page sent back starts at the first field in error, as a keyboard user would want.
    await expect(page.getByLabel('First Name')).toBeFocused()
    // Filled in order, the next error is where the page starts.
    await page.getByLabel('First Name').fill('Plain')
    await page.getByRole('button', { name: 'Create Lead' }).click()
    await expect(page.getByLabel('First Name')).toHaveValue('Plain')
    await expect(page.getByLabel('Last Name')).toBeFocused()

    await page.getByLabel('First Name').fill('Plain')
    await page.getByLabel('Last Name').fill(`Form${unique}`)
    await page.getByLabel('Email').fill(`plain${unique}@example.com`)
    await page.getByLabel('Phone').fill('(646) 555-0142')
    await page.getByRole('button', { name: 'Create Lead' }).click()
    await expect(page).toHaveURL('/leads')
    await expect(page.getByTestId('toast')).toContainText('Lead created successfully')

    await page.getByRole('searchbox').fill(`form${unique}`)
    await page.getByRole('button', { name: 'Search' }).click()
    await expect(page.getByText('Showing 1 to 1 of 1 results')).toBeVisible()
    // The row's actions menu is a native disclosure without JavaScript.
    await page.getByLabel(`Actions for Plain Form${unique}`).click()
    await page.getByRole('link', { name: 'View/Edit' }).click()
    await expect(page.getByRole('heading', { level: 1, name: `Edit Lead - Plain Form${unique}` })).toBeVisible()
    await page.getByLabel('Status').selectOption('qualified')
    await page.getByRole('button', { name: 'Update Lead' }).click()
    await expect(page.getByTestId('toast')).toContainText('Lead updated successfully!')

    await page.getByRole('link', { name: `Plain Form${unique}`, exact: true }).click()
    await page.getByRole('link', { name: 'Log First Communication' }).click()
    await expect(page.getByRole('heading', { level: 1, name: 'Log New Communication' })).toBeVisible()
    await page.getByLabel('Subject').fill('Left a voicemail')
    await page.getByRole('button', { name: 'Log Communication' }).click()
    await expect(page.getByTestId('toast')).toContainText('Communication logged successfully!')
    await expect(page.getByText('Note: Left a voicemail')).toBeVisible()

    await page.getByRole('link', { name: 'Delete', exact: true }).click()
    await expect(page.getByText(`Are you sure you want to delete Plain Form${unique}? This action cannot be undone.`)).toBeVisible()
    await page.getByRole('button', { name: 'Delete' }).click()
    await expect(page.getByTestId('toast')).toContainText('Lead deleted')
  })
})
