import crypto from 'node:crypto'
import http from 'node:http'
import type { AddressInfo } from 'node:net'

/**
 * A local stand-in for GoHighLevel's contacts, calendars and conversations (e-mail) APIs
 * (LeadConnector v2), used by the tests and by MOCKS=true to run the portal
 * offline. It checks the headers the real API requires (each endpoint family
 * has its own Version), dedupes contacts by e-mail the way /contacts/upsert
 * does, and keeps the appointments it is sent.
 *
 * Modes make it misbehave: refuse the token (401) or its scope (403), refuse
 * the data (422), fail (500), drop the connection, or never answer; or do
 * what was asked and then drop the connection before answering (a lost answer).
 */
export type FakeGhlMode = 'ok' | 'unauthorized' | 'forbidden' | 'unprocessable' | 'server-error' | 'disconnect' | 'timeout' | 'lose-answer'

export type FakeGhl = {
  url: string
  token: string
  locationId: string
  contacts: Map<string, Record<string, unknown>>
  /** What GET /calendars/ lists; tests may replace it. */
  calendars: Array<{ id: string; name: string }>
  appointments: Map<string, Record<string, unknown>>
  /** The e-mails sent through POST /conversations/messages. */
  emails: Array<{ messageId: string; conversationId: string; contactId: string; subject: string; html: string; emailTo: string | undefined }>
  requests: Array<{ method: string; path: string; query: string; version: string | undefined; body: Record<string, unknown> }>
  setMode: (mode: FakeGhlMode) => void
  close: () => Promise<void>
}

const CONTACTS_VERSION = '2021-07-28'
const CALENDARS_VERSION = '2021-04-15'
const CONVERSATIONS_VERSION = '2021-04-15'

export const FAKE_GHL_CALENDARS = [
  { id: 'fake-calendar', name: 'Intake Visits' },
  { id: 'fake-calendar-assessments', name: 'Assessments' },
  { id: 'fake-calendar-reviews', name: 'Care Reviews' },
  { id: 'fake-calendar-shifts', name: 'Caregiver Shifts' },
]

