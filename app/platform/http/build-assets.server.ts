import fs from 'node:fs'
import path from 'node:path'
import { promisify } from 'node:util'
import zlib from 'node:zlib'
import express, { type RequestHandler } from 'express'
import { contentCodingFor } from '~/platform/http/remix-handler.server'
import { dropDocumentOnlyHeaders } from '~/platform/http/security.server'
import { filesUnder, requestPathOf } from '~/platform/http/static-paths.server'

const brotli = promisify(zlib.brotliCompress)
const gzip = promisify(zlib.gzip)

const TYPES: Record<string, string> = { '.js': 'application/javascript; charset=UTF-8', '.css': 'text/css; charset=UTF-8' }
const CACHED_FOR_A_YEAR = 'public, max-age=31536000, immutable'

type Compressed = { br: Buffer; gzip: Buffer; type: string }

async function compressAtBest(file: string): Promise<Compressed> {
  const content = await fs.promises.readFile(file)
  const [br, gz] = await Promise.all([
    brotli(content, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: content.length } }),
    gzip(content, { level: zlib.constants.Z_BEST_COMPRESSION }),
  ])
  return { br, gzip: gz, type: TYPES[path.extname(file)]! }
}

/**
 * The build's files (`public/build`): their names carry a hash of their
 * contents, so each is cached for a year and never revalidated. A script or
 * stylesheet is compressed once, at brotli's and gzip's best, the first time
 * it is asked for (that request is answered by the compression middleware
 * meanwhile), and later requests get the kept bytes: about an eighth fewer
 * than the middleware's brotli, which a tablet on a slow network fetches
 * after every release, and no compressing on the server's thread for each of
 * a page's 30-odd files. Which files there are is read once, at start: only
 * those are kept, so the memory is the build's size at most.
 */
export function buildAssets(directory: string): RequestHandler {
  const serveFile = express.static(directory, {
    immutable: true,
    maxAge: '1y',
    index: false,
    etag: false,
    lastModified: false,
    acceptRanges: false,
    setHeaders: dropDocumentOnlyHeaders,
  })
  const compressible = new Set(
    filesUnder(directory)
      .filter((file) => path.extname(file) in TYPES)
      .map((file) => requestPathOf(directory, file)),
  )
  const kept = new Map<string, Compressed | 'compressing'>()

  return (req, res, next) => {
    // Paths with broken encoding were redirected before (redirectMalformedPaths): this one decodes.
    const name = decodeURIComponent(req.path)
    if ((req.method !== 'GET' && req.method !== 'HEAD') || !compressible.has(name)) return serveFile(req, res, next)
    const coding = contentCodingFor(req.headers['accept-encoding'])
    const compressed = kept.get(name)
    if (compressed === undefined) {
      kept.set(name, 'compressing')
      compressAtBest(path.join(directory, name)).then(
        (result) => kept.set(name, result),
        () => kept.delete(name),
      )
    }
    if (compressed === undefined || compressed === 'compressing' || coding === 'identity') return serveFile(req, res, next)
    const body = compressed[coding]
    res.setHeader('Cache-Control', CACHED_FOR_A_YEAR)
    res.setHeader('Content-Type', compressed.type)
    // Set here, so the compression middleware leaves the body as it is.
    res.setHeader('Content-Encoding', coding)
    res.setHeader('Content-Length', body.length)
    res.setHeader('Vary', 'Accept-Encoding')
    dropDocumentOnlyHeaders(res, name)
    res.end(req.method === 'HEAD' ? undefined : body)
  }
}
