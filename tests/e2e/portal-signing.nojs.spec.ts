import { expect, test, useRole } from './support/fixtures'
import { fillPreparation, preparePortalRequest, signerPage, signingPathOnRequestPage } from './support/portal-signing'

/**
 * The portal's own e-signature without JavaScript: staff prepare a request
 * with a signature page, the signer opens the link on a tablet, is stopped
 * without consent, then signs; the request completes with a signed copy.
 */
test.describe('portal signing without JavaScript', () => {
  useRole('coordinator')

  test('prepare, consent required, sign, completed with the signed PDF', async ({ page, browser }) => {
    const unique = Date.now().toString().slice(-7)
    const signPath = await preparePortalRequest(page, unique)

    const signer = await signerPage(browser, false)
    await signer.goto(signPath)
    await expect(signer).toHaveTitle('Sign a Document | Healthcare Portal')
    await expect(signer.getByRole('heading', { level: 1, name: `Service Agreement ${unique}` })).toBeVisible()
    await expect(signer.getByRole('heading', { name: 'Consent to electronic records and signatures' })).toBeVisible()
    await expect(signer.getByRole('group', { name: /Page 2 \(3 fields for you\)/ })).toBeVisible()

    await signer.getByLabel('Type your full name *').fill(`Signer Portal${unique}`)
    await signer.getByRole('textbox', { name: /^Printed name/ }).fill(`Signer Portal${unique}`)
    await signer.getByRole('button', { name: 'Finish' }).click()
    await expect(signer.getByRole('alert').filter({ hasText: 'Please correct' })).toContainText('Agree to use electronic records and signatures to sign')
    await expect(signer.getByLabel('I agree to use electronic records and signatures')).toHaveAttribute('aria-invalid', 'true')

    await signer.getByLabel('I agree to use electronic records and signatures').check()
    await signer.getByRole('button', { name: 'Finish' }).click()
    await expect(signer.getByRole('heading', { level: 1, name: 'Thank you for signing' })).toBeVisible()

    await signer.goto(signPath)
    await expect(signer.getByRole('heading', { level: 1, name: 'This document is signed' })).toBeVisible()

    await page.reload()
    await expect(page.getByText('Completed').first()).toBeVisible()
    await expect(page.getByRole('link', { name: /Download signed PDF/ })).toBeVisible()
    await signer.context().close()
  })

  test('decline with a reason stops the request', async ({ page, browser }) => {
    const unique = Date.now().toString().slice(-7)
    const signPath = await preparePortalRequest(page, unique)
    const signer = await signerPage(browser, false)
    await signer.goto(signPath)
    await signer.getByRole('button', { name: 'Decline' }).click()
    await expect(signer.getByText('Tell the agency why you decline', { exact: true })).toBeVisible()
    await signer.getByLabel('Reason *').fill('I need to ask my son first')
    await signer.getByRole('button', { name: 'Decline' }).click()
    await expect(signer.getByRole('heading', { level: 1, name: 'You declined to sign' })).toBeVisible()
    await signer.goto(signPath)
    await expect(signer.getByRole('heading', { level: 1, name: 'This document was declined' })).toBeVisible()
    await page.reload()
    await expect(page.getByText('Declined: I need to ask my son first')).toBeVisible()
    await signer.context().close()
  })

  test('fields placed by page and position: the signer sees the page image with the box where the numbers put it', async ({ page, browser }) => {
    const unique = Date.now().toString().slice(-7)
    await fillPreparation(page, unique)
    await page.getByLabel(/Place fields by page and position/).check()
    const row = page.getByRole('group', { name: 'Field 1', exact: true })
    await row.getByLabel('Type').selectOption('signature')
    await row.getByLabel('Label').fill('Client signature')
    for (const [part, value] of [['Page', '1'], ['X', '61.2'], ['Y', '79.2'], ['Width', '306'], ['Height', '39.6']] as const) {
      await row.getByLabel(part, { exact: true }).fill(value)
    }
    await page.getByRole('button', { name: 'Send for signature' }).click()
    const signPath = await signingPathOnRequestPage(page, unique)

    const signer = await signerPage(browser, false)
    await signer.goto(signPath)
    await expect(signer.getByRole('img', { name: 'Page 1 of 1' })).toBeVisible()
    // 10% from the left, 85% down (its top edge at 118.8 of 792 points), half the page wide.
    const style = await signer.getByRole('link', { name: 'Client signature: go to the field' }).getAttribute('style')
    const percent = (name: string) => Number(new RegExp(`${name}:\\s*([\\d.]+)%`).exec(style ?? '')?.[1])
    expect(percent('left')).toBeCloseTo(10, 3)
    expect(percent('top')).toBeCloseTo(85, 3)
    expect(percent('width')).toBeCloseTo(50, 3)
    await signer.context().close()
  })
})
