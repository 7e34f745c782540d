import http from 'node:http'
import type { AddressInfo } from 'node:net'
import zlib from 'node:zlib'
import express from 'express'
import compression from 'compression'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { contentCodingFor, sendResponse } from '~/platform/http/remix-handler.server'

/** The server's answers as Remix makes them, sent through Express with the compression middleware in front, as in production. */
const page = `<!DOCTYPE html><html><body>${'<p>Visit notes</p>'.repeat(400)}</body></html>`
/** A page larger than brotli's smallest windows, every line different (a long list). */
const longPage = `<!DOCTYPE html><html><body><ul>${Array.from({ length: 12_000 }, (_, row) => `<li>Lead ${row * 7919}</li>`).join('')}</ul></body></html>`
let base = ''
let server: http.Server

beforeAll(async () => {
  const app = express()
  app.use(compression())
  app.get('/page', (req, res, next) => sendResponse(req, res, new Response(page, { headers: { 'Content-Type': 'text/html; charset=utf-8' } })).catch(next))
  app.get('/long', (req, res, next) => sendResponse(req, res, new Response(longPage, { headers: { 'Content-Type': 'text/html' } })).catch(next))
  app.get('/json', (req, res, next) => sendResponse(req, res, Response.json({ leads: Array.from({ length: 100 }, (_, id) => ({ id, name: `Lead ${id}` })) })).catch(next))
  app.get('/small', (req, res, next) => sendResponse(req, res, Response.json({ ok: true })).catch(next))
  app.get('/csv', (req, res, next) =>
    sendResponse(req, res, new Response('name\n'.repeat(1000), { headers: { 'Content-Type': 'text/csv', 'X-Kind': 'export' } })).catch(next),
  )
  app.get('/redirect', (req, res, next) => sendResponse(req, res, new Response(null, { status: 302, headers: { Location: '/page' } })).catch(next))
  server = app.listen(0, '127.0.0.1')
  await new Promise((resolve) => server.once('listening', resolve))
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
})
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())))

function get(path: string, acceptEncoding?: string) {
  return new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
    http
      .get(`${base}${path}`, { headers: acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding } }, (res) => {
        const chunks: Buffer[] = []
        res.on('data', (chunk: Buffer) => chunks.push(chunk))
        res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }))
      })
      .on('error', reject)
  })
}

/** The window a brotli stream was made with, from its first bits (RFC 7932, section 9.1). */
function brotliWindowBitsOf(stream: Buffer) {
  const first = stream[0]!
  if ((first & 1) === 0) return 16
  const wide = (first >> 1) & 7
  if (wide !== 0) return 17 + wide
  const narrow = (first >> 4) & 7
  return narrow === 0 ? 17 : 8 + narrow
}

describe('the encoding an answer is compressed in', () => {
  test('the one the client weighs higher, brotli when equal; a q of 0 refuses one, * stands for the rest', () => {
    expect(contentCodingFor('gzip, deflate, br, zstd')).toBe('br')
    expect(contentCodingFor('gzip, deflate')).toBe('gzip')
    expect(contentCodingFor('br;q=0, gzip;q=0.5')).toBe('gzip')
    expect(contentCodingFor('br;q=0.2, gzip;q=0.8')).toBe('gzip')
    expect(contentCodingFor('gzip;q=0.5, br;q=0.5')).toBe('br')
    expect(contentCodingFor('gzip;q=0')).toBe('identity')
    expect(contentCodingFor('*')).toBe('br')
    expect(contentCodingFor('*, br;q=0')).toBe('gzip')
    expect(contentCodingFor('identity')).toBe('identity')
    expect(contentCodingFor(undefined)).toBe('identity')
  })
})

describe('sending a page or an API answer', () => {
  test('a browser gets the page in brotli, whole, with its length and Vary', async () => {
    const response = await get('/page', 'gzip, deflate, br, zstd')
    expect(response.headers['content-encoding']).toBe('br')
    expect(response.headers.vary).toMatch(/Accept-Encoding/i)
    expect(Number(response.headers['content-length'])).toBe(response.body.length)
    expect(response.body.length).toBeLessThan(page.length / 10)
    expect(zlib.brotliDecompressSync(response.body).toString()).toBe(page)
  })

  test("brotli's window is the smallest that holds the page: the browser decodes into as little memory", async () => {
    const short = await get('/page', 'br')
    expect(page.length).toBeLessThan(2 ** 13 - 16)
    expect(brotliWindowBitsOf(short.body)).toBe(13)
    const long = await get('/long', 'br')
    expect(longPage.length).toBeGreaterThan(2 ** 18)
    expect(brotliWindowBitsOf(long.body)).toBe(19)
    expect(zlib.brotliDecompressSync(long.body).toString()).toBe(longPage)
  })

  test('a client that accepts only gzip gets gzip; one that names none gets the page as it is', async () => {
    const gzipped = await get('/json', 'gzip')
    expect(gzipped.headers['content-encoding']).toBe('gzip')
    expect(JSON.parse(zlib.gunzipSync(gzipped.body).toString()).leads).toHaveLength(100)
    const plain = await get('/page')
    expect(plain.headers['content-encoding']).toBeUndefined()
    expect(plain.body.toString()).toBe(page)
  })

  test('a small answer is sent as it is', async () => {
    const response = await get('/small', 'gzip, br')
    expect(response.headers['content-encoding']).toBeUndefined()
    expect(JSON.parse(response.body.toString())).toEqual({ ok: true })
  })

  test('other kinds of answer keep their headers and go through the compression middleware', async () => {
    const response = await get('/csv', 'gzip')
    expect(response.headers['x-kind']).toBe('export')
    expect(response.headers['content-encoding']).toBe('gzip')
    expect(zlib.gunzipSync(response.body).toString()).toBe('name\n'.repeat(1000))
  })

  test('an answer without a body keeps its status and headers', async () => {
    const response = await get('/redirect', 'gzip')
    expect(response.status).toBe(302)
    expect(response.headers.location).toBe('/page')
    expect(response.body.length).toBe(0)
  })
})
