import type { Actor } from '~/platform/actor'
import { getClientAddress } from '~/platform/http/request.server'

/** The signed-in staff member behind a request: 'api' under /api/*, 'user' on pages. */
export function userActor(request: Request, user: { id: string }): Actor {
  const api = new URL(request.url).pathname.startsWith('/api/')
  return { kind: api ? 'api' : 'user', userId: user.id, ipAddress: getClientAddress(request) }
}

/** A caller who is not signed in (a failed sign-in names the e-mail it tried). */
export function anonymousActor(request: Request, email?: string | null): Actor {
  return { kind: 'anonymous', userId: null, email: email ?? null, ipAddress: getClientAddress(request) }
}
