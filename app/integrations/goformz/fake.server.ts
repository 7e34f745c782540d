import crypto from 'node:crypto'
import http from 'node:http'
import type { AddressInfo } from 'node:net'

/**
 * A local stand-in for GoFormz's API v2 and its token endpoint, for the
 * tests and MOCKS=true: client-credentials tokens (revocable, to exercise the
 * refresh on 401), GET /v2/templates, POST /v2/formz, GET /v2/formz/{id} and
 * its PDF. A test completes a form by setting its status to 'Complete'.
 * The token endpoint is `${url}/connect/token`, the API `${url}/v2`.
 */
export type FakeGoformzMode = 'ok' | 'unauthorized' | 'bad-request' | 'server-error' | 'timeout'

export type FakeGoformzForm = {
  formId: string
  name: string
  templateId: string
  fields: Record<string, { value: string; type: string }>
  assignment: { id: string; type: string } | null
  status: string
}

export type FakeGoformz = {
  url: string
  apiUrl: string
  tokenUrl: string
  clientId: string
  clientSecret: string
  templates: Array<{ templateId: string; name: string; hasESignature?: boolean; fields?: Array<{ name: string; type: string }> }>
  forms: FakeGoformzForm[]
  /** Token requests received, to see the cache at work. */
  tokenRequests: () => number
  /** Invalidates every token handed out: the next API call is answered 401. */
  revokeTokens: () => void
  /** `timeout` holds answers for `timeoutMs` after doing the work (a lost answer). */
  setMode: (mode: FakeGoformzMode) => void
  /** The error text the fake answers with in 'bad-request' mode. */
  setRefusal: (message: string) => void
  close: () => Promise<void>
}

export async function startFakeGoformz(): Promise<FakeGoformz> {
  const clientId = 'fake-goformz-client-id'
  const clientSecret = 'fake-goformz-client-secret-0d1f'
  const validTokens = new Set<string>()
  const forms: FakeGoformzForm[] = []
  const templates: FakeGoformz['templates'] = [
    {
      templateId: 'tmpl-intake',
      name: 'Client Intake Packet',
      fields: [
        { name: 'patient_name', type: 'Text' },
        { name: 'Signature', type: 'Signature' },
      ],
    },
    { templateId: 'tmpl-hipaa', name: 'HIPAA Acknowledgement', hasESignature: true },
    { templateId: 'tmpl-survey', name: 'Satisfaction Survey', hasESignature: false },
  ]
  let tokenRequests = 0
  let mode: FakeGoformzMode = 'ok'
  let refusal = 'Template not found'
  const held = new Set<http.ServerResponse>()

  const server = http.createServer(async (req, res) => {
    const chunks: Buffer[] = []
    for await (const chunk of req) chunks.push(chunk as Buffer)
    const raw = Buffer.concat(chunks).toString('utf8')
    const send = (status: number, payload: unknown) => {
      if (mode === 'timeout') {
        // The work is done, the answer never comes.
        held.add(res)
        return
      }
      res.writeHead(status, { 'content-type': 'application/json' })
      res.end(JSON.stringify(payload))
    }
    const url = new URL(req.url ?? '/', 'http://fake')
    if (mode === 'server-error') return send(503, { message: 'Service Unavailable' })

    if (req.method === 'POST' && url.pathname === '/connect/token') {
      tokenRequests++
      const form = new URLSearchParams(raw)
      if (
        mode === 'unauthorized' ||
        form.get('grant_type') !== 'client_credentials' ||
        form.get('client_id') !== clientId ||
        form.get('client_secret') !== clientSecret
      ) {
        return send(400, { error: 'invalid_client' })
      }
      const token = crypto.randomBytes(16).toString('hex')
      validTokens.add(token)
      return send(200, { access_token: token, expires_in: 3600, token_type: 'Bearer', scope: form.get('scope') })
    }

    const bearer = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1]
    if (!bearer || !validTokens.has(bearer)) return send(401, { message: 'Unauthorized' })
    if (mode === 'bad-request') return send(400, { message: refusal })

    if (req.method === 'GET' && url.pathname === '/v2/templates') return send(200, templates)
    if (req.method === 'POST' && url.pathname === '/v2/formz') {
      let body: Partial<FakeGoformzForm>
      try {
        body = JSON.parse(raw) as Partial<FakeGoformzForm>
      } catch {
        return send(400, { message: 'Body must be JSON' })
      }
      if (!body.templateId || !templates.some((template) => template.templateId === body.templateId)) {
        return send(400, { message: 'Template not found' })
      }
      const form: FakeGoformzForm = {
        formId: crypto.randomUUID(),
        name: String(body.name ?? ''),
        templateId: body.templateId,
        fields: body.fields ?? {},
        assignment: body.assignment ?? null,
        status: 'Draft',
      }
      forms.push(form)
      return send(201, { formId: form.formId, name: form.name })
    }
    const listMatch = /^\/v2\/templates\/([^/]+)\/formz$/.exec(url.pathname)
    if (req.method === 'GET' && listMatch) {
      const templateId = decodeURIComponent(listMatch[1] ?? '')
      return send(
        200,
        forms.filter((form) => form.templateId === templateId).map((form) => ({ formId: form.formId, name: form.name, status: form.status })),
      )
    }
    const pdfMatch = /^\/v2\/formz\/([^/]+)\/pdf$/.exec(url.pathname)
    if (req.method === 'GET' && pdfMatch) {
      const form = forms.find((candidate) => candidate.formId === decodeURIComponent(pdfMatch[1] ?? ''))
      if (!form) return send(404, { message: 'Form not found' })
      const { signedPdf } = await import('~/integrations/boldsign/fake.server')
      res.writeHead(200, { 'content-type': 'application/pdf' })
      return void res.end(Buffer.from(await signedPdf(form.name)))
    }
    const formMatch = /^\/v2\/formz\/([^/]+)$/.exec(url.pathname)
    if (req.method === 'GET' && formMatch) {
      const form = forms.find((candidate) => candidate.formId === decodeURIComponent(formMatch[1] ?? ''))
      if (!form) return send(404, { message: 'Form not found' })
      return send(200, { formId: form.formId, name: form.name, status: form.status, templateId: form.templateId })
    }
    return send(404, { message: 'Not found' })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  return {
    url,
    apiUrl: `${url}/v2`,
    tokenUrl: `${url}/connect/token`,
    clientId,
    clientSecret,
    templates,
    forms,
    tokenRequests: () => tokenRequests,
    revokeTokens: () => validTokens.clear(),
    setMode: (next) => {
      mode = next
      if (next !== 'timeout') {
        for (const res of held) res.destroy()
        held.clear()
      }
    },
    setRefusal: (message) => (refusal = message),
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}
