/**
 * The server (app/server.ts) replaces this header with the peer address it
 * saw, so code that only has the Request can still log where it came from.
 */
export const CLIENT_ADDRESS_HEADER = 'x-portal-client-address'

export function getClientAddress(request: Request) {
  return request.headers.get(CLIENT_ADDRESS_HEADER)
}

/** A same-site path to return to after sign-in; anything else becomes '/'. */
export function safeRedirectPath(to: FormDataEntryValue | string | null | undefined, fallback = '/') {
  if (typeof to !== 'string' || !to.startsWith('/') || to.startsWith('//') || to.startsWith('/\\')) {
    return fallback
  }
  return to
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
