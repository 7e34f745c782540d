import { useFetcher, useLocation, useSubmit } from '@remix-run/react'
import { Suspense, lazy, useCallback, useEffect, useMemo, useRef, useState } from 'react'

/**
 * The warning's dialog is a file of its own, fetched once the page is idle
 * rather than with the page: no page needs it for its first minutes. Should
 * it still be unreachable when due, the network is down and neither of its
 * choices could reach the server: that warning goes without it, the
 * countdown still signs out at the end, and the next warning asks again.
 */
const loadWarningDialog = () => import('~/features/shell/session-warning-dialog')
function lazyWarningDialog() {
  return lazy(() =>
    loadWarningDialog().catch(() => {
      WarningDialog = lazyWarningDialog()
      return { default: () => null }
    }),
  )
}
let WarningDialog = lazyWarningDialog()

const WARNING_MS = 60_000

type SessionStatus = { remainingMs: number }

/**
 * Warns a minute before the idle timeout ends the session and offers to stay
 * signed in (WCAG 2.2.1). Another tab's activity also extends the session,
 * so the server is asked how long is really left before warning. The server
 * answers in milliseconds left, so the countdown runs on this device's clock
 * whatever the difference between the two clocks. Typing counts as
 * activity: someone writing long notes in a form sends nothing to the
 * server until they save, so when the warning is due and they have typed
 * since the page last heard from the server, the session is extended
 * instead.
 */
export function SessionTimeout({ remainingMs }: { remainingMs: number }) {
  const location = useLocation()
  const submit = useSubmit()
  const keepAlive = useFetcher<SessionStatus>()
  // The timer below reads the fetcher through a ref: the fetcher changes on
  // every state of its request, and re-arming the timer then would run it at
  // once against the deadline the keep-alive is about to replace.
  const keepAliveRef = useRef(keepAlive)
  keepAliveRef.current = keepAlive
  const [deadline, setDeadline] = useState(() => Date.now() + remainingMs)
  const [warning, setWarning] = useState(false)
  const [secondsLeft, setSecondsLeft] = useState(60)
  // When the page last typed and last heard from the server (a page load or a keep-alive).
  const typedAt = useRef(0)
  const serverContactAt = useRef(Date.now())

  useEffect(() => {
    const fetchWhenIdle = window.requestIdleCallback ?? ((load: () => void) => window.setTimeout(load, 2000))
    fetchWhenIdle(() => void loadWarningDialog().catch(() => {}))
  }, [])

  useEffect(() => {
    const onInput = () => {
      typedAt.current = Date.now()
    }
    document.addEventListener('input', onInput, { passive: true, capture: true })
    return () => document.removeEventListener('input', onInput, { capture: true })
  }, [])
  useEffect(() => {
    serverContactAt.current = Date.now()
  }, [remainingMs, location.key, keepAlive.data])

  useEffect(() => setDeadline(Date.now() + remainingMs), [remainingMs, location.key])
  useEffect(() => {
    if (keepAlive.data && keepAlive.data.remainingMs > 0) {
      setDeadline(Date.now() + keepAlive.data.remainingMs)
      setWarning(false)
    }
  }, [keepAlive.data])

  // Ends the session on the server too, then sign-in says why and comes back here.
  const signOutForInactivity = useCallback(() => {
    submit(
      { reason: 'timeout', redirectTo: location.pathname + location.search },
      { method: 'post', action: '/logout', replace: true },
    )
  }, [submit, location.pathname, location.search])

  useEffect(() => {
    if (warning) return
    const timer = setTimeout(async () => {
      if (typedAt.current > serverContactAt.current) {
        keepAliveRef.current.submit(null, { method: 'post', action: '/resources/session' })
        return
      }
      // Passive: asking must not itself count as activity.
      const response = await fetch('/resources/session?_passive=1', { headers: { accept: 'application/json' } }).catch(
        () => null,
      )
      const status = response?.ok ? ((await response.json()) as SessionStatus) : null
      if (!status || status.remainingMs <= 0) return signOutForInactivity()
      const serverDeadline = Date.now() + status.remainingMs
      if (status.remainingMs > WARNING_MS + 1000) setDeadline(serverDeadline)
      else {
        setDeadline(serverDeadline)
        setWarning(true)
      }
    }, Math.max(0, deadline - Date.now() - WARNING_MS))
    return () => clearTimeout(timer)
  }, [deadline, warning, signOutForInactivity])

  useEffect(() => {
    if (!warning) return
    const tick = () => {
      const left = Math.ceil((deadline - Date.now()) / 1000)
      setSecondsLeft(Math.max(0, left))
      if (left <= 0) signOutForInactivity()
    }
    tick()
    const interval = setInterval(tick, 1000)
    return () => clearInterval(interval)
  }, [warning, deadline, signOutForInactivity])

  // eslint-disable-next-line react-hooks/exhaustive-deps -- chosen when a warning starts, kept for its every second
  const SessionWarningDialog = useMemo(() => WarningDialog, [warning])
  if (!warning) return null
  return (
    <Suspense fallback={null}>
      <SessionWarningDialog secondsLeft={secondsLeft} KeepAliveForm={keepAlive.Form} />
    </Suspense>
  )
}