export async function startFakeGhl(options: { port?: number } = {}): Promise<FakeGhl> {
  const token = 'fake-ghl-token'
  const locationId = 'fake-location'
  const contacts = new Map<string, Record<string, unknown>>()
  const appointments = new Map<string, Record<string, unknown>>()
  const requests: FakeGhl['requests'] = []
  let mode: FakeGhlMode = 'ok'

  const fake: Omit<FakeGhl, 'url' | 'close'> = {
    token,
    locationId,
    contacts,
    calendars: FAKE_GHL_CALENDARS.map((calendar) => ({ ...calendar })),
    appointments,
    emails: [],
    requests,
    setMode: (next) => (mode = next),
  }

  const server = http.createServer((req, res) => {
    let raw = ''
    req.on('data', (chunk) => (raw += chunk))
    req.on('end', () => {
      const body = raw ? (JSON.parse(raw) as Record<string, unknown>) : {}
      const url = new URL(req.url ?? '/', 'http://fake')
      const path = url.pathname
      const version = typeof req.headers.version === 'string' ? req.headers.version : undefined
      requests.push({ method: req.method ?? 'GET', path, query: url.search, version, body })
      const send = (status: number, payload: unknown) => {
        if (mode === 'lose-answer') return req.socket.destroy()
        res.writeHead(status, { 'content-type': 'application/json' })
        res.end(JSON.stringify(payload))
      }
      if (mode === 'timeout') return // never answers; the client's timeout fires
      if (mode === 'disconnect') return req.socket.destroy()
      if (mode === 'server-error') return send(500, { message: 'Internal server error' })
      if (mode === 'unauthorized' || req.headers.authorization !== `Bearer ${token}`) {
        return send(401, { statusCode: 401, message: 'Invalid JWT' })
      }
      if (mode === 'forbidden') return send(403, { statusCode: 403, message: 'The token is not authorized for this scope.' })

      if (path.startsWith('/calendars/')) {
        if (version !== CALENDARS_VERSION) return send(400, { message: 'Version header is required' })
        if (mode === 'unprocessable') return send(422, { statusCode: 422, message: ['calendarId must be a string'] })
        return calendarsRoute(req.method ?? 'GET', path, url.searchParams, body, send)
      }
      if (path === '/conversations/messages' && req.method === 'POST') {
        if (version !== CONVERSATIONS_VERSION) return send(400, { message: 'Version header is required' })
        if (mode === 'unprocessable') return send(422, { statusCode: 422, message: ['contactId must be a string'] })
        return sendEmail(body, send)
      }
      if (version !== CONTACTS_VERSION) return send(400, { message: 'Version header is required' })
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

  function calendarsRoute(
    method: string,
    path: string,
    query: URLSearchParams,
    body: Record<string, unknown>,
    send: (status: number, payload: unknown) => void,
  ) {
    if (method === 'GET' && path === '/calendars/') {
      if (query.get('locationId') !== locationId) return send(422, { message: ['locationId is invalid'] })
      return send(200, { calendars: fake.calendars.map((calendar) => ({ ...calendar, locationId, isActive: true })) })
    }
    if (method === 'GET' && path === '/calendars/events') {
      if (query.get('locationId') !== locationId) return send(422, { message: ['locationId is invalid'] })
      const [from, to] = [Number(query.get('startTime')), Number(query.get('endTime'))]
      if (!Number.isFinite(from) || !Number.isFinite(to)) return send(422, { message: ['startTime and endTime are required'] })
      const events = [...appointments.values()].filter((event) => {
        const start = Date.parse(String(event.startTime))
        return event.calendarId === query.get('calendarId') && start >= from && start <= to
      })
      return send(200, { events })
    }
    if (method === 'POST' && path === '/calendars/events/appointments') {
      const problem = appointmentProblem(body, true)
      if (problem) return send(400, { statusCode: 400, message: problem })
      const appointment = { id: crypto.randomUUID().replaceAll('-', '').slice(0, 20), ...withoutOptions(body), appointmentStatus: body.appointmentStatus ?? 'new' }
      appointments.set(appointment.id, appointment)
      return send(200, appointment)
    }
    const update = /^\/calendars\/events\/appointments\/([^/]+)$/.exec(path)
    if (method === 'PUT' && update) {
      const existing = appointments.get(decodeURIComponent(update[1]!))
      if (!existing) return send(404, { statusCode: 404, message: 'Appointment not found' })
      const problem = appointmentProblem(body, false)
      if (problem) return send(400, { statusCode: 400, message: problem })
      const appointment = { ...existing, ...withoutOptions(body) }
      appointments.set(existing.id as string, appointment)
      return send(200, appointment)
    }
    const remove = /^\/calendars\/events\/([^/]+)$/.exec(path)
    if (method === 'DELETE' && remove) {
      if (!appointments.delete(decodeURIComponent(remove[1]!))) {
        return send(404, { statusCode: 404, message: 'Event not found' })
      }
      return send(200, { succeeded: true })
    }
    send(404, { message: `No fake for ${method} ${path}` })
  }

  function sendEmail(body: Record<string, unknown>, send: (status: number, payload: unknown) => void) {
    if (body.type !== 'Email') return send(422, { statusCode: 422, message: ['type must be one of SMS, Email, …'] })
    const contact = contacts.get(body.contactId as string)
    if (!contact) return send(400, { statusCode: 400, message: 'Contact not found' })
    if (typeof body.subject !== 'string' || typeof body.html !== 'string') return send(422, { statusCode: 422, message: ['html and subject are required'] })
    const email = {
      messageId: crypto.randomUUID().replaceAll('-', '').slice(0, 20),
      conversationId: `conversation-${contact.id as string}`,
      contactId: contact.id as string,
      subject: body.subject,
      html: body.html,
      emailTo: typeof body.emailTo === 'string' ? body.emailTo : undefined,
    }
    fake.emails.push(email)
    return send(201, { conversationId: email.conversationId, messageId: email.messageId, emailMessageId: email.messageId, msg: 'Email queued successfully.' })
  }

  /** The checks GoHighLevel makes that a mistake in the portal would trip. */
  function appointmentProblem(body: Record<string, unknown>, creating: boolean) {
    if (creating && body.locationId !== locationId) return 'locationId is invalid'
    if (creating || body.calendarId !== undefined) {
      if (!fake.calendars.some((calendar) => calendar.id === body.calendarId)) return 'Calendar not found'
    }
    if (creating && !contacts.has(body.contactId as string)) return 'Contact not found'
    for (const field of ['startTime', 'endTime']) {
      const value = body[field]
      if (creating && field === 'startTime' && value === undefined) return 'startTime is required'
      if (value !== undefined && (typeof value !== 'string' || Number.isNaN(Date.parse(value)))) return `${field} must be a date`
    }
    return null
  }

  /** Request switches that GoHighLevel does not echo back. */
  function withoutOptions(body: Record<string, unknown>) {
    const { ignoreDateRange: _range, ignoreFreeSlotValidation: _slots, toNotify: _notify, ...rest } = body
    return rest
  }

  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return Object.assign(fake, {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  })
}
