import { promisify } from 'node:util'
import zlib from 'node:zlib'
import type { Request as ExpressRequest, RequestHandler, Response as ExpressResponse } from 'express'
import {
  createReadableStreamFromReadable,
  createRequestHandler,
  writeReadableStreamToWritable,
  type AppLoadContext,
  type ServerBuild,
} from '@remix-run/node'

const gzip = promisify(zlib.gzip)
const brotli = promisify(zlib.brotliCompress)

/**
 * Pages and API answers are made whole in memory (entry.server.tsx renders a
 * page to one string), so each is compressed in one call on the thread pool
 * rather than through a compression stream, whose setup and hand-offs ran on
 * the server's only JavaScript thread for every answer. Levels 3: a page in
 * half the time of the defaults (gzip 6, brotli 4) for about 5% more bytes.
 * Static files and streamed answers keep the compression middleware.
 */
const WHOLE_BODY = /^(?:text\/html|application\/json)\b/i
const GZIP_LEVEL = 3
const BROTLI_QUALITY = 3
/** As the compression middleware: below this, compressing saves less than it costs. */
const SMALLEST_COMPRESSED = 1024

export type ContentCoding = 'br' | 'gzip' | 'identity'

/**
 * The coding to answer in, from an Accept-Encoding header: the one of brotli
 * and gzip the client weighs higher, brotli when equal (a q of 0 refuses one;
 * `*` stands for any not named). No header: identity.
 */
export function contentCodingFor(acceptEncoding: string | undefined): ContentCoding {
  if (!acceptEncoding) return 'identity'
  const weights = new Map<string, number>()
  for (const part of acceptEncoding.split(',')) {
    const [name, ...parameters] = part.trim().toLowerCase().split(';')
    if (!name) continue
    const q = parameters.map((parameter) => parameter.trim().match(/^q=([\d.]+)$/)?.[1]).find(Boolean)
    weights.set(name, q === undefined ? 1 : Number(q))
  }
  const weight = (coding: string) => weights.get(coding) ?? weights.get('*') ?? 0
  const [brotliWeight, gzipWeight] = [weight('br'), weight('gzip')]
  if (brotliWeight > 0 && brotliWeight >= gzipWeight) return 'br'
  if (gzipWeight > 0) return 'gzip'
  return 'identity'
}

/**
 * The smallest brotli window that holds the whole body (a window is 2^bits
 * less 16 bytes), so it compresses as well as brotli's default of 2^22. At
 * the low qualities brotli allocates that window whatever the size hint: 4
 * MB for every answer, which with a few compressing at once cost up to 1.7 ms of
 * CPU for a 45 KB page instead of 0.3. The browser decodes into a window of
 * the same size.
 */
export function brotliWindowBits(length: number) {
  const bits = Math.ceil(Math.log2(length + 16))
  return Math.min(zlib.constants.BROTLI_DEFAULT_WINDOW, Math.max(zlib.constants.BROTLI_MIN_WINDOW_BITS, bits))
}

function compress(body: Buffer, coding: ContentCoding) {
  if (coding === 'br') {
    return brotli(body, {
      params: {
        [zlib.constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY,
        [zlib.constants.BROTLI_PARAM_LGWIN]: brotliWindowBits(body.length),
        [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length,
      },
    })
  }
  return gzip(body, { level: GZIP_LEVEL })
}

/**
 * The web Request Remix handles, as its Express adapter makes it: the host as
 * the trusted proxy settings give it, the whole original URL, and a signal
 * that aborts the loaders when the client leaves before the answer.
 */
function createRemixRequest(req: ExpressRequest, res: ExpressResponse) {
  const portOf = (host: string | undefined) => Number.parseInt(host?.split(':')[1] ?? '', 10)
  const port = [portOf(req.get('X-Forwarded-Host')), portOf(req.get('host'))].find(Number.isSafeInteger)
  const url = `${req.protocol}://${req.hostname}${port ? `:${port}` : ''}${req.originalUrl}`
  const headers = new Headers()
  for (const [key, values] of Object.entries(req.headers)) {
    if (Array.isArray(values)) for (const value of values) headers.append(key, value)
    else if (values) headers.set(key, values)
  }
  let controller: AbortController | null = new AbortController()
  const init: RequestInit & { duplex?: 'half' } = { method: req.method, headers, signal: controller.signal }
  if (req.method !== 'GET' && req.method !== 'HEAD') {
    init.body = createReadableStreamFromReadable(req)
    init.duplex = 'half'
  }
  res.on('finish', () => (controller = null))
  res.on('close', () => controller?.abort())
  return new Request(url, init)
}

/** Sends a web Response through Express: whole pages and JSON compressed in one call, the rest streamed. */
export async function sendResponse(req: ExpressRequest, res: ExpressResponse, response: Response) {
  res.statusMessage = response.statusText
  res.status(response.status)
  for (const [key, value] of response.headers.entries()) res.append(key, value)
  if (!response.body) {
    res.end()
    return
  }
  const type = response.headers.get('Content-Type') ?? ''
  if (!WHOLE_BODY.test(type) || response.headers.has('Content-Encoding')) {
    if (/text\/event-stream/i.test(type)) res.flushHeaders()
    await writeReadableStreamToWritable(response.body, res)
    return
  }
  let body = Buffer.from(await response.arrayBuffer())
  res.vary('Accept-Encoding')
  const coding = body.length >= SMALLEST_COMPRESSED ? contentCodingFor(req.headers['accept-encoding']) : 'identity'
  if (coding !== 'identity') {
    body = await compress(body, coding)
    res.setHeader('Content-Encoding', coding)
  }
  res.setHeader('Content-Length', body.length)
  res.end(body)
}

/**
 * Remix's request handler behind Express, as its Express adapter puts it
 * (that package is replaced by this module): the request made as above, the
 * answer sent as above, errors passed to Express's error handling.
 */
export function createPortalRequestHandler({
  build,
  mode,
  getLoadContext,
}: {
  build: ServerBuild
  mode: string
  getLoadContext: (req: ExpressRequest, res: ExpressResponse) => AppLoadContext
}): RequestHandler {
  const handleRequest = createRequestHandler(build, mode)
  return async (req, res, next) => {
    try {
      const response = await handleRequest(createRemixRequest(req, res), getLoadContext(req, res))
      await sendResponse(req, res, response)
    } catch (error) {
      next(error)
    }
  }
}
