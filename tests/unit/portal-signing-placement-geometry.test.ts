import { describe, expect, test } from 'vitest'
import {
  MAX_IMAGE_PIXELS,
  MAX_IMAGE_SIDE,
  PAGE_IMAGE_SCALE,
  clampRect,
  moveRect,
  pageImageScale,
  pointFromPixel,
  pointsFromPixels,
  rectAtTopLeft,
  rectFromCorners,
  rectPercent,
  resizeRect,
} from '~/features/portal-signing/placement-geometry'

const letter = { width: 612, height: 792 }

describe('between PDF points (bottom left) and image pixels (top left)', () => {
  test('a pixel on a shown page is the PDF point under it, whatever size the page is shown at', () => {
    // The page shown 306 × 396 pixels: half size.
    const shown = { width: 306, height: 396 }
    expect(pointFromPixel({ left: 0, top: 0 }, shown, letter)).toEqual({ x: 0, y: 792 })
    expect(pointFromPixel({ left: 36, top: 396 }, shown, letter)).toEqual({ x: 72, y: 0 })
    expect(pointFromPixel({ left: 153, top: 99 }, shown, letter)).toEqual({ x: 306, y: 594 })
    // A pointer dragged outside the page stays on its edge.
    expect(pointFromPixel({ left: -20, top: 500 }, shown, letter)).toEqual({ x: 0, y: 0 })
  })

  test('a field is drawn at percentages from the top left', () => {
    const box = rectPercent({ x: 61.2, y: 712.8, width: 306, height: 39.6 }, letter)
    for (const [key, percent] of Object.entries({ left: 10, top: 5, width: 50, height: 5 })) expect(box[key as keyof typeof box]).toBeCloseTo(percent, 9)
    expect(rectPercent({ x: 0, y: 0, width: 612, height: 792 }, letter)).toEqual({ left: 0, top: 0, width: 100, height: 100 })
  })

  test('pixel distances are point distances, down on screen being down in the PDF', () => {
    expect(pointsFromPixels(100, 50, { width: 1100, height: 1424 }, letter)).toEqual({ dx: (100 / 1100) * 612, dy: -(50 / 1424) * 792 })
  })
})

describe('placing, moving and resizing', () => {
  test('a drag in any direction gives the same rectangle', () => {
    const rect = { x: 72, y: 100, width: 200, height: 40 }
    expect(rectFromCorners({ x: 72, y: 140 }, { x: 272, y: 100 }, letter)).toEqual(rect)
    expect(rectFromCorners({ x: 272, y: 100 }, { x: 72, y: 140 }, letter)).toEqual(rect)
  })

  test('a click places a field of the default size with its top left corner at the point, inside the page', () => {
    expect(rectAtTopLeft({ x: 72, y: 140 }, { width: 180, height: 36 }, letter)).toEqual({ x: 72, y: 104, width: 180, height: 36 })
    expect(rectAtTopLeft({ x: 600, y: 10 }, { width: 180, height: 36 }, letter)).toEqual({ x: 432, y: 0, width: 180, height: 36 })
  })

  test('moves stay on the page; up is up', () => {
    const rect = { x: 72, y: 100, width: 200, height: 40 }
    expect(moveRect(rect, 10, 1, letter)).toEqual({ x: 82, y: 101, width: 200, height: 40 })
    expect(moveRect(rect, -500, 0, letter)).toMatchObject({ x: 0 })
    expect(moveRect(rect, 0, 1000, letter)).toMatchObject({ y: 752 })
  })

  test('resizing keeps the top left corner and a minimum size', () => {
    const rect = { x: 72, y: 100, width: 200, height: 40 }
    // 10 points wider and 10 taller (downwards): the top edge stays at 140.
    expect(resizeRect(rect, 10, 10, letter)).toEqual({ x: 72, y: 90, width: 210, height: 50 })
    expect(resizeRect(rect, -500, -500, letter)).toEqual({ x: 72, y: 132, width: 8, height: 8 })
    expect(resizeRect(rect, 1000, 0, letter)).toMatchObject({ width: 540 })
  })

  test('positions round to a tenth of a point', () => {
    expect(clampRect({ x: 10.04, y: 20.06, width: 30.14, height: 40.16 }, letter)).toEqual({ x: 10, y: 20.1, width: 30.1, height: 40.2 })
  })
})

describe('page image size', () => {
  test('a letter page is 1100 pixels wide; a huge page is capped in side and pixels', () => {
    expect(Math.round(612 * pageImageScale(612, 792))).toBe(1100)
    expect(pageImageScale(612, 792)).toBe(PAGE_IMAGE_SCALE)
    const poster = { width: 2592, height: 3456 }
    const scale = pageImageScale(poster.width, poster.height)
    expect(poster.height * scale).toBeLessThanOrEqual(MAX_IMAGE_SIDE)
    expect(poster.width * scale * poster.height * scale).toBeLessThanOrEqual(MAX_IMAGE_PIXELS + 1)
    expect(pageImageScale(0, 0)).toBe(PAGE_IMAGE_SCALE)
  })
})
