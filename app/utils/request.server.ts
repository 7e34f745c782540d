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

export function isJsonRequest(request: Request) {
  return (request.headers.get('content-type') ?? '').includes('application/json')
}
