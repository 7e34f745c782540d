import { checkA11y, expect, test, useRole } from './support/fixtures'
import { preparePortalRequest, signerPage } from './support/portal-signing'

/** The signing page by keyboard alone: the field links jump, Tab and Space fill it in, Enter finishes. */
test.describe('portal signing by keyboard', () => {
  useRole('coordinator')

  test('jump to a field, consent, adopt, fill and finish with the keyboard', async ({ page, browser }) => {
    const unique = Date.now().toString().slice(-7)
    const signPath = await preparePortalRequest(page, unique)
    const signer = await signerPage(browser, true)
    await signer.goto(signPath)
    await checkA11y(signer, { label: '/sign/{token}' })

    // The field list links to each field's input.
    const fieldLink = signer.getByRole('navigation', { name: /Your fields/ }).getByRole('link', { name: '3. Printed name' })
    await fieldLink.focus()
    await signer.keyboard.press('Enter')
    await expect(signer).toHaveURL(/#field-/)
    await expect(signer.getByRole('textbox', { name: /^Printed name/ })).toBeFocused()
    await signer.keyboard.type(`Signer Portal${unique}`)

    await signer.getByLabel('I agree to use electronic records and signatures').focus()
    await signer.keyboard.press('Space')
    await expect(signer.getByLabel('I agree to use electronic records and signatures')).toBeChecked()
    await signer.keyboard.press('Tab')
    await expect(signer.getByLabel('Type your full name *')).toBeFocused()
    await signer.keyboard.type(`Signer Portal${unique}`)
    await signer.keyboard.press('Enter')
    await expect(signer.getByRole('heading', { level: 1, name: 'Thank you for signing' })).toBeVisible()
    await signer.context().close()
  })
})
