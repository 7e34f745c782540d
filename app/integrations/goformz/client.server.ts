import crypto from 'node:crypto'
import type { GoformzAssigneeType } from '~/integrations/goformz/options'
import type { GoformzCredentials } from '~/integrations/goformz/settings.server'
import { getEnv } from '~/platform/env.server'
import { describeDuration } from '~/lib/misc'

/**
 * GoFormz API v2. An OAuth client-credentials token (the API key is the
 * client id, the API secret the client secret) is cached until shortly
 * before it expires and fetched again when GoFormz answers 401. The
 * addresses are settings so tests and MOCKS=true use the local fake
 * (app/integrations/goformz/fake.server.ts). Error messages never carry the
 * credentials: they are logged and shown to staff.
 */
export class GoformzError extends Error {
  constructor(
    message: string,
    /** Worth trying again later (outage, timeout, rate limit). */
    readonly retryable: boolean,
    readonly status?: number,
    /** The request may have reached GoFormz (a timeout): check before sending again. */
    readonly uncertain = false,
  ) {
    super(message)
  }
}

/** Fetch a new token this long before the cached one expires. */
const TOKEN_MARGIN_MS = 60_000
const tokens = new Map<string, { token: string; expiresAt: number }>()

function cacheKey(credentials: GoformzCredentials) {
  return crypto
    .createHash('sha256')
    .update(`${credentials.tokenUrl}\n${credentials.clientId}\n${credentials.clientSecret}`)
    .digest('hex')
}

/** Forgets every cached token (tests; credentials replaced). */
export function clearGoformzTokens() {
  tokens.clear()
}

/** Never let a credential travel in a message, whatever the provider echoed. */
function redact(text: string, credentials: GoformzCredentials) {
  let out = text
  for (const secret of [credentials.clientSecret, credentials.clientId]) {
    if (secret && secret.length >= 4) out = out.split(secret).join('[redacted]')
  }
  return out
}

async function send(url: string, init: RequestInit, what: string) {
  const timeoutMs = getEnv().GOFORMZ_TIMEOUT_MS
  try {
    return await fetch(url, { ...init, signal: AbortSignal.timeout(timeoutMs) })
  } catch (error) {
    if (error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError')) {
      throw new GoformzError(`GoFormz did not answer within ${describeDuration(timeoutMs)}${what}`, true, undefined, true)
    }
    throw new GoformzError('GoFormz could not be reached', true)
  }
}

function detailOf(text: string) {
  try {
    const body = JSON.parse(text) as { error_description?: unknown; error?: unknown; message?: unknown; Message?: unknown }
    for (const value of [body.error_description, body.message, body.Message, body.error]) {
      if (typeof value === 'string') return value.slice(0, 200)
    }
  } catch {
    // not JSON
  }
  return text.slice(0, 200)
}

async function fetchToken(credentials: GoformzCredentials) {
  const body = new URLSearchParams({
    grant_type: 'client_credentials',
    scope: 'public_api',
    client_id: credentials.clientId,
    client_secret: credentials.clientSecret,
  })
  const response = await send(
    credentials.tokenUrl,
    { method: 'POST', headers: { 'Content-Type': 'application/x-www-form-urlencoded', Accept: 'application/json' }, body },
    ' (token)',
  )
  const text = await response.text()
  if (!response.ok) {
    if (response.status === 400 || response.status === 401 || response.status === 403) {
      throw new GoformzError(`GoFormz rejected the API key and secret (${response.status})`, false, response.status)
    }
    const detail = redact(detailOf(text), credentials)
    throw new GoformzError(`GoFormz sign-in is unavailable (${response.status})${detail ? `: ${detail}` : ''}`, true, response.status)
  }
  let parsed: { access_token?: unknown; expires_in?: unknown }
  try {
    parsed = JSON.parse(text) as typeof parsed
  } catch {
    throw new GoformzError('GoFormz answered the sign-in without a token', true)
  }
  if (typeof parsed.access_token !== 'string' || !parsed.access_token) {
    throw new GoformzError('GoFormz answered the sign-in without a token', true)
  }
  const lifetimeMs = (typeof parsed.expires_in === 'number' ? parsed.expires_in : 3600) * 1000
  const entry = { token: parsed.access_token, expiresAt: Date.now() + Math.max(lifetimeMs - TOKEN_MARGIN_MS, 0) }
  tokens.set(cacheKey(credentials), entry)
  return entry.token
}

async function token(credentials: GoformzCredentials) {
  const cached = tokens.get(cacheKey(credentials))
  if (cached && cached.expiresAt > Date.now()) return cached.token
  return fetchToken(credentials)
}

function apiUrl(baseUrl: string, path: string) {
  return new URL(path, baseUrl.endsWith('/') ? baseUrl : `${baseUrl}/`).toString()
}

