import { MFA_TEST_USERS, TEST_PASSWORD, checkA11y, expect, test, type Page } from './support/fixtures'
import { totpCode } from './support/totp'

const user = MFA_TEST_USERS.js

async function press(page: Page, locator: ReturnType<Page['getByRole']>, key = 'Enter') {
  await locator.focus()
  await page.keyboard.press(key)
}

/** Signs in by keyboard: the email field has focus when the page opens. */
async function typeCredentials(page: Page) {
  await page.goto('/login')
  await expect(page.getByLabel('Email')).toBeFocused()
  await page.keyboard.type(user.email)
  await page.keyboard.press('Tab')
  await page.keyboard.type(TEST_PASSWORD)
  await page.keyboard.press('Enter')
}

test.describe('two-factor authentication', () => {
  test('a coordinator turns it on by keyboard, signs out, and signs in with a code', async ({ page }) => {
    // Two sign-ins, an enrolment and two accessibility checks in one story.
    test.slow()
    await typeCredentials(page)
    await expect(page).toHaveURL('/')

    await page.goto('/account')
    await press(page, page.getByRole('link', { name: 'Set up two-factor authentication' }))
    await expect(page).toHaveURL('/account/two-factor')
    await expect(page).toHaveTitle('Set Up Two-Factor Authentication | Healthcare Portal')
    await expect(page.getByRole('img', { name: `QR code that adds Healthcare Portal (${user.email}) to an authenticator app` })).toBeVisible()
    const key = page.getByText(/^[A-Z2-7]{4}( [A-Z2-7]{1,4})+$/)
    const secret = (await key.textContent())!.replaceAll(' ', '')
    await checkA11y(page, { label: '/account/two-factor' })

    await page.getByLabel('Code from the app').focus()
    await page.keyboard.type(await totpCode(secret))
    await page.keyboard.press('Enter')
    await expect(page.getByRole('heading', { name: 'Save your recovery codes' })).toBeVisible()
    await expect(page.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem')).toHaveCount(10)
    await press(page, page.getByRole('link', { name: 'I have saved my recovery codes' }))
    await expect(page).toHaveURL('/account')
    await expect(page.getByText(/On since .*10 of 10 recovery codes left/)).toBeVisible()

    await press(page, page.getByRole('complementary', { name: 'Sidebar' }).getByRole('button', { name: 'Sign out' }))
    await expect(page).toHaveURL('/login')

    await typeCredentials(page)
    await expect(page).toHaveURL('/login/verify')
    await expect(page.getByRole('heading', { level: 1, name: "Verify it's you" })).toBeVisible()
    const code = page.getByLabel('Authentication code')
    await expect(code).toBeFocused()
    await page.keyboard.type('000000')
    await page.keyboard.press('Enter')
    await expect(code).toHaveAttribute('aria-invalid', 'true')
    await expect(page.getByText(/That code is not right/)).toBeVisible()
    await checkA11y(page, { label: '/login/verify with an error' })

    // The wrong code stays in the field: select it and type over it.
    await code.focus()
    await page.keyboard.press('ControlOrMeta+a')
    await page.keyboard.type(await totpCode(secret, 1))
    await page.keyboard.press('Enter')
    await expect(page).toHaveURL('/')
    await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible()
  })
})
