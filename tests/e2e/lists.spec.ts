import { expect, test, useRole, waitForHydration } from './support/fixtures'

/**
 * Every list from the shared list kit: a search or filter that finds nothing
 * says so and offers to clear it (never to add a first record), and an old
 * link past the last page sums up the page it shows.
 */
const LISTS = [
  { path: '/leads', nothing: '?q=nobody-is-called-this', noMatches: 'No leads match these filters', firstRecord: 'Add Your First Lead' },
  { path: '/patients', nothing: '?q=nobody-is-called-this', noMatches: 'No patient registrations match these filters', firstRecord: 'Start New Registration' },
  { path: '/caregivers', nothing: '?q=nobody-is-called-this', noMatches: 'No caregivers match these filters', firstRecord: 'Add New Caregiver' },
  // The e2e data has no documents, so no page to go past (list-filters.test.ts checks that loader's last page).
  { path: '/documents-new', nothing: '?q=nobody-is-called-this', noMatches: 'No documents found.', firstRecord: null, noRows: true },
  { path: '/calendar', nothing: '?q=nobody-is-called-this', noMatches: 'No appointments found', firstRecord: 'New Appointment' },
  { path: '/settings/audit-log', nothing: '?entityType=NoSuchThing', noMatches: 'No audit entries match these filters.', firstRecord: null },
] as ReadonlyArray<{ path: string; nothing: string; noMatches: string; firstRecord: string | null; noRows?: true }>

test.describe('lists', () => {
  useRole('admin')

  for (const list of LISTS) {
    test(`${list.path}: nothing found, and a page past the end`, async ({ page }) => {
      await page.goto(`${list.path}${list.nothing}`)
      const main = page.getByRole('main')
      const empty = main.getByRole('status').filter({ hasText: list.noMatches })
      await expect(empty).toBeVisible()
      await expect(empty.getByRole('link', { name: 'Clear search and filters' })).toBeVisible()
      // The page header may offer to add one; the empty state does not offer a first one.
      if (list.firstRecord) await expect(empty.getByRole('link', { name: list.firstRecord })).toHaveCount(0)

      if (list.noRows) return
      await page.goto(`${list.path}?page=99`)
      const summary = main.getByText(/^Showing \d+(-| to )\d+ of \d+ /)
      const [from, to, total] = ((await summary.textContent()) ?? '').match(/\d+/g)!.map(Number)
      expect(from).toBeGreaterThan(0)
      expect(from).toBeLessThanOrEqual(to!)
      expect(to).toBe(total)
    })
  }

  test('a row menu opened before the page is live opens as the menu once it is, keyboard and all', async ({ page }) => {
    // Hold the scripts until the row's disclosure is open, as on a slow tablet tapped early.
    let releaseScripts!: () => void
    const scriptsReleased = new Promise<void>((resolve) => (releaseScripts = resolve))
    await page.route('**/build/**/*.js', async (route) => {
      await scriptsReleased
      await route.continue()
    })
    await page.goto('/leads', { waitUntil: 'commit' })
    const disclosure = page.locator('summary[aria-label^="Actions for "]:visible').first()
    const label = await disclosure.getAttribute('aria-label')
    await disclosure.click()
    await expect(page.locator('details[open]')).toHaveCount(1)

    releaseScripts()
    await waitForHydration(page)
    const button = page.getByRole('button', { name: label!, exact: true })
    await expect(button).toHaveAttribute('aria-expanded', 'true')
    const menu = page.getByRole('menu', { name: label!, exact: true })
    await expect(menu).toBeFocused()
    await expect(menu.getByRole('menuitem').first()).toBeVisible()
    await page.keyboard.press('Escape')
    await expect(menu).toHaveCount(0)
    await expect(button).toBeFocused()
  })
})
