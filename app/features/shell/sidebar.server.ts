import { createCookie } from '@remix-run/node'
import { SIDEBAR_STATES, type SidebarPreference, type SidebarState } from '~/features/shell/navigation'

/** The sidebar width preference: a plain cookie, so it works without JavaScript. */
const sidebarCookie = createCookie('sidebar', {
  path: '/',
  sameSite: 'lax',
  httpOnly: true,
  maxAge: 60 * 60 * 24 * 365,
})

/** The width the person chose, or 'auto' when they have not chosen. */
export async function getSidebarPreference(request: Request): Promise<SidebarPreference> {
  const value = await sidebarCookie.parse(request.headers.get('cookie'))
  return SIDEBAR_STATES.includes(value) ? value : 'auto'
}

export function serializeSidebarState(state: SidebarState) {
  return sidebarCookie.serialize(state)
}
