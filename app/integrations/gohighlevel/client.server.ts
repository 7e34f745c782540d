import { type GhlConfig, getGhlConfig } from '~/integrations/settings.server'
import { getEnv } from '~/platform/env.server'
import { describeDuration } from '~/lib/misc'

/**
 * GoHighLevel (LeadConnector API v2): contacts, calendars and e-mail through conversations. Only the fields
 * the portal owns are sent. Base URL configurable so tests and MOCKS=true can
 * point it at a local fake (app/integrations/gohighlevel/fake.server.ts).
 */
const CONTACTS_VERSION = '2021-07-28'
const CALENDARS_VERSION = '2021-04-15'

/**
 * Why a call failed, for deciding what to tell people: not set up here, the
 * credentials or the request refused, GoHighLevel down or unreachable, or no
 * answer in time.
 */
export type GhlErrorKind = 'not_configured' | 'refused' | 'unavailable' | 'timeout'

export class GhlError extends Error {
  override name = 'GhlError'

  constructor(
    message: string,
    /** Worth trying again later (outage, timeout, rate limit, credentials that may be fixed). */
    readonly retryable: boolean,
    readonly status?: number,
    readonly kind: GhlErrorKind = status === undefined || status === 429 || status >= 500 ? 'unavailable' : 'refused',
  ) {
    super(message)
  }
}

export const GHL_NOT_CONFIGURED = 'GoHighLevel is not configured: an administrator must connect it under Settings → GoHighLevel'

/** Per call: a page that waits for GoHighLevel may give up sooner than GHL_TIMEOUT_MS. */
export type GhlRequestOptions = { timeoutMs?: number }

export type GhlContactInput = {
  firstName: string
  lastName: string
  email: string
  phone: string
  address1?: string | null
  city?: string | null
  state?: string | null
  postalCode?: string | null
  source?: string | null
}

async function request(
  config: GhlConfig,
  method: string,
  path: string,
  { body, version = CONTACTS_VERSION, timeoutMs = getEnv().GHL_TIMEOUT_MS }: { body?: unknown; version?: string } & GhlRequestOptions = {},
) {
  let response: Response
  try {
    response = await fetch(new URL(path, config.baseUrl.endsWith('/') ? config.baseUrl : `${config.baseUrl}/`), {
      method,
      headers: {
        Authorization: `Bearer ${config.token}`,
        Version: version,
        'Content-Type': 'application/json',
        Accept: 'application/json',
      },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(timeoutMs),
    })
  } catch (error) {
    if (error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError')) {
      throw new GhlError(`GoHighLevel did not answer within ${describeDuration(timeoutMs)}`, true, undefined, 'timeout')
    }
    throw new GhlError('GoHighLevel could not be reached', true, undefined, 'unavailable')
  }
  let text: string
  try {
    text = await response.text()
  } catch (error) {
    // The time limit also covers the body, which can stall after the headers.
    if (error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError')) {
      throw new GhlError(`GoHighLevel did not answer within ${describeDuration(timeoutMs)}`, true, undefined, 'timeout')
    }
    throw new GhlError('GoHighLevel could not be reached', true, undefined, 'unavailable')
  }
  if (response.ok) {
    if (!text) return {}
    try {
      return JSON.parse(text) as Record<string, unknown>
    } catch {
      // A proxy's error page with a 200, say: GoHighLevel did not really answer.
      throw new GhlError(`GoHighLevel answered with something other than JSON (${response.status})`, true, response.status, 'unavailable')
    }
  }
  const detail = messageFrom(text)
  if (response.status === 401) {
    throw new GhlError(`GoHighLevel rejected the credentials (${response.status})`, true, response.status, 'refused')
  }
  if (response.status === 403) {
    // Usually a token without the scope the call needs, which GoHighLevel names.
    throw new GhlError(`GoHighLevel rejected the credentials (403)${detail ? `: ${detail}` : ''}`, true, 403, 'refused')
  }
  if (response.status === 429 || response.status >= 500) {
    throw new GhlError(
      `GoHighLevel is unavailable (${response.status})${detail ? `: ${detail}` : ''}`,
      true,
      response.status,
      'unavailable',
    )
  }
  throw new GhlError(`GoHighLevel refused the request (${response.status})${detail ? `: ${detail}` : ''}`, false, response.status, 'refused')
}

function messageFrom(text: string) {
  try {
    const body = JSON.parse(text) as { message?: unknown }
    if (Array.isArray(body.message)) return body.message.join(', ')
    if (typeof body.message === 'string') return body.message
  } catch {
    // not JSON
  }
  return text.slice(0, 200)
}

