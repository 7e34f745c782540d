import crypto from 'node:crypto'
import http from 'node:http'
import type { AddressInfo } from 'node:net'

/**
 * A local stand-in for GoHighLevel's contacts API (LeadConnector v2), used
 * by the tests and by MOCKS=true to run the portal offline. It checks the
 * headers the real API requires and dedupes contacts by e-mail the way
 * /contacts/upsert does.
 */
export type FakeGhlMode = 'ok' | 'unauthorized' | 'unprocessable' | 'server-error' | 'timeout'

export type FakeGhl = {
  url: string
  token: string
  locationId: string
  contacts: Map<string, Record<string, unknown>>
  requests: Array<{ method: string; path: string; body: Record<string, unknown> }>
  setMode: (mode: FakeGhlMode) => void
  close: () => Promise<void>
}

export async function startFakeGhl(options: { port?: number } = {}): Promise<FakeGhl> {
  const token = 'fake-ghl-token'
  const locationId = 'fake-location'
  const contacts = new Map<string, Record<string, unknown>>()
  const requests: FakeGhl['requests'] = []
  let mode: FakeGhlMode = 'ok'

  const server = http.createServer((req, res) => {
    let raw = ''
    req.on('data', (chunk) => (raw += chunk))
    req.on('end', () => {
      const body = raw ? (JSON.parse(raw) as Record<string, unknown>) : {}
      const path = new URL(req.url ?? '/', 'http://fake').pathname
      requests.push({ method: req.method ?? 'GET', path, body })
      const send = (status: number, payload: unknown) => {
        res.writeHead(status, { 'content-type': 'application/json' })
        res.end(JSON.stringify(payload))
      }
      if (mode === 'timeout') return // never answers; the client's timeout fires
      if (mode === 'server-error') return send(500, { message: 'Internal server error' })
      if (mode === 'unauthorized' || req.headers.authorization !== `Bearer ${token}`) {
        return send(401, { statusCode: 401, message: 'Invalid JWT' })
      }
      if (req.method === 'GET' && path === '/calendars/') {
        if (req.headers.version !== '2021-04-15') return send(400, { message: 'Version header is required' })
        return send(200, { calendars: [{ id: 'fake-calendar', name: 'Intake Visits' }] })
      }
      if (req.headers.version !== '2021-07-28') return send(400, { message: 'Version header is required' })
      if (mode === 'unprocessable') return send(422, { statusCode: 422, message: ['email must be an email'] })

      if (req.method === 'POST' && path === '/contacts/upsert') {
        if (body.locationId !== locationId) return send(422, { message: ['locationId is invalid'] })
        const existing = [...contacts.values()].find((contact) => contact.email === body.email)
        const contact = { ...(existing ?? { id: crypto.randomUUID() }), ...body }
        contacts.set(contact.id as string, contact)
        return send(existing ? 200 : 201, { new: !existing, contact, traceId: crypto.randomUUID() })
      }
      const match = /^\/contacts\/([^/]+)$/.exec(path)
      if (req.method === 'PUT' && match) {
        const existing = contacts.get(decodeURIComponent(match[1]!))
        if (!existing) return send(400, { message: 'Contact not found' })
        const contact = { ...existing, ...body }
        contacts.set(contact.id as string, contact)
        return send(200, { succeded: true, contact })
      }
      send(404, { message: `No fake for ${req.method} ${path}` })
    })
  })
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}`,
    token,
    locationId,
    contacts,
    requests,
    setMode: (next) => (mode = next),
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}
