// eslint-disable-next-line no-restricted-imports -- the portal's links wrap Remix's here
import { Link as RemixLink, useLocation, useNavigate, type NavigateFunction } from '@remix-run/react'
import { useEffect } from 'react'

/**
 * The portal's links. A link to a path of this site (`/leads/…`) is a plain
 * anchor that the router follows when clicked. Remix's `Link` runs a dozen
 * hooks and resolves its path three times for each link, on the server and
 * again while the page hydrates: the dashboard's forty links were a seventh
 * of its server time. Any other `to` (relative, a search alone) is Remix's
 * `Link`, which resolves it against the route: give a list's rows whole paths
 * (a relative link in each row's menu was a seventh of `/patients`' server
 * time). Until the page is live, as with Remix's, the browser follows the
 * anchor itself.
 */
type LinkProps = Omit<React.AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> & {
  to: string
  /** Keeps the page where it is scrolled to (a dialog route opened or closed over a list). */
  preventScrollReset?: boolean
}

let navigate: NavigateFunction | undefined

/** Lets the portal's links navigate in the page: the root calls it once. */
export function useLinkNavigation() {
  const routerNavigate = useNavigate()
  useEffect(() => {
    navigate = routerNavigate
    return () => {
      if (navigate === routerNavigate) navigate = undefined
    }
  }, [routerNavigate])
}

function isSitePath(to: string) {
  return to.startsWith('/') && !to.startsWith('//')
}

/**
 * The last link followed in the page and where it was (path and query):
 * coming back there, the keyboard goes on from that link as after a
 * browser's own Back (route-announcer.tsx), also when a dialog opened from a
 * record's page showed another page behind it.
 */
let lastFollowed: { from: string; href: string } | null = null

/** The link last followed from `location` (path and query), if the last one followed was there. */
export function linkFollowedFrom(location: string) {
  return lastFollowed?.from === location ? lastFollowed.href : null
}

/** Whether the last link followed in the page led to `location` (path and query): what opened a dialog's route. */
export function lastLinkLedTo(location: string) {
  return lastFollowed?.href === location
}

/**
 * The link last followed from the page now shown, if it is still there and
 * visible (a list draws its rows twice, as a table and as cards, one hidden):
 * where the keyboard goes on from.
 */
export function linkFollowedHere(): HTMLElement | null {
  const followed = linkFollowedFrom(`${window.location.pathname}${window.location.search}`)
  if (!followed) return null
  const links = document.querySelectorAll<HTMLElement>(`#main a[href="${CSS.escape(followed)}"]`)
  return [...links].find((link) => link.getClientRects().length > 0) ?? null
}

/** As Remix's: a plain left click on a link for this tab navigates in the page; anything else is the browser's. */
function followLink(event: React.MouseEvent<HTMLAnchorElement>, { preventScrollReset = false } = {}) {
  const anchor = event.currentTarget
  if (!navigate || event.defaultPrevented || event.button !== 0 || event.metaKey || event.altKey || event.ctrlKey || event.shiftKey) return
  if (anchor.target && anchor.target !== '_self') return
  event.preventDefault()
  const to = anchor.getAttribute('href')!
  // A dialog's own links (Close, Cancel) only leave it: the one that opened it stays the one followed,
  // and going back to the page it opened over is a step back in the history, not a new entry.
  const inDialog = anchor.closest('dialog[open]') !== null
  if (inDialog && isPreviousEntry(to)) {
    void navigate(-1)
    return
  }
  if (!inDialog) lastFollowed = { from: `${window.location.pathname}${window.location.search}`, href: to }
  // The page it is already on is replaced, not stacked in the history (as Remix's).
  navigate(to, { replace: to === `${window.location.pathname}${window.location.search}${window.location.hash}`, preventScrollReset })
}

export function Link({ to, onClick, preventScrollReset, ...props }: LinkProps) {
  if (!isSitePath(to)) return <RemixLink to={to} onClick={onClick} preventScrollReset={preventScrollReset} {...props} />
  const onLinkClick =
    onClick || preventScrollReset
      ? (event: React.MouseEvent<HTMLAnchorElement>) => {
          onClick?.(event)
          followLink(event, { preventScrollReset })
        }
      : followLink
  // data-discover: Remix learns the routes of the links on the page before they are followed.
  return <a href={to} data-discover="true" onClick={onLinkClick} {...props} />
}

/**
 * A link that says when it is the current page (`aria-current="page"`): the
 * page itself or, without `end`, a page under it.
 */
export function NavLink({
  to,
  end = false,
  className,
  ...props
}: Omit<LinkProps, 'className'> & { end?: boolean; className?: string | ((state: { isActive: boolean }) => string) }) {
  const pathname = useLocation().pathname.toLowerCase()
  const path = to.split(/[?#]/)[0]!.toLowerCase().replace(/(.)\/+$/, '$1')
  const isActive = pathname === path || (!end && path !== '/' && pathname.startsWith(`${path}/`))
  return <Link to={to} aria-current={isActive ? 'page' : undefined} className={typeof className === 'function' ? className({ isActive }) : className} {...props} />
}

/**
 * The query each page was last seen with in this tab (its search, filters,
 * page, view), kept in memory only: names typed into a search do not outlive
 * the tab's page on a shared tablet. BackLink reads it.
 */
export const lastQueries = new Map<string, string>()

/** Each entry of this tab's history the app has shown (path and query), by the router's index. */
const entries = new Map<number, string>()

function historyIndex(): number | null {
  const index: unknown = window.history.state?.idx
  return typeof index === 'number' ? index : null
}

/** Whether `to` (path and query) is the entry one step back in this tab's history. */
function isPreviousEntry(to: string) {
  const index = historyIndex()
  return index !== null && index > 0 && entries.get(index - 1) === to
}

/**
 * Leaves a dialog for `to`: a step back when `to` is the page it opened over,
 * so that the browser's Back does not open the dialog again; else a
 * navigation there.
 */
export function leaveDialogFor(to: string) {
  if (!navigate) return
  if (isPreviousEntry(to)) navigate(-1)
  else navigate(to, { preventScrollReset: true })
}

/** Keeps each page the tab shows: its query (lastQueries) and its place in the history. The root calls it once. */
export function useRememberedLocations() {
  const { pathname, search } = useLocation()
  useEffect(() => {
    const index = historyIndex()
    if (index !== null) entries.set(index, `${pathname}${search}`)
    lastQueries.delete(pathname)
    lastQueries.set(pathname, search)
    if (lastQueries.size > 50) lastQueries.delete(lastQueries.keys().next().value!)
  }, [pathname, search])
}