function contactBody(contact: GhlContactInput) {
  return {
    firstName: contact.firstName,
    lastName: contact.lastName,
    email: contact.email,
    phone: contact.phone,
    address1: contact.address1 ?? undefined,
    city: contact.city ?? undefined,
    state: contact.state ?? undefined,
    postalCode: contact.postalCode ?? undefined,
    source: contact.source ?? undefined,
  }
}

/**
 * Creates the contact, or updates the one GoHighLevel matches by e-mail or
 * phone, so a retry after a lost answer never makes a duplicate.
 */
export async function upsertGhlContact(config: GhlConfig, contact: GhlContactInput) {
  const body = await request(config, 'POST', 'contacts/upsert', { body: { locationId: config.locationId, ...contactBody(contact) } })
  const id = (body.contact as { id?: unknown } | undefined)?.id
  if (typeof id !== 'string') throw new GhlError('GoHighLevel answered without a contact id', true)
  return { contactId: id }
}

export async function updateGhlContact(config: GhlConfig, contactId: string, contact: GhlContactInput) {
  await request(config, 'PUT', `contacts/${encodeURIComponent(contactId)}`, { body: contactBody(contact) })
  return { contactId }
}

export type GhlCalendar = { id: string; name: string }

/** The location's calendars; also how Settings tests the connection. */
export async function listGhlCalendars(config: GhlConfig, options: GhlRequestOptions = {}): Promise<GhlCalendar[]> {
  const body = await request(config, 'GET', `calendars/?locationId=${encodeURIComponent(config.locationId)}`, {
    version: CALENDARS_VERSION,
    ...options,
  })
  if (!Array.isArray(body.calendars)) throw new GhlError('GoHighLevel answered without a list of calendars', true)
  return (body.calendars as Array<{ id?: unknown; name?: unknown } | null>)
    .filter((calendar) => typeof calendar?.id === 'string')
    .map((calendar) => ({ id: calendar!.id as string, name: String(calendar!.name ?? '') }))
}

/** GoHighLevel's appointment statuses (its 'showed' and 'noshow' are attendance). */
export type GhlAppointmentStatus = 'new' | 'confirmed' | 'cancelled' | 'showed' | 'noshow' | 'invalid'

/**
 * What the portal sends about a visit. No notes: they may hold clinical
 * details, and GoHighLevel is a marketing CRM.
 */
export type GhlAppointmentInput = {
  calendarId: string
  /** The GoHighLevel contact (a synced lead). */
  contactId: string
  startTime: Date
  endTime: Date
  title: string
  appointmentStatus?: GhlAppointmentStatus
  address?: string | null
  /** False keeps GoHighLevel's automations (reminders to the contact) from running. */
  toNotify?: boolean
}

export type GhlAppointment = {
  id: string
  calendarId: string
  contactId: string
  startTime: string | null
  endTime: string | null
  title: string
  appointmentStatus: string | null
}

function appointmentBody(input: Partial<GhlAppointmentInput>) {
  return {
    calendarId: input.calendarId,
    contactId: input.contactId,
    startTime: input.startTime?.toISOString(),
    endTime: input.endTime?.toISOString(),
    title: input.title,
    appointmentStatus: input.appointmentStatus,
    address: input.address ?? undefined,
    toNotify: input.toNotify,
    // The portal has already decided the visit (and checked its clashes):
    // the calendar's booking window and free slots must not refuse the copy.
    ignoreDateRange: true,
    ignoreFreeSlotValidation: true,
  }
}

function appointmentFrom(body: Record<string, unknown>): GhlAppointment {
  // Documented as the appointment itself; some answers wrap it.
  const raw = (typeof body.id === 'string' ? body : (body.appointment ?? body.event ?? {})) as Record<string, unknown>
  if (typeof raw.id !== 'string') throw new GhlError('GoHighLevel answered without an appointment id', true)
  const text = (value: unknown) => (typeof value === 'string' ? value : null)
  return {
    id: raw.id,
    calendarId: text(raw.calendarId) ?? '',
    contactId: text(raw.contactId) ?? '',
    startTime: text(raw.startTime),
    endTime: text(raw.endTime),
    title: text(raw.title) ?? '',
    appointmentStatus: text(raw.appointmentStatus),
  }
}

/** POST /calendars/events/appointments: the new event, with the id later changes need. */
export async function createGhlAppointment(config: GhlConfig, input: GhlAppointmentInput, options: GhlRequestOptions = {}) {
  const body = await request(config, 'POST', 'calendars/events/appointments', {
    body: { locationId: config.locationId, ...appointmentBody(input) },
    version: CALENDARS_VERSION,
    ...options,
  })
  return appointmentFrom(body)
}

