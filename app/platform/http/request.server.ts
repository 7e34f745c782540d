/**
 * The server (app/server.ts) replaces this header with the peer address it
 * saw, so code that only has the Request can still log where it came from.
 */
export const CLIENT_ADDRESS_HEADER = 'x-portal-client-address'

export function getClientAddress(request: Request) {
  return request.headers.get(CLIENT_ADDRESS_HEADER)
}

/**
 * Whether the browser sees this page over plain HTTP on a host other than
 * localhost: such a browser refuses any Secure cookie the response sets.
 * The Origin header (sent with every form post) names the scheme the browser
 * used, even behind a TLS proxy that TRUST_PROXY does not describe; without
 * it, the request's own URL (X-Forwarded-Proto when TRUST_PROXY is set).
 */
export function isPlainHttpBeyondLocalhost(request: Request) {
  let url: URL
  try {
    url = new URL(request.headers.get('origin') ?? request.url)
  } catch {
    url = new URL(request.url)
  }
  if (url.protocol !== 'http:') return false
  const host = url.hostname
  const local =
    host === 'localhost' || host.endsWith('.localhost') || host === '[::1]' || /^127(\.\d{1,3}){3}$/.test(host)
  return !local
}

/**
 * A same-site path to return to (after sign-in, saving, closing a dialog);
 * anything else becomes the fallback. Browsers drop tabs and newlines from
 * URLs and treat '\\' as '/', so '/\t/evil.example' would leave the site:
 * the path must be plain printable ASCII and resolve to this origin.
 */
export function safeRedirectPath(to: FormDataEntryValue | string | null | undefined, fallback = '/') {
  if (typeof to !== 'string' || !to.startsWith('/') || !/^[\x21-\x7e]+$/.test(to)) return fallback
  if (to.startsWith('//') || to.includes('\\')) return fallback
  const origin = 'http://portal.invalid'
  let resolved: URL
  try {
    resolved = new URL(to, origin)
  } catch {
    return fallback
  }
  return resolved.origin === origin ? to : fallback
}

function queryOf(from: Request | URLSearchParams) {
  return from instanceof URLSearchParams ? from : new URL(from.url).searchParams
}

/**
 * The list a dialog route was opened over, with that list's query (search,
 * filters, page): where a dialog goes once its record is deleted.
 */
export function dialogListPath(from: Request | URLSearchParams, listPath: string) {
  const listQuery = new URLSearchParams(queryOf(from))
  listQuery.delete('redirectTo')
  return listQuery.size > 0 ? `${listPath}?${listQuery}` : listPath
}

/**
 * The one exit rule of dialog routes: where Cancel, the close button, Escape
 * and a save go. That is `redirectTo` from the dialog's URL when it is a path
 * of this site (e.g. the record's page the dialog was opened from), else the
 * list with its query. Loaders hand it to the page as `closeTo`.
 */
export function dialogExitPath(from: Request | URLSearchParams, listPath: string) {
  return safeRedirectPath(queryOf(from).get('redirectTo'), dialogListPath(from, listPath))
}

/**
 * The page a dialog route is drawn over, read from the dialog's own path: a
 * record's dialog extends the record's path (`/leads/7/edit` over `/leads/7`),
 * a list's dialog names its action first (`/leads/edit/7` over `/leads`). One
 * dialog module serves both routes, and closes to this page when no
 * `redirectTo` says otherwise.
 */
export function pageBehindDialog(request: Request, listPath: string, recordPath: string) {
  return new URL(request.url).pathname.startsWith(`${recordPath}/`) ? recordPath : listPath
}

/**
 * Where a dialog served over both a record's page and its list closes to
 * (dialogExitPath over pageBehindDialog). `query` is the dialog's URL query
 * less its own steps' fields, when it has any.
 */
export function recordDialogExitPath(request: Request, listPath: string, recordPath: string, query?: URLSearchParams) {
  return dialogExitPath(query ?? request, pageBehindDialog(request, listPath, recordPath))
}

export function isJsonRequest(request: Request) {
  return (request.headers.get('content-type') ?? '').includes('application/json')
}
