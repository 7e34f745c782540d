import { useRevalidator } from '@remix-run/react'
import { useEffect, useRef } from 'react'
import { DASHBOARD_FRESH_MS } from '~/features/dashboard/options'

/**
 * Keeps the dashboard fresh with JavaScript (without it, a reload does): the
 * loader runs again every 5 minutes while the tab is visible (the upcoming
 * appointments), and when the tab comes back after its data has been 5
 * minutes old (everything else). Returns whether a refresh is under way.
 */
export function useDashboardRefresh(loadedAt: string) {
  const revalidator = useRevalidator()
  const revalidate = useRef(revalidator.revalidate)
  revalidate.current = revalidator.revalidate
  const lastLoaded = useRef(Date.now())

  useEffect(() => {
    lastLoaded.current = Date.now()
  }, [loadedAt])

  useEffect(() => {
    const stale = () => Date.now() - lastLoaded.current >= DASHBOARD_FRESH_MS
    const timer = window.setInterval(() => {
      if (document.visibilityState === 'visible') revalidate.current()
    }, DASHBOARD_FRESH_MS)
    const onReturn = () => {
      if (document.visibilityState === 'visible' && stale()) revalidate.current()
    }
    window.addEventListener('focus', onReturn)
    document.addEventListener('visibilitychange', onReturn)
    return () => {
      window.clearInterval(timer)
      window.removeEventListener('focus', onReturn)
      document.removeEventListener('visibilitychange', onReturn)
    }
  }, [])

  return revalidator.state === 'loading'
}
