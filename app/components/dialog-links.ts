import { useState } from 'react'
import { useHydrated } from '~/lib/use-hydrated'

// Apart from route-dialog.tsx: the pages that open dialogs need these, and
// only the dialog routes themselves need the dialog's code.

/**
 * A link to a dialog route that returns to `from`, the page it is opened
 * from, when it closes (the server's dialogExitPath reads `redirectTo`).
 * `listQuery` (a record page's list as last shown, '?q=…') is where a delete
 * goes once the record is gone (dialogListPath).
 */
export function dialogHref(dialogPath: string, from: string, listQuery = '') {
  const query = new URLSearchParams(listQuery)
  query.set('redirectTo', from)
  return `${dialogPath}?${query}`
}

/**
 * Renders only the dialog child without JavaScript, so it reads as its own
 * page; and with JavaScript while a dialog the page was loaded with stays
 * open. Drawing the page behind it after hydration would cost the load a
 * second render of the whole page, for a background the dialog covers; the
 * page appears when the dialog closes.
 */
export function useDialogOutletOnly(outlet: React.ReactNode) {
  const hydrated = useHydrated()
  const [openedWithPage, setOpenedWithPage] = useState(!hydrated && outlet !== null)
  // Adjusting state while rendering, as React allows for what follows from props: no extra paint.
  if (outlet === null && openedWithPage) setOpenedWithPage(false)
  return outlet !== null && (!hydrated || openedWithPage)
}
