import { useLocation, useMatches } from '@remix-run/react'
import { useEffect, useRef, useState } from 'react'
import { linkFollowedHere } from '~/components/link'
import { isRouteDialogOpen } from '~/components/open-dialogs'
import { pageStart } from '~/components/page-heading'

function fieldFocusedByPage() {
  const active = document.activeElement
  return active instanceof HTMLElement && active.isConnected && active.matches('input, select, textarea') && Boolean(active.closest('main'))
}

/** True when one list of route ids continues the other: a child route (a dialog) opened over its parent or closed back to it. */
function isParentAndChild(before: readonly string[], after: readonly string[]) {
  const [shorter, longer] = before.length <= after.length ? [before, after] : [after, before]
  return shorter.length < longer.length && shorter.every((id, index) => longer[index] === id)
}

/**
 * A browser announces a new page when it loads one; a client-side route change
 * is silent and leaves focus on the link that was followed. After one, this
 * says the new page's title in a polite live region and moves focus to the
 * page's heading, as a page load would start there, or, back on a page a
 * link was followed from, to that link.
 *
 * It stays quiet on the first load, when only the query changes (a filter or a
 * page of the same list: focus stays in the form, and the list's own status
 * texts speak), and when a dialog route opens over its page or closes back to
 * it (the dialog takes focus, and gives it back when it closes).
 */
export function RouteAnnouncer() {
  const location = useLocation()
  const routeIds = useMatches().map((match) => match.id)
  const previous = useRef<{ pathname: string; routeIds: readonly string[] } | null>(null)
  const [message, setMessage] = useState('')

  const routeKey = routeIds.join(' ')
  useEffect(() => {
    const before = previous.current
    const ids = routeKey.split(' ')
    previous.current = { pathname: location.pathname, routeIds: ids }
    if (!before || before.pathname === location.pathname) return
    if (isRouteDialogOpen() || isParentAndChild(before.routeIds, ids)) return
    setMessage(document.title)
    // A page that focuses its own field on arrival (a sign-in code) already put the user where they type.
    if (fieldFocusedByPage()) return
    // Back where a link was followed (a browser's Back, a dialog closed that showed another page
    // behind it), the keyboard goes on from that link; a fragment names its own place.
    const link = window.location.hash ? null : linkFollowedHere()
    if (link) link.focus()
    else pageStart()?.focus({ preventScroll: true })
  }, [location.pathname, routeKey])

  return (
    <div aria-live="polite" aria-atomic="true" className="sr-only" data-testid="route-announcer">
      {message}
    </div>
  )
}
