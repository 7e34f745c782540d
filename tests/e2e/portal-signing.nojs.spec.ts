import { TEST_PASSWORD, expect, signIn, test, useRole } from './support/fixtures'
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

/**
 * The issue's core without JavaScript, on a flat PDF with fields placed by
 * page and position: the first signer signs in person on the coordinator's
 * 768×1024 tablet (hand-over, the lock, sign, the password unlocks), the
 * second remotely by the link; the request completes with the signed PDF in
 * the library. A session of its own (signed in here), so locking it touches
 * no other test's.
 */
test.describe('two signers without JavaScript: in person on the tablet, then by link', () => {
  test.use({ viewport: { width: 768, height: 1024 }, hasTouch: true, storageState: { cookies: [], origins: [] } })

  test('fields placed by position, the first signs in person, the second by link: completed', async ({ page, browser }) => {
    const unique = Date.now().toString().slice(-7)
    await signIn(page, 'coordinator')
    await fillPreparation(page, unique)
    await page.getByLabel('2. Name').fill(`Second Signer${unique}`)
    await page.getByLabel('2. E-mail').fill(`second${unique}@example.com`)
    await page.getByLabel(/Place fields by page and position/).check()
    const placed = [
      { signer: '1', label: 'Client signature', y: '140' },
      { signer: '2', label: 'Witness signature', y: '80' },
    ]
    for (const [index, field] of placed.entries()) {
      const row = page.getByRole('group', { name: `Field ${index + 1}`, exact: true })
      await row.getByLabel('Type').selectOption('signature')
      await row.getByLabel('Signer').selectOption(field.signer)
      await row.getByLabel('Label').fill(field.label)
      for (const [part, value] of [['Page', '1'], ['X', '72'], ['Y', field.y], ['Width', '240'], ['Height', '36']] as const) {
        await row.getByLabel(part, { exact: true }).fill(value)
      }
    }
    await page.getByRole('button', { name: 'Send for signature' }).click()
    await signingPathOnRequestPage(page, unique)
    const requestUrl = page.url()

    // First signer, in person: the hand-over locks this browser on their signing page.
    await page.getByRole('button', { name: /Sign in person now/ }).click()
    await expect(page).toHaveURL(/\/sign\/[A-Za-z0-9_-]{43}\?inPerson=1$/)
    await expect(page.getByRole('navigation', { name: /Your fields \(1\)/ }).getByRole('link')).toHaveText(['1. Client signature'])
    await page.goto('/e-signatures')
    await expect(page).toHaveURL(/\/signing-lock$/)
    await page.goBack()
    await page.getByLabel('I agree to use electronic records and signatures').check()
    await page.getByLabel('Type your full name *').fill(`Signer Portal${unique}`)
    await page.getByRole('button', { name: 'Finish' }).click()
    await expect(page.getByRole('heading', { level: 1, name: 'Thank you for signing' })).toBeVisible()
    await page.getByRole('link', { name: 'Staff: sign back in' }).click()
    await expect(page.getByRole('heading', { level: 1, name: 'Please hand the tablet back' })).toBeVisible()
    await page.getByLabel('Your password').fill(TEST_PASSWORD)
    await page.getByRole('button', { name: 'Unlock' }).click()
    await expect(page).toHaveURL(requestUrl)
    await expect(page.getByText(new RegExp(`1\\. Signer Portal${unique} · Signed`))).toBeVisible()

    // Second signer, remotely on their own device, by the link the request page shows now.
    const link = await page.getByRole('textbox', { name: `Signing link for Second Signer${unique}` }).inputValue()
    const second = await signerPage(browser, false)
    await second.goto(new URL(link).pathname)
    await expect(second.getByRole('navigation', { name: /Your fields \(1\)/ }).getByRole('link')).toHaveText(['1. Witness signature'])
    await second.getByLabel('I agree to use electronic records and signatures').check()
    await second.getByLabel('Type your full name *').fill(`Second Signer${unique}`)
    await second.getByRole('button', { name: 'Finish' }).click()
    await expect(second.getByRole('heading', { level: 1, name: 'Thank you for signing' })).toBeVisible()
    await expect(second.getByRole('link', { name: 'Staff: sign back in' })).toHaveCount(0)
    await second.context().close()

    await page.reload()
    await expect(page.getByText(new RegExp(`2\\. Second Signer${unique} · Signed`))).toBeVisible()
    await expect(page.getByText('Completed', { exact: true }).first()).toBeVisible()
    await expect(page.getByRole('link', { name: /Download signed PDF/ })).toBeVisible()
    await page.goto(`/documents-new?q=${encodeURIComponent(`Service Agreement ${unique} (signed)`)}`)
    await expect(page.getByText(`Service Agreement ${unique} (signed)`).first()).toBeVisible()
  })
})
