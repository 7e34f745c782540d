import { loadPdfjs, type Pdfjs } from '~/platform/pdfjs.server'

/**
 * A PDF's pages as pdfjs reads them on the server (no worker thread: the
 * worker module runs in this process). Each page's size and text runs by PDF
 * coordinates: the signing page draws them as text when a page's image
 * could not be rendered, and tests read documents' text with them.
 */
export type TextRun = { text: string; x: number; y: number; size: number }
export type PageLayout = { number: number; width: number; height: number; runs: TextRun[] }
export type PdfjsDocument = Awaited<ReturnType<Pdfjs['getDocument']>['promise']>
export type PdfjsPage = Awaited<ReturnType<PdfjsDocument['getPage']>>

/** Pages shown (and rendered) per document: a signing request is a few pages, not a book. */
export const MAX_PAGES = 50

/** Opens a PDF with pdfjs for `read`, and always frees it afterwards. */
export async function withPdfjsDocument<T>(bytes: Uint8Array, read: (document: PdfjsDocument) => Promise<T>): Promise<T> {
  const pdfjs = await loadPdfjs()
  const loading = pdfjs.getDocument({
    data: new Uint8Array(bytes),
    isEvalSupported: false,
    disableFontFace: true,
    useSystemFonts: false,
    stopAtErrors: false,
    verbosity: 0,
  })
  try {
    return await read(await loading.promise)
  } finally {
    await loading.destroy().catch(() => undefined)
  }
}

/** A page's size in points, its origin moved to the bottom left of the visible box. */
export function pageBox(page: PdfjsPage) {
  const [x0, y0, x1, y1] = page.view as [number, number, number, number]
  return { x0, y0, width: x1 - x0, height: y1 - y0 }
}

export async function pageTextRuns(page: PdfjsPage): Promise<TextRun[]> {
  const { x0, y0 } = pageBox(page)
  const content = await page.getTextContent()
  const runs: TextRun[] = []
  for (const item of content.items) {
    if (!('str' in item) || !item.str.trim()) continue
    const [a, b, , , e, f] = item.transform as number[]
    runs.push({ text: item.str, x: e! - x0, y: f! - y0, size: Math.max(4, Math.hypot(a!, b!)) })
  }
  return runs
}

export async function readPageLayouts(bytes: Uint8Array): Promise<PageLayout[]> {
  return withPdfjsDocument(bytes, async (document) => {
    const pages: PageLayout[] = []
    for (let number = 1; number <= Math.min(document.numPages, MAX_PAGES); number++) {
      const page = await document.getPage(number)
      const { width, height } = pageBox(page)
      pages.push({ number, width, height, runs: await pageTextRuns(page) })
    }
    return pages
  })
}

/** All the text of a PDF, page by page (tests read the certificate with it). */
export async function readPdfText(bytes: Uint8Array) {
  const pages = await readPageLayouts(bytes)
  return pages.map((page) => page.runs.map((run) => run.text).join(' ')).join('\n')
}
