import http from 'node:http'
import type { AddressInfo } from 'node:net'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import zlib from 'node:zlib'
import express from 'express'
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest'
import { pingDatabase } from '~/platform/db.server'
import { closeGracefully, createPortalApp, listen, staticFiles } from '~/platform/http/express-app.server'
import { oncePerRequest } from '~/platform/http/request-scope.server'

/**
 * The server's own middleware, composed as app/server.ts composes it, with
 * a stand-in for Remix that reads the body as Remix would.
 */
let base = ''
// A script of some size, as the build's shared chunks are.
const SHARED_CHUNK = Array.from({ length: 400 }, (_, index) => `export const value${index} = { id: ${index}, label: 'Value ${index}' }`).join('\n')
let close: () => void
let bodiesRead = 0
let scopedReads = 0

beforeAll(async () => {
  // A build's hashed asset and a file of public/, served as the server serves them.
  const files = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-statics-'))
  fs.mkdirSync(path.join(files, 'build'))
  fs.mkdirSync(path.join(files, 'public'))
  fs.writeFileSync(path.join(files, 'build', 'root-ABC123.js'), 'export {}')
  fs.mkdirSync(path.join(files, 'build', '_shared'))
  fs.writeFileSync(path.join(files, 'build', '_shared', 'chunk-DEF456.js'), SHARED_CHUNK)
  fs.writeFileSync(path.join(files, 'build', 'drawing-ABC123.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>')
  fs.writeFileSync(path.join(files, 'public', 'static.txt'), 'static')
  fs.mkdirSync(path.join(files, 'public', 'fonts'))
  fs.writeFileSync(path.join(files, 'public', 'fonts', 'nested.txt'), 'nested')
  const app = createPortalApp({
    production: true,
    trustProxy: 0,
    ping: pingDatabase,
    bodyLimitFor: (req) =>
      req.path === '/upload' || req.path === '/upload-refused' ? { maxBytes: 4 * 1024 * 1024, streaming: true } : { maxBytes: 64 * 1024 },
    statics: staticFiles({ publicPath: '/build/', assetsBuildDirectory: path.join(files, 'build'), publicDirectory: path.join(files, 'public') }),
    handler: async (req, res) => {
      if (req.path === '/scoped-reads') {
        // What the loaders of one page read once: the same value for both, a new one per request.
        const first = await oncePerRequest('counter', async () => ++scopedReads)
        const second = await oncePerRequest('counter', async () => ++scopedReads)
        res.json({ first, second })
        return
      }
      if (req.path === '/upload-refused') {
        // An upload refused after its first bytes, as a file over its size is.
        req.once('data', () => {
          req.pause()
          res.status(413).json({ error: 'The file is too large' })
        })
        return
      }
      if (req.path === '/healthz-down') {
        res.status(503).json({ status: 'unavailable' })
        return
      }
      let bytes = 0
      try {
        for await (const chunk of req) bytes += (chunk as Buffer).length
      } catch {
        return // the caller went away mid-body
      }
      if (bytes > 0) bodiesRead += 1
      res.json({ nonce: res.locals.cspNonce, clientAddress: req.headers['x-portal-client-address'], bytes })
    },
  })
  const server = listen(app, 0, '127.0.0.1')
  await new Promise((resolve) => server.once('listening', resolve))
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  close = () => {
    server.close()
    fs.rmSync(files, { recursive: true, force: true })
  }
})
afterAll(() => close())

/** A raw request, for what fetch will not send (TRACE, unnormalised paths, lying lengths). */
function rawRequest(options: http.RequestOptions & { body?: string | Buffer }) {
  const url = new URL(base)
  return new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: string }>((resolve, reject) => {
    const request = http.request({ host: url.hostname, port: url.port, ...options }, (response) => {
      let body = ''
      response.setEncoding('utf8')
      response.on('data', (chunk: string) => (body += chunk))
      response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body }))
    })
    request.on('error', reject)
    request.end(options.body)
  })
}

