import { expect, test, useRole } from './support/fixtures'

/** Workflow stages as plain pages and forms, with JavaScript off. */
test.describe('workflows without JavaScript', () => {
  useRole('coordinator')

  test('add, edit, switch off and delete a patient stage', async ({ page }) => {
    const name = `Intake follow-up ${Date.now()}`
    await page.goto('/settings/workflows')
    await page.getByRole('link', { name: /Patient Workflows/ }).click()
    await expect(page).toHaveURL('/settings/workflows?type=patient')
    await page.getByRole('link', { name: 'Add Stage' }).click()
    await expect(page.getByRole('heading', { level: 1, name: 'Add Stage - Patient Workflows' })).toBeVisible()

    await page.getByLabel('Stage name').fill('')
    await page.getByLabel('Order').fill('0')
    await page.getByLabel('Delay (hours)').fill('-1')
    await page.getByRole('button', { name: 'Create Stage' }).click()
    await expect(page.getByText('Stage name is required')).toBeVisible()
    await expect(page.getByText('Order must be at least 1')).toBeVisible()
    await expect(page.getByText('Delay must be 0 or greater')).toBeVisible()

    await page.getByLabel('Stage name').fill(name)
    await page.getByLabel('Order').fill('1')
    await page.getByLabel('Delay (hours)').fill('2')
    await page.getByLabel('Trigger').selectOption('intake_completed')
    await page.getByRole('button', { name: 'Create Stage' }).click()
    await expect(page.getByTestId('toast')).toContainText('Workflow stage created successfully')
    const card = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name }) })
    await expect(card).toContainText('Trigger: Intake completed · Delay: 2 hours')

    await card.getByLabel(`Actions for ${name}`).click()
    await card.getByRole('link', { name: 'Edit' }).click()
    await expect(page.getByRole('heading', { level: 1, name: `Edit Stage - ${name}` })).toBeVisible()
    await page.getByLabel('Delay (hours)').fill('48')
    await page.getByRole('button', { name: 'Update Stage' }).click()
    await expect(page.getByTestId('toast')).toContainText('Workflow stage updated successfully')
    await expect(card).toContainText('Delay: 2 days')

    await card.getByRole('button', { name: `Switch off ${name}` }).click()
    await expect(card).toContainText('Inactive')

    await card.getByLabel(`Actions for ${name}`).click()
    await card.getByRole('link', { name: 'Delete' }).click()
    await expect(page.getByText('Are you sure you want to delete this workflow stage?')).toBeVisible()
    await page.getByRole('button', { name: 'Delete' }).click()
    await expect(page.getByTestId('toast')).toContainText('Workflow stage deleted successfully')
    await expect(page.getByRole('heading', { name })).toHaveCount(0)
  })
})
