import { expect, test, useRole, waitForHydration } from './support/fixtures'

test.describe('workflows', () => {
  useRole('coordinator')

  test('a stage is added by keyboard, listed with its delay in words, and switched off', async ({ page }) => {
    const name = `Training reminder ${Date.now()}`
    await page.goto('/settings/workflows?type=caregiver')
    await waitForHydration(page)
    await expect(page.getByRole('heading', { name: 'Workflows overview' })).toBeVisible()
    await expect(page.getByRole('link', { name: /Caregiver Workflows/ })).toHaveAttribute('aria-current', 'page')

    await page.getByRole('link', { name: 'Add Stage' }).focus()
    await page.keyboard.press('Enter')
    const dialog = page.getByRole('dialog', { name: 'Add Stage - Caregiver Workflows' })
    await expect(dialog).toBeVisible()
    // Passing through the empty name says nothing yet; sending it empty is refused in the spec's words, before anything is sent.
    await dialog.getByLabel('Stage name').focus()
    await page.keyboard.press('Tab')
    await expect(dialog.getByLabel('Stage name')).not.toHaveAttribute('aria-invalid', 'true')
    await dialog.getByLabel('Stage name').press('Enter')
    await expect(dialog.getByLabel('Stage name')).toHaveAccessibleDescription('Stage name is required')

    await dialog.getByLabel('Stage name').focus()
    await page.keyboard.type(name)
    await dialog.getByLabel('Trigger').selectOption('training_completed')
    await dialog.getByLabel('Delay (hours)').focus()
    await page.keyboard.press('ControlOrMeta+a')
    await page.keyboard.type('168')
    await expect(dialog.getByText('Shown as: 1 week.')).toBeVisible()
    await page.keyboard.press('Enter')

    await expect(page.getByRole('dialog')).toHaveCount(0)
    await expect(page.getByTestId('toast')).toContainText('Workflow stage created successfully')
    const card = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name }) })
    await expect(card).toContainText('Trigger: Training completed · Delay: 1 week · E-mail template: None')
    await expect(card).toContainText('Active')

    await card.getByRole('button', { name: `Switch off ${name}` }).focus()
    await page.keyboard.press('Enter')
    await expect(page.getByTestId('toast')).toContainText('Workflow stage updated successfully')
    await expect(card.getByRole('button', { name: `Switch on ${name}` })).toBeVisible()
    await expect(card).toContainText('Inactive')
  })
})
