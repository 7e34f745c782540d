import { useLocation } from '@remix-run/react'
import { useEffect, useRef, useState } from 'react'
import { Icon } from '~/components/icons'
import { cn } from '~/lib/misc'
import type { Toast } from '~/platform/http/toast'
import { useHydrated } from '~/lib/use-hydrated'

export const TOAST_DURATION_MS = 5000
const SWIPE_THRESHOLD_PX = 50

/**
 * One toast at a time: top on small screens, bottom-right from medium up.
 * With JavaScript it dismisses itself after 5 s, on a swipe right or with its
 * close button; F8 moves focus to it. Without JavaScript it stays until the
 * next page, and the close control is a link that reloads the page.
 */
export function Toaster({ toast }: { toast: Toast | null }) {
  const hydrated = useHydrated()
  const location = useLocation()
  const [visible, setVisible] = useState<Toast | null>(toast)
  const regionRef = useRef<HTMLDivElement>(null)

  // A later revalidation brings no toast (the cookie was read once): that must
  // not cut the current one short, only a new toast replaces it.
  useEffect(() => {
    if (toast) setVisible(toast)
  }, [toast])

  useEffect(() => {
    if (!visible || !hydrated) return
    // Hide this toast only: a new one can arrive just as this one's time runs
    // out, after it has rendered but before this timer is cleared.
    const timer = setTimeout(
      () => setVisible((current) => (current?.id === visible.id ? null : current)),
      TOAST_DURATION_MS,
    )
    return () => clearTimeout(timer)
  }, [visible, hydrated])

  useEffect(() => {
    function onKeyDown(event: KeyboardEvent) {
      if (event.key === 'F8') {
        event.preventDefault()
        regionRef.current?.focus()
      }
    }
    document.addEventListener('keydown', onKeyDown)
    return () => document.removeEventListener('keydown', onKeyDown)
  }, [])

  return (
    <div
      ref={regionRef}
      tabIndex={-1}
      role="region"
      aria-label="Notifications (F8)"
      className="pointer-events-none fixed inset-x-0 top-0 z-50 flex justify-center p-4 outline-none md:inset-x-auto md:bottom-0 md:right-0 md:top-auto md:w-full md:max-w-toast md:justify-end"
    >
      <div role="status" aria-live="polite" aria-atomic="true" className="w-full">
        {visible && visible.type !== 'destructive' ? (
          <ToastCard toast={visible} hydrated={hydrated} onDismiss={() => setVisible(null)} closeHref={location.pathname + location.search} />
        ) : null}
      </div>
      <div role="alert" aria-atomic="true" className="w-full">
        {visible && visible.type === 'destructive' ? (
          <ToastCard toast={visible} hydrated={hydrated} onDismiss={() => setVisible(null)} closeHref={location.pathname + location.search} />
        ) : null}
      </div>
    </div>
  )
}

function ToastCard({
  toast,
  hydrated,
  onDismiss,
  closeHref,
}: {
  toast: Toast
  hydrated: boolean
  onDismiss: () => void
  closeHref: string
}) {
  const [offset, setOffset] = useState(0)
  const start = useRef<number | null>(null)
  const destructive = toast.type === 'destructive'
  const closeClass = cn(
    'rounded p-1',
    destructive ? 'text-red-50 hover:bg-red-800' : 'text-slate-600 hover:bg-slate-100',
  )
  return (
    <div
      data-testid="toast"
      data-type={toast.type}
      onPointerDown={(event) => (start.current = event.clientX)}
      onPointerMove={(event) => {
        if (start.current !== null) setOffset(Math.max(0, event.clientX - start.current))
      }}
      onPointerUp={() => {
        if (offset > SWIPE_THRESHOLD_PX) onDismiss()
        start.current = null
        setOffset(0)
      }}
      style={offset ? { transform: `translateX(${offset}px)` } : undefined}
      className={cn(
        'pointer-events-auto flex w-full items-start gap-3 rounded-lg border p-4 shadow-lg',
        destructive ? 'border-red-700 bg-red-700 text-white' : 'border-slate-200 bg-white text-slate-900',
      )}
    >
      <div className="flex-1">
        <p className="text-sm font-semibold">{toast.title}</p>
        {toast.description ? <p className="mt-1 text-sm opacity-90">{toast.description}</p> : null}
      </div>
      {hydrated ? (
        <button type="button" onClick={onDismiss} className={closeClass} aria-label="Dismiss notification">
          <Icon name="close" className="h-4 w-4" />
        </button>
      ) : (
        <a href={closeHref} className={closeClass} aria-label="Dismiss notification">
          <Icon name="close" className="h-4 w-4" />
        </a>
      )}
    </div>
  )
}
