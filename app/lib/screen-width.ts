/**
 * Which side of the lists' breakpoint the screen was on when the browser last
 * showed a list, kept in a cookie so the server can render the one copy of a
 * list that width shows instead of both (app/components/list-page.tsx). Only a
 * layout hint: unsigned, and a stale value costs a re-render in the browser,
 * never a wrong page.
 */
export const SCREEN_COOKIE = 'screen'

export type ScreenWidth = 'wide' | 'narrow'

export function rememberScreenWidth(width: ScreenWidth) {
  const secure = window.location.protocol === 'https:' ? ';secure' : ''
  document.cookie = `${SCREEN_COOKIE}=${width};path=/;max-age=31536000;samesite=lax${secure}`
}
