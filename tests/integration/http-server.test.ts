import type { AddressInfo } from 'node:net'
import express from 'express'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { pingDatabase } from '~/platform/db.server'
import {
  healthCheck,
  redirectMalformedPaths,
  refuseCrossSiteWrites,
  securityHeaders,
} from '~/platform/http/security.server'

/** The server's own middleware, in the order app/server.ts mounts it. */
let base = ''
let close: () => void

beforeAll(async () => {
  const app = express()
  app.use(redirectMalformedPaths)
  app.get('/healthz', healthCheck(pingDatabase))
  app.get('/healthz-down', healthCheck(() => Promise.reject(new Error('connection refused'))))
  app.use(securityHeaders({ production: true }))
  app.use(refuseCrossSiteWrites)
  app.all('*', (req, res) => {
    res.json({ nonce: res.locals.cspNonce, clientAddress: req.headers['x-portal-client-address'] })
  })
  const server = app.listen(0, '127.0.0.1')
  await new Promise((resolve) => server.once('listening', resolve))
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  close = () => server.close()
})
afterAll(() => close())

describe('health check', () => {
  test('answers 200 after a database round trip', async () => {
    const response = await fetch(`${base}/healthz`)
    expect(response.status).toBe(200)
    expect(await response.json()).toEqual({ status: 'ok' })
  })
  test('answers 503 when the database is unreachable', async () => {
    const response = await fetch(`${base}/healthz-down`)
    expect(response.status).toBe(503)
  })
})

describe('security headers', () => {
  test('a CSP with a fresh nonce per response and no inline scripts', async () => {
    const first = await fetch(`${base}/leads`)
    const second = await fetch(`${base}/leads`)
    const csp = first.headers.get('content-security-policy') ?? ''
    const { nonce } = (await first.json()) as { nonce: string }
    expect(csp).toContain(`'nonce-${nonce}'`)
    expect(csp).toContain("frame-ancestors 'none'")
    expect(csp).toMatch(/script-src [^;]*/)
    expect(csp.match(/script-src [^;]*/)![0]).not.toContain('unsafe-inline')
    expect(second.headers.get('content-security-policy')).not.toBe(csp)
  })

  test('nosniff, referrer policy, no-store and HSTS in production', async () => {
    const response = await fetch(`${base}/`)
    expect(response.headers.get('x-content-type-options')).toBe('nosniff')
    expect(response.headers.get('referrer-policy')).toBe('same-origin')
    expect(response.headers.get('cache-control')).toBe('no-store')
    expect(response.headers.get('strict-transport-security')).toMatch(/max-age=\d+/)
  })

  test('the client address header cannot be forged by the caller', async () => {
    const response = await fetch(`${base}/`, { headers: { 'x-portal-client-address': '6.6.6.6' } })
    const { clientAddress } = (await response.json()) as { clientAddress: string }
    expect(clientAddress).not.toBe('6.6.6.6')
    expect(clientAddress).toContain('127.0.0.1')
  })
})

describe('cross-site writes', () => {
  test('a POST with another site as Origin is refused', async () => {
    const response = await fetch(`${base}/logout`, { method: 'POST', headers: { origin: 'https://evil.example' } })
    expect(response.status).toBe(403)
  })
  test('a POST from this site, or without Origin, goes through', async () => {
    const same = await fetch(`${base}/logout`, { method: 'POST', headers: { origin: base } })
    const none = await fetch(`${base}/logout`, { method: 'POST' })
    expect(same.status).toBe(200)
    expect(none.status).toBe(200)
  })
  test('a GET with a foreign Origin is allowed (reads change nothing)', async () => {
    const response = await fetch(`${base}/`, { headers: { origin: 'https://evil.example' } })
    expect(response.status).toBe(200)
  })
})

describe('malformed paths', () => {
  test('broken percent-encoding redirects home instead of erroring', async () => {
    for (const path of ['/foo%zz', '/leads/%E0%A4%A', '/%']) {
      const response = await fetch(`${base}${path}`, { redirect: 'manual' })
      expect(response.status, path).toBe(302)
      expect(response.headers.get('location')).toBe('/')
    }
  })
  test('well-formed encodings pass through', async () => {
    const response = await fetch(`${base}/leads/a%20b`, { redirect: 'manual' })
    expect(response.status).toBe(200)
  })
})
