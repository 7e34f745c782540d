import { useEffect, useLayoutEffect, useRef } from 'react'
import { lastLinkLedTo, linkFollowedHere } from '~/components/link'
import { pageStart } from '~/components/page-heading'

/**
 * A modal on the browser's own `<dialog>`: `showModal()` puts it in the top
 * layer, makes the rest of the page inert (focus cannot leave it, screen
 * readers see only it) and turns Escape into a `cancel` event. What it adds:
 * the first focus (`initialFocus`, else the dialog's own first control), the
 * page kept still behind it, a press on the dimmed backdrop counted as Escape,
 * and the focus handed back to what had it before when the dialog goes away
 * without anything else taking it.
 *
 * The `<dialog>` covers the viewport and scrolls; the panel is its child, so
 * a tall form scrolls inside the dialog and a press outside the panel lands
 * on the dialog itself.
 */
export function ModalDialog({
  onCancel,
  initialFocus,
  role,
  labelledBy,
  describedBy,
  panelClassName,
  children,
}: {
  /** Escape or a press on the backdrop; leave out to keep the dialog open until a choice is made. */
  onCancel?: () => void
  /** The element to focus first (by default one marked `data-autofocus`); the browser's choice when it returns null. */
  initialFocus?: (panel: HTMLElement) => HTMLElement | null
  role?: 'alertdialog'
  labelledBy: string
  describedBy?: string
  panelClassName?: string
  children: React.ReactNode
}) {
  const dialogRef = useRef<HTMLDialogElement>(null)
  const panel = useRef<HTMLDivElement | null>(null)
  const cancel = useRef(onCancel)
  cancel.current = onCancel
  const focusFirst = useRef(initialFocus)
  focusFirst.current = initialFocus
  const pressedOutside = useRef(false)
  const isOutsidePanel = (target: EventTarget) => target instanceof Node && !panel.current?.contains(target)

  useLayoutEffect(() => {
    const dialog = dialogRef.current
    if (!dialog) return
    // Nothing has the focus when a tap opened it (Safari's taps focus no link) or the page loaded with it.
    const before = document.activeElement instanceof HTMLElement && document.activeElement !== document.body ? document.activeElement : null
    const openedByTappedLink = before === null && lastLinkLedTo(`${window.location.pathname}${window.location.search}`)
    if (!dialog.open) dialog.showModal()
    const first = panel.current && (focusFirst.current ?? markedFirst)(panel.current)
    first?.focus()
    const root = document.documentElement
    const overflow = root.style.overflow
    root.style.overflow = 'hidden'
    return () => {
      root.style.overflow = overflow
      // Removing an open dialog drops the focus on the body; give it back
      // unless the page has since put it somewhere on purpose. React runs
      // this before it removes the dialog, which keeps the page behind it
      // inert while open, so the focus goes back once it is gone. (Closing
      // it here first would move the focus out of a field, and a form that
      // checks a field on leaving it would post itself half-filled.)
      queueMicrotask(() => {
        const lost =
          !document.activeElement || document.activeElement === document.body || dialog.contains(document.activeElement)
        // Else the link that opened it (a tap), unless it is gone with what the dialog did (a deleted
        // record's row): the page's start, then.
        const link = openedByTappedLink ? linkFollowedHere() : null
        if (lost) (before?.isConnected ? before : (link ?? pageStart()))?.focus({ preventScroll: true })
      })
    }
  }, [])

  useEffect(() => {
    const dialog = dialogRef.current
    if (!dialog) return
    const onCancelEvent = (event: Event) => {
      // Escape never closes the dialog behind React's back: the owner decides.
      if (!event.cancelable) return // it closes anyway: see onCloseEvent
      event.preventDefault()
      cancel.current?.()
    }
    // A browser may close the dialog without a cancelable `cancel` (Chromium
    // does on a second Escape with no other input between): the owner still
    // decides, so a dialog nobody cancelled is shown again.
    const onCloseEvent = () => {
      if (!dialog.isConnected) return
      if (cancel.current) cancel.current()
      else dialog.showModal()
    }
    dialog.addEventListener('cancel', onCancelEvent)
    dialog.addEventListener('close', onCloseEvent)
    return () => {
      dialog.removeEventListener('cancel', onCancelEvent)
      dialog.removeEventListener('close', onCloseEvent)
    }
  }, [])

  return (
    <dialog
      ref={dialogRef}
      role={role}
      // Not a stop of its own: Chromium makes a box that scrolls a tab stop, and this one shows no ring.
      tabIndex={-1}
      aria-labelledby={labelledBy}
      aria-describedby={describedBy}
      // A press that starts and ends outside the panel is on the backdrop
      // (one that starts in a field and ends outside, selecting text, is not).
      onPointerDown={(event) => {
        pressedOutside.current = isOutsidePanel(event.target)
      }}
      onClick={(event) => {
        const onBackdrop = pressedOutside.current && isOutsidePanel(event.target)
        pressedOutside.current = false
        if (onBackdrop) cancel.current?.()
      }}
      className="fixed inset-0 m-0 h-full max-h-none w-full max-w-none overflow-y-auto bg-transparent p-4 outline-none backdrop:bg-slate-900/40"
    >
      <div className="flex min-h-full items-start justify-center md:items-center">
        <div ref={panel} className={panelClassName}>
          {children}
        </div>
      </div>
    </dialog>
  )
}

function markedFirst(panel: HTMLElement) {
  return panel.querySelector<HTMLElement>('[data-autofocus]')
}
