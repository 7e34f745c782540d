import { useLocation } from '@remix-run/react'
import { useEffect } from 'react'

/**
 * Moves focus to the element the URL's fragment names each time a navigation
 * arrives at one. A save redirects to `page#what-it-changed`, so a keyboard
 * or screen reader user lands on the result, not on the page's body or on
 * whatever a closing dialog hands focus back to (a button that syncs, say).
 * Without JavaScript the browser scrolls to the fragment and Tab starts there.
 * The target needs tabIndex={-1} to take focus.
 */
export function useFragmentFocus() {
  const { hash, key } = useLocation()
  useEffect(() => {
    if (!hash) return
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
  }, [hash, key])
}
