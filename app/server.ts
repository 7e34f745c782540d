import compression from 'compression'
import express from 'express'
import { createRequestHandler } from '@remix-run/express'
import { installGlobals } from '@remix-run/node'
import * as build from '@remix-run/dev/server-build'
import { getEnv } from '~/platform/env.server'
import { disconnectDatabase, pingDatabase } from '~/platform/db.server'
import {
  healthCheck,
  redirectMalformedPaths,
  refuseCrossSiteWrites,
  securityHeaders,
} from '~/platform/http/security.server'
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

  const app = express()
  app.disable('x-powered-by')
  app.set('trust proxy', env.TRUST_PROXY)
  app.use(compression())
  app.use(redirectMalformedPaths)
  app.use(
    build.publicPath,
    express.static(build.assetsBuildDirectory, { immutable: true, maxAge: '1y', index: false }),
  )
  app.use(express.static('public', { maxAge: '1h', index: false }))

  app.get('/healthz', healthCheck(pingDatabase))

  app.use(securityHeaders({ production }))
  app.use(refuseCrossSiteWrites)
  if (env.LOG_REQUESTS) {
    app.use((req, res, next) => {
      const started = process.hrtime.bigint()
      res.on('finish', () => {
        const ms = Number(process.hrtime.bigint() - started) / 1e6
        // Paths only: query strings can hold names and other PHI.
        console.log(`${req.method} ${req.path} ${res.statusCode} ${ms.toFixed(1)}ms`)
      })
      next()
    })
  }
  app.all(
    '*',
    createRequestHandler({
      build,
      mode: env.NODE_ENV,
      getLoadContext: (_req, res) => ({ cspNonce: res.locals.cspNonce as string }),
    }),
  )

  const server = app.listen(env.PORT, env.HOST, () => {
    console.log(`Healthcare Portal listening on http://localhost:${env.PORT}`)
  })

  let closing = false
  const shutdown = (signal: string) => {
    if (closing) return
    closing = true
    console.log(`${signal} received: closing`)
    server.close(() => {
      disconnectDatabase()
        .catch((error: unknown) => console.error(error))
        .finally(() => process.exit(0))
    })
    setTimeout(() => process.exit(1), 10_000).unref()
  }
  process.on('SIGTERM', () => shutdown('SIGTERM'))
  process.on('SIGINT', () => shutdown('SIGINT'))
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error)
  process.exit(1)
})
