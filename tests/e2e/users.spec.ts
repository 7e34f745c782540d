import crypto from 'node:crypto'
import { TEST_PASSWORD, expect, test, useRole } from './support/fixtures'

/**
 * The password rules are checked in the page, in the schema's words, before
 * anything is sent: what was typed stays (a refused post comes back with the
 * passwords cleared).
 */
test.describe('new passwords, checked in the page', () => {
  test.describe('as an admin', () => {
    useRole('admin')

    test("Add user: a simple sequence or the user's own name, then the user's page: a confirmation that differs", async ({ page }) => {
      const suffix = crypto.randomBytes(3).toString('hex')
      await page.goto('/settings/users/new')
      await page.getByLabel('Name').fill(`Dana Scully ${suffix}`)
      await page.getByLabel('Email').fill(`agent-${suffix}@example.com`)
      await page.getByLabel('Role').selectOption('viewer')
      const password = page.getByLabel('Initial password')

      await password.fill('abcdefghijkl')
      await password.press('Tab')
      await expect(page.getByText('Choose a password that is not just repeated characters or a simple sequence')).toBeVisible()
      await expect(password).toHaveAttribute('aria-invalid', 'true')

      // The name is another field: checked once every field is right, as the server does.
      await password.fill('scully forever in 1993')
      await page.getByRole('button', { name: 'Create user' }).click()
      await expect(page.getByText("Choose a password that does not contain the user's name")).toBeVisible()
      await expect(page).toHaveURL('/settings/users/new')
      await expect(password).toHaveValue('scully forever in 1993')

      await password.fill(TEST_PASSWORD)
      await password.press('Tab')
      await expect(page.getByText("Choose a password that does not contain the user's name")).toHaveCount(0)
      await page.getByRole('button', { name: 'Create user' }).click()
      await expect(page.getByTestId('toast')).toContainText('User created')

      const newPassword = page.getByLabel('New password', { exact: true })
      await newPassword.fill(`${TEST_PASSWORD}-2`)
      await page.getByLabel('Confirm new password').fill(`${TEST_PASSWORD}-3`)
      await page.getByRole('button', { name: 'Reset password' }).click()
      await expect(page.getByText('Passwords do not match')).toBeVisible()
      await expect(page.getByLabel('Confirm new password')).toHaveAttribute('aria-invalid', 'true')
      await expect(newPassword).toHaveValue(`${TEST_PASSWORD}-2`)
    })
  })

  test.describe('as anyone', () => {
    useRole('coordinator')

    test('My account: a password with my name, then a confirmation that differs (nothing is sent)', async ({ page }) => {
      await page.goto('/account')
      await page.getByLabel('Current password').fill(TEST_PASSWORD)
      const newPassword = page.getByLabel('New password', { exact: true })
      await newPassword.fill('casey at the bat in 1888')
      await newPassword.press('Tab')
      await expect(page.getByText('Choose a password that does not contain your name')).toBeVisible()

      await newPassword.fill(`${TEST_PASSWORD}-2`)
      await page.getByLabel('Confirm new password').fill(`${TEST_PASSWORD}-3`)
      await page.getByRole('button', { name: 'Change password' }).click()
      await expect(page.getByText('Passwords do not match')).toBeVisible()
      await expect(newPassword).toHaveValue(`${TEST_PASSWORD}-2`)
      await expect(page.getByLabel('Current password')).toHaveValue(TEST_PASSWORD)
    })
  })
})
