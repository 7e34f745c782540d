import type { Browser } from '@playwright/test'
import type { Locator } from '@playwright/test'
import { expect, test, useRole, waitForHydration, type Page } from './support/fixtures'

/**
 * The portal's own hosted form: a coordinator sends the demo intake form
 * (published by the demo data) from a lead, the family fills it in on a
 * phone by keyboard at /intake-form/{token}, and the answers show on the
 * lead's page. Once with JavaScript, once without (staff and respondent).
 */
const FORM_TITLE = 'Home Care Intake Form'

async function createLead(page: Page, unique: string) {
  const created = await page.request.post('/leads/new', {
    form: { firstName: 'Intake', lastName: `Family${unique}`, email: `intake${unique}@example.com`, phone: '2015550188' },
    maxRedirects: 0,
  })
  expect(created.status()).toBe(302)
  await page.goto(`/leads?q=intake${unique}`)
  await page.getByRole('link', { name: `Intake Family${unique}`, exact: true }).click()
  await expect(page.getByRole('heading', { level: 1, name: `Intake Family${unique}` })).toBeVisible()
}

/** A family member's phone: no staff session. */
async function respondentPage(browser: Browser, javaScriptEnabled: boolean) {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true, javaScriptEnabled })
  return context.newPage()
}

async function tabUntilFocused(page: Page, target: Locator, maxPresses = 4) {
  for (let press = 0; press < maxPresses; press++) {
    await page.keyboard.press('Tab')
    if (await target.evaluate((element) => element === document.activeElement)) return
  }
  await expect(target).toBeFocused()
}

/** Fills the demo form by keyboard alone: typing, Tab, Space and the arrows. */
async function fillByKeyboard(page: Page, { email }: { email: string }) {
  await page.getByLabel('First Name').focus()
  const typeThenTab = async (text: string) => {
    if (text) await page.keyboard.type(text)
    await page.keyboard.press('Tab')
  }
  await typeThenTab('Rosa') // First Name
  await typeThenTab('Family') // Last Name
  await typeThenTab(email) // Email
  await typeThenTab('(201) 555-0142') // Phone
  await typeThenTab('') // Street Address
  await typeThenTab('Newark') // City
  await typeThenTab('NJ') // State
  await typeThenTab('07102') // ZIP Code
  await expect(page.getByLabel('Date of Birth')).toBeFocused()
  await page.keyboard.type('03091941')
  await expect(page.getByLabel('Date of Birth')).toHaveValue('1941-03-09')
  // The radio group: Tab (past the date's own parts) lands on its first choice, an arrow moves to (and picks) the next.
  await tabUntilFocused(page, page.getByRole('radio', { name: 'Personal care' }))
  await page.keyboard.press('ArrowDown')
  await expect(page.getByRole('radio', { name: 'Companionship' })).toBeChecked()
  await page.keyboard.press('Tab')
  await expect(page.getByRole('checkbox', { name: 'Bathing' })).toBeFocused()
  await page.keyboard.press('Tab')
  await page.keyboard.press('Space') // Meals
  await expect(page.getByRole('checkbox', { name: 'Meals' })).toBeChecked()
  await page.getByRole('textbox', { name: 'Signature' }).focus()
  await page.keyboard.type('Rosa Family')
  await page.keyboard.press('Tab')
  await expect(page.getByRole('checkbox', { name: /typing my name above is my electronic signature/ })).toBeFocused()
  await page.keyboard.press('Space')
}

