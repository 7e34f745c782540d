import { createCanvas } from '@napi-rs/canvas'
import {
  MAX_PAGES,
  type PdfjsPage,
  type TextRun,
  pageBox,
  pageTextRuns,
  withPdfjsDocument,
} from '~/features/portal-signing/page-layout.server'
import { pageImageScale } from '~/features/portal-signing/placement-geometry'
import { sha256Hex } from '~/features/portal-signing/signed-document.server'
import { getStorage } from '~/platform/storage.server'

/**
 * A document's pages as PNG images, rendered on the server by pdfjs through
 * @napi-rs/canvas, so the signing page and the placement editor show the
 * document as it prints without a PDF viewer in the browser. Each page is
 * rendered once and kept in the file storage under the document's SHA-256:
 * the same bytes always give the same pages, whichever request or signer
 * asks.
 */

/** Raised when the rendering changes, so older images are not served for the new kind. */
const RENDER_VERSION = 'v1'
const MAX_PNG_BYTES = 20 * 1024 * 1024

export type DocumentPageView = {
  number: number
  /** In PDF points. */
  width: number
  height: number
  /** False when the page could not be rendered: `runs` then draw its text instead. */
  image: boolean
  runs: TextRun[]
  /** The page's text, for screen readers and anyone who cannot read the image. */
  text: string
}

function imageKey(sha256: string, pageNumber: number) {
  return `page-images/${sha256}/${pageNumber}-${RENDER_VERSION}.png`
}

/** Keys known to be in storage, so a page view does not ask the storage about each page again. */
const stored = new Set<string>()
const STORED_KEYS_KEPT = 5000
function rememberStored(key: string) {
  if (stored.size >= STORED_KEYS_KEPT) stored.clear()
  stored.add(key)
}

async function isStored(key: string) {
  if (stored.has(key)) return true
  const exists = await getStorage().exists(key)
  if (exists) rememberStored(key)
  return exists
}

/** One render at a time per process: a big document must not take both cores from every other request. */
let renderQueue: Promise<unknown> = Promise.resolve()
const inFlight = new Map<string, Promise<Buffer>>()

function renderOnce(key: string, render: () => Promise<Buffer>) {
  const running = inFlight.get(key)
  if (running) return running
  const queued = renderQueue.then(render, render)
  renderQueue = queued.catch(() => undefined)
  const written = queued
    .then(async (png) => {
      await getStorage().write(key, (async function* () {
        yield png
      })(), { maxBytes: MAX_PNG_BYTES })
      rememberStored(key)
      return png
    })
    .finally(() => inFlight.delete(key))
  inFlight.set(key, written)
  return written
}

/**
 * The page drawn on a white canvas at a fixed scale (so text is the same size
 * on every page), capped for very large pages. Rotation is ignored: fields
 * are placed in the page's unrotated coordinates and drawn over the image.
 */
async function renderPng(page: PdfjsPage) {
  const { width, height } = pageBox(page)
  const viewport = page.getViewport({ scale: pageImageScale(width, height), rotation: 0 })
  const canvas = createCanvas(Math.max(1, Math.round(viewport.width)), Math.max(1, Math.round(viewport.height)))
  const context = canvas.getContext('2d')
  await page.render({
    canvas: canvas as unknown as HTMLCanvasElement,
    canvasContext: context as unknown as CanvasRenderingContext2D,
    viewport,
    background: '#ffffff',
  }).promise
  page.cleanup()
  return canvas.encode('png')
}

async function readStored(key: string) {
  const chunks: Buffer[] = []
  for await (const chunk of getStorage().read(key)) chunks.push(Buffer.from(chunk as Uint8Array))
  return Buffer.concat(chunks)
}

/**
 * The pages to show for `bytes` (at most MAX_PAGES): each page's image is
 * rendered now unless it is stored already; a page that fails to render
 * comes with its text runs instead, so it still reads.
 */
export async function documentPages(bytes: Uint8Array): Promise<{ pageCount: number; pages: DocumentPageView[] }> {
  const sha256 = sha256Hex(bytes)
  return withPdfjsDocument(bytes, async (document) => {
    const pages: DocumentPageView[] = []
    for (let number = 1; number <= Math.min(document.numPages, MAX_PAGES); number++) {
      const page = await document.getPage(number)
      const { width, height } = pageBox(page)
      const runs = await pageTextRuns(page)
      const key = imageKey(sha256, number)
      const image = (await isStored(key)) || (await renderOnce(key, () => renderPng(page)).then(() => true, () => false))
      pages.push({ number, width, height, image, runs: image ? [] : runs, text: runs.map((run) => run.text).join(' ') })
    }
    return { pageCount: document.numPages, pages }
  })
}

/** Page `pageNumber` of `bytes` as PNG, from storage or rendered now; null when there is no such page to show. */
export async function pageImage(bytes: Uint8Array, pageNumber: number): Promise<Buffer | null> {
  if (!Number.isInteger(pageNumber) || pageNumber < 1 || pageNumber > MAX_PAGES) return null
  const key = imageKey(sha256Hex(bytes), pageNumber)
  if (await isStored(key)) return readStored(key)
  return withPdfjsDocument(bytes, async (document) => {
    if (pageNumber > document.numPages) return null
    const page = await document.getPage(pageNumber)
    return renderOnce(key, () => renderPng(page))
  })
}

/** The headers of a page image: PNG, never sniffed as anything else. Callers add their caching rules. */
export const PAGE_IMAGE_HEADERS = { 'Content-Type': 'image/png', 'X-Content-Type-Options': 'nosniff' }

/** `3.png` → 3; anything else → null. */
export function pageNumberFromFile(file: string | undefined) {
  const match = /^([1-9][0-9]{0,2})\.png$/.exec(file ?? '')
  return match ? Number(match[1]) : null
}
