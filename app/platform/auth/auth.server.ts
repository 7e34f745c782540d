import { json, redirect } from '@remix-run/node'
import { type Permission, userHasPermission } from '~/platform/auth/permissions'
import { getActiveSession, type ActiveSession } from '~/platform/auth/session.server'

function loginRedirect(request: Request) {
  const url = new URL(request.url)
  const redirectTo = url.pathname + url.search
  const params = redirectTo === '/' ? '' : `?${new URLSearchParams({ redirectTo })}`
  return redirect(`/login${params}`)
}

/** Pages: anonymous callers go to /login and come back afterwards. */
export async function requireSession(request: Request): Promise<ActiveSession> {
  const session = await getActiveSession(request)
  if (!session) throw loginRedirect(request)
  return session
}

export async function requireUser(request: Request) {
  return (await requireSession(request)).user
}

export async function requireUserWithPermission(request: Request, permission: Permission) {
  const user = await requireUser(request)
  if (!userHasPermission(user, permission)) {
    throw new Response('You do not have permission to do this.', { status: 403, statusText: 'Forbidden' })
  }
  return user
}

/** JSON API: 401 and 403 answers instead of redirects. */
export async function requireApiUserWithPermission(request: Request, permission: Permission) {
  const session = await getActiveSession(request)
  if (!session) throw json({ error: 'Authentication required' }, { status: 401 })
  if (!userHasPermission(session.user, permission)) {
    throw json({ error: 'You do not have permission to do this.' }, { status: 403 })
  }
  return session.user
}

export async function redirectIfSignedIn(request: Request) {
  if (await getActiveSession(request)) throw redirect('/')
}
