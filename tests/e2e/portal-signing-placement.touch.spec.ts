import { expect, test, useRole, waitForHydration } from './support/fixtures'
import { fillPreparation } from './support/portal-signing'

/** On a coordinator's tablet: a tap on the page image places the chosen field there. */
test.describe('placing fields by touch', () => {
  useRole('coordinator')

  test('a tap places a signature with its top left corner under the finger', async ({ page }) => {
    const unique = Date.now().toString().slice(-7)
    await fillPreparation(page, unique)
    await waitForHydration(page)
    await page.getByLabel(/Place fields by page and position/).check()
    const surface = page.getByTestId('placement-page-1')
    await expect(surface.getByRole('img', { name: 'Page 1 of 1' })).toBeVisible()
    const { width, height } = (await surface.boundingBox())!
    await surface.tap({ position: { x: width * 0.25, y: height * 0.5 } })
    await expect(surface.getByRole('button', { name: /^1\. Signature · S1 \(signer 1, page 1,/ })).toBeVisible()
    await expect(page.locator('#field1Width')).toHaveValue('180')
    expect(Math.abs(Number(await page.locator('#field1X').inputValue()) - 153)).toBeLessThan(2)
    // The top edge at the middle of the page: 396 points up, less the field's 36.
    expect(Math.abs(Number(await page.locator('#field1Y').inputValue()) - 360)).toBeLessThan(2)
  })
})
