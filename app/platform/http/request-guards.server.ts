import type { NextFunction, Request, Response } from 'express'

/**
 * Guards that run before Remix reads a request, so nothing a caller sends
 * (an odd method, a huge or mislabelled body, a path that climbs out of its
 * route) reaches a loader or action, or costs the server more than a small,
 * fixed amount of work.
 */

const ALLOWED_METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']

/** TRACE, CONNECT and invented methods answer 405 instead of reaching Remix. */
export function refuseUnknownMethods(req: Request, res: Response, next: NextFunction) {
  if (ALLOWED_METHODS.includes(req.method)) return next()
  res.status(405).setHeader('Allow', ALLOWED_METHODS.join(', '))
  res.type('text/plain').send('Method not allowed')
}

/**
 * A path segment that decodes to '.' or '..' would be resolved away by the
 * URL parser, so `/api/leads/1/communications/%2e%2e` would reach the lead
 * itself. Such paths, and segments hiding a slash, backslash or NUL, are 400.
 */
export function refuseDotSegments(req: Request, res: Response, next: NextFunction) {
  const path = req.originalUrl.split('?')[0] ?? '/'
  const bad = path.split('/').some((segment) => {
    if (!segment.includes('.') && !segment.includes('%') && !segment.includes('\\')) return false
    let decoded: string
    try {
      decoded = decodeURIComponent(segment)
    } catch {
      return false // malformed encoding is redirectMalformedPaths' business
    }
    return decoded === '.' || decoded === '..' || /[/\\\0]/.test(decoded)
  })
  if (!bad) return next()
  res.status(400).type('text/plain').send('Bad request path')
}

export type BodyLimit = {
  /** Largest body in bytes. */
  maxBytes: number
  /** Uploads may stream without a Content-Length; their handlers count the bytes. */
  streaming?: boolean
}

const FORM_TYPES = ['application/x-www-form-urlencoded', 'multipart/form-data']

function hasBody(req: Request) {
  const length = req.headers['content-length']
  return req.headers['transfer-encoding'] !== undefined || (length !== undefined && length !== '0')
}

/** The body is left unread, so closeConnectionsLeftUnread closes the connection rather than draining it. */
function refuse(req: Request, res: Response, status: number, message: string) {
  if (req.path.startsWith('/api/')) res.status(status).json({ error: message })
  else res.status(status).type('text/plain').send(message)
}

/**
 * Refuses a body over the route's limit before a byte of it is read: by its
 * Content-Length, which Node holds the client to. Only routes that stream
 * uploads (and count as they go) accept a body of unknown length.
 */
export function limitRequestBodies(limitFor: (req: Request) => BodyLimit) {
  return (req: Request, res: Response, next: NextFunction) => {
    if (req.method === 'GET' || req.method === 'HEAD' || !hasBody(req)) return next()
    const limit = limitFor(req)
    const declared = req.headers['content-length']
    if (declared === undefined) {
      if (limit.streaming) return next()
      return refuse(req, res, 411, 'Content-Length required')
    }
    if (!/^\d+$/.test(declared)) return refuse(req, res, 400, 'Invalid Content-Length')
    if (Number(declared) > limit.maxBytes) return refuse(req, res, 413, 'Request body too large')
    next()
  }
}

/**
 * A response sent before its request's body was read to the end (an upload
 * refused part-way, any refusal before the body is read) closes the
 * connection: the rest of the body will not be read, and a client such as a
 * browser reads the answer only once it can no longer send. Without this the
 * connection would hang on until the server's keep-alive time ran out
 * (app/platform/http/express-app.server.ts).
 */
export function closeConnectionsLeftUnread(req: Request, res: Response, next: NextFunction) {
  if (!hasBody(req)) return next()
  const writeHead = res.writeHead
  res.writeHead = function (this: Response, ...args: Parameters<Response['writeHead']>) {
    if (!req.complete) this.setHeader('Connection', 'close')
    return writeHead.apply(this, args)
  } as Response['writeHead']
  next()
}

/**
 * Pages take forms only: an action sent JSON or text would fail to parse
 * deep inside Remix. The JSON API and webhooks (under /api/) check their
 * own bodies.
 */
export function requireFormBodies(req: Request, res: Response, next: NextFunction) {
  if (req.method === 'GET' || req.method === 'HEAD' || req.method === 'OPTIONS') return next()
  if (req.path.startsWith('/api/') || !hasBody(req)) return next()
  const type = (req.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase()
  if (FORM_TYPES.includes(type)) return next()
  refuse(req, res, 415, 'Forms must be sent as application/x-www-form-urlencoded or multipart/form-data')
}
