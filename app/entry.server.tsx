import { AsyncLocalStorage } from 'node:async_hooks'
import { Writable } from 'node:stream'
import type { AppLoadContext, EntryContext } from '@remix-run/node'
import { RemixServer } from '@remix-run/react'
import { renderToPipeableStream } from 'react-dom/server'
import { recordFormattedTexts, type PageTexts } from '~/lib/formatted-texts'
import { NonceProvider } from '~/platform/http/nonce-provider'

const ABORT_DELAY = 5_000

/** The dates and times the page being rendered formats, handed to the browser with it (app/lib/time.ts). */
const formattedTexts = new AsyncLocalStorage<PageTexts>()
recordFormattedTexts(() => formattedTexts.getStore())

/**
 * Renders the whole document before answering. No route defers data, so
 * streaming gains nothing here, while a streamed body costs one compression
 * flush and one socket write per React chunk (Remix flushes after every
 * chunk): a buffered page is one write and compresses better.
 */
export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  remixContext: EntryContext,
  loadContext: AppLoadContext,
) {
  const nonce = loadContext.cspNonce ?? ''
  return new Promise<Response>((resolve, reject) => {
    let didError = false
    const chunks: Buffer[] = []
    const document = new Writable({
      write(chunk: Buffer, _encoding, callback) {
        chunks.push(chunk)
        callback()
      },
      final(callback) {
        clearTimeout(abortTimer)
        responseHeaders.set('Content-Type', 'text/html; charset=utf-8')
        resolve(
          new Response(Buffer.concat(chunks), {
            headers: responseHeaders,
            status: didError ? 500 : responseStatusCode,
          }),
        )
        callback()
      },
    })
    const { pipe, abort } = formattedTexts.run({ texts: {}, count: 0 }, () =>
      renderToPipeableStream(
        <NonceProvider value={nonce}>
          <RemixServer context={remixContext} url={request.url} abortDelay={ABORT_DELAY} />
        </NonceProvider>,
        {
          nonce,
          onAllReady() {
            pipe(document)
          },
          onShellError(error: unknown) {
            reject(error)
          },
          onError(error: unknown) {
            didError = true
            console.error(error)
          },
        },
      ),
    )
    const abortTimer = setTimeout(abort, ABORT_DELAY)
  })
}

export function handleError(error: unknown, { request }: { request: Request }) {
  if (request.signal.aborted) return
  console.error(error)
}