test.describe('hosted intake forms', () => {
  useRole('coordinator')

  test('send from a lead, fill in on a phone by keyboard, read the answers on the lead', async ({ page, browser }) => {
    const unique = Date.now().toString().slice(-7)
    await createLead(page, unique)
    await waitForHydration(page)
    const forms = page.getByRole('region', { name: 'Forms' })
    await expect(forms).toContainText('No forms sent yet.')
    await forms.getByRole('link', { name: 'Send intake form' }).focus()
    await page.keyboard.press('Enter')
    const dialog = page.getByRole('dialog', { name: 'Send Intake Form' })
    await dialog.getByLabel('Form to send').selectOption({ label: FORM_TITLE })
    await dialog.getByRole('button', { name: 'Create link' }).press('Enter')
    const linkField = dialog.getByLabel(`Link to ${FORM_TITLE} for Intake Family${unique}`)
    await expect(linkField).toHaveValue(/\/intake-form\/[A-Za-z0-9_-]{43}$/)
    await expect(dialog.getByRole('button', { name: 'Copy' })).toBeVisible()
    const link = await linkField.inputValue()

    const phone = await respondentPage(browser, true)
    const opened = await phone.goto(link)
    expect(opened?.headers()['x-robots-tag']).toContain('noindex')
    await expect(phone.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex, nofollow')
    await expect(phone.getByRole('heading', { level: 1, name: FORM_TITLE })).toBeVisible()
    await expect(phone.getByText(`intake${unique}@example.com`)).toHaveCount(0)
    await expect(phone.getByLabel('Email')).toHaveAttribute('type', 'email')
    await expect(phone.getByRole('textbox', { name: 'Phone', exact: true })).toHaveAttribute('inputmode', 'tel')
    // Nothing wider than the phone.
    expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390)

    await fillByKeyboard(phone, { email: 'not-an-email' })
    await phone.keyboard.press('Tab')
    await expect(phone.getByRole('button', { name: 'Submit' })).toBeFocused()
    await phone.keyboard.press('Enter')
    const email = phone.getByLabel('Email')
    await expect(email).toHaveAttribute('aria-invalid', 'true')
    await expect(email).toHaveAccessibleDescription('Enter a valid email address, like name@example.com')
    // The other answers are kept.
    await expect(phone.getByLabel('City')).toHaveValue('Newark')
    await expect(phone.getByRole('radio', { name: 'Companionship' })).toBeChecked()
    await email.focus()
    await phone.keyboard.press('ControlOrMeta+A')
    await phone.keyboard.type('rosa.family@example.com')
    await phone.getByRole('button', { name: 'Submit' }).press('Enter')
    await expect(phone.getByRole('heading', { name: 'Thank you! Your form has been submitted.' })).toBeVisible()
    await phone.reload()
    await expect(phone.getByRole('heading', { name: 'Thank you! Your form has been submitted.' })).toBeVisible()
    await phone.context().close()

    await page.goto(page.url().split('/intake-form')[0]!)
    const section = page.getByRole('region', { name: 'Forms' })
    await expect(section).toContainText('Signed')
    await expect(section.getByRole('definition').filter({ hasText: 'rosa.family@example.com' })).toBeVisible()
    await expect(section).toContainText('Companionship')
    await expect(section).toContainText('Meals')
    await expect(section).toContainText('1941-03-09')
  })

  test.describe('without JavaScript', () => {
    test.use({ javaScriptEnabled: false })

    test('send, fill in and update the lead from the answers as plain form posts', async ({ page, browser }) => {
      const unique = Date.now().toString().slice(-7)
      await createLead(page, unique)
      await page.getByRole('region', { name: 'Forms' }).getByRole('link', { name: 'Send intake form' }).click()
      await expect(page.getByRole('heading', { level: 1, name: 'Send Intake Form' })).toBeVisible()
      await page.getByLabel('Form to send').selectOption({ label: FORM_TITLE })
      await page.getByRole('button', { name: 'Create link' }).click()
      const link = await page.getByLabel(`Link to ${FORM_TITLE} for Intake Family${unique}`).inputValue()
      expect(link).toMatch(/\/intake-form\/[A-Za-z0-9_-]{43}$/)
      await page.getByRole('link', { name: 'Done' }).click()

      const phone = await respondentPage(browser, false)
      await phone.goto(link)
      await phone.getByRole('button', { name: 'Submit' }).click()
      await expect(phone.getByRole('alert').filter({ hasText: 'Please correct' })).toContainText('First Name: First Name is required')
      await expect(phone.getByLabel('First Name')).toHaveAttribute('aria-invalid', 'true')
      await fillByKeyboard(phone, { email: 'rosa.nojs@example.com' })
      await phone.getByRole('button', { name: 'Submit' }).click()
      await expect(phone.getByRole('heading', { name: 'Thank you! Your form has been submitted.' })).toBeVisible()
      await phone.goto(link)
      await expect(phone.getByRole('heading', { name: 'This form has already been submitted' })).toBeVisible()
      await phone.context().close()

      await page.reload()
      const section = page.getByRole('region', { name: 'Forms' })
      await expect(section).toContainText('rosa.nojs@example.com')
      await section.getByRole('link', { name: /Update lead from answers/ }).click()
      await expect(page.getByRole('heading', { level: 1, name: 'Update Lead from Answers' })).toBeVisible()
      // The lead has a name, e-mail and phone already: only its empty fields are offered.
      await expect(page.getByRole('checkbox', { name: /City: Newark/ })).toBeChecked()
      await expect(page.getByRole('checkbox', { name: /ZIP code: 07102/ })).toBeChecked()
      await expect(page.getByRole('checkbox', { name: /Email/ })).toHaveCount(0)
      await page.getByRole('button', { name: 'Update lead' }).click()
      await expect(page.getByRole('heading', { level: 1, name: `Intake Family${unique}` })).toBeVisible()
      await expect(page.getByRole('region', { name: 'Details' })).toContainText('Newark, NJ 07102')
    })
  })
})
