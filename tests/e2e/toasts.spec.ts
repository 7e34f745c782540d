import crypto from 'node:crypto'
import type { Page } from '@playwright/test'
import { TEST_PASSWORD, expect, test, useRole } from './support/fixtures'

function notifications(page: Page) {
  return page.getByRole('region', { name: 'Notifications (F8)' })
}

/** Settings → Users → Add user: the action that answers with a toast. */
async function createUser(page: Page) {
  const email = `toast-${crypto.randomBytes(4).toString('hex')}@example.com`
  await page.goto('/settings/users/new')
  await page.getByLabel('Name').fill('Toast Test')
  await page.getByLabel('Email').fill(email)
  await page.getByLabel('Role').selectOption('viewer')
  await page.getByLabel('Initial password').fill(TEST_PASSWORD)
  await page.getByRole('button', { name: 'Create user' }).click()
  await expect(page).toHaveURL(/\/settings\/users\/(?!new$)[^/]+$/)
  return email
}

test.describe('notifications', () => {
  test.describe('coordinator', () => {
    useRole('coordinator')

    test('the toast region is labelled and F8 moves focus to it', async ({ page }) => {
      await page.goto('/leads')
      await expect(page.getByRole('heading', { level: 1, name: 'Lead Management' })).toBeVisible()
      const region = notifications(page)
      await expect(region).toHaveCount(1)
      await expect(region.getByRole('status')).toHaveAttribute('aria-live', 'polite')
      await expect(region.getByRole('alert')).toHaveCount(1)
      await expect(region.getByTestId('toast')).toHaveCount(0)
      await expect(region).not.toBeFocused()
      // The key handler is attached once the page has hydrated: retry until it has.
      await expect(async () => {
        await page.keyboard.press('F8')
        await expect(region).toBeFocused({ timeout: 500 })
      }).toPass()
    })
  })

  test.describe('admin', () => {
    useRole('admin')

    test('a successful action shows a toast that goes away after five seconds', async ({ page }) => {
      await page.clock.install()
      await createUser(page)
      const toast = notifications(page).getByRole('status').getByTestId('toast')
      await expect(toast).toContainText('User created')
      await expect(toast).toHaveAttribute('data-type', 'default')
      await page.clock.runFor(5_500)
      await expect(toast).toHaveCount(0)
      // Shown once: a reload does not bring it back.
      await page.reload()
      await expect(page).toHaveURL(/\/settings\/users\/(?!new$)[^/]+$/)
      await expect(notifications(page).getByTestId('toast')).toHaveCount(0)
    })

    test('a toast that arrives as the previous one runs out stays its five seconds', async ({ page }) => {
      // The toasts' five-second timers wait for the test, so the first one can
      // run out at the worst moment: just after the second toast has rendered.
      await page.addInitScript((duration) => {
        const held = new Map<number, () => void>()
        const { setTimeout: realSet, clearTimeout: realClear } = window
        let nextId = 1
        window.setTimeout = ((callback: () => void, ms?: number, ...args: unknown[]) => {
          if (ms !== duration) return realSet(callback, ms, ...args)
          const id = -nextId++
          held.set(id, callback)
          return id
        }) as typeof window.setTimeout
        window.clearTimeout = ((id?: number) => {
          if (id === undefined || !held.delete(id)) realClear(id)
        }) as typeof window.clearTimeout
        /** Runs out every toast timer started so far, when `title` first shows. */
        Object.assign(window, {
          expireToastsWhenShown(title: string) {
            const expired = [...held.values()]
            held.clear()
            const observer = new MutationObserver(() => {
              if (!document.querySelector('[data-testid="toast"]')?.textContent?.includes(title)) return
              observer.disconnect()
              for (const callback of expired) callback()
            })
            observer.observe(document.body, { childList: true, subtree: true, characterData: true })
          },
        })
      }, 5_000)
      await createUser(page)
      const toast = notifications(page).getByTestId('toast')
      await expect(toast).toContainText('User created')

      await page.evaluate(() => (window as unknown as { expireToastsWhenShown(title: string): void }).expireToastsWhenShown('User updated'))
      await page.getByRole('button', { name: 'Save changes' }).click()
      // The first toast's timer must not take the second toast with it.
      await expect(toast).toContainText('User updated')
    })

    test('a dialog opened while an earlier toast shows does not take that toast in', async ({ page }) => {
      await page.goto('/leads/new')
      const unique = crypto.randomBytes(3).toString('hex')
      const dialog = page.getByRole('dialog', { name: 'Add New Lead' })
      await dialog.getByLabel('First Name').fill('Toast')
      await dialog.getByLabel('Last Name').fill(`Carry${unique}`)
      await dialog.getByLabel('Email').fill(`toast-${unique}@example.com`)
      await dialog.getByLabel('Phone').fill('(212) 555-0199')
      await dialog.getByRole('button', { name: 'Create Lead' }).click()
      await expect(notifications(page).getByTestId('toast')).toBeVisible()
      await page.getByRole('link', { name: 'Add New Lead' }).first().click()
      await expect(page.getByRole('dialog', { name: 'Add New Lead' })).toBeVisible()
      // Well inside the toast's own five seconds.
      await expect(page.getByTestId('toast')).toHaveCount(0, { timeout: 1000 })
    })

    test('a toast can be dismissed with its close button', async ({ page }) => {
      await createUser(page)
      const toast = notifications(page).getByTestId('toast')
      await expect(toast).toContainText('User created')
      await toast.getByRole('button', { name: 'Dismiss notification' }).click()
      await expect(toast).toHaveCount(0)
    })
  })
})
