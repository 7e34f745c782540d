import crypto from 'node:crypto'
import http from 'node:http'
import type { AddressInfo } from 'node:net'

/**
 * A local stand-in for BoldSign's API, for the tests and MOCKS=true: creating
 * templates (multipart, checks the title and that the file is a PDF),
 * listing them, sending one to a signer, and listing documents by label. It
 * checks the API key on every call.
 */
export type FakeBoldsignMode = 'ok' | 'unauthorized' | 'bad-request' | 'server-error' | 'timeout'

export type FakeBoldsignDocument = {
  documentId: string
  templateId: string
  title: string
  message: string
  roles: Array<{ roleIndex: number; signerName: string; signerEmail: string }>
  expiryDays: number | null
  reminderSettings: unknown
  labels: string[]
  /** BoldSign's: InProgress, Completed, Declined, Expired, Revoked. */
  status: string
  /** The signer's own state: NotCompleted, Viewed, Completed. */
  signerStatus: string
  reminders: number
  revokeMessage: string | null
}

export type FakeBoldsign = {
  url: string
  apiKey: string
  /** What each template was made from: `bytes` is the PDF's size, `sha256` its hash. */
  templates: Array<{ templateId: string; title: string; fileName: string; bytes: number; sha256: string }>
  /** Templates the account already has, as the list answers them. */
  listedTemplates: Array<{ documentId: string; templateName: string }>
  documents: FakeBoldsignDocument[]
  setMode: (mode: FakeBoldsignMode) => void
  close: () => Promise<void>
}

/** A one-page PDF standing for the signed copy. */
export async function signedPdf(title: string) {
  const { PDFDocument } = await import('pdf-lib')
  const pdf = await PDFDocument.create()
  pdf.setTitle(`${title} (signed)`)
  pdf.addPage([200, 200])
  return pdf.save()
}

export async function startFakeBoldsign(): Promise<FakeBoldsign> {
  const apiKey = 'fake-boldsign-key'
  const templates: FakeBoldsign['templates'] = []
  const listedTemplates: FakeBoldsign['listedTemplates'] = [
    { documentId: 'bs-tmpl-consent', templateName: 'Consent to Care' },
    { documentId: 'bs-tmpl-service', templateName: 'Service Agreement' },
  ]
  const documents: FakeBoldsignDocument[] = []
  let mode: FakeBoldsignMode = 'ok'
  const held = new Set<http.ServerResponse>()
  const server = http.createServer(async (req, res) => {
    const chunks: Buffer[] = []
    for await (const chunk of req) chunks.push(chunk as Buffer)
    const send = (status: number, payload: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' })
      res.end(JSON.stringify(payload))
    }
    const url = new URL(req.url ?? '/', 'http://fake')
    const sendingFromTemplate = req.method === 'POST' && url.pathname === '/v1/template/send'
    // A send that times out still happens (the answer is what gets lost).
    if (mode === 'timeout' && !sendingFromTemplate) return void held.add(res)
    if (mode === 'server-error') return send(500, { error: 'Internal Server Error' })
    if (mode === 'unauthorized' || req.headers['x-api-key'] !== apiKey) return send(401, { error: 'Unauthorized' })
    if (mode === 'bad-request') return send(400, { error: 'The Files field is invalid.' })

    if (req.method === 'GET' && url.pathname === '/v1/template/list') {
      const created = templates.map((template) => ({ documentId: template.templateId, templateName: template.title }))
      return send(200, { pageDetails: { page: 1 }, result: [...listedTemplates, ...created] })
    }
    if (sendingFromTemplate) {
      const templateId = url.searchParams.get('templateId') ?? ''
      const known = listedTemplates.some((template) => template.documentId === templateId) || templates.some((template) => template.templateId === templateId)
      let body: Partial<FakeBoldsignDocument> & { expiryDays?: number }
      try {
        body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as typeof body
      } catch {
        return send(400, { error: 'Body must be JSON' })
      }
      if (!known) return send(400, { error: 'Invalid template id' })
      if (!body.roles?.[0]?.signerEmail) return send(400, { error: 'Signer email is required' })
      const document: FakeBoldsignDocument = {
        documentId: crypto.randomUUID(),
        templateId,
        title: String(body.title ?? ''),
        message: String(body.message ?? ''),
        roles: body.roles,
        expiryDays: body.expiryDays ?? null,
        reminderSettings: body.reminderSettings ?? null,
        labels: body.labels ?? [],
        status: 'InProgress',
        signerStatus: 'NotCompleted',
        reminders: 0,
        revokeMessage: null,
      }
      documents.push(document)
      if (mode === 'timeout') return void held.add(res)
      return send(201, { documentId: document.documentId })
    }
    if (req.method === 'GET' && url.pathname === '/v1/document/list') {
      const labels = url.searchParams.getAll('Labels')
      const result = documents.filter((document) => labels.length === 0 || labels.some((label) => document.labels.includes(label)))
      return send(200, { pageDetails: { page: 1 }, result: result.map((document) => ({ documentId: document.documentId, messageTitle: document.title, status: document.status, labels: document.labels })) })
    }
    const documentId = url.searchParams.get('documentId') ?? ''
    const document = documents.find((candidate) => candidate.documentId === documentId)
    if (url.pathname.startsWith('/v1/document/') && ['/properties', '/remind', '/revoke', '/download'].some((end) => url.pathname.endsWith(end))) {
      if (!document) return send(404, { error: 'Document not found' })
      if (req.method === 'GET' && url.pathname === '/v1/document/properties') {
        return send(200, { documentId, status: document.status, signerDetails: [{ signerEmail: document.roles[0]?.signerEmail, status: document.signerStatus, isViewed: document.signerStatus !== 'NotCompleted' }] })
      }
      if (req.method === 'POST' && url.pathname === '/v1/document/remind') {
        if (document.status !== 'InProgress') return send(400, { error: 'The document is not in progress' })
        document.reminders++
        return send(200, {})
      }
      if (req.method === 'POST' && url.pathname === '/v1/document/revoke') {
        if (document.status !== 'InProgress') return send(400, { error: 'The document is not in progress' })
        document.status = 'Revoked'
        document.revokeMessage = String((JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}') as { message?: unknown }).message ?? '')
        return send(200, {})
      }
      if (req.method === 'GET' && url.pathname === '/v1/document/download') {
        if (document.status !== 'Completed') return send(400, { error: 'The document is not completed' })
        res.writeHead(200, { 'content-type': 'application/pdf' })
        return void res.end(Buffer.from(await signedPdf(document.title)))
      }
    }
    if (req.method !== 'POST' || !url.pathname.startsWith('/v1/template/create')) return send(404, { error: 'Not found' })
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
    listedTemplates,
    documents,
    setMode: (next) => {
      mode = next
      if (next !== 'timeout') {
        for (const res of held) res.destroy()
        held.clear()
      }
    },
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}
