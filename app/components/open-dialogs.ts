import { useEffect, useLayoutEffect } from 'react'

/**
 * How many route dialogs are open, kept apart from the dialog component so
 * that pages without one (sign-in above all) do not load the dialog library
 * just to ask.
 */
let openRouteDialogs = 0

/**
 * True while a RouteDialog is open. Counted in a layout effect, so it is
 * already true when the effects of the navigation that opened it run.
 */
export function isRouteDialogOpen() {
  return openRouteDialogs > 0
}

// A layout effect does nothing on the server, and React says so: a plain effect there.
const useClientLayoutEffect = typeof document === 'undefined' ? useEffect : useLayoutEffect

export function useCountOpenDialog(open: boolean) {
  useClientLayoutEffect(() => {
    if (!open) return
    openRouteDialogs += 1
    return () => {
      openRouteDialogs -= 1
    }
  }, [open])
}
