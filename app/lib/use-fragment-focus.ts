import { useLocation, useNavigationType } from '@remix-run/react'
import { useEffect } from 'react'
import { useHydrated } from '~/lib/use-hydrated'

/**
 * Moves focus to the element the URL's fragment names each time a navigation
 * arrives at one. A save redirects to `page#what-it-changed`, so a keyboard
 * or screen reader user lands on the result, not on the page's body or on
 * whatever a closing dialog hands focus back to (a button that syncs, say).
 * Without JavaScript the browser scrolls to the fragment and Tab starts there.
 * The target needs tabIndex={-1} to take focus. A step back in the history
 * (the browser's Back, a dialog closing onto the entry it opened over) is not
 * a save: the focus goes back to the link followed (RouteAnnouncer).
 */
export function useFragmentFocus() {
  const { hash, key } = useLocation()
  const navigationType = useNavigationType()
  // False only while the page first loads, which is a POP as well.
  const hydrated = useHydrated()
  useEffect(() => {
    if (!hash || (navigationType === 'POP' && hydrated)) return
    // A closing dialog gives focus back in a microtask after it unmounts, and
    // an opening one takes it in a microtask after it mounts: go after both.
    const timer = setTimeout(() => {
      let id: string
      try {
        id = decodeURIComponent(hash.slice(1))
      } catch {
        return
      }
      document.getElementById(id)?.focus()
    })
    return () => clearTimeout(timer)
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only a navigation moves the focus, not hydration ending
  }, [hash, key, navigationType])
}
