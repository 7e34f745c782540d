import { Dialog, DialogPanel, DialogTitle } from '@headlessui/react'
import { Form, Link, useNavigate, useNavigation } from '@remix-run/react'
import { useMemo, useRef } from 'react'
import { Icon } from '~/components/icons'
import { DialogToastSlot } from '~/components/toaster'
import { Button, buttonClassName } from '~/components/ui/button'
import { useHydrated } from '~/lib/use-hydrated'
import { useCountOpenDialog } from '~/components/open-dialogs'

/** A field a person would type in or choose from first (not a hidden or disabled one). */
const FIRST_FIELD = [
  'input:not([type=hidden]):not([disabled]):not([tabindex="-1"]):not(.sr-only)',
  'select:not([disabled])',
  'textarea:not([disabled])',
].join(', ')

/**
 * A route shown as a modal dialog over its parent page when JavaScript runs,
 * and as a plain page section without it. Closing goes to `closeTo`.
 */
export function RouteDialog({
  title,
  closeTo,
  children,
  size = 'md',
}: {
  title: string
  closeTo: string
  children: React.ReactNode
  size?: 'md' | 'lg'
}) {
  const hydrated = useHydrated()
  useCountOpenDialog(hydrated)
  const navigate = useNavigate()
  const width = size === 'lg' ? 'max-w-3xl' : 'max-w-lg'
  const panelRef = useRef<HTMLDivElement>(null)
  const titleRef = useRef<HTMLHeadingElement>(null)
  // Headless UI reads `initialFocus` once the panel is in the page; left to
  // itself it focuses an invisible element. The first field, or the title.
  const initialFocus = useMemo(
    () => ({
      get current() {
        return panelRef.current?.querySelector<HTMLElement>(FIRST_FIELD) ?? titleRef.current
      },
    }),
    [],
  )

  if (!hydrated) {
    return (
      <section aria-labelledby="dialog-title" className={`mx-auto w-full ${width} rounded-lg border border-slate-200 bg-white p-6 shadow-sm`}>
        <div className="mb-4 flex items-start justify-between gap-4">
          <h1 id="dialog-title" className="text-xl font-semibold">
            {title}
          </h1>
          <Link to={closeTo} className="inline-flex min-h-6 items-center text-sm text-blue-700 underline coarse:min-h-11">
            Close
          </Link>
        </div>
        {children}
      </section>
    )
  }

  return (
    <Dialog
      open
      onClose={() => navigate(closeTo, { preventScrollReset: true })}
      initialFocus={initialFocus}
      // On touch screens Headless UI focuses the dialog itself (a field would
      // pop up the on-screen keyboard): a box of no height, whose outline
      // would be a stray line at the foot of the page.
      className="relative z-40 outline-none"
    >
      <div className="fixed inset-0 bg-slate-900/40" aria-hidden="true" />
      <div className="fixed inset-0 overflow-y-auto p-4">
        <div className="flex min-h-full items-start justify-center md:items-center">
          <DialogPanel ref={panelRef} className={`w-full ${width} rounded-lg bg-white p-6 shadow-xl`}>
            <div className="mb-4 flex items-start justify-between gap-4">
              <DialogTitle as="h2" ref={titleRef} tabIndex={-1} className="text-xl font-semibold outline-none">
                {title}
              </DialogTitle>
              <Link
                to={closeTo}
                preventScrollReset
                aria-label="Close"
                className="inline-flex min-h-7 min-w-7 items-center justify-center rounded text-slate-600 hover:bg-slate-100 coarse:min-h-11 coarse:min-w-11"
              >
                <Icon name="close" className="h-5 w-5" />
              </Link>
            </div>
            <DialogToastSlot />
            {children}
          </DialogPanel>
        </div>
      </div>
    </Dialog>
  )
}

/**
 * A link to a dialog route that returns to `from`, the page it is opened
 * from, when it closes (the server's dialogExitPath reads `redirectTo`).
 */
export function dialogHref(dialogPath: string, from: string) {
  return `${dialogPath}?${new URLSearchParams({ redirectTo: from })}`
}

/** Renders only the dialog child without JavaScript, so it reads as its own page. */
export function useDialogOutletOnly(outlet: React.ReactNode) {
  const hydrated = useHydrated()
  return !hydrated && outlet !== null
}

/**
 * A delete confirmation as a route: the question, then Cancel (back to
 * `closeTo`) and a Delete button that posts to the route's action.
 */
export function ConfirmDeleteDialog({
  title,
  closeTo,
  children,
  alternative,
}: {
  title: string
  closeTo: string
  /** The question, and what else goes with the record. */
  children: React.ReactNode
  /** A gentler action offered instead, posted to the same action with intent=`intent`. */
  alternative?: { label: string; intent: string }
}) {
  const navigation = useNavigation()
  const busy = navigation.state === 'submitting'
  return (
    <RouteDialog title={title} closeTo={closeTo}>
      <div className="flex flex-col gap-2 text-sm text-slate-700">{children}</div>
      <Form method="post" className="mt-6 flex flex-wrap justify-end gap-3">
        <Link to={closeTo} preventScrollReset className={buttonClassName('secondary')}>
          Cancel
        </Link>
        {alternative ? (
          <Button type="submit" variant="secondary" name="intent" value={alternative.intent} disabled={busy}>
            {alternative.label}
          </Button>
        ) : null}
        <Button type="submit" variant="destructive" disabled={busy}>
          Delete
        </Button>
      </Form>
    </RouteDialog>
  )
}
