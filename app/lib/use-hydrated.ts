import { startTransition, useEffect, useState } from 'react'

let hydrated = false

/**
 * False during server rendering and hydration, true once JavaScript runs.
 *
 * The switch is a transition: every component that changes once the page is
 * live (a list's menus from disclosures to menu buttons, the copy of a list a
 * width hides left out) re-renders in one pass that yields to the browser
 * between components, instead of in one long task after hydrating.
 */
export function useHydrated() {
  const [isHydrated, setIsHydrated] = useState(hydrated)
  useEffect(() => {
    hydrated = true
    startTransition(() => setIsHydrated(true))
  }, [])
  return isHydrated
}
