import { Form, useNavigation } from '@remix-run/react'
import { Link, leaveDialogFor } from '~/components/link'
import { useId } from 'react'
import { Icon } from '~/components/icons'
import { DialogToastSlot } from '~/components/toaster'
import { Button, buttonClassName } from '~/components/ui/button'
import { useHydrated } from '~/lib/use-hydrated'
import { useCountOpenDialog } from '~/components/open-dialogs'
import { ModalDialog } from '~/components/modal-dialog'

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
  const titleId = useId()
  const width = size === 'lg' ? 'max-w-3xl' : 'max-w-lg'

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
    <ModalDialog
      labelledBy={titleId}
      onCancel={() => leaveDialogFor(closeTo)}
      initialFocus={firstFocus}
      panelClassName={`w-full ${width} rounded-lg bg-white p-6 shadow-xl`}
    >
      <div className="mb-4 flex items-start justify-between gap-4">
        <h2 id={titleId} tabIndex={-1} className="text-xl font-semibold outline-none">
          {title}
        </h2>
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
    </ModalDialog>
  )
}

/**
 * The first field a person would type in, or the title. On a touch screen
 * the title: focusing a field there pops up the on-screen keyboard over the
 * form before the person has read it.
 */
function firstFocus(panel: HTMLElement) {
  const title = panel.querySelector<HTMLElement>('h2')
  if (window.matchMedia('(pointer: coarse)').matches) return title
  return panel.querySelector<HTMLElement>(FIRST_FIELD) ?? title
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
