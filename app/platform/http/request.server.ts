/**
 * The server (app/server.ts) replaces this header with the peer address it
 * saw, so code that only has the Request can still log where it came from.
 */
export const CLIENT_ADDRESS_HEADER = 'x-portal-client-address'

export function getClientAddress(request: Request) {
  return request.headers.get(CLIENT_ADDRESS_HEADER)
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

/**
 * Where a dialog goes when it closes or saves, from the dialog URL's query:
 * `redirectTo` when it is a path of this site (e.g. the record's page), else
 * the list it was opened from, with that list's query.
 */
export function dialogExitPath(query: URLSearchParams, listPath: string) {
  const listQuery = new URLSearchParams(query)
  listQuery.delete('redirectTo')
  const list = listQuery.size > 0 ? `${listPath}?${listQuery}` : listPath
  return safeRedirectPath(query.get('redirectTo'), list)
}

export function isJsonRequest(request: Request) {
  return (request.headers.get('content-type') ?? '').includes('application/json')
}
