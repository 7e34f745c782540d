import { createCookie } from '@remix-run/node'
import { SIDEBAR_STATES, type SidebarState } from '~/features/shell/navigation'

/** The sidebar width preference: a plain cookie, so it works without JavaScript. */
const sidebarCookie = createCookie('sidebar', {
  path: '/',
  sameSite: 'lax',
  httpOnly: true,
  maxAge: 60 * 60 * 24 * 365,
})

export async function getSidebarState(request: Request): Promise<SidebarState> {
  const value = await sidebarCookie.parse(request.headers.get('cookie'))
  return SIDEBAR_STATES.includes(value) ? value : 'wide'
}

export function serializeSidebarState(state: SidebarState) {
  return sidebarCookie.serialize(state)
}
