import type { ActionFunctionArgs } from '@remix-run/node'
import { redirect } from '@remix-run/node'
import { requireUser } from '~/utils/auth.server'
import { SIDEBAR_STATES, type SidebarState } from '~/utils/navigation'
import { safeRedirectPath } from '~/utils/request.server'
import { serializeSidebarState } from '~/utils/sidebar.server'

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
