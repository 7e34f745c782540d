import type { LoaderFunctionArgs } from '@remix-run/node'
import { readCalendarFeed } from '~/features/calendar/feed.server'
import { getClientAddress } from '~/platform/http/request.server'

/**
 * GET /calendar/feed/{token}.ics: a staff member's private calendar feed, for
 * calendar programs (no session: the URL is the credential). Anything but a
 * live feed's URL is a plain 404, the same for a revoked one as a made-up one.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const answer = await readCalendarFeed(params.file, { origin: new URL(request.url).origin, ipAddress: getClientAddress(request) })
  const headers = { 'Cache-Control': 'no-store', 'X-Robots-Tag': 'noindex' }
  if (answer.status === 'too_many') {
    return new Response('Too many requests', { status: 429, headers: { ...headers, 'Retry-After': String(Math.ceil(answer.waitMs / 1000)) } })
  }
  if (answer.status === 'not_found') return new Response('Not found', { status: 404, headers: { ...headers, 'Content-Type': 'text/plain; charset=utf-8' } })
  return new Response(answer.body, { headers: { ...headers, 'Content-Type': 'text/calendar; charset=utf-8' } })
}