describe('health check', () => {
  test('answers 200 after a database round trip', async () => {
    const response = await fetch(`${base}/healthz`)
    expect(response.status).toBe(200)
    expect(await response.json()).toEqual({ status: 'ok' })
  })
  test('carries the security headers too', async () => {
    const response = await fetch(`${base}/healthz`)
    expect(response.headers.get('x-content-type-options')).toBe('nosniff')
    expect(response.headers.get('cross-origin-resource-policy')).toBe('same-origin')
    expect(response.headers.get('cache-control')).toBe('no-store')
  })
})

describe('connections', () => {
  test('an idle connection is kept longer than a proxy keeps its own, so a reused one is never cut as it is sent', async () => {
    const agent = new http.Agent({ keepAlive: true })
    try {
      const response = await rawRequest({ path: '/healthz', agent })
      expect(response.headers.connection).toBe('keep-alive')
      expect(response.headers['keep-alive']).toBe('timeout=65')
    } finally {
      agent.destroy()
    }
  })
})

describe('shutting down', () => {
  test('waits for the answer in progress, then closes its connection at once instead of keeping it for the keep-alive time', async () => {
    let answer: (() => void) | undefined
    const app = express()
    app.get('/slow', (_req, res) => {
      answer = () => res.send('done')
    })
    const server = listen(app, 0, '127.0.0.1')
    await new Promise((resolve) => server.once('listening', resolve))
    const agent = new http.Agent({ keepAlive: true })
    try {
      const answered = new Promise<number>((resolve, reject) => {
        http
          .get({ host: '127.0.0.1', port: (server.address() as AddressInfo).port, path: '/slow', agent }, (response) => {
            response.resume()
            response.on('end', () => resolve(response.statusCode ?? 0))
          })
          .on('error', reject)
      })
      await vi.waitFor(() => expect(answer).toBeDefined())
      const closed = closeGracefully(server)
      answer!()
      expect(await answered).toBe(200)
      await closed
      expect(server.listening).toBe(false)
    } finally {
      agent.destroy()
    }
  })
})

