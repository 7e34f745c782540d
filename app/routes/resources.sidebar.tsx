import type { ActionFunctionArgs } from '@remix-run/node'
import { redirect } from '@remix-run/node'
import { requireUser } from '~/platform/auth/auth.server'
import { SIDEBAR_STATES, type SidebarState } from '~/features/shell/navigation'
import { safeRedirectPath } from '~/platform/http/request.server'
import { serializeSidebarState } from '~/features/shell/sidebar.server'

export async function action({ request }: ActionFunctionArgs) {
  await requireUser(request)
  const form = await request.formData()
  const state = form.get('state')
  if (!SIDEBAR_STATES.includes(state as SidebarState)) {
    throw new Response('state must be wide or narrow', { status: 400 })
  }
  return redirect(safeRedirectPath(form.get('redirectTo')), {
    headers: { 'Set-Cookie': await serializeSidebarState(state as SidebarState) },
  })
}
