import type { RequestHandler } from 'express'
import { installGlobals } from '@remix-run/node'
import * as build from '@remix-run/dev/server-build'
import { getEnv } from '~/platform/env.server'
import { disconnectDatabase, pingDatabase } from '~/platform/db.server'
import { closeGracefully, createPortalApp, listen, staticFiles } from '~/platform/http/express-app.server'
import { createPortalRequestHandler } from '~/platform/http/remix-handler.server'
import { bodyLimitFor } from '~/request-limits.server'
import { startApplication } from '~/startup.server'

/**
 * The production server: Express with the same pieces as remix-serve, plus
 * what remix-serve cannot do (docs/adr/0002-custom-express-server.md).
 */
installGlobals()

async function main() {
  const env = getEnv()
  const production = env.NODE_ENV === 'production'
  await startApplication()

  const app = createPortalApp({
    production,
    trustProxy: env.TRUST_PROXY,
    bodyLimitFor,
    ping: pingDatabase,
    statics: staticFiles(build),
    logger: env.LOG_REQUESTS ? logRequest : undefined,
    handler: createPortalRequestHandler({
      build,
      mode: env.NODE_ENV,
      getLoadContext: (_req, res) => ({ cspNonce: res.locals.cspNonce as string }),
    }),
  })

  const server = listen(app, env.PORT, env.HOST, () => {
    console.log(`Healthcare Portal listening on http://localhost:${env.PORT}`)
  })

  let closing = false
  const shutdown = (signal: string) => {
    if (closing) return
    closing = true
    console.log(`${signal} received: closing`)
    closeGracefully(server)
      .catch((error: unknown) => console.error(error))
      .then(() => disconnectDatabase())
      .catch((error: unknown) => console.error(error))
      .finally(() => process.exit(0))
    setTimeout(() => process.exit(1), 10_000).unref()
  }
  process.on('SIGTERM', () => shutdown('SIGTERM'))
  process.on('SIGINT', () => shutdown('SIGINT'))
}

/** A calendar feed's path is its credential: logs show that it was a feed, never which. */
function loggedPath(path: string) {
  return path.startsWith('/calendar/feed/') ? '/calendar/feed/[token]' : path
}

/** One line per request: method, path (never the query string, which can hold names), status, time. */
const logRequest: RequestHandler = (req, res, next) => {
  const started = process.hrtime.bigint()
  res.on('finish', () => {
    const ms = Number(process.hrtime.bigint() - started) / 1e6
    console.log(`${req.method} ${loggedPath(req.path)} ${res.statusCode} ${ms.toFixed(1)}ms`)
  })
  next()
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error)
  process.exit(1)
})
