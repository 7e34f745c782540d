import { SIDEBAR, TEST_PASSWORD, TEST_USERS, expect, formError, mainNav, signIn, test, useRole, type Page } from './support/fixtures'

/** The core flows with JavaScript disabled: plain forms and links only. */

async function sidebarWidth(page: Page) {
  return (await page.getByRole('complementary', { name: 'Sidebar' }).boundingBox())?.width ?? 0
}

test.describe('without JavaScript', () => {
  test('sign in returns to the page asked for; a wrong password shows the error', async ({ page }) => {
    await page.goto('/leads')
    await expect(page).toHaveURL('/login?redirectTo=%2Fleads')
    await page.getByLabel('Email').fill(TEST_USERS.viewer.email)
    await page.getByLabel('Password').fill('definitely-wrong-password')
    await page.getByRole('button', { name: 'Sign in' }).click()
    await expect(formError(page)).toContainText('Invalid email or password')
    // The page comes back from the server with the email kept and the password not.
    await expect(page.getByLabel('Email')).toHaveValue(TEST_USERS.viewer.email)
    await expect(page.getByLabel('Password')).toHaveValue('')

    await page.getByLabel('Email').fill(TEST_USERS.viewer.email)
    await page.getByLabel('Password').fill(TEST_PASSWORD)
    await page.getByRole('button', { name: 'Sign in' }).click()
    await expect(page).toHaveURL('/leads')
    await expect(page.getByRole('heading', { level: 1, name: 'Lead Management' })).toBeVisible()
  })

  test('sidebar links work', async ({ page }) => {
    await signIn(page, 'coordinator')
    for (const entry of SIDEBAR) {
      await mainNav(page).getByRole('link', { name: entry.label, exact: true }).click()
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(entry.heading)
      await expect(mainNav(page).getByRole('link', { name: entry.label, exact: true })).toHaveAttribute(
        'aria-current',
        'page',
      )
    }
  })

  test('the collapse button posts a form, comes back to the page, and the choice persists', async ({ page }) => {
    await signIn(page, 'coordinator', { redirectTo: '/caregivers' })
    await expect.poll(() => sidebarWidth(page)).toBeCloseTo(192, 0)
    const [post] = await Promise.all([
      page.waitForRequest((r) => r.method() === 'POST' && new URL(r.url()).pathname === '/resources/sidebar'),
      page.getByRole('button', { name: 'Collapse sidebar' }).click(),
    ])
    expect(post.postData()).toContain('state=narrow')
    await expect(page).toHaveURL('/caregivers')
    await expect(page.getByRole('heading', { level: 1, name: 'Caregiver Onboarding' })).toBeVisible()
    await expect.poll(() => sidebarWidth(page)).toBeCloseTo(64, 0)

    await page.goto('/calendar')
    await expect.poll(() => sidebarWidth(page)).toBeCloseTo(64, 0)

    await page.getByRole('button', { name: 'Expand sidebar' }).click()
    await expect(page).toHaveURL('/calendar')
    await expect.poll(() => sidebarWidth(page)).toBeCloseTo(192, 0)
    await page.reload()
    await expect.poll(() => sidebarWidth(page)).toBeCloseTo(192, 0)
  })

  test('sign out', async ({ page }) => {
    await signIn(page, 'viewer', { redirectTo: '/patients' })
    await page.getByRole('complementary', { name: 'Sidebar' }).getByRole('button', { name: 'Sign out' }).click()
    await expect(page).toHaveURL('/login')
    await page.goto('/patients')
    await expect(page).toHaveURL('/login?redirectTo=%2Fpatients')
  })
})

test.describe('without JavaScript, as an admin', () => {
  useRole('admin')

  test('a toast shows after the redirect and its close control hides it without leaving the page', async ({ page }) => {
    await page.goto('/settings/users/new')
    await page.getByLabel('Name').fill('No Script Toast')
    await page.getByLabel('Email').fill(`nojs-${Date.now()}@example.com`)
    await page.getByLabel('Role').selectOption('viewer')
    await page.getByLabel('Initial password').fill(TEST_PASSWORD)
    await page.getByRole('button', { name: 'Create user' }).click()
    await expect(page).toHaveURL(/\/settings\/users\/(?!new$)[^/]+$/)
    const toast = page.getByRole('region', { name: 'Notifications (F8)' }).getByTestId('toast')
    await expect(toast).toContainText('User created')
    await toast.locator('label', { hasText: 'Dismiss notification' }).click()
    await expect(page).toHaveURL(/\/settings\/users\/(?!new$)[^/]+$/)
    await expect(toast).toBeHidden()
  })
})
