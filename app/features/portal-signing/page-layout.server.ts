import * as pdfjs from 'pdfjs-dist/legacy/build/pdf.mjs'
import * as pdfjsWorker from 'pdfjs-dist/legacy/build/pdf.worker.mjs'

/**
 * The document's pages for the signing page, drawn by the browser as HTML:
 * no canvas is available to pdfjs on the server here, so instead of page
 * images each page is its size and its text runs placed by PDF coordinates
 * (and the fields drawn as boxes over them). Works without JavaScript and
 * without a PDF viewer; pictures in the PDF are not shown.
 */
;(globalThis as { pdfjsWorker?: unknown }).pdfjsWorker = pdfjsWorker

export type TextRun = { text: string; x: number; y: number; size: number }
export type PageLayout = { number: number; width: number; height: number; runs: TextRun[] }

const MAX_PAGES = 50

export async function readPageLayouts(bytes: Uint8Array): Promise<PageLayout[]> {
  const loading = pdfjs.getDocument({
    data: new Uint8Array(bytes),
    isEvalSupported: false,
    disableFontFace: true,
    useSystemFonts: false,
    stopAtErrors: false,
    verbosity: 0,
  })
  const document = await loading.promise
  try {
    const pages: PageLayout[] = []
    for (let number = 1; number <= Math.min(document.numPages, MAX_PAGES); number++) {
      const page = await document.getPage(number)
      const [x0, y0, x1, y1] = page.view as [number, number, number, number]
      const content = await page.getTextContent()
      const runs: TextRun[] = []
      for (const item of content.items) {
        if (!('str' in item) || !item.str.trim()) continue
        const [a, b, , , e, f] = item.transform as number[]
        runs.push({ text: item.str, x: e! - x0, y: f! - y0, size: Math.max(4, Math.hypot(a!, b!)) })
      }
      pages.push({ number, width: x1 - x0, height: y1 - y0, runs })
    }
    return pages
  } finally {
    await loading.destroy().catch(() => undefined)
  }
}

/** All the text of a PDF, page by page (tests read the certificate with it). */
export async function readPdfText(bytes: Uint8Array) {
  const pages = await readPageLayouts(bytes)
  return pages.map((page) => page.runs.map((run) => run.text).join(' ')).join('\n')
}
