import { TEST_PASSWORD, TEST_USERS, expect, mainNav, signIn, test, formError, type Page } from './support/fixtures'

function signInResponse(page: Page) {
  return page.waitForResponse((r) => r.request().method() === 'POST' && new URL(r.url()).pathname === '/login')
}

test.describe('sign-in', () => {
  test('the form has email and password fields and a Sign in button', async ({ page }) => {
    await page.goto('/login')
    await expect(page).toHaveTitle('Sign in | Healthcare Portal')
    await expect(page.getByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible()
    await expect(page.locator('input[name="email"]')).toHaveAttribute('type', 'email')
    await expect(page.locator('input[name="password"]')).toHaveAttribute('type', 'password')
    await expect(page.getByLabel('Email')).toHaveAttribute('name', 'email')
    await expect(page.getByLabel('Password')).toHaveAttribute('name', 'password')
    await expect(page.getByRole('button', { name: 'Sign in' })).toBeEnabled()
  })

  test("fields are checked in the page as they are left, in the server's words, before anything is sent", async ({ page }) => {
    const posts: string[] = []
    page.on('request', (request) => {
      if (request.method() === 'POST') posts.push(request.url())
    })
    await page.goto('/login')
    const email = page.getByLabel('Email')
    await expect(email).toBeFocused()
    await page.keyboard.press('Tab')
    await expect(email).toHaveAttribute('aria-invalid', 'true')
    await expect(email).toHaveAccessibleDescription('Email is required')
    await email.fill('not-an-address')
    await page.keyboard.press('Tab')
    await expect(email).toHaveAccessibleDescription('Enter a valid email address')
    await page.getByRole('button', { name: 'Sign in' }).click()
    await expect(page.getByLabel('Password')).toHaveAccessibleDescription('Password is required')
    expect(posts).toEqual([])
    // Once the fields are right, the page no longer objects and the server decides.
    await email.fill(TEST_USERS.coordinator.email)
    await page.getByLabel('Password').fill(TEST_PASSWORD)
    await page.getByRole('button', { name: 'Sign in' }).click()
    await expect(page).toHaveURL('/')
  })

  test('a wrong password is refused with a generic message', async ({ page }) => {
    await page.goto('/login')
    await page.getByLabel('Email').fill(TEST_USERS.coordinator.email)
    await page.getByLabel('Password').fill('not-the-right-password')
    const [refused] = await Promise.all([signInResponse(page), page.getByRole('button', { name: 'Sign in' }).click()])
    expect(refused.status()).toBe(400)
    await expect(formError(page)).toContainText('Invalid email or password')
    await expect(page).toHaveURL(/\/login$/)
    // An unknown account gets the very same words.
    await page.getByLabel('Email').fill('nobody@example.com')
    await page.getByLabel('Password').fill('not-the-right-password')
    const [unknown] = await Promise.all([signInResponse(page), page.getByRole('button', { name: 'Sign in' }).click()])
    expect(unknown.status()).toBe(400)
    await expect(formError(page)).toContainText('Invalid email or password')
    // And the right password still works afterwards.
    await page.getByLabel('Email').fill(TEST_USERS.coordinator.email)
    await page.getByLabel('Password').fill(TEST_PASSWORD)
    await page.getByRole('button', { name: 'Sign in' }).click()
    await expect(page).toHaveURL('/')
    await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible()
  })

  test('signing in lands on the page first asked for', async ({ page }) => {
    await page.goto('/patients')
    await expect(page).toHaveURL('/login?redirectTo=%2Fpatients')
    await page.getByLabel('Email').fill(TEST_USERS.coordinator.email)
    await page.getByLabel('Password').fill(TEST_PASSWORD)
    await page.getByRole('button', { name: 'Sign in' }).click()
    await expect(page).toHaveURL('/patients')
    await expect(page.getByRole('heading', { level: 1, name: 'Patient Onboarding' })).toBeVisible()
  })

  test('a redirect to another site is ignored', async ({ page }) => {
    await signIn(page, 'coordinator', { redirectTo: '//evil.example/phish' })
    await expect(page).toHaveURL('/')
  })

  test('a signed-in user who opens /login goes to the dashboard', async ({ page }) => {
    await signIn(page, 'viewer')
    await page.goto('/login')
    await expect(page).toHaveURL('/')
  })

  test('Sign out in the sidebar ends the session', async ({ page }) => {
    await signIn(page, 'coordinator', { redirectTo: '/leads' })
    await expect(page.getByRole('heading', { level: 1, name: 'Lead Management' })).toBeVisible()
    const sidebar = page.getByRole('complementary', { name: 'Sidebar' })
    await expect(sidebar.getByRole('link', { name: new RegExp(TEST_USERS.coordinator.name) })).toBeVisible()
    await expect(mainNav(page)).toBeVisible()
    await sidebar.getByRole('button', { name: 'Sign out' }).click()
    await expect(page).toHaveURL('/login')
    await page.goto('/leads')
    await expect(page).toHaveURL('/login?redirectTo=%2Fleads')
    await expect(page.getByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible()
  })
})
