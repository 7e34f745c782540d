import { createReadableStreamFromReadable } from '@remix-run/node'
import { getStorage } from '~/platform/storage.server'

/**
 * Content-Disposition for a download under the name a person gave the file
 * (RFC 6266): `filename` for old clients, ASCII with anything unsafe in a
 * quoted string replaced; `filename*` with the real name as an RFC 5987
 * ext-value, UTF-8 with every byte outside attr-char percent-encoded.
 * encodeURIComponent leaves ' ( ) * alone, which attr-char does not allow:
 * an unencoded ' in O'Brien.pdf would end the charset part early.
 */
export function contentDisposition(fileName: string) {
  const asciiName = fileName.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_')
  const extValue = encodeURIComponent(fileName).replace(/['()*]/g, (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`)
  return `attachment; filename="${asciiName}"; filename*=UTF-8''${extValue}`
}

/** A stored file as an attachment, streamed from storage; never kept by shared caches. */
export function fileDownloadResponse(file: { storageKey: string; fileName: string; mimeType: string; fileSize: number }) {
  return new Response(createReadableStreamFromReadable(getStorage().read(file.storageKey)), {
    headers: {
      'Content-Type': file.mimeType,
      'Content-Length': String(file.fileSize),
      'Content-Disposition': contentDisposition(file.fileName),
      'X-Content-Type-Options': 'nosniff',
      'Cache-Control': 'private, no-store',
    },
  })
}
