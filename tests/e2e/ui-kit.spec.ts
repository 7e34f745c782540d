import fs from 'node:fs'
import path from 'node:path'
import type { Locator, Page } from '@playwright/test'
import { expect, test, useRole, waitForHydration } from './support/fixtures'

/** The shared UI kit on the devices coordinators use: a tablet by touch, a phone, a desktop. */

const SAMPLE_PDF = path.resolve('tests/fixtures/intake-form.pdf')
const TABLET = { viewport: { width: 768, height: 1024 }, hasTouch: true }
const PHONE = { viewport: { width: 390, height: 844 }, hasTouch: true }
const DESKTOP = { viewport: { width: 1280, height: 800 } }

async function uploadPdf(page: Page, name: string) {
  const uploaded = await page.request.post('/api/documents/simple-upload', {
    multipart: { category: 'forms', file: { name, mimeType: 'application/pdf', buffer: fs.readFileSync(SAMPLE_PDF) } },
  })
  expect(uploaded.status()).toBe(201)
}

type Box = { x: number; y: number; width: number; height: number }

async function box(locator: Locator): Promise<Box> {
  const found = await locator.boundingBox()
  expect(found, 'element has a box').not.toBeNull()
  return found!
}

function overlaps(a: Box, b: Box) {
  return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height
}

test.describe('a menu item that submits a form', () => {
  useRole('coordinator')

  for (const [device, options] of [
    ['mouse', DESKTOP],
    ['touch', TABLET],
  ] as const) {
    test.describe(device, () => {
      test.use(options)

      test(`'Publish Bold Template' publishes by ${device}`, async ({ page }) => {
        const name = `Publish ${device} ${Date.now().toString().slice(-6)}`
        await uploadPdf(page, `${name}.pdf`)
        await page.goto(`/documents-new?q=${encodeURIComponent(name)}`)
        const row = page.getByRole('row').filter({ hasText: name })
        const press = (target: Locator) => (device === 'touch' ? target.tap() : target.click())
        // The menu opens once the page has hydrated.
        await expect(async () => {
          await press(row.getByRole('button', { name: /Actions for/ }))
          await expect(page.getByRole('menuitem', { name: /Publish as a BoldSign template/ })).toBeVisible({ timeout: 500 })
        }).toPass()
        await press(page.getByRole('menuitem', { name: /Publish as a BoldSign template/ }))
        await expect(page.getByTestId('toast')).toContainText('Template Created')
        await expect(row).toContainText('BoldSign template')
      })
    })
  }
})

test.describe('the toast after a registration step', () => {
  useRole('coordinator')

  for (const [size, options] of [
    ['phone', PHONE],
    ['tablet', TABLET],
    ['desktop', DESKTOP],
  ] as const) {
    test.describe(size, () => {
      test.use(options)

      test(`on a ${size} it is one toast, up to 420 px wide, over none of the dialog's controls`, async ({ page }) => {
        await page.goto('/patients/new')
        const first = page.getByRole('dialog', { name: 'New Patient Registration' })
        await first.getByLabel('First Name').fill('Toast')
        await first.getByLabel('Last Name').fill(`Layout${Date.now().toString().slice(-6)}`)
        await first.getByLabel('Date of Birth').fill('1944-03-15')
        await first.getByLabel('Gender').selectOption('female')
        await first.getByLabel('Phone').fill('(917) 555-0123')
        const next = first.getByRole('button', { name: 'Next', exact: true })
        await (size === 'desktop' ? next.click() : next.tap())

        const dialog = page.getByRole('dialog', { name: 'Edit Patient' })
        await expect(dialog.getByText('Step 2 of 5: Medical History')).toBeVisible()
        const toast = page.getByTestId('toast')
        await expect(toast).toContainText('Patient registered successfully')
        await expect(toast).toHaveCount(1)
        await expect(toast).toBeInViewport()

        const toastBox = await box(toast)
        expect(toastBox.width).toBeLessThanOrEqual(420)
        if (size !== 'phone') expect(toastBox.width).toBeGreaterThan(300)
        for (const control of [
          dialog.getByRole('heading', { name: 'Edit Patient' }),
          dialog.getByRole('link', { name: 'Close' }),
          dialog.getByRole('button', { name: 'Next', exact: true }),
          dialog.getByRole('button', { name: 'Save and Close' }),
        ]) {
          expect(overlaps(toastBox, await box(control)), `the toast covers ${control}`).toBe(false)
        }
        // It can be dismissed while the dialog is open.
        await toast.getByRole('button', { name: 'Dismiss notification' }).click()
        await expect(toast).toHaveCount(0)
      })
    })
  }
})

/** Each way a person closes a dialog by keyboard: Escape, its Close button, Cancel. */
function waysToClose(page: Page, dialog: Locator) {
  return [
    () => page.keyboard.press('Escape'),
    () => dialog.getByRole('link', { name: 'Close' }).press('Enter'),
    () => dialog.getByRole('link', { name: 'Cancel' }).press('Enter'),
  ]
}

