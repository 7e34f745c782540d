import { checkA11y, expect, test, useRole, waitForHydration } from './support/fixtures'

test.describe('email templates', () => {
  useRole('coordinator')

  test('create a template with the keyboard: placeholder hints insert at the cursor, the preview follows typing, Enter saves', async ({
    page,
  }) => {
    const name = `Keyboard welcome ${Date.now()}`
    await page.goto('/settings/email-templates?tab=templates')
    await waitForHydration(page)
    await page.getByRole('link', { name: 'Create Template' }).focus()
    await page.keyboard.press('Enter')
    const dialog = page.getByRole('dialog', { name: 'Add Email Template' })
    await expect(dialog.getByLabel('Name', { exact: true })).toBeFocused()
    await page.keyboard.type(name)
    await page.keyboard.press('Tab')
    await expect(dialog.getByLabel('Subject')).toBeFocused()
    await page.keyboard.type('Welcome, ')
    // The hint inserts where the cursor was in the last field used.
    await dialog.getByRole('button', { name: /^Insert \{\{firstName\}\}/ }).focus()
    await page.keyboard.press('Enter')
    await expect(dialog.getByLabel('Subject')).toHaveValue('Welcome, {{firstName}}')
    await dialog.getByLabel('HTML Content').focus()
    await page.keyboard.type('<p>Hello {{firstName}} {{lastName}}, <a href="{{contactUrl}}">contact us</a>.</p>')
    await dialog.getByLabel('Form Type').selectOption('welcome')

    const preview = dialog.getByRole('region', { name: 'Preview' })
    await expect(preview.getByTestId('preview-subject')).toHaveText('Welcome, Jane')
    await expect(preview.frameLocator('iframe').getByText('Hello Jane Doe, contact us.')).toBeVisible()
    await expect(preview.frameLocator('iframe').getByRole('link', { name: 'contact us' })).toHaveAttribute(
      'href',
      'https://portal.example.com/contact'
    )

    await checkA11y(page, { label: 'the Add Email Template dialog' })
    await dialog.getByLabel('Name', { exact: true }).focus()
    await page.keyboard.press('Enter')
    await expect(page.getByRole('dialog')).toHaveCount(0)
    await expect(page.getByTestId('toast')).toContainText('Template Created')
    const row = page.getByRole('row', { name: new RegExp(name) })
    await expect(row).toContainText('Welcome, {{firstName}}')
    await expect(row).toContainText('Active')
    await checkA11y(page, { label: 'the Email Templates list' })
  })

  test('a misspelt placeholder is named next to the field and nothing is saved', async ({ page }) => {
    await page.goto('/settings/email-templates/new?tab=templates')
    await waitForHydration(page)
    const dialog = page.getByRole('dialog', { name: 'Add Email Template' })
    await dialog.getByLabel('Name', { exact: true }).fill(`Typo ${Date.now()}`)
    await dialog.getByLabel('Subject').fill('Hi {{frstName}}')
    await dialog.getByLabel('HTML Content').fill('<p>Hello</p>')
    await expect(dialog.getByText('Not placeholders (left as written): {{frstName}}')).toBeVisible()
    await dialog.getByRole('button', { name: 'Create Template' }).click()
    await expect(dialog.getByLabel('Subject')).toHaveAccessibleDescription(/Unknown placeholder: \{\{frstName\}\}/)
    await expect(page.getByRole('dialog', { name: 'Add Email Template' })).toBeVisible()
  })

  test('the gallery previews the starters and "Use this template" opens the create form filled in', async ({
    page,
  }) => {
    await page.goto('/settings/email-templates?tab=gallery')
    await waitForHydration(page)
    const appointment = page
      .getByRole('listitem')
      .filter({ has: page.getByRole('heading', { name: 'Appointment confirmation' }) })
    await expect(
      appointment.frameLocator('iframe').getByText('Please arrive 15 minutes early.', { exact: false })
    ).toBeVisible()
    await checkA11y(page, { label: 'the Template Gallery' })
    // The previews' frames run no script, so axe cannot reach into them: each message is scanned as a page of its own.
    const messages = await page.locator('iframe[srcdoc]').evaluateAll((frames) => frames.map((frame) => frame.getAttribute('srcdoc')!))
    expect(messages.length).toBeGreaterThan(0)
    const reader = await page.context().newPage()
    for (const [index, html] of messages.entries()) {
      await reader.setContent(html)
      await checkA11y(reader, { label: `starter message ${index + 1}`, soft: true })
    }
    await reader.close()
    await page.getByRole('link', { name: 'Use this template: Appointment confirmation' }).click()
    const dialog = page.getByRole('dialog', { name: 'Add Email Template' })
    await expect(dialog.getByLabel('Form Type')).toHaveValue('appointment')
    await expect(dialog.getByLabel('Subject')).toHaveValue(
      'Your appointment on {{appointmentDate}} at {{appointmentTime}}'
    )
    const name = `Appointment ${Date.now()}`
    await dialog.getByLabel('Name', { exact: true }).fill(name)
    await dialog.getByRole('button', { name: 'Create Template' }).click()
    await expect(page.getByTestId('toast')).toContainText('Template Created')
    await expect(page).toHaveURL(/tab=templates/)
    await expect(page.getByRole('row', { name: new RegExp(name) })).toContainText('Appointment')
  })
})
