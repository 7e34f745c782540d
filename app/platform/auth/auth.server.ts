import { json, redirect } from '@remix-run/node'
import { recordAccessDenied } from '~/platform/audit.server'
import { getEnv } from '~/platform/env.server'
import { userActor } from '~/platform/auth/actor.server'
import { type Permission, isRole, userHasPermission } from '~/platform/auth/permissions'
import { getActiveSession, type ActiveSession } from '~/platform/auth/session.server'

/** Where a user sets up MFA: the one page open to someone who must and has not yet. */
export const MFA_SETUP_PATH = '/account/two-factor'
export const MFA_SETUP_REQUIRED_MESSAGE = 'MFA setup required'

/** The lock screen of a session handed to a signer in person: the one staff page it reaches. */
export const SIGNING_LOCK_PATH = '/signing-lock'
export const SIGNING_LOCKED_MESSAGE = 'This browser is locked for in-person signing. The staff member must sign back in on the lock screen.'

/** Redirects to `pathname` with the page asked for as redirectTo, to come back to it afterwards. */
function redirectComingBack(request: Request, pathname: string) {
  const url = new URL(request.url)
  const redirectTo = url.pathname + url.search
  const params = redirectTo === '/' ? '' : `?${new URLSearchParams({ redirectTo })}`
  return redirect(`${pathname}${params}`)
}

/** Whether users of this role must use MFA (MFA_REQUIRED_ROLES). */
export function roleRequiresMfa(role: string) {
  return isRole(role) && getEnv().MFA_REQUIRED_ROLES.includes(role)
}

/** Whether this session's user must set up MFA before anything else. */
export function mfaSetupRequired(session: ActiveSession) {
  return !session.mfaEnabled && roleRequiresMfa(session.user.role)
}

/**
 * Pages: anonymous callers go to /login and come back afterwards; a user who
 * must set up MFA goes to its page and reaches nothing else until they have.
 */
export async function requireSession(request: Request): Promise<ActiveSession> {
  const session = await getActiveSession(request)
  if (!session) throw redirectComingBack(request, '/login')
  // Whatever URL the signer types or Back brings up, the portal stays closed to them.
  if (session.signingLock) throw redirect(SIGNING_LOCK_PATH)
  if (mfaSetupRequired(session) && new URL(request.url).pathname !== MFA_SETUP_PATH) {
    throw redirectComingBack(request, MFA_SETUP_PATH)
  }
  return session
}

export async function requireUser(request: Request) {
  return (await requireSession(request)).user
}

export async function requireUserWithPermission(request: Request, permission: Permission) {
  const user = await requireUser(request)
  if (!userHasPermission(user, permission)) {
    await recordRefusal(request, user, permission)
    throw new Response('You do not have permission to do this.', { status: 403, statusText: 'Forbidden' })
  }
  return user
}

/** JSON API: 401 and 403 answers instead of redirects. */
export async function requireApiUserWithPermission(request: Request, permission: Permission) {
  const session = await getActiveSession(request)
  if (!session) throw json({ error: 'Authentication required' }, { status: 401 })
  if (session.signingLock) throw json({ error: SIGNING_LOCKED_MESSAGE }, { status: 423 })
  if (mfaSetupRequired(session)) throw json({ error: MFA_SETUP_REQUIRED_MESSAGE }, { status: 403 })
  if (!userHasPermission(session.user, permission)) {
    await recordRefusal(request, session.user, permission)
    throw json({ error: 'You do not have permission to do this.' }, { status: 403 })
  }
  return session.user
}

/** Every refused attempt is on the audit log: a viewer probing for writes shows up there. */
async function recordRefusal(request: Request, user: { id: string }, permission: Permission) {
  await recordAccessDenied({
    actor: userActor(request, user),
    permission,
    method: request.method,
    path: new URL(request.url).pathname,
  })
}

export async function redirectIfSignedIn(request: Request) {
  if (await getActiveSession(request)) throw redirect('/')
}
