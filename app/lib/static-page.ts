import type { HeadersFunction } from '@remix-run/node'
import { useMatches } from '@remix-run/react'

/**
 * The `handle` of a page served as plain HTML: its first load sends none of
 * React or Remix to the browser (the root leaves out `<Scripts />`). For pages
 * that are one form and then leave, sign-in above all, where downloading and
 * hydrating the framework costs a slow tablet more than it gives. Reached by
 * a client-side navigation from a page that is already running React, such a
 * page simply renders there like any other.
 */
export const staticPageHandle = { hydrate: false }

/** False when a matched route is a static page. */
export function useShouldHydrate() {
  return !useMatches().some((match) => (match.handle as { hydrate?: boolean } | undefined)?.hydrate === false)
}

/**
 * The headers of a page whose URL holds a secret token (a hosted form, a
 * signing link): never indexed, never cached. 'same-origin', not
 * 'no-referrer': the token is never sent to another site either way, but
 * with 'no-referrer' browsers post the page's form with `Origin: null`,
 * which the portal's (and Remix's) cross-site checks refuse.
 */
export const TOKEN_PAGE_HEADERS = { 'X-Robots-Tag': 'noindex, nofollow', 'Referrer-Policy': 'same-origin', 'Cache-Control': 'no-store' }

/** The page's headers; its loader and action answers carry TOKEN_PAGE_HEADERS as well, for data requests. */
export const tokenPageHeaders: HeadersFunction = ({ loaderHeaders, actionHeaders }) => ({
  ...Object.fromEntries(loaderHeaders),
  ...Object.fromEntries(actionHeaders),
  ...TOKEN_PAGE_HEADERS,
})