async function authorized(credentials: GoformzCredentials, method: string, path: string, body: unknown, accept: string) {
  const call = async (bearer: string) =>
    send(
      apiUrl(credentials.baseUrl, path),
      {
        method,
        headers: { Authorization: `Bearer ${bearer}`, Accept: accept, 'Content-Type': 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
      },
      '',
    )
  let response = await call(await token(credentials))
  if (response.status === 401) {
    // Revoked or expired early: one fresh token, one more try.
    tokens.delete(cacheKey(credentials))
    await response.text()
    response = await call(await fetchToken(credentials))
  }
  return response
}

async function request(credentials: GoformzCredentials, method: string, path: string, body?: unknown) {
  const response = await authorized(credentials, method, path, body, 'application/json')
  const text = await response.text()
  if (response.ok) {
    if (!text) return {}
    try {
      return JSON.parse(text) as unknown
    } catch {
      throw new GoformzError('GoFormz answered with something other than JSON', true, response.status)
    }
  }
  throw failure(response, text, credentials)
}

function failure(response: Response, text: string, credentials: GoformzCredentials) {
  const detail = redact(detailOf(text), credentials)
  const suffix = `(${response.status})${detail ? `: ${detail}` : ''}`
  if (response.status === 401 || response.status === 403) {
    return new GoformzError(`GoFormz rejected the API key and secret (${response.status})`, false, response.status)
  }
  if (response.status === 404) return new GoformzError(`GoFormz could not find it ${suffix}`, false, response.status)
  if (response.status === 429 || response.status >= 500) return new GoformzError(`GoFormz is unavailable ${suffix}`, true, response.status)
  return new GoformzError(`GoFormz refused the request ${suffix}`, false, response.status)
}

export type EsignTemplate = { id: string; name: string; hasESignature: boolean }

type RawTemplate = {
  templateId?: unknown
  id?: unknown
  name?: unknown
  templateName?: unknown
  hasESignature?: unknown
  fields?: unknown
}

/** GoFormz answers a list, or an object holding one; both are read. */
function listOf(body: unknown): unknown[] {
  if (Array.isArray(body)) return body
  if (body && typeof body === 'object') {
    for (const key of ['templates', 'formz', 'items', 'data', 'results']) {
      const value = (body as Record<string, unknown>)[key]
      if (Array.isArray(value)) return value
    }
  }
  return []
}

/**
 * Whether a template can be signed: its own flag when it has one, else a
 * signature among its fields when they are listed; unknown counts as no.
 */
function templateSignable(template: RawTemplate) {
  if (typeof template.hasESignature === 'boolean') return template.hasESignature
  const fields = Array.isArray(template.fields) ? template.fields : Object.values((template.fields ?? {}) as object)
  return fields.some((field) => /signature/i.test(String((field as { type?: unknown })?.type ?? '')))
}

/** GET /v2/templates: the account's templates. Also how Settings tests the connection. */
export async function listGoformzTemplates(credentials: GoformzCredentials): Promise<EsignTemplate[]> {
  const body = await request(credentials, 'GET', 'templates')
  return listOf(body)
    .map((item) => item as RawTemplate)
    .map((template) => ({
      id: String(template.templateId ?? template.id ?? ''),
      name: String(template.name ?? template.templateName ?? ''),
      hasESignature: templateSignable(template),
    }))
    .filter((template) => template.id)
}

export type GoformzFieldValue = { value: string; type: 'Text' }

export type GoformzFormInput = {
  templateId: string
  name: string
  fields: Record<string, GoformzFieldValue>
  assignment: { id: string; type: GoformzAssigneeType } | null
}

/**
 * POST /v2/formz: a form from the template with the given fields filled,
 * assigned (only possible at creation) to the chosen user or group.
 */
export async function createGoformzForm(credentials: GoformzCredentials, input: GoformzFormInput) {
  const body = (await request(credentials, 'POST', 'formz', {
    name: input.name,
    templateId: input.templateId,
    fields: input.fields,
    ...(input.assignment ? { assignment: input.assignment } : {}),
  })) as { formId?: unknown; id?: unknown }
  const formId = body.formId ?? body.id
  if (typeof formId !== 'string' || !formId) throw new GoformzError('GoFormz answered without a form id', true)
  return { formId }
}

export type GoformzForm = { id: string; name: string; status: string; url: string | null }

/** GET /v2/formz/{id}: a form's state ('Draft', 'Complete'…), which a webhook's claim is checked against. */
export async function getGoformzForm(credentials: GoformzCredentials, formId: string): Promise<GoformzForm> {
  const body = (await request(credentials, 'GET', `formz/${encodeURIComponent(formId)}`)) as {
    formId?: unknown
    id?: unknown
    name?: unknown
    status?: unknown
    url?: unknown
  }
  return {
    id: String(body.formId ?? body.id ?? formId),
    name: String(body.name ?? ''),
    status: String(body.status ?? ''),
    url: typeof body.url === 'string' ? body.url : null,
  }
}

/**
 * The template's form named `name`, if GoFormz made one: how a create whose
 * answer was lost (a timeout) is found instead of made twice. GoFormz's
 * listing of a template's forms is not confirmed by its public documentation;
 * it is kept here so it can be corrected in one place.
 */
export async function findGoformzFormByName(credentials: GoformzCredentials, templateId: string, name: string) {
  const body = await request(credentials, 'GET', `templates/${encodeURIComponent(templateId)}/formz?pageSize=100`)
  const match = listOf(body)
    .map((item) => item as { formId?: unknown; id?: unknown; name?: unknown })
    .find((form) => form.name === name && typeof (form.formId ?? form.id) === 'string')
  return match ? { formId: String(match.formId ?? match.id) } : null
}

/**
 * GET /v2/formz/{id}/pdf: the completed form as a PDF. The path is the one
 * public client code uses; GoFormz's documentation does not confirm it, so
 * it is kept here to be corrected in one place.
 */
export async function downloadGoformzFormPdf(credentials: GoformzCredentials, formId: string): Promise<Uint8Array> {
  const response = await authorized(credentials, 'GET', `formz/${encodeURIComponent(formId)}/pdf`, undefined, 'application/pdf')
  if (!response.ok) throw failure(response, await response.text(), credentials)
  return new Uint8Array(await response.arrayBuffer())
}
