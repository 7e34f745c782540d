import { TEST_PASSWORD, checkA11y, expect, signIn, test, useRole, type Page } from './support/fixtures'
import { pdfText, pdfsig } from '#tests/support/pdf-tools'
import fs from 'node:fs'
import path from 'node:path'
import { preparePortalRequest, signerPage } from './support/portal-signing'

const FILLABLE_PDF = fs.readFileSync(path.resolve('tests/fixtures/pdf-corpus/libreoffice-fillable.pdf'))

/**
 * Signing in person on the coordinator's tablet: the session is locked on
 * the signing page until the coordinator signs back in. A session of its own
 * (signed in here), so locking it touches no other test's.
 */
test.describe('signing in person on a tablet', () => {
  test.use({ viewport: { width: 768, height: 1024 }, hasTouch: true, storageState: { cookies: [], origins: [] } })

  test('hand over, the portal stays locked to the signer, sign back in with the password', async ({ page }) => {
    const unique = Date.now().toString().slice(-7)
    await signIn(page, 'coordinator')
    const signPath = await preparePortalRequest(page, unique)
    const requestUrl = page.url()
    // Restored from the back-forward cache (Safari keeps even no-store pages), the page reloads and meets the lock.
    await expect.poll(() => page.evaluate(() => typeof window.onpageshow)).toBe('function')

    await page.getByRole('button', { name: /Sign in person now/ }).tap()
    await expect(page).toHaveURL(new RegExp(`${signPath}\\?inPerson=1$`))
    await expect(page.getByRole('heading', { level: 1, name: `Service Agreement ${unique}` })).toBeVisible()

    // Back, or any staff URL typed in, shows the lock screen and nothing of the portal.
    await page.goBack()
    await expect(page.getByRole('heading', { level: 1, name: 'Please hand the tablet back' })).toBeVisible()
    await page.goto('/leads')
    await expect(page).toHaveURL(/\/signing-lock$/)
    expect((await page.request.get('/api/leads')).status()).toBe(423)
    await page.goto(`${signPath}?inPerson=1`)

    await page.getByLabel('I agree to use electronic records and signatures').tap()
    await page.getByLabel('Type your full name *').fill(`Signer Portal${unique}`)
    await page.getByRole('textbox', { name: /^Printed name/ }).fill(`Signer Portal${unique}`)
    await page.getByRole('button', { name: 'Finish' }).tap()
    await expect(page.getByRole('heading', { level: 1, name: 'Thank you for signing' })).toBeVisible()
    await expect(page.getByRole('heading', { name: 'Please hand the tablet back to the staff member' })).toBeVisible()

    await page.getByRole('link', { name: 'Staff: sign back in' }).tap()
    await expect(page).toHaveURL(/\/signing-lock$/)
    await expect(page.getByRole('heading', { level: 1, name: 'Please hand the tablet back' })).toBeVisible()
    await checkA11y(page, { label: '/signing-lock' })
    await page.getByLabel('Your password').fill('not my password')
    await page.getByRole('button', { name: 'Unlock' }).tap()
    await expect(page.getByText('Password is incorrect')).toBeVisible()
    await page.goto('/e-signatures')
    await expect(page).toHaveURL(/\/signing-lock$/)

    await page.getByLabel('Your password').fill(TEST_PASSWORD)
    await page.getByRole('button', { name: 'Unlock' }).tap()
    await expect(page).toHaveURL(requestUrl)
    await expect(page.getByText(/Handed over to sign in person/)).toBeVisible()
    await expect(page.getByText(new RegExp(`1\\. Signer Portal${unique} · Signed`))).toBeVisible()
  })
})

test.describe('a drawn signature', () => {
  useRole('coordinator')

  test('draw with the mouse, finish, and the request shows the drawn signature', async ({ page, browser }) => {
    const unique = Date.now().toString().slice(-7)
    const signPath = await preparePortalRequest(page, unique)
    const requestUrl = page.url()
    const signer = await signerPage(browser, true)
    await signer.goto(signPath)
    await signer.getByLabel('I agree to use electronic records and signatures').check()
    await signer.getByLabel('Type your full name *').fill(`Signer Portal${unique}`)
    await signer.getByRole('textbox', { name: /^Printed name/ }).fill(`Signer Portal${unique}`)

    await signer.getByRole('radio', { name: 'Draw' }).check()
    const pad = signer.getByRole('img', { name: 'Draw your signature' })
    await expect(pad).toBeVisible()
    const box = (await pad.boundingBox())!
    await signer.mouse.move(box.x + box.width * 0.1, box.y + box.height * 0.6)
    await signer.mouse.down()
    for (const [x, y] of [[0.25, 0.3], [0.4, 0.7], [0.55, 0.35], [0.7, 0.65], [0.85, 0.4]] as const) {
      await signer.mouse.move(box.x + box.width * x, box.y + box.height * y, { steps: 4 })
    }
    await signer.mouse.up()
    await expect(signer.locator('input[name=signatureImage]')).toHaveValue(/^data:image\/png;base64,/)

    await signer.getByRole('button', { name: 'Finish' }).click()
    await expect(signer.getByRole('heading', { level: 1, name: 'Thank you for signing' })).toBeVisible()
    await signer.context().close()

    await page.goto(requestUrl)
    await expect(page.getByText(/\(drawn signature\)/)).toBeVisible()
  })
})

