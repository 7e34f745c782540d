import { expect, test as setup } from '@playwright/test'
import { TEST_USERS, storageStatePath, type TestRole } from './support/config'
import { signIn } from './support/fixtures'

/**
 * Signs each role in once through the real form and saves the browser state,
 * so tests that are not about signing in can start signed in (useRole()).
 */
for (const role of Object.keys(TEST_USERS) as TestRole[]) {
  setup(`sign in as ${role}`, async ({ page }) => {
    await signIn(page, role)
    await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible()
    // Each test starts as a browser that has not yet reported its screen's width (the lists' layout cookie).
    await page.context().clearCookies({ name: 'screen' })
    await page.context().storageState({ path: storageStatePath(role) })
  })
}
