import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node'
import { json } from '@remix-run/node'
import { getActiveSession, extendSession } from '~/utils/session.server'

/** GET: when the session ends (a passive check). POST: stay signed in. */
export async function loader({ request }: LoaderFunctionArgs) {
  const session = await getActiveSession(request)
  if (!session) return json({ endsAt: null }, { status: 401 })
  return json({ endsAt: session.endsAt.toISOString() })
}

export async function action({ request }: ActionFunctionArgs) {
  const session = await getActiveSession(request)
  if (!session) return json({ endsAt: null }, { status: 401 })
  const endsAt = await extendSession(session.id)
  return json({ endsAt: endsAt.toISOString() })
}