/**
 * The core: a two-signer request for a fillable PDF uploaded on the
 * spot, its own form fields for the first signer (the others sign on an
 * appended page); the first signs in person on a 768×1024 touch screen by
 * keyboard alone, the second remotely by the link copied from the request
 * page, also by keyboard; the request completes with a signed PDF (valid by
 * pdfsig, the PDF's own fields filled) in the document library.
 */
test.describe('two signers: in person by keyboard, then remotely by link', () => {
  test.use({ viewport: { width: 768, height: 1024 }, hasTouch: true, storageState: { cookies: [], origins: [] } })

  /** Fills the signing page by keyboard: each field reached by its link in 'Your fields', then consent, the typed signature and Enter. */
  async function signByKeyboard(signer: Page, name: string, fields: Array<[link: string, text: string | 'check']>) {
    const yourFields = signer.getByRole('navigation', { name: /Your fields/ })
    for (const [link, text] of fields) {
      await yourFields.getByRole('link', { name: link, exact: true }).focus()
      await signer.keyboard.press('Enter')
      await expect(signer.locator(':focus')).toHaveAccessibleName(new RegExp(`^${link.replace(/^\d+\. /, '')}`))
      if (text === 'check') await signer.keyboard.press('Space')
      else await signer.keyboard.type(text)
    }
    await signer.getByLabel('I agree to use electronic records and signatures').focus()
    await signer.keyboard.press('Space')
    await signer.keyboard.press('Tab')
    await expect(signer.getByLabel('Type your full name *')).toBeFocused()
    await signer.keyboard.type(name)
    await signer.keyboard.press('Enter')
    await expect(signer.getByRole('heading', { level: 1, name: 'Thank you for signing' })).toBeVisible()
  }

  test('a fillable PDF\'s own fields: completes with the signed PDF in the library', async ({ page, browser }) => {
    const unique = Date.now().toString().slice(-7)
    await signIn(page, 'coordinator')
    const created = await page.request.post('/leads/new', {
      form: { firstName: 'Signer', lastName: `Portal${unique}`, email: `signer${unique}@example.com`, phone: '2015550177' },
      maxRedirects: 0,
    })
    expect(created.status()).toBe(302)
    await page.goto('/e-signatures/new-portal')
    await page.getByLabel('Or upload a PDF').setInputFiles({ name: `Agreement ${unique}.pdf`, mimeType: 'application/pdf', buffer: FILLABLE_PDF })
    await page.getByLabel('Title *').fill(`Service Agreement ${unique}`)
    await page.getByLabel('1. Lead, patient or caregiver *').selectOption({ label: `Signer Portal${unique} (signer${unique}@example.com)` })
    await page.getByLabel('2. Name').fill(`Second Signer${unique}`)
    await page.getByLabel('2. E-mail').fill(`second${unique}@example.com`)
    await page.getByLabel(/Use the PDF's own fillable fields/).check()
    await page.getByRole('button', { name: 'Send for signature' }).click()
    await expect(page.getByRole('heading', { level: 1, name: `Service Agreement ${unique}` })).toBeVisible()
    const requestUrl = page.url()

    // First signer, in person, keyboard only: the PDF's own fields, then their block on the appended page.
    await page.getByRole('button', { name: /Sign in person now/ }).focus()
    await page.keyboard.press('Enter')
    await expect(page).toHaveURL(/\?inPerson=1$/)
    await expect(page.getByRole('navigation', { name: /Your fields/ }).getByRole('link')).toHaveText([
      '1. Client name',
      '2. Client phone',
      '3. Client email',
      '4. Agree terms',
      '5. Signature',
      '6. Date',
      '7. Printed name',
    ])
    await signByKeyboard(page, `Signer Portal${unique}`, [
      ['1. Client name', `Client Portal${unique}`],
      ['4. Agree terms', 'check'],
      ['7. Printed name', `Signer Portal${unique}`],
    ])
    await expect(page.getByRole('heading', { name: 'Please hand the tablet back to the staff member' })).toBeVisible()
    await page.getByRole('link', { name: 'Staff: sign back in' }).focus()
    await page.keyboard.press('Enter')
    await page.getByLabel('Your password').focus()
    await page.keyboard.type(TEST_PASSWORD)
    await page.keyboard.press('Enter')
    await expect(page).toHaveURL(requestUrl)

    // Second signer, remotely, by the link copied from the request page: their block on the appended page.
    const link = await page.getByLabel(/Signing link/).inputValue()
    const second = await signerPage(browser, true)
    await second.goto(new URL(link).pathname)
    await expect(second.getByRole('navigation', { name: /Your fields/ }).getByRole('link')).toHaveText(['1. Signature', '2. Date', '3. Printed name'])
    await signByKeyboard(second, `Second Signer${unique}`, [['3. Printed name', `Second Signer${unique}`]])
    await expect(second.getByRole('heading', { name: 'Please hand the tablet back to the staff member' })).toHaveCount(0)
    await second.context().close()

    await page.reload()
    await expect(page.getByText('Completed', { exact: true }).first()).toBeVisible()
    const download = page.getByRole('link', { name: /Download signed PDF/ })
    const signed = new Uint8Array(await (await page.request.get((await download.getAttribute('href'))!)).body())
    const sealed = await pdfsig(signed)
    expect(sealed.valid, sealed.output).toBe(true)
    expect(await pdfText(signed)).toContain(`Client Portal${unique}`)
    await page.goto('/documents-new')
    await expect(page.getByText(`Service Agreement ${unique} (signed)`).first()).toBeVisible()
  })
})
