import { checkA11y, expect, test, useRole, waitForHydration } from './support/fixtures'
import type { Locator, Page } from '@playwright/test'
import { fillPreparation, signerPage, signingPathOnRequestPage } from './support/portal-signing'

const LETTER = { width: 612, height: 792 }

async function numberIn(page: Page, id: string) {
  return Number(await page.locator(`#${id}`).inputValue())
}

/** The box's place on the signer's page, in percent (its inline style). */
async function percentBox(box: Locator) {
  const style = (await box.getAttribute('style')) ?? ''
  const read = (name: string) => Number(new RegExp(`${name}:\\s*([\\d.]+)%`).exec(style)?.[1])
  return { left: read('left'), top: read('top'), width: read('width'), height: read('height') }
}

/** Fields placed on the page images by mouse and keyboard land where they were placed. */
test.describe('placing fields on the rendered pages', () => {
  useRole('coordinator')

  test('drag a signature onto the page, move it with the arrow keys, send: the signer sees it there', async ({ page, browser }) => {
    const unique = Date.now().toString().slice(-7)
    await fillPreparation(page, unique)
    await waitForHydration(page)
    await page.getByLabel(/Place fields by page and position/).check()

    const surface = page.getByTestId('placement-page-1')
    const image = surface.getByRole('img', { name: 'Page 1 of 1' })
    await expect(image).toBeVisible()
    await expect.poll(() => image.evaluate((element: HTMLImageElement) => element.naturalWidth)).toBeGreaterThan(1000)

    await page.getByLabel('Field to place').selectOption('signature')
    // The mouse works in the viewport: the page's lower part in view.
    await surface.evaluate((element) => element.scrollIntoView({ block: 'end' }))
    const area = (await surface.boundingBox())!
    const at = (across: number, down: number) => ({ x: area.x + area.width * across, y: area.y + area.height * down })
    const from = at(0.1, 0.8)
    const to = at(0.45, 0.85)
    await page.mouse.move(from.x, from.y)
    await page.mouse.down()
    await page.mouse.move(to.x, to.y, { steps: 6 })
    await page.mouse.up()

    const field = surface.getByRole('button', { name: /^1\. Signature · S1 \(signer 1, page 1,/ })
    await expect(field).toBeFocused()
    await expect(page.locator('#field1Type')).toHaveValue('signature')
    await expect(page.locator('#field1Page')).toHaveValue('1')
    // Drawn from 10% across and 80% down to 45% across and 85% down; a pixel is under a point.
    const drawn = { x: await numberIn(page, 'field1X'), y: await numberIn(page, 'field1Y'), width: await numberIn(page, 'field1Width'), height: await numberIn(page, 'field1Height') }
    expect(Math.abs(drawn.x - 0.1 * LETTER.width)).toBeLessThan(1.5)
    expect(Math.abs(drawn.y - 0.15 * LETTER.height)).toBeLessThan(1.5)
    expect(Math.abs(drawn.width - 0.35 * LETTER.width)).toBeLessThan(1.5)
    expect(Math.abs(drawn.height - 0.05 * LETTER.height)).toBeLessThan(1.5)

    // Shift+Right moves it 10 points right, Up 1 point up; the row's inputs follow and the move is announced.
    await page.keyboard.press('Shift+ArrowRight')
    await page.keyboard.press('ArrowUp')
    const moved = { x: Math.round((drawn.x + 10) * 10) / 10, y: Math.round((drawn.y + 1) * 10) / 10 }
    await expect(page.locator('#field1X')).toHaveValue(String(moved.x))
    await expect(page.locator('#field1Y')).toHaveValue(String(moved.y))
    await expect(page.locator('[aria-live="polite"]').filter({ hasText: 'Position:' })).toHaveText(`Position: x ${moved.x}, y ${moved.y}, ${drawn.width} by ${drawn.height}.`)
    await expect(field).toBeFocused()
    await page.locator('#field1Label').fill('Client signature')

    await page.getByRole('button', { name: 'Send for signature' }).click()
    const signPath = await signingPathOnRequestPage(page, unique)

    // The signer's page: the page image, and the box where it was placed.
    const signer = await signerPage(browser, false)
    await signer.goto(signPath)
    const signerImage = signer.getByRole('img', { name: 'Page 1 of 1' })
    await expect.poll(() => signerImage.evaluate((element: HTMLImageElement) => element.naturalWidth)).toBeGreaterThan(1000)
    const box = await percentBox(signer.getByRole('link', { name: 'Client signature: go to the field' }))
    expect(box.left).toBeCloseTo((moved.x / LETTER.width) * 100, 3)
    expect(box.top).toBeCloseTo(((LETTER.height - moved.y - drawn.height) / LETTER.height) * 100, 3)
    expect(box.width).toBeCloseTo((drawn.width / LETTER.width) * 100, 3)
    await signer.context().close()
  })

  test('a click places a field of the usual size; Delete removes it and empties its row', async ({ page }) => {
    const unique = Date.now().toString().slice(-7)
    await fillPreparation(page, unique)
    await waitForHydration(page)
    await page.getByLabel(/Place fields by page and position/).check()
    const surface = page.getByTestId('placement-page-1')
    await expect(surface.getByRole('img', { name: 'Page 1 of 1' })).toBeVisible()
    await page.getByLabel('Field to place').selectOption('date_signed')
    await page.getByLabel('For signer').selectOption('2')
    await surface.click({ position: { x: 40, y: 40 } })
    const field = surface.getByRole('button', { name: /^1\. Date signed · S2 \(signer 2, page 1,/ })
    await expect(field).toBeFocused()
    await expect(page.locator('#field1Width')).toHaveValue('110')
    await expect(page.locator('#field1Height')).toHaveValue('18')
    await expect(page.locator('#field1Signer')).toHaveValue('2')
    await checkA11y(page, { label: 'the placement editor', include: 'section[aria-labelledby="placement-editor-heading"]' })

    // The corner handle resizes: dragged 40 pixels right and 20 down, the field grows and keeps its top left corner.
    const top = Number(await page.locator('#field1Y').inputValue()) + 18
    const handle = (await field.locator('[data-resize-handle]').boundingBox())!
    await page.mouse.move(handle.x + handle.width / 2, handle.y + handle.height / 2)
    await page.mouse.down()
    await page.mouse.move(handle.x + handle.width / 2 + 40, handle.y + handle.height / 2 + 20, { steps: 4 })
    await page.mouse.up()
    const resized = { width: Number(await page.locator('#field1Width').inputValue()), height: Number(await page.locator('#field1Height').inputValue()) }
    expect(resized.width).toBeGreaterThan(130)
    expect(resized.height).toBeGreaterThan(25)
    expect(Number(await page.locator('#field1Y').inputValue()) + resized.height).toBeCloseTo(top, 1)
    await expect(field).toBeFocused()
    await page.keyboard.press('Delete')
    await expect(field).toHaveCount(0)
    await expect(page.locator('#field1Type')).toHaveValue('')
  })
})
