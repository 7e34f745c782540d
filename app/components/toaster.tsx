import { useEffect, useRef, useState, useSyncExternalStore } from 'react'
import { createPortal } from 'react-dom'
import { useLocation } from '@remix-run/react'
import { Icon } from '~/components/icons'
import { cn } from '~/lib/misc'
import type { Toast } from '~/platform/http/toast'
import { useHydrated } from '~/lib/use-hydrated'

export const TOAST_DURATION_MS = 5000
const SWIPE_THRESHOLD_PX = 50

/**
 * Where an open dialog wants its toasts: a modal dialog makes the rest of the
 * page inert and sits over it, so a toast outside it could neither be
 * dismissed nor avoid covering the dialog's own buttons.
 */
type ToastSlot = { root: HTMLElement; status: HTMLElement; alert: HTMLElement }
const slots: ToastSlot[] = []
const slotListeners = new Set<() => void>()

function subscribeToSlots(listener: () => void) {
  slotListeners.add(listener)
  return () => void slotListeners.delete(listener)
}

function currentSlot() {
  return slots.at(-1) ?? null
}

function setSlot(slot: ToastSlot, present: boolean) {
  const index = slots.indexOf(slot)
  if (present && index === -1) slots.push(slot)
  if (!present && index !== -1) slots.splice(index, 1)
  for (const listener of slotListeners) listener()
}

/**
 * The place in a dialog, under its header, where the toast shows while the
 * dialog is open: in the flow, so it covers none of the dialog's controls.
 */
export function DialogToastSlot() {
  const slot = useRef<ToastSlot | null>(null)
  return (
    <div
      tabIndex={-1}
      className="outline-none"
      ref={(root) => {
        if (root) {
          const status = root.querySelector<HTMLElement>('[role=status]')
          const alert = root.querySelector<HTMLElement>('[role=alert]')
          if (!status || !alert) return
          slot.current = { root, status, alert }
          setSlot(slot.current, true)
        } else if (slot.current) {
          setSlot(slot.current, false)
          slot.current = null
        }
      }}
    >
      {/* Empty until a toast comes, so screen readers announce it when it does. */}
      <div role="status" aria-live="polite" aria-atomic="true" />
      <div role="alert" aria-atomic="true" />
    </div>
  )
}

/**
 * One toast at a time, at most 420 px wide: top on small screens,
 * bottom-right from medium up, and inside an open dialog under its header.
 * With JavaScript it dismisses itself after 5 s, on a swipe right or with its
 * close button; F8 moves focus to it. Without JavaScript it is a banner at the
 * top of the page, covering nothing, until the next page; its close control
 * hides it with CSS alone, so nothing typed on the page is lost.
 */
export function Toaster({ toast }: { toast: Toast | null }) {
  const hydrated = useHydrated()
  const [visible, setVisible] = useState<Toast | null>(toast)
  const regionRef = useRef<HTMLDivElement>(null)
  const slot = useSyncExternalStore(subscribeToSlots, currentSlot, () => null)
  const slotRef = useRef(slot)
  slotRef.current = slot

  // Which navigation brought the toast shown (the location's key).
  const { key: locationKey } = useLocation()
  const locationKeyRef = useRef(locationKey)
  locationKeyRef.current = locationKey
  const arrival = useRef<{ id: string; locationKey: string } | null>(null)
  // A later revalidation brings no toast (the cookie was read once): that must
  // not cut the current one short, only a new toast replaces it.
  useEffect(() => {
    if (!toast) return
    arrival.current = { id: toast.id, locationKey: locationKeyRef.current }
    setVisible(toast)
  }, [toast])

  // A dialog that opens shows the toast that came with it (the next
  // registration step after a save), not one left from the page before it.
  useEffect(() => {
    if (!slot) return
    const cameWithDialog = (shown: Toast) => arrival.current?.id === shown.id && arrival.current.locationKey === locationKeyRef.current
    setVisible((current) => (current && !cameWithDialog(current) ? null : current))
  }, [slot])

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
        ;(slotRef.current?.root ?? regionRef.current)?.focus()
      }
    }
    document.addEventListener('keydown', onKeyDown)
    return () => document.removeEventListener('keydown', onKeyDown)
  }, [])

  const inSlot = hydrated && slot !== null
  const card = (kind: 'status' | 'alert', className: string) =>
    visible && (visible.type === 'destructive') === (kind === 'alert') ? (
      <div className={className}>
        <ToastCard toast={visible} hydrated={hydrated} onDismiss={() => setVisible(null)} />
      </div>
    ) : null

  // The live regions are always there (empty when there is no toast) and
  // stacked: side by side they would each get half the width.
  const liveRegion = 'flex w-full max-w-toast flex-col'
  return (
    <div
      ref={regionRef}
      tabIndex={-1}
      role="region"
      aria-label="Notifications (F8)"
      className={cn(
        'flex flex-col items-center outline-none md:items-end',
        hydrated && 'pointer-events-none fixed inset-x-0 top-0 z-50 md:bottom-0 md:top-auto',
      )}
    >
      <div role="status" aria-live="polite" aria-atomic="true" className={liveRegion}>
        {inSlot ? null : card('status', 'p-4')}
      </div>
      <div role="alert" aria-atomic="true" className={liveRegion}>
        {inSlot ? null : card('alert', 'p-4')}
      </div>
      {inSlot ? createPortal(card('status', 'mb-4 max-w-toast'), slot.status) : null}
      {inSlot ? createPortal(card('alert', 'mb-4 max-w-toast'), slot.alert) : null}
    </div>
  )
}

function ToastCard({ toast, hydrated, onDismiss }: { toast: Toast; hydrated: boolean; onDismiss: () => void }) {
  const [offset, setOffset] = useState(0)
  const start = useRef<number | null>(null)
  const destructive = toast.type === 'destructive'
  const closeClass = cn(
    'inline-flex min-h-6 min-w-6 items-center justify-center rounded p-1 coarse:min-h-11 coarse:min-w-11',
    destructive ? 'text-red-50 hover:bg-red-800' : 'text-slate-600 hover:bg-slate-100',
  )
  const dismissId = `dismiss-toast-${toast.id}`
  return (
    <>
      {/* Without JavaScript: a checkbox (focusable, toggled by Space or its label) hides the toast. */}
      {hydrated ? null : <input type="checkbox" id={dismissId} className="peer sr-only" />}
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
          'pointer-events-auto flex w-full items-start gap-3 rounded-lg border p-4 shadow-lg peer-checked:hidden peer-focus-visible:ring-2 peer-focus-visible:ring-blue-600',
          destructive ? 'border-red-700 bg-red-700 text-white' : 'border-slate-200 bg-white text-slate-900',
        )}
      >
        <div className="min-w-0 flex-1">
          <p className="text-sm font-semibold">{toast.title}</p>
          {toast.description ? <p className="mt-1 text-sm opacity-90">{toast.description}</p> : null}
        </div>
        {hydrated ? (
          <button type="button" onClick={onDismiss} className={closeClass} aria-label="Dismiss notification">
            <Icon name="close" className="h-4 w-4" />
          </button>
        ) : (
          <label htmlFor={dismissId} className={cn(closeClass, 'cursor-pointer')}>
            <Icon name="close" className="h-4 w-4" />
            <span className="sr-only">Dismiss notification</span>
          </label>
        )}
      </div>
    </>
  )
}
