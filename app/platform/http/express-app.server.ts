import compression from 'compression'
import type { Server } from 'node:http'
import path from 'node:path'
import express, { type Express, type RequestHandler } from 'express'
import {
  type BodyLimit,
  closeConnectionsLeftUnread,
  limitRequestBodies,
  refuseDotSegments,
  refuseUnknownMethods,
  requireFormBodies,
} from '~/platform/http/request-guards.server'
import { buildAssets } from '~/platform/http/build-assets.server'
import { filesUnder, requestPathOf } from '~/platform/http/static-paths.server'
import { healthCheck, noStore, redirectMalformedPaths, refuseCrossSiteWrites, securityHeaders } from '~/platform/http/security.server'
import { runInRequestScope } from '~/platform/http/request-scope.server'

export type PortalAppOptions = {
  production: boolean
  trustProxy: number
  /** The body limit of a request's route (uploads stream larger bodies). */
  bodyLimitFor: (req: express.Request) => BodyLimit
  ping: () => Promise<unknown>
  /** Static files (`staticFiles()`), mounted after the guards and security headers. */
  statics?: Array<{ path?: string; handler: RequestHandler }>
  /** Per-request logging, after the guards. */
  logger?: RequestHandler
  /** Remix (or, in tests, a stand-in). */
  handler: RequestHandler
}

/**
 * The build's files, cached for a year (buildAssets), and `public/`'s files (an SVG is a document
 * when opened alone: with every header) for an hour. `public/`'s files are listed once, at start: looking every
 * page's URL up on disk cost each request a `stat`, and the dashboard's `/` (a directory) an error
 * object with its stack as well.
 */
export function staticFiles({ publicPath, assetsBuildDirectory, publicDirectory = 'public' }: { publicPath: string; assetsBuildDirectory: string; publicDirectory?: string }) {
  const buildFiles = path.resolve(assetsBuildDirectory) + path.sep
  const publicFiles = new Set(
    filesUnder(publicDirectory)
      .filter((file) => !file.startsWith(buildFiles))
      .map((file) => requestPathOf(publicDirectory, file)),
  )
  const servePublic = express.static(publicDirectory, { maxAge: '1h', index: false, redirect: false })
  // Paths with broken encoding were redirected before (redirectMalformedPaths): this one decodes.
  const publicFile: RequestHandler = (req, res, next) => (publicFiles.has(decodeURIComponent(req.path)) ? servePublic(req, res, next) : next())
  return [
    { path: publicPath, handler: buildAssets(assetsBuildDirectory) },
    { handler: publicFile },
  ]
}

/**
 * The middleware in the order every request meets it: guards that need no
 * body, security headers (also on static files and the health check), the
 * static files, `no-store` on everything else, cross-site and body guards for
 * writes, then the application. The server and its tests both build the app
 * here, so the tests exercise this order.
 */
export function createPortalApp(options: PortalAppOptions): Express {
  const app = express()
  app.disable('x-powered-by')
  app.set('trust proxy', options.trustProxy)
  app.use(compression())
  app.use(closeConnectionsLeftUnread)
  app.use(refuseUnknownMethods)
  app.use(redirectMalformedPaths)
  app.use(refuseDotSegments)
  app.use(securityHeaders({ production: options.production }))
  for (const { path, handler } of options.statics ?? []) {
    if (path) app.use(path, handler)
    else app.use(handler)
  }
  app.use(noStore)
  app.get('/healthz', healthCheck(options.ping))
  app.use(refuseCrossSiteWrites)
  app.use(limitRequestBodies(options.bodyLimitFor))
  app.use(requireFormBodies)
  if (options.logger) app.use(options.logger)
  app.all('*', (req, res, next) => runInRequestScope(() => options.handler(req, res, next)))
  return app
}

/**
 * Listens with idle connections kept for 65 s instead of Node's 5 s: a client (a proxy, a test's
 * request context) that reuses a connection just as the server closes it gets ECONNRESET, so the
 * server outlives the usual proxies' 60 s. Close it with closeGracefully.
 */
export function listen(app: Express, port: number, host: string, onListening?: () => void) {
  const server = app.listen(port, host, onListening)
  server.keepAliveTimeout = 65_000
  server.headersTimeout = 66_000
  return server
}

/**
 * Stops taking connections and resolves once every open one has closed. `server.close()` ends
 * the idle ones at once, but one busy now would stay open for the keep-alive time after its
 * answer: each is closed as soon as it is idle.
 */
export function closeGracefully(server: Server) {
  return new Promise<void>((resolve, reject) => {
    const closeIdle = setInterval(() => server.closeIdleConnections(), 100)
    server.close((error) => {
      clearInterval(closeIdle)
      if (error) reject(error)
      else resolve()
    })
  })
}
