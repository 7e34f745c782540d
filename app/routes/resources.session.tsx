import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node'
import { json } from '@remix-run/node'
import { getActiveSession, extendSession } from '~/platform/auth/session.server'

/**
 * GET: how long the session has left (a passive check). POST: stay signed in.
 * remainingMs lets the browser count down on its own clock, whatever the
 * difference between its clock and the server's.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const session = await getActiveSession(request)
  if (!session) return json({ endsAt: null, remainingMs: 0 }, { status: 401 })
  return json({ endsAt: session.endsAt.toISOString(), remainingMs: session.endsAt.getTime() - Date.now() })
}

export async function action({ request }: ActionFunctionArgs) {
  const session = await getActiveSession(request)
  if (!session) return json({ endsAt: null, remainingMs: 0 }, { status: 401 })
  const endsAt = await extendSession(session.id)
  return json({ endsAt: endsAt.toISOString(), remainingMs: endsAt.getTime() - Date.now() })
}
