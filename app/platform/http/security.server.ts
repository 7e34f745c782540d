import crypto from 'node:crypto'
import type { NextFunction, Request, Response } from 'express'
import { CLIENT_ADDRESS_HEADER } from '~/platform/http/request.server'

/** A fresh nonce per response: inline scripts run only if they carry it. */
export function contentSecurityPolicy(nonce: string, { development }: { development: boolean }) {
  return [
    `default-src 'self'`,
    `script-src 'self' 'nonce-${nonce}' 'strict-dynamic'`,
    `style-src 'self' 'unsafe-inline'`,
    `img-src 'self' data: blob:`,
    `font-src 'self' data:`,
    `connect-src 'self'${development ? ' ws:' : ''}`,
    `worker-src 'self' blob:`,
    `frame-src 'self' blob:`,
    `object-src 'none'`,
    `base-uri 'self'`,
    `form-action 'self'`,
    `frame-ancestors 'none'`,
  ].join('; ')
}

export function securityHeaders({ production }: { production: boolean }) {
  return (req: Request, res: Response, next: NextFunction) => {
    const nonce = crypto.randomBytes(16).toString('base64')
    res.locals.cspNonce = nonce
    res.setHeader('Content-Security-Policy', contentSecurityPolicy(nonce, { development: !production }))
    res.setHeader('X-Content-Type-Options', 'nosniff')
    res.setHeader('X-Frame-Options', 'DENY')
    // URLs can carry patient names (searches): never leak them to other sites.
    res.setHeader('Referrer-Policy', 'same-origin')
    res.setHeader('Cross-Origin-Opener-Policy', 'same-origin')
    // No other site may embed the portal's pages, files or API answers.
    res.setHeader('Cross-Origin-Resource-Policy', 'same-origin')
    res.setHeader('Permissions-Policy', 'camera=(), microphone=(), geolocation=(), payment=()')
    if (production) res.setHeader('Strict-Transport-Security', 'max-age=31536000; includeSubDomains')
    // Only this server says where a request came from.
    req.headers[CLIENT_ADDRESS_HEADER] = req.ip ?? req.socket.remoteAddress ?? ''
    next()
  }
}

/**
 * What only a document acts on (a page, or an SVG opened by itself): a script
 * or a stylesheet ignores them. A list's first load fetches 30-odd of the
 * build's files, and these were 700 of each one's 1,000 bytes of headers.
 * Scripts keep what applies to them: nosniff, the resource policy and HSTS.
 */
const DOCUMENT_ONLY_HEADERS = ['Content-Security-Policy', 'X-Frame-Options', 'Referrer-Policy', 'Cross-Origin-Opener-Policy', 'Permissions-Policy']

/** For a script or stylesheet being sent (express.static's `setHeaders`): drops the headers only documents use. */
export function dropDocumentOnlyHeaders(res: Response, file: string) {
  if (!/\.(js|css)$/.test(file)) return
  for (const name of DOCUMENT_ONLY_HEADERS) res.removeHeader(name)
}

/**
 * Pages and API answers hold protected health information: shared tablets must not cache them.
 * Mounted after the static files, which are cached (the build's own for a year: their names
 * change with their contents), so that a page's scripts are not fetched and compiled afresh on
 * every page.
 */
export function noStore(_req: Request, res: Response, next: NextFunction) {
  res.setHeader('Cache-Control', 'no-store')
  next()
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS'])

/**
 * Browsers send Origin with every cross-site POST; refusing a foreign one
 * blocks cross-site request forgery on top of SameSite cookies.
 */
export function refuseCrossSiteWrites(req: Request, res: Response, next: NextFunction) {
  const origin = req.headers.origin
  if (SAFE_METHODS.has(req.method) || !origin) return next()
  let originHost: string
  try {
    originHost = new URL(origin).host
  } catch {
    originHost = ''
  }
  if (originHost !== req.headers.host) {
    res.status(403).type('text/plain').send('Cross-site request refused')
    return
  }
  next()
}

/** Turns a path with broken percent-encoding into a redirect home, not an error. */
export function redirectMalformedPaths(req: Request, res: Response, next: NextFunction) {
  const path = req.originalUrl.split('?')[0] ?? '/'
  if (!path.includes('%')) return next()
  try {
    decodeURIComponent(path)
    next()
  } catch {
    res.redirect(302, '/')
  }
}

/** 200 after a database round trip, 503 when the database does not answer. */
export function healthCheck(ping: () => Promise<unknown>) {
  return async (_req: Request, res: Response) => {
    try {
      await ping()
      res.status(200).json({ status: 'ok' })
    } catch {
      res.status(503).json({ status: 'unavailable', error: 'Database unreachable' })
    }
  }
}
