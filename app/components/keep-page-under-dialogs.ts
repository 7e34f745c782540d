import type { Params, ShouldRevalidateFunction } from '@remix-run/react'

/**
 * The `shouldRevalidate` of a page with dialogs over it (a record's page, or a
 * list whose dialog has steps): its loader does not run again while a dialog
 * opens over it or moves between its own steps (the dialog covers the page;
 * each read is a query and an entry in the audit log), and runs once the
 * dialog closes, however it closes. A module of its own: only such pages load it.
 */
export function keepPageUnderDialogs(pagePath: (params: Params) => string): ShouldRevalidateFunction {
  return ({ currentUrl, nextUrl, nextParams, defaultShouldRevalidate }) => {
    const under = `${pagePath(nextParams)}/`
    if (nextUrl.pathname.startsWith(under)) return false
    if (currentUrl.pathname.startsWith(under)) return true
    return defaultShouldRevalidate
  }
}
