import crypto from 'node:crypto'
import http from 'node:http'
import type { AddressInfo } from 'node:net'

/**
 * A local stand-in for BoldSign's template API, for the tests and
 * MOCKS=true. It checks the API key and that the multipart body carries a
 * title and a PDF.
 */
export type FakeBoldsignMode = 'ok' | 'unauthorized' | 'bad-request' | 'server-error' | 'timeout'

export type FakeBoldsign = {
  url: string
  apiKey: string
  /** What each template was made from: `bytes` is the PDF's size, `sha256` its hash. */
  templates: Array<{ templateId: string; title: string; fileName: string; bytes: number; sha256: string }>
  setMode: (mode: FakeBoldsignMode) => void
  close: () => Promise<void>
}

export async function startFakeBoldsign(): Promise<FakeBoldsign> {
  const apiKey = 'fake-boldsign-key'
  const templates: FakeBoldsign['templates'] = []
  let mode: FakeBoldsignMode = 'ok'
  const server = http.createServer(async (req, res) => {
    const chunks: Buffer[] = []
    for await (const chunk of req) chunks.push(chunk as Buffer)
    const send = (status: number, payload: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' })
      res.end(JSON.stringify(payload))
    }
    if (mode === 'timeout') return
    if (mode === 'server-error') return send(500, { error: 'Internal Server Error' })
    if (mode === 'unauthorized' || req.headers['x-api-key'] !== apiKey) return send(401, { error: 'Unauthorized' })
    if (mode === 'bad-request') return send(400, { error: 'The Files field is invalid.' })
    if (req.method !== 'POST' || !req.url?.startsWith('/v1/template/create')) return send(404, { error: 'Not found' })
    const request = new Request('http://fake/', { method: 'POST', headers: { 'content-type': req.headers['content-type'] ?? '' }, body: Buffer.concat(chunks) })
    const form = await request.formData().catch(() => null)
    const title = form?.get('Title')
    const file = form?.get('Files')
    if (typeof title !== 'string' || !title || !(file instanceof Blob)) return send(400, { error: 'Title and Files are required.' })
    const head = Buffer.from(await file.slice(0, 5).arrayBuffer()).toString()
    if (head !== '%PDF-') return send(400, { error: 'Only PDF files are supported.' })
    const templateId = crypto.randomUUID()
    const sha256 = crypto.createHash('sha256').update(Buffer.from(await file.arrayBuffer())).digest('hex')
    templates.push({ templateId, title, fileName: (file as File).name, bytes: file.size, sha256 })
    send(201, { templateId })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    apiKey,
    templates,
    setMode: (next) => (mode = next),
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}
