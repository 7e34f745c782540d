/**
 * The dates and times the server formatted for a page, handed to the browser
 * with it (ADR 0026): by format (zone and options) and instant (epoch
 * milliseconds). The page carries them (`ServerFormattedTexts` in root.tsx),
 * and `app/lib/time.ts` formats from them while the browser hydrates: a
 * page's first Intl.DateTimeFormat loads the browser's date data, 25-30 ms on
 * a desktop and four times that on a slow tablet, in one task. A module of
 * its own, without Intl, because every page's entry loads it.
 */
export type FormattedTexts = Record<string, Record<string, string>>

/** The element of the page that carries them. */
export const SERVER_FORMATTED_TEXTS_ID = 'server-formatted-texts'

/** At most this many texts per page: past it the browser formats the rest itself. */
const HANDED_OVER_MAX = 400

/** What a page being rendered on the server has formatted, and how many texts that is. */
export type PageTexts = { texts: FormattedTexts; count: number }

let serverRecord: (() => PageTexts | undefined) | undefined
let serverScript: ((texts: FormattedTexts) => string) | undefined
let fromServer: FormattedTexts | undefined

/**
 * On the server: where the page being rendered collects what it formats, and
 * how they are written into its script (entry.server.tsx: a server-only
 * module, which the browser's build does not carry).
 */
export function recordFormattedTexts(current: () => PageTexts | undefined, script?: (texts: FormattedTexts) => string) {
  serverRecord = current
  serverScript = script
}

/** On the server: true while a page renders (what it formats is kept for the browser). */
export function recordingFormattedTexts() {
  return serverRecord?.() !== undefined
}

/** On the server: what the page being rendered has formatted so far. */
export function formattedTextsOfThisPage(): FormattedTexts {
  return serverRecord?.()?.texts ?? {}
}

/** On the server: what the page being rendered has formatted, as its script carries it. */
export function formattedTextsScriptOfThisPage(): string {
  return serverScript!(formattedTextsOfThisPage())
}

/** In the browser: the texts the server formatted for this page (read from it at the first date shown). */
export function adoptServerFormattedTexts(texts: FormattedTexts) {
  fromServer = texts
}

/** The server's text for this format and instant, when the page brought one. */
export function serverText(format: string, instant: number): string | undefined {
  if (!fromServer) {
    const carried = typeof document === 'undefined' ? null : document.getElementById(SERVER_FORMATTED_TEXTS_ID)?.textContent
    fromServer = {}
    try {
      if (carried) fromServer = JSON.parse(carried) as FormattedTexts
    } catch {
      // Unreadable: the browser formats every date itself, as it would without them.
    }
  }
  return fromServer[format]?.[instant]
}

/** On the server, while a page renders: keeps a text it formatted for the browser. */
export function handOver(format: string, instant: number, text: string) {
  const page = serverRecord?.()
  if (!page || page.count >= HANDED_OVER_MAX) return
  const texts = (page.texts[format] ??= {})
  if (instant in texts) return
  texts[instant] = text
  page.count++
}
