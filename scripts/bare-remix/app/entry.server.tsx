import type { EntryContext } from '@remix-run/node'
import { RemixServer } from '@remix-run/react'
import { renderToString } from 'react-dom/server'

// Remix's default server entry needs `isbot`, which it would install here; the page's
// browser code is the same either way (the client entry is Remix's default).
export default function handleRequest(request: Request, status: number, headers: Headers, context: EntryContext) {
  const html = renderToString(<RemixServer context={context} url={request.url} />)
  headers.set('Content-Type', 'text/html; charset=utf-8')
  return new Response(`<!DOCTYPE html>${html}`, { status, headers })
}
