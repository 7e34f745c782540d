import type { AppLoadContext, EntryContext } from '@remix-run/node'
import { RemixServer } from '@remix-run/react'
import { renderToString } from 'react-dom/server'
import { recordFormattedTexts, type PageTexts } from '~/lib/formatted-texts'
import { jsonInScript } from '~/lib/json-in-script.server'
import { NonceProvider } from '~/platform/http/nonce-provider'

/**
 * The dates and times the page being rendered formats, handed to the browser
 * with it (app/lib/time.ts). A render is synchronous, so the page being
 * rendered is the only one: no request's render interleaves with another's.
 */
let pageTexts: PageTexts | undefined
recordFormattedTexts(() => pageTexts, jsonInScript)

/**
 * Renders the whole document to one string before answering. No route defers
 * data and nothing on the server suspends, so streaming gains nothing, while
 * the streaming renderer encodes every piece of markup into bytes and writes
 * it through a stream on its own (about 5,000 pieces for the dashboard): a
 * string is built in one pass, sent in one write and compresses better. An
 * error thrown while rendering reaches Remix, which renders the error
 * boundary instead.
 */
export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  remixContext: EntryContext,
  loadContext: AppLoadContext,
) {
  const nonce = loadContext.cspNonce ?? ''
  pageTexts = { texts: {}, count: 0 }
  let markup: string
  try {
    markup = renderToString(
      <NonceProvider value={nonce}>
        <RemixServer context={remixContext} url={request.url} />
      </NonceProvider>,
    )
  } finally {
    pageTexts = undefined
  }
  responseHeaders.set('Content-Type', 'text/html; charset=utf-8')
  return new Response(`<!DOCTYPE html>${markup}`, { headers: responseHeaders, status: responseStatusCode })
}

export function handleError(error: unknown, { request }: { request: Request }) {
  if (request.signal.aborted) return
  console.error(error)
}