describe('request scope', () => {
  test('what a request reads once is shared within it and read again by the next request', async () => {
    expect(await (await fetch(`${base}/scoped-reads`)).json()).toEqual({ first: 1, second: 1 })
    expect(await (await fetch(`${base}/scoped-reads`)).json()).toEqual({ first: 2, second: 2 })
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

  test('static files carry them as well', async () => {
    const response = await fetch(`${base}/static.txt`)
    expect(await response.text()).toBe('static')
    expect(response.headers.get('x-content-type-options')).toBe('nosniff')
    expect(response.headers.get('cross-origin-resource-policy')).toBe('same-origin')
    expect(response.headers.get('strict-transport-security')).toMatch(/max-age=\d+/)
    expect(await (await fetch(`${base}/fonts/nested.txt`)).text()).toBe('nested')
    // A directory of public/ is a page's URL like any other: the application answers it.
    const directory = await fetch(`${base}/fonts`, { redirect: 'manual' })
    expect(directory.status).toBe(200)
    expect(await directory.json()).toMatchObject({ bytes: 0 })
  })

  // Otherwise every page fetched and compiled its scripts afresh: no-store also keeps them out of the browser's code cache.
  test("the build's scripts are cached for a year, public files for an hour, and neither carries no-store", async () => {
    const asset = await fetch(`${base}/build/root-ABC123.js`)
    expect(asset.status).toBe(200)
    expect(asset.headers.get('cache-control')).toBe('public, max-age=31536000, immutable')
    const file = await fetch(`${base}/static.txt`)
    expect(file.headers.get('cache-control')).toBe('public, max-age=3600')
  })

  test("the build's scripts carry what applies to a script, not what only a document uses", async () => {
    const script = await fetch(`${base}/build/root-ABC123.js`)
    expect(script.headers.get('x-content-type-options')).toBe('nosniff')
    expect(script.headers.get('cross-origin-resource-policy')).toBe('same-origin')
    expect(script.headers.get('strict-transport-security')).toMatch(/max-age=\d+/)
    for (const name of ['content-security-policy', 'x-frame-options', 'referrer-policy', 'cross-origin-opener-policy', 'permissions-policy']) {
      expect(script.headers.get(name), name).toBeNull()
    }
    // Never revalidated: no validators either.
    expect(script.headers.get('etag')).toBeNull()
    expect(script.headers.get('last-modified')).toBeNull()
    // An SVG opened by itself is a document, in the build as in public/, and a missing file is the application's page.
    for (const url of ['/build/drawing-ABC123.svg', '/static.txt', '/build/missing-ABC123.js']) {
      const response = await fetch(`${base}${url}`)
      expect(response.headers.get('content-security-policy'), url).toContain("frame-ancestors 'none'")
      expect(response.headers.get('x-frame-options'), url).toBe('DENY')
    }
  })

  test("the build's scripts are compressed once at the best levels, and the kept bytes sent from then on", async () => {
    const url = `${base}/build/_shared/chunk-DEF456.js`
    const fetchAs = (coding: string, method = 'GET') => fetch(url, { method, headers: { 'Accept-Encoding': coding } })
    // The first answer comes from the compression middleware (streamed: no length) while the kept copy is made.
    const first = await fetchAs('br, gzip')
    expect(await first.text()).toBe(SHARED_CHUNK)
    const best = { br: zlib.brotliCompressSync(SHARED_CHUNK, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }), gzip: zlib.gzipSync(SHARED_CHUNK, { level: 9 }) }
    await vi.waitFor(async () => expect((await fetchAs('br')).headers.get('content-length')).toBe(String(best.br.length)))
    for (const coding of ['br', 'gzip'] as const) {
      const response = await fetchAs(coding)
      expect(response.headers.get('content-encoding')).toBe(coding)
      expect(response.headers.get('content-length')).toBe(String(best[coding].length))
      expect(response.headers.get('content-type')).toBe('application/javascript; charset=UTF-8')
      expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable')
      expect(response.headers.get('vary')).toBe('Accept-Encoding')
      expect(response.headers.get('x-content-type-options')).toBe('nosniff')
      expect(response.headers.get('content-security-policy')).toBeNull()
      expect(await response.text()).toBe(SHARED_CHUNK)
    }
    const head = await fetchAs('br', 'HEAD')
    expect(head.headers.get('content-length')).toBe(String(best.br.length))
    expect(await head.text()).toBe('')
    // A client that takes no compression gets the file as it is.
    const plain = await fetchAs('identity')
    expect(plain.headers.get('content-encoding')).toBeNull()
    expect(await plain.text()).toBe(SHARED_CHUNK)
  })

  test('nosniff, resource policy, referrer policy, no-store and HSTS in production', async () => {
    const response = await fetch(`${base}/`)
    expect(response.headers.get('x-content-type-options')).toBe('nosniff')
    expect(response.headers.get('cross-origin-resource-policy')).toBe('same-origin')
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
  test('refused with its body unread, its connection is closed rather than kept', async () => {
    const response = await rawRequest({
      method: 'POST',
      path: '/upload',
      headers: { origin: 'https://evil.example', 'content-type': 'multipart/form-data; boundary=x', 'content-length': String(2 * 1024 * 1024) },
      body: Buffer.alloc(1024),
    })
    expect(response.status).toBe(403)
    expect(response.headers.connection).toBe('close')
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

describe('methods', () => {
  test('TRACE and unknown methods answer 405 with Allow, not a server error', async () => {
    for (const method of ['TRACE', 'PROPFIND']) {
      const response = await rawRequest({ method, path: '/leads' })
      expect(response.status, method).toBe(405)
      expect(response.headers.allow).toContain('GET')
    }
  })
})

describe('dot-segments', () => {
  test('a path segment that decodes to . or .. is refused, so no id can climb to its parent', async () => {
    for (const path of [
      '/api/leads/00000000-0000-4000-8000-000000000000/communications/%2e%2e',
      '/api/leads/00000000-0000-4000-8000-000000000000/communications/..',
      '/leads/%2E',
      '/leads/a%2fb',
      '/leads/a%5cb',
      '/leads/%00',
    ]) {
      const response = await rawRequest({ method: 'DELETE', path })
      expect(response.status, path).toBe(400)
    }
  })
  test('dots inside a segment are fine', async () => {
    const response = await fetch(`${base}/documents-new/report.v2.pdf`)
    expect(response.status).toBe(200)
  })
})

describe('request bodies', () => {
  const form = { 'content-type': 'application/x-www-form-urlencoded' }

  test('a body over the route limit is refused by its declared length, unread', async () => {
    const before = bodiesRead
    const response = await rawRequest({
      method: 'POST',
      path: '/login',
      headers: { ...form, 'content-length': String(300 * 1024 * 1024) },
    })
    expect(response.status).toBe(413)
    expect(response.headers.connection).toBe('close')
    expect(bodiesRead).toBe(before)
  })

  test('the JSON API says so in JSON', async () => {
    const response = await fetch(`${base}/api/leads`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ notes: 'x'.repeat(65 * 1024) }),
    })
    expect(response.status).toBe(413)
    expect(await response.json()).toEqual({ error: 'Request body too large' })
  })

  test('a body of unknown length is refused except where uploads stream', async () => {
    const chunked = { method: 'POST', headers: { ...form, 'transfer-encoding': 'chunked' }, body: 'a=1' }
    expect((await rawRequest({ ...chunked, path: '/login' })).status).toBe(411)
    const upload = await rawRequest({ ...chunked, path: '/upload', headers: { 'content-type': 'multipart/form-data; boundary=x', 'transfer-encoding': 'chunked' } })
    expect(upload.status).toBe(200)
  })

  test('bodies within the limit reach the application', async () => {
    const response = await fetch(`${base}/login`, { method: 'POST', headers: form, body: 'email=a%40b.c&password=x' })
    expect(response.status).toBe(200)
    expect(((await response.json()) as { bytes: number }).bytes).toBe(24)
  })

  test('pages take forms only: JSON or text on a page action is 415, the API takes JSON', async () => {
    for (const type of ['application/json', 'text/plain', 'application/xml']) {
      const response = await fetch(`${base}/leads/new`, { method: 'POST', headers: { 'content-type': type }, body: '{"a":1}' })
      expect(response.status, type).toBe(415)
    }
    const multipart = await fetch(`${base}/leads/new`, { method: 'POST', body: new FormData() })
    expect(multipart.status).toBe(200)
    const api = await fetch(`${base}/api/leads`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' })
    expect(api.status).toBe(200)
  })

  test('an upload refused part-way is answered and its connection closed, not left waiting for the rest', async () => {
    const url = new URL(base)
    const agent = new http.Agent({ keepAlive: true })
    const upload = http.request({
      host: url.hostname,
      port: url.port,
      agent,
      method: 'POST',
      path: '/upload-refused',
      headers: { 'content-type': 'multipart/form-data; boundary=x', 'transfer-encoding': 'chunked' },
    })
    upload.on('error', () => {})
    const answered = new Promise<http.IncomingMessage>((resolve) => upload.once('response', resolve))
    const chunk = Buffer.alloc(1024 * 1024, 97)
    for (let i = 0; i < 8; i++) upload.write(chunk)
    const response = await answered
    response.resume()
    expect(response.statusCode).toBe(413)
    expect(response.headers.connection).toBe('close')
    await new Promise((resolve) => upload.socket!.once('close', resolve))
    agent.destroy()
  })

  test('while one caller sends 300 MB, others are answered at once', async () => {
    const url = new URL(base)
    const attacker = http.request({
      host: url.hostname,
      port: url.port,
      method: 'POST',
      path: '/upload',
      headers: { 'content-type': 'multipart/form-data; boundary=x', 'transfer-encoding': 'chunked' },
    })
    attacker.on('error', () => {})
    const chunk = Buffer.alloc(1024 * 1024, 97)
    let sent = 0
    const pump = () => {
      while (sent < 300 && attacker.write(chunk)) sent += 1
      if (sent < 300) attacker.once('drain', pump)
      else attacker.end()
    }
    pump()
    const started = Date.now()
    for (let i = 0; i < 5; i++) {
      const response = await fetch(`${base}/leads`)
      expect(response.status).toBe(200)
    }
    // Five page answers while the upload streams: no request waits behind it.
    expect(Date.now() - started).toBeLessThan(5_000)
    attacker.destroy()
  })
})
