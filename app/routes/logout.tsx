import type { ActionFunctionArgs } from '@remix-run/node'
import { redirect } from '@remix-run/node'
import { recordAudit } from '~/platform/audit.server'
import { userActor } from '~/platform/auth/actor.server'
import { safeRedirectPath } from '~/platform/http/request.server'
import { destroySession, getActiveSession } from '~/platform/auth/session.server'

export async function loader() {
  return redirect('/')
}

/**
 * Ends the session. The idle-timeout warning posts reason=timeout with the
 * page to return to, so sign-in explains why and comes back there.
 */
export async function action({ request }: ActionFunctionArgs) {
  const session = await getActiveSession(request)
  const cookie = await destroySession(request)
  if (session) {
    await recordAudit({ actor: userActor(request, session.user), action: 'logout', entityType: 'User', entityId: session.user.id })
  }
  const form = await request.formData().catch(() => null)
  let target = '/login'
  if (form?.get('reason') === 'timeout') {
    const redirectTo = safeRedirectPath(form.get('redirectTo'))
    target = `/login?${new URLSearchParams({ redirectTo, reason: 'timeout' })}`
  }
  return redirect(target, { headers: { 'Set-Cookie': cookie } })
}