/** PUT /calendars/events/appointments/{eventId}: only the fields given change. */
export async function updateGhlAppointment(
  config: GhlConfig,
  eventId: string,
  input: Partial<GhlAppointmentInput>,
  options: GhlRequestOptions = {},
) {
  const body = await request(config, 'PUT', `calendars/events/appointments/${encodeURIComponent(eventId)}`, {
    body: appointmentBody(input),
    version: CALENDARS_VERSION,
    ...options,
  })
  return appointmentFrom(body)
}

/**
 * DELETE /calendars/events/{eventId}. An event already gone is a refusal
 * (its status says which); whether that counts as done is the caller's call.
 */
export async function deleteGhlAppointment(config: GhlConfig, eventId: string, options: GhlRequestOptions = {}) {
  const body = await request(config, 'DELETE', `calendars/events/${encodeURIComponent(eventId)}`, {
    body: {},
    version: CALENDARS_VERSION,
    ...options,
  })
  return { eventId, succeeded: body.succeeded !== false }
}

/**
 * GET /calendars/events: a calendar's events between two instants, to find
 * the one a create made when its answer was lost.
 */
export async function findGhlAppointments(
  config: GhlConfig,
  query: { calendarId: string; from: Date; to: Date },
  options: GhlRequestOptions = {},
): Promise<GhlAppointment[]> {
  const search = new URLSearchParams({
    locationId: config.locationId,
    calendarId: query.calendarId,
    startTime: String(query.from.getTime()),
    endTime: String(query.to.getTime()),
  })
  const body = await request(config, 'GET', `calendars/events?${search}`, { version: CALENDARS_VERSION, ...options })
  if (!Array.isArray(body.events)) throw new GhlError('GoHighLevel answered without a list of events', true)
  return (body.events as Array<Record<string, unknown> | null>)
    .filter((event): event is Record<string, unknown> => typeof event?.id === 'string')
    .map((event) => appointmentFrom(event))
}

const CONVERSATIONS_VERSION = '2021-04-15'

export type GhlEmailInput = {
  contactId: string
  subject: string
  html: string
  /** Defaults to the contact's own e-mail address. */
  emailTo?: string
  /** Public URLs of the files (GoHighLevel fetches them); the portal sends none today. */
  attachments?: string[]
}

/**
 * POST /conversations/messages with type 'Email': GoHighLevel sends it from
 * the location's e-mail service and files it in the contact's conversation.
 * The answer names the conversation and the message.
 */
export async function sendGhlEmail(config: GhlConfig, input: GhlEmailInput, options: GhlRequestOptions = {}) {
  const body = await request(config, 'POST', 'conversations/messages', {
    body: {
      type: 'Email',
      contactId: input.contactId,
      subject: input.subject,
      html: input.html,
      emailTo: input.emailTo,
      attachments: input.attachments?.length ? input.attachments : undefined,
    },
    version: CONVERSATIONS_VERSION,
    ...options,
  })
  const messageId = typeof body.messageId === 'string' ? body.messageId : typeof body.emailMessageId === 'string' ? body.emailMessageId : null
  if (!messageId) throw new GhlError('GoHighLevel answered without a message id', true)
  return { messageId, conversationId: typeof body.conversationId === 'string' ? body.conversationId : null }
}

/** The saved (or environment) credentials; a typed refusal when there are none. */
async function storedGhlConfig() {
  const config = await getGhlConfig()
  if (!config) throw new GhlError(GHL_NOT_CONFIGURED, false, undefined, 'not_configured')
  return config
}

/** The same calls with the credentials from Settings → GoHighLevel (or the environment). */
export async function listCalendars(options: GhlRequestOptions = {}) {
  return listGhlCalendars(await storedGhlConfig(), options)
}

export async function createCalendarAppointment(input: GhlAppointmentInput, options: GhlRequestOptions = {}) {
  return createGhlAppointment(await storedGhlConfig(), input, options)
}

export async function updateCalendarAppointment(
  eventId: string,
  input: Partial<GhlAppointmentInput>,
  options: GhlRequestOptions = {},
) {
  return updateGhlAppointment(await storedGhlConfig(), eventId, input, options)
}

export async function deleteCalendarAppointment(eventId: string, options: GhlRequestOptions = {}) {
  return deleteGhlAppointment(await storedGhlConfig(), eventId, options)
}
