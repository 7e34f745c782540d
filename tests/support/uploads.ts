import fs from 'node:fs'
import path from 'node:path'

export const SAMPLE_PDF = fs.readFileSync(path.resolve('tests/fixtures/intake-form.pdf'))

/** A multipart request as a browser sends it. */
export function multipartRequest(
  pathname: string,
  fields: Record<string, string>,
  file: { name: string; type: string; bytes: Uint8Array } | null,
  cookie?: string,
) {
  const form = new FormData()
  for (const [key, value] of Object.entries(fields)) form.append(key, value)
  if (file) form.append('file', new Blob([Buffer.from(file.bytes)], { type: file.type }), file.name)
  return new Request(new URL(pathname, 'http://localhost'), {
    method: 'POST',
    body: form,
    headers: cookie ? { cookie } : {},
  })
}

/** How a browser's upload reaches the server: in pieces, not in one buffer. */
const PIECE_BYTES = 64 * 1024

/**
 * A multipart POST streamed in 64 KB pieces: the text fields, then the file
 * part `fileField` holding `head` and then zeros up to `size` bytes, then
 * the closing boundary, or with `cutOff` an error where the file ends, as
 * when the connection drops.
 */
function streamedMultipart(
  pathname: string,
  cookie: string,
  { fields, fileField, head, size, cutOff }: { fields: Record<string, string>; fileField: string; head: Uint8Array; size: number; cutOff: boolean },
) {
  const boundary = 'streamed-upload'
  const encoder = new TextEncoder()
  const preamble =
    Object.entries(fields)
      .map(([name, value]) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`)
      .join('') +
    `--${boundary}\r\nContent-Disposition: form-data; name="${fileField}"; filename="a.pdf"\r\nContent-Type: application/pdf\r\n\r\n`
  let sent = -1
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (sent < 0) {
        controller.enqueue(encoder.encode(preamble))
        sent = 0
      } else if (sent < size) {
        const piece = new Uint8Array(Math.min(PIECE_BYTES, size - sent))
        if (sent < head.length) piece.set(head.subarray(sent, sent + piece.length))
        controller.enqueue(piece)
        sent += piece.length
      } else if (cutOff) {
        controller.error(new Error('connection reset'))
      } else {
        controller.enqueue(encoder.encode(`\r\n--${boundary}--\r\n`))
        controller.close()
      }
    },
  })
  return new Request(new URL(pathname, 'http://localhost'), {
    method: 'POST',
    headers: { cookie, 'content-type': `multipart/form-data; boundary=${boundary}` },
    body,
    duplex: 'half',
  } as RequestInit)
}

/**
 * A multipart POST whose body stops part-way through a file, as when the
 * connection drops: the text fields, the start of `fileField`, then an error.
 */
export function interruptedUpload(
  pathname: string,
  cookie: string,
  { fields, fileField, sentBytes }: { fields: Record<string, string>; fileField: string; sentBytes: Uint8Array },
) {
  return streamedMultipart(pathname, cookie, { fields, fileField, head: sentBytes, size: sentBytes.length, cutOff: true })
}

/**
 * A multipart POST of a PDF of `size` bytes (the sample's start, then zeros)
 * that arrives in pieces and announces no length, so only reading it shows
 * how large it is.
 */
export function largeUpload(pathname: string, cookie: string, { fields, fileField, size }: { fields: Record<string, string>; fileField: string; size: number }) {
  return streamedMultipart(pathname, cookie, { fields, fileField, head: SAMPLE_PDF.subarray(0, 100), size, cutOff: false })
}
