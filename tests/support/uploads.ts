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

/**
 * A multipart POST whose body stops part-way through a file, as when the
 * connection drops: the text fields, the start of `fileField`, then an error.
 */
export function interruptedUpload(
  pathname: string,
  cookie: string,
  { fields, fileField, sentBytes }: { fields: Record<string, string>; fileField: string; sentBytes: Uint8Array },
) {
  const boundary = 'cut-off'
  const head =
    Object.entries(fields)
      .map(([name, value]) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`)
      .join('') +
    `--${boundary}\r\nContent-Disposition: form-data; name="${fileField}"; filename="a.pdf"\r\nContent-Type: application/pdf\r\n\r\n`
  let sent = false
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (!sent) {
        sent = true
        controller.enqueue(new TextEncoder().encode(head))
        controller.enqueue(new Uint8Array(sentBytes))
        return
      }
      controller.error(new Error('connection reset'))
    },
  })
  return new Request(new URL(pathname, 'http://localhost'), {
    method: 'POST',
    headers: { cookie, 'content-type': `multipart/form-data; boundary=${boundary}` },
    body,
    duplex: 'half',
  } as RequestInit)
}