/** The list's links to a lead's page (not its rows' menus). */
function leadLinks(page: Page) {
  return page.locator('#main a[href^="/leads/"]:not([href^="/leads/new"]):not([href*="/edit"]):not([href*="/delete"])').filter({ visible: true })
}

test.describe('dialog focus', () => {
  useRole('coordinator')

  test('opening a dialog by keyboard focuses its first field', async ({ page }) => {
    await page.goto('/leads')
    await expect(page.getByRole('heading', { level: 1, name: 'Lead Management' })).toBeVisible()
    await page.getByRole('link', { name: 'Add New Lead' }).first().focus()
    await page.keyboard.press('Enter')
    const dialog = page.getByRole('dialog', { name: 'Add New Lead' })
    const firstField = dialog.locator('input:not([type=hidden]), select, textarea').first()
    await expect(firstField).toBeFocused()
    await expect(firstField).toBeVisible()
  })

  test('a press on the dimmed page beside a dialog closes it, as Escape does; a press inside does not', async ({ page }) => {
    await page.goto('/leads')
    await page.getByRole('link', { name: 'Add New Lead' }).first().click()
    const dialog = page.getByRole('dialog', { name: 'Add New Lead' })
    await expect(dialog.getByLabel('First Name')).toBeFocused()
    await dialog.getByRole('heading', { name: 'Add New Lead' }).click()
    await expect(dialog).toBeVisible()
    await page.mouse.click(5, 5)
    await expect(dialog).toBeHidden()
    await expect(page).toHaveURL(/\/leads$/)
  })

  test('closing a dialog by Escape, its Close button or Cancel gives the focus back to the link that opened it', async ({ page }) => {
    await page.goto('/leads')
    await waitForHydration(page)
    const opener = page.getByRole('link', { name: 'Add New Lead' }).first()
    const dialog = page.getByRole('dialog', { name: 'Add New Lead' })
    for (const close of waysToClose(page, dialog)) {
      await opener.focus()
      await page.keyboard.press('Enter')
      await expect(dialog.getByLabel('First Name')).toBeFocused()
      await close()
      await expect(dialog).toBeHidden()
      await expect(opener).toBeFocused()
    }
  })

  test("a dialog opened from a record's page, with the list behind it, gives the focus back to its opener on that page", async ({ page }) => {
    await page.goto('/leads')
    await waitForHydration(page)
    await leadLinks(page).first().click()
    await expect(page.getByRole('link', { name: 'Back to leads' })).toBeVisible()
    const edit = page.getByRole('link', { name: 'Edit', exact: true })
    const dialog = page.getByRole('dialog', { name: 'Edit Lead' })
    for (const close of waysToClose(page, dialog)) {
      await edit.focus()
      await page.keyboard.press('Enter')
      await expect(dialog).toBeVisible()
      await close()
      await expect(dialog).toBeHidden()
      await expect(page.getByRole('link', { name: 'Back to leads' })).toBeVisible()
      await expect(edit).toBeFocused()
    }
    // Closing was a step back: the browser's Back leaves the lead's page for the list, with no dialog again.
    await page.goBack()
    await expect(page).toHaveURL(/\/leads$/)
    await expect(dialog).toHaveCount(0)
  })

  test("a dialog opened from a row's menu gives the focus back to the menu's button", async ({ page }) => {
    await page.goto('/patients?view=table&status=pending-review')
    await waitForHydration(page)
    const button = page.getByRole('button', { name: /^Actions for / }).first()
    await button.focus()
    await page.keyboard.press('Enter')
    // The menu keeps the focus and marks its active item: Down to Edit (the second), then Enter.
    await expect(page.getByRole('menu')).toBeFocused()
    await page.keyboard.press('ArrowDown')
    await page.keyboard.press('Enter')
    const dialog = page.getByRole('dialog', { name: 'Edit Patient' })
    await expect(dialog).toBeVisible()
    await page.keyboard.press('Escape')
    await expect(dialog).toBeHidden()
    await expect(button).toBeFocused()
  })

  test("a record's way back to its list keeps the list's search; the browser's Back lands on the row's link", async ({ page }) => {
    await page.goto('/leads')
    const row = leadLinks(page).first()
    const lastName = (await row.innerText()).trim().split(/\s+/).pop()!
    await page.goto(`/leads?q=${encodeURIComponent(lastName)}`)
    await waitForHydration(page)
    const found = leadLinks(page).first()
    const href = (await found.getAttribute('href'))!
    await found.click()
    const back = page.getByRole('link', { name: 'Back to leads' })
    await expect(back).toHaveAttribute('href', `/leads?q=${encodeURIComponent(lastName)}`)
    await page.goBack()
    await expect(page.locator(`#main a[href="${href}"]`).filter({ visible: true })).toBeFocused()
    await page.locator(`#main a[href="${href}"]`).filter({ visible: true }).click()
    await back.click()
    await expect(page).toHaveURL(`/leads?q=${encodeURIComponent(lastName)}`)
    await expect(page.getByRole('searchbox')).toHaveValue(lastName)
  })

  test('Tab from the last control of a tall dialog goes on to a control, never to the dialog box itself', async ({ page }) => {
    await page.setViewportSize({ width: 768, height: 600 })
    await page.goto('/leads')
    await waitForHydration(page)
    await page.getByRole('link', { name: 'Add New Lead' }).first().click()
    const dialog = page.getByRole('dialog', { name: 'Add New Lead' })
    await dialog.getByRole('button', { name: 'Create Lead' }).focus()
    for (let step = 0; step < 3; step += 1) {
      await page.keyboard.press('Tab')
      expect(await page.evaluate(() => document.activeElement?.tagName)).not.toBe('DIALOG')
    }
  })

  test('a dialog loaded as its own address opens over an empty page; closing it shows the page, whose dialogs then open over it', async ({ page }) => {
    await page.goto('/leads/new')
    await waitForHydration(page)
    const dialog = page.getByRole('dialog', { name: 'Add New Lead' })
    await expect(dialog.getByLabel('First Name')).toBeFocused()
    // The list is not drawn behind it: the page's load renders the dialog alone.
    await expect(page.getByRole('heading', { level: 1, name: 'Lead Management' })).toHaveCount(0)
    await page.keyboard.press('Escape')
    await expect(dialog).toBeHidden()
    await expect(page.getByRole('heading', { level: 1, name: 'Lead Management' })).toBeVisible()
    await page.getByRole('link', { name: 'Add New Lead' }).first().click()
    await expect(dialog).toBeVisible()
    await expect(page.getByRole('heading', { level: 1, name: 'Lead Management', includeHidden: true })).toHaveCount(1)
  })

  test('tabbing through empty fields shows no errors; sending shows them, and a wrong value is told on leaving its field', async ({ page }) => {
    await page.goto('/leads/new')
    await waitForHydration(page)
    const dialog = page.getByRole('dialog', { name: 'Add New Lead' })
    await expect(dialog.getByLabel('First Name')).toBeFocused()
    for (let step = 0; step < 3; step += 1) await page.keyboard.press('Tab')
    await expect(dialog.getByLabel('Phone')).toBeFocused()
    await expect(dialog.getByText(/is required/)).toHaveCount(0)
    await expect(dialog.locator('[aria-invalid=true]')).toHaveCount(0)
    await dialog.getByLabel('Email').fill('not-an-email')
    await dialog.getByLabel('Email').press('Tab')
    await expect(dialog.getByLabel('Email')).toHaveAttribute('aria-invalid', 'true')
    await dialog.getByRole('button', { name: 'Create Lead' }).press('Enter')
    await expect(dialog.getByText('First name is required')).toBeVisible()
    await expect(dialog.getByLabel('First Name')).toBeFocused()
  })

  test("one press on a form's button sends it, even when leaving the field shows an error that moves the button", async ({ page }) => {
    await page.goto('/leads/new')
    await waitForHydration(page)
    const dialog = page.getByRole('dialog', { name: 'Add New Lead' })
    // The email is wrong and still focused: leaving it adds an error above the button.
    await dialog.getByLabel('Email').fill('not-an-email')
    await dialog.getByRole('button', { name: 'Create Lead' }).click()
    // The press reached the button: the form was checked as a whole, not just the field left.
    await expect(dialog.getByText('First name is required')).toBeVisible()
    await expect(dialog.getByLabel('First Name')).toBeFocused()
    await expect(dialog.getByLabel('Email')).toHaveAttribute('aria-invalid', 'true')
  })

  test.describe('touch', () => {
    test.use(TABLET)

    test('opening a dialog by a tap focuses nothing invisible', async ({ page }) => {
      await page.goto('/leads')
      await expect(page.getByRole('heading', { level: 1, name: 'Lead Management' })).toBeVisible()
      await page.getByRole('link', { name: 'Add New Lead' }).first().tap()
      const dialog = page.getByRole('dialog', { name: 'Add New Lead' })
      await expect(dialog.getByLabel('First Name')).toBeVisible()
      // On touch screens the dialog focuses its title, not a field, so the
      // on-screen keyboard stays down: focus is in the dialog and draws no outline.
      await expect
        .poll(() =>
          page.evaluate(() => {
            const focused = document.activeElement
            const inDialog = focused?.closest('dialog, [role=dialog]') !== null
            const style = focused ? getComputedStyle(focused) : null
            const outlined = style !== null && style.outlineStyle !== 'none' && style.outlineColor !== 'rgba(0, 0, 0, 0)'
            return { inDialog, outlined }
          }),
        )
        .toEqual({ inDialog: true, outlined: false })
    })

    test('a dialog opened by a tap that focused nothing, closed from a keyboard, gives the focus to the link tapped', async ({ page }) => {
      await page.goto('/leads')
      await waitForHydration(page)
      const add = page.getByRole('link', { name: 'Add New Lead' }).first()
      // Safari's taps (an iPad's) focus no link: a click alone, as they send it.
      await add.evaluate((link: HTMLElement) => link.click())
      const dialog = page.getByRole('dialog', { name: 'Add New Lead' })
      await expect(dialog.getByLabel('First Name')).toBeVisible()
      await page.keyboard.press('Escape')
      await expect(dialog).toBeHidden()
      await expect(add).toBeFocused()
    })
  })
})
