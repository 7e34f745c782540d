import { MFA_TEST_USERS, TEST_PASSWORD, expect, test, type Page } from './support/fixtures'
import { totpCode } from './support/totp'

/** Two-factor authentication with JavaScript disabled: plain forms and links, by keyboard. */
const user = MFA_TEST_USERS.nojs

async function press(page: Page, locator: ReturnType<Page['getByRole']>, key = 'Enter') {
  await locator.focus()
  await page.keyboard.press(key)
}

async function typeCredentials(page: Page, redirectTo?: string) {
  await page.goto(redirectTo ? `/login?${new URLSearchParams({ redirectTo })}` : '/login')
  await page.getByLabel('Email').focus()
  await page.keyboard.type(user.email)
  await page.keyboard.press('Tab')
  await page.keyboard.type(TEST_PASSWORD)
  await page.keyboard.press('Enter')
}

async function signOut(page: Page) {
  await press(page, page.getByRole('complementary', { name: 'Sidebar' }).getByRole('button', { name: 'Sign out' }))
  await expect(page).toHaveURL('/login')
}

test.describe('two-factor authentication without JavaScript', () => {
  test('enrol by keyboard, sign in with a code, then once with a recovery code', async ({ page }) => {
    // Three sign-ins and an enrolment in one story.
    test.slow()
    await typeCredentials(page)
    await expect(page).toHaveURL('/')
    await page.goto('/account')
    await press(page, page.getByRole('link', { name: 'Set up two-factor authentication' }))
    await expect(page).toHaveURL('/account/two-factor')
    await expect(page.getByRole('img', { name: /^QR code/ })).toBeVisible()
    const secret = (await page.getByText(/^[A-Z2-7]{4}( [A-Z2-7]{1,4})+$/).textContent())!.replaceAll(' ', '')

    // A malformed code comes back from the server next to its field.
    await page.getByLabel('Code from the app').focus()
    await page.keyboard.type('12ab')
    await page.keyboard.press('Enter')
    await expect(page.getByLabel('Code from the app')).toHaveAttribute('aria-invalid', 'true')
    await expect(page.getByText('Enter the 6-digit code from your authenticator app')).toBeVisible()

    await page.getByLabel('Code from the app').focus()
    await page.keyboard.type(await totpCode(secret))
    await page.keyboard.press('Enter')
    const codes = page.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem')
    await expect(codes).toHaveCount(10)
    const recoveryCode = (await codes.first().textContent())!
    await press(page, page.getByRole('link', { name: 'I have saved my recovery codes' }))
    await expect(page).toHaveURL('/account')
    await signOut(page)

    await typeCredentials(page, '/patients')
    await expect(page).toHaveURL('/login/verify')
    await page.getByLabel('Authentication code').focus()
    await page.keyboard.type(await totpCode(secret, 1))
    await page.keyboard.press('Enter')
    await expect(page).toHaveURL('/patients')
    await expect(page.getByRole('heading', { level: 1, name: 'Patient Onboarding' })).toBeVisible()
    await signOut(page)

    await typeCredentials(page)
    await page.getByLabel('Authentication code').focus()
    await page.keyboard.type(recoveryCode)
    await page.keyboard.press('Enter')
    await expect(page).toHaveURL('/')
    await page.goto('/account')
    await expect(page.getByText(/9 of 10 recovery codes left/)).toBeVisible()
  })
})
