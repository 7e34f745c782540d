import { expect, test, useRole } from './support/fixtures'

/**
 * Settings → General's E-mail delivery section without JavaScript, against
 * the local SMTP inbox that MOCKS=true points SMTP_URL at. Only the channel
 * is saved (the server comes from SMTP_URL), so other tests see the default.
 */
test.describe('Settings → General: E-mail delivery without JavaScript', () => {
  useRole('admin')

  test('a refused field stays next to its input; a test e-mail is sent and listed in the outbox', async ({ page }) => {
    await page.goto('/settings/general')
    const section = page.getByRole('region', { name: 'E-mail delivery' })
    await expect(section).toBeVisible()
    await expect(section).toContainText('the server environment (SMTP_URL) supplies one')
    await expect(section.getByLabel('Password')).toHaveAttribute('type', 'password')

    await section.getByLabel('Port').fill('70000')
    await section.getByRole('button', { name: 'Send test e-mail' }).click()
    const port = page.getByRole('region', { name: 'E-mail delivery' }).getByLabel('Port')
    await expect(port).toHaveAttribute('aria-invalid', 'true')
    await expect(port).toHaveAccessibleDescription(/A port is between 1 and 65535/)
    const testTo = page.getByRole('region', { name: 'E-mail delivery' }).getByLabel('Send a test e-mail to')
    await expect(testTo).toHaveAccessibleDescription(/Enter the e-mail address to send the test to/)

    const address = `e2e-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`
    await port.fill('')
    await page.getByRole('region', { name: 'E-mail delivery' }).getByLabel('Send e-mail through').selectOption('smtp')
    await testTo.fill(address)
    await page.getByRole('region', { name: 'E-mail delivery' }).getByRole('button', { name: 'Send test e-mail' }).click()
    await expect(page.getByTestId('toast')).toContainText('Test e-mail sent')
    await expect(page.getByTestId('toast')).toContainText(address)

    const outbox = page.getByRole('region', { name: 'Outbox' })
    await outbox.getByLabel('Status').selectOption('sent')
    await outbox.getByRole('button', { name: 'Show' }).click()
    const row = page.getByRole('region', { name: 'Outbox' }).getByRole('row').filter({ hasText: address })
    await expect(row).toContainText('Sent')
    await expect(row).toContainText('SMTP')
  })
})
