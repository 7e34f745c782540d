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
