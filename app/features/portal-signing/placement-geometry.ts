import type { PortalFieldType } from '~/features/portal-signing/field-rules'

/**
 * Between a PDF page and its image: PDF coordinates are points from the
 * page's bottom left, the image's pixels count from its top left, and a page
 * shown in the browser may be any size. Fields are always kept in points.
 */
export type PageSize = { width: number; height: number }
/** A field's rectangle in PDF points: (x, y) is its bottom left corner. */
export type FieldRect = { x: number; y: number; width: number; height: number }
/** A point in pixels from the top left of an image shown `box` wide and high. */
export type PixelPoint = { left: number; top: number }

/** A letter page (612 points wide) becomes an image 1100 pixels wide, readable on a tablet. */
export const PAGE_IMAGE_SCALE = 1100 / 612
export const MAX_IMAGE_SIDE = 3000
export const MAX_IMAGE_PIXELS = 4_000_000

/** The scale a page is rendered at: the usual one, smaller for pages so big the image would be huge. */
export function pageImageScale(width: number, height: number) {
  if (!(width > 0) || !(height > 0)) return PAGE_IMAGE_SCALE
  return Math.min(PAGE_IMAGE_SCALE, MAX_IMAGE_SIDE / Math.max(width, height), Math.sqrt(MAX_IMAGE_PIXELS / (width * height)))
}

export const MIN_FIELD_SIZE = 8

/** Sizes a newly placed field gets when it is clicked rather than drawn. */
export const DEFAULT_FIELD_SIZES: Record<PortalFieldType, { width: number; height: number }> = {
  signature: { width: 180, height: 36 },
  initials: { width: 60, height: 30 },
  date_signed: { width: 110, height: 18 },
  full_name: { width: 180, height: 18 },
  text: { width: 180, height: 18 },
  checkbox: { width: 14, height: 14 },
}

const clamp = (value: number, min: number, max: number) => Math.min(Math.max(value, min), max)
const round = (value: number) => Math.round(value * 10) / 10

/** A pixel on the shown image → the PDF point under it (inside the page). */
export function pointFromPixel(pixel: PixelPoint, box: PageSize, page: PageSize) {
  const x = (pixel.left / box.width) * page.width
  const y = page.height - (pixel.top / box.height) * page.height
  return { x: clamp(x, 0, page.width), y: clamp(y, 0, page.height) }
}

/** Where a field sits on the shown page, in percent of its width and height from the top left (CSS). */
export function rectPercent(rect: FieldRect, page: PageSize) {
  return {
    left: (rect.x / page.width) * 100,
    top: ((page.height - rect.y - rect.height) / page.height) * 100,
    width: (rect.width / page.width) * 100,
    height: (rect.height / page.height) * 100,
  }
}

/** The field kept inside the page and at least MIN_FIELD_SIZE points each way, to a tenth of a point. */
export function clampRect(rect: FieldRect, page: PageSize): FieldRect {
  const width = clamp(rect.width, Math.min(MIN_FIELD_SIZE, page.width), page.width)
  const height = clamp(rect.height, Math.min(MIN_FIELD_SIZE, page.height), page.height)
  return {
    x: round(clamp(rect.x, 0, page.width - width)),
    y: round(clamp(rect.y, 0, page.height - height)),
    width: round(width),
    height: round(height),
  }
}

/** The rectangle a drag drew between two PDF points, whichever way it went. */
export function rectFromCorners(a: { x: number; y: number }, b: { x: number; y: number }, page: PageSize): FieldRect {
  return clampRect({ x: Math.min(a.x, b.x), y: Math.min(a.y, b.y), width: Math.abs(a.x - b.x), height: Math.abs(a.y - b.y) }, page)
}

/** A field of `size` whose top left corner is at `point` (where a click places it). */
export function rectAtTopLeft(point: { x: number; y: number }, size: { width: number; height: number }, page: PageSize): FieldRect {
  return clampRect({ x: point.x, y: point.y - size.height, ...size }, page)
}

/** Moved by points: dx to the right, dy up (as an arrow key moves it on screen). */
export function moveRect(rect: FieldRect, dx: number, dy: number, page: PageSize) {
  return clampRect({ ...rect, x: rect.x + dx, y: rect.y + dy }, page)
}

/** Resized by points from its bottom right corner: the top left corner stays where it is. */
export function resizeRect(rect: FieldRect, dWidth: number, dHeight: number, page: PageSize) {
  const top = rect.y + rect.height
  const width = clamp(rect.width + dWidth, Math.min(MIN_FIELD_SIZE, page.width), page.width - rect.x)
  const height = clamp(rect.height + dHeight, Math.min(MIN_FIELD_SIZE, page.height), top)
  return clampRect({ x: rect.x, y: top - height, width, height }, page)
}

/** A pixel distance on the shown image → the same distance in points. */
export function pointsFromPixels(dx: number, dy: number, box: PageSize, page: PageSize) {
  return { dx: (dx / box.width) * page.width, dy: -(dy / box.height) * page.height }
}
