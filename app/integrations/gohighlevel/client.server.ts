import type { GhlConfig } from '~/integrations/settings.server'
import { getEnv } from '~/platform/env.server'
import { describeDuration } from '~/lib/misc'

/**
 * GoHighLevel (LeadConnector API v2) contacts. Only the fields the portal
 * owns are sent. Base URL configurable so tests and MOCKS=true can point it
 * at a local fake (app/integrations/gohighlevel/fake.server.ts).
 */
const CONTACTS_VERSION = '2021-07-28'

export class GhlError extends Error {
  constructor(
    message: string,
    /** Worth trying again later (outage, timeout, rate limit, credentials that may be fixed). */
    readonly retryable: boolean,
    readonly status?: number,
  ) {
    super(message)
  }
}

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

async function request(config: GhlConfig, method: string, path: string, body?: unknown, version = CONTACTS_VERSION) {
  const timeoutMs = getEnv().GHL_TIMEOUT_MS
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
      throw new GhlError(`GoHighLevel did not answer within ${describeDuration(timeoutMs)}`, true)
    }
    throw new GhlError('GoHighLevel could not be reached', true)
  }
  const text = await response.text()
  if (response.ok) return text ? (JSON.parse(text) as Record<string, unknown>) : {}
  const detail = messageFrom(text)
  if (response.status === 401 || response.status === 403) {
    throw new GhlError(`GoHighLevel rejected the credentials (${response.status})`, true, response.status)
  }
  if (response.status === 429 || response.status >= 500) {
    throw new GhlError(`GoHighLevel is unavailable (${response.status})${detail ? `: ${detail}` : ''}`, true, response.status)
  }
  throw new GhlError(`GoHighLevel refused the request (${response.status})${detail ? `: ${detail}` : ''}`, false, response.status)
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
  const body = await request(config, 'POST', 'contacts/upsert', { locationId: config.locationId, ...contactBody(contact) })
  const id = (body.contact as { id?: unknown } | undefined)?.id
  if (typeof id !== 'string') throw new GhlError('GoHighLevel answered without a contact id', true)
  return { contactId: id }
}

export async function updateGhlContact(config: GhlConfig, contactId: string, contact: GhlContactInput) {
  await request(config, 'PUT', `contacts/${encodeURIComponent(contactId)}`, contactBody(contact))
  return { contactId }
}

const CALENDARS_VERSION = '2021-04-15'

/** The location's calendars; also how Settings tests the connection. */
export async function listGhlCalendars(config: GhlConfig) {
  const body = await request(
    config,
    'GET',
    `calendars/?locationId=${encodeURIComponent(config.locationId)}`,
    undefined,
    CALENDARS_VERSION,
  )
  const calendars = Array.isArray(body.calendars) ? (body.calendars as Array<{ id?: unknown; name?: unknown }>) : []
  return calendars
    .filter((calendar) => typeof calendar.id === 'string')
    .map((calendar) => ({ id: calendar.id as string, name: String(calendar.name ?? '') }))
}
