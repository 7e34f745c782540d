import type { ActionFunctionArgs } from '@remix-run/node'
import { redirect } from '@remix-run/node'
import { recordAudit } from '~/models/audit.server'
import { destroySession, getActiveSession } from '~/utils/session.server'

export async function loader() {
  return redirect('/')
}

export async function action({ request }: ActionFunctionArgs) {
  const session = await getActiveSession(request)
  const cookie = await destroySession(request)
  if (session) {
    await recordAudit({ request, userId: session.user.id, action: 'logout', entityType: 'User', entityId: session.user.id })
  }
  return redirect('/login', { headers: { 'Set-Cookie': cookie } })
}
