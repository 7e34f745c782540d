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
