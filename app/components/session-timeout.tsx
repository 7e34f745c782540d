import { Dialog, DialogPanel, DialogTitle } from '@headlessui/react'
import { Form, useFetcher, useLocation } from '@remix-run/react'
import { useCallback, useEffect, useState } from 'react'
import { Button } from '~/components/ui/button'

const WARNING_MS = 60_000

type SessionStatus = { endsAt: string | null }

/**
 * Warns a minute before the idle timeout ends the session and offers to stay
 * signed in (WCAG 2.2.1). Another tab's activity also extends the session,
 * so the server is asked for the real deadline before warning.
 */
export function SessionTimeout({ endsAt }: { endsAt: string }) {
  const location = useLocation()
  const keepAlive = useFetcher<SessionStatus>()
  const [deadline, setDeadline] = useState(() => new Date(endsAt).getTime())
  const [warning, setWarning] = useState(false)
  const [secondsLeft, setSecondsLeft] = useState(60)

  useEffect(() => setDeadline(new Date(endsAt).getTime()), [endsAt])
  useEffect(() => {
    if (keepAlive.data?.endsAt) {
      setDeadline(new Date(keepAlive.data.endsAt).getTime())
      setWarning(false)
    }
  }, [keepAlive.data])

  const signInAgain = useCallback(() => {
    const redirectTo = location.pathname + location.search
    window.location.assign(`/login?${new URLSearchParams({ redirectTo, reason: 'timeout' })}`)
  }, [location.pathname, location.search])

  useEffect(() => {
    if (warning) return
    const timer = setTimeout(async () => {
      // Passive: asking must not itself count as activity.
      const response = await fetch('/resources/session?_passive=1', { headers: { accept: 'application/json' } }).catch(
        () => null,
      )
      const status = response?.ok ? ((await response.json()) as SessionStatus) : null
      if (!status?.endsAt) return signInAgain()
      const serverDeadline = new Date(status.endsAt).getTime()
      if (serverDeadline - Date.now() > WARNING_MS + 1000) setDeadline(serverDeadline)
      else setWarning(true)
    }, Math.max(0, deadline - Date.now() - WARNING_MS))
    return () => clearTimeout(timer)
  }, [deadline, warning, signInAgain])

  useEffect(() => {
    if (!warning) return
    const tick = () => {
      const left = Math.ceil((deadline - Date.now()) / 1000)
      setSecondsLeft(Math.max(0, left))
      if (left <= 0) signInAgain()
    }
    tick()
    const interval = setInterval(tick, 1000)
    return () => clearInterval(interval)
  }, [warning, deadline, signInAgain])

  return (
    <Dialog open={warning} onClose={() => {}} role="alertdialog" className="relative z-50">
      <div className="fixed inset-0 bg-slate-900/40" aria-hidden="true" />
      <div className="fixed inset-0 flex items-center justify-center p-4">
        <DialogPanel className="w-full max-w-md rounded-lg bg-white p-6 shadow-xl">
          <DialogTitle className="text-lg font-semibold">Are you still there?</DialogTitle>
          <p className="mt-2 text-sm text-slate-700">
            For the privacy of patient information you will be signed out in{' '}
            <strong>{secondsLeft} seconds</strong> unless you choose to stay signed in.
          </p>
          <div className="mt-6 flex justify-end gap-3">
            <Form method="post" action="/logout">
              <Button type="submit" variant="secondary">
                Sign out
              </Button>
            </Form>
            <keepAlive.Form method="post" action="/resources/session">
              <Button type="submit" autoFocus>
                Stay signed in
              </Button>
            </keepAlive.Form>
          </div>
        </DialogPanel>
      </div>
    </Dialog>
  )
}
