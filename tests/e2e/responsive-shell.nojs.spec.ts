import { SIDEBAR, TEST_USERS, expect, mainNav, test, useRole } from './support/fixtures'

/** The phone menu with JavaScript disabled: a plain disclosure and links. */

test.describe('without JavaScript, on a phone', () => {
  useRole('coordinator')
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true })

  test('Menu opens the labelled navigation, and its links go to their pages', async ({ page }) => {
    await page.goto('/patients')
    await expect(page.getByRole('heading', { level: 1, name: 'Patient Onboarding' })).toBeVisible()
    await expect(page.getByRole('complementary', { name: 'Sidebar' })).toBeHidden()
    const menu = page.getByRole('banner').getByRole('button', { name: 'Menu', exact: true })
    await expect(mainNav(page)).toBeHidden()
    await menu.tap()
    await expect(mainNav(page).getByRole('link')).toHaveText(SIDEBAR.map((entry) => entry.label))
    await expect(mainNav(page).getByRole('link', { name: 'Patients', exact: true })).toHaveAttribute('aria-current', 'page')
    await expect(page.getByRole('complementary', { name: 'Sidebar' }).getByText(`${TEST_USERS.coordinator.name} · Coordinator`)).toBeVisible()
    await expect(page.getByRole('button', { name: 'Sign out' })).toBeVisible()

    await mainNav(page).getByRole('link', { name: 'Documents', exact: true }).tap()
    await expect(page).toHaveURL('/documents-new')
    await expect(page.getByRole('heading', { level: 1, name: 'Document Management' })).toBeVisible()
    await expect(mainNav(page)).toBeHidden()
    await menu.tap()
    await expect(mainNav(page).getByRole('link', { name: 'Documents', exact: true })).toHaveAttribute('aria-current', 'page')
    await page.getByRole('link', { name: 'Account', exact: true }).tap()
    await expect(page).toHaveURL('/account')
  })
})
