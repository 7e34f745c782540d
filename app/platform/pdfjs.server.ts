import type * as PdfjsModule from 'pdfjs-dist/legacy/build/pdf.mjs'

export type Pdfjs = typeof PdfjsModule

/**
 * pdfjs-dist's legacy build (the one that runs on Node 20) installs core-js
 * polyfills when it is imported, among them JavaScript replacements for
 * JSON.parse, JSON.stringify and Array.prototype.push, about four times slower
 * than the engine's own. Imported at start-up with the routes, it made every
 * request pay for them (loader data, query results and logs are JSON), pages
 * without a PDF included. So it is imported here on first use, and the
 * engine's own three are put back: what the replacements add (JSON.rawJSON,
 * source text for revivers, push on arrays with a frozen length) is used
 * neither by pdfjs nor by the portal. The rest it adds (Promise.withResolvers,
 * Uint8Array base64, Set methods) is new, not replaced, and pdfjs needs it.
 */
const ENGINE_BUILT_INS = [
  [JSON, 'parse'],
  [JSON, 'stringify'],
  [Array.prototype, 'push'],
] as const

let loading: Promise<Pdfjs> | undefined

export function loadPdfjs(): Promise<Pdfjs> {
  loading ??= importKeepingBuiltIns().catch((error: unknown) => {
    loading = undefined
    throw error
  })
  return loading
}

async function importKeepingBuiltIns(): Promise<Pdfjs> {
  const saved = ENGINE_BUILT_INS.map(([owner, name]) => [owner, name, Object.getOwnPropertyDescriptor(owner, name)!] as const)
  try {
    const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs')
    // pdfjs runs its parser in this thread when its worker module is already loaded: no worker thread, no worker file.
    const worker = await import('pdfjs-dist/legacy/build/pdf.worker.mjs')
    ;(globalThis as { pdfjsWorker?: unknown }).pdfjsWorker = worker
    return pdfjs
  } finally {
    for (const [owner, name, descriptor] of saved) Object.defineProperty(owner, name, descriptor)
  }
}
