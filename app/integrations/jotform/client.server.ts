import { describeDuration } from '~/lib/misc'
import { getEnv } from '~/platform/env.server'

/**
 * Jotform's REST API (integrations.md): the key travels in the APIKEY
 * header, every answer is `{ responseCode, message, content }`. The base
 * address is the region's, or JOTFORM_API_BASE_URL (the local fake in tests
 * and MOCKS=true). Messages never carry the key: they are logged and shown.
 */
export type JotformCredentials = { apiKey: string; baseUrl: string }

export type JotformErrorKind =
  /** 401/403: the key is wrong, revoked or lacks the right. */
  | 'auth'
  /** 5xx, 429, no answer, a timeout or an unreadable answer: try again later. */
  | 'unavailable'
  | 'not_found'
  /** Any other 4xx: the request itself was refused. */
  | 'refused'

export class JotformError extends Error {
  override name = 'JotformError'

  constructor(
    message: string,
    readonly kind: JotformErrorKind,
    readonly status?: number,
  ) {
    super(message)
  }

  get retryable() {
    return this.kind === 'unavailable'
  }
}

/** A form field as the client needs it (the online forms' FormField fits it; integrations sit below features). */
export type JotformFieldType = 'text' | 'email' | 'tel' | 'date' | 'number' | 'checkbox' | 'radio' | 'dropdown' | 'signature'
export type JotformField = { name: string; type: JotformFieldType; label: string; required: boolean; options?: string[] }

/** Each field type's Jotform question type. */
export const JOTFORM_QUESTION_TYPES: Record<JotformFieldType, string> = {
  text: 'control_textbox',
  email: 'control_email',
  tel: 'control_phone',
  date: 'control_datetime',
  number: 'control_number',
  checkbox: 'control_checkbox',
  radio: 'control_radio',
  dropdown: 'control_dropdown',
  signature: 'control_signature',
}

function redact(text: string, apiKey: string) {
  return apiKey.length >= 4 ? text.split(apiKey).join('[redacted]') : text
}

function apiUrl(baseUrl: string, path: string) {
  return new URL(path.replace(/^\//, ''), baseUrl.endsWith('/') ? baseUrl : `${baseUrl}/`).toString()
}

type Envelope = { responseCode?: unknown; message?: unknown; content?: unknown }

async function call(
  credentials: JotformCredentials,
  method: string,
  path: string,
  body?: { form: URLSearchParams } | { json: unknown },
  { timeoutMs = getEnv().JOTFORM_TIMEOUT_MS }: { timeoutMs?: number } = {},
): Promise<unknown> {
  const headers: Record<string, string> = { APIKEY: credentials.apiKey, Accept: 'application/json' }
  let payload: string | undefined
  if (body && 'form' in body) {
    headers['Content-Type'] = 'application/x-www-form-urlencoded'
    payload = body.form.toString()
  } else if (body) {
    headers['Content-Type'] = 'application/json'
    payload = JSON.stringify(body.json)
  }
  let response: Response
  try {
    response = await fetch(apiUrl(credentials.baseUrl, path), { method, headers, body: payload, signal: AbortSignal.timeout(timeoutMs) })
  } catch (error) {
    if (error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError')) {
      throw new JotformError(`Jotform did not answer within ${describeDuration(timeoutMs)}`, 'unavailable')
    }
    throw new JotformError('Jotform could not be reached', 'unavailable')
  }
  const text = await response.text()
  let envelope: Envelope | null = null
  try {
    envelope = JSON.parse(text) as Envelope
  } catch {
    // An HTML error page from a proxy, or nothing.
  }
  // Jotform repeats the status in the body; either one saying failure counts.
  const code = !response.ok ? response.status : typeof envelope?.responseCode === 'number' ? envelope.responseCode : 200
  const detail = redact(typeof envelope?.message === 'string' ? envelope.message.slice(0, 200) : '', credentials.apiKey)
  const suffix = `(${code})${detail && code >= 400 ? `: ${detail}` : ''}`
  if (code === 401 || code === 403) throw new JotformError(`Jotform rejected the API key (${code})`, 'auth', code)
  if (code === 404) throw new JotformError(`Jotform could not find it ${suffix}`, 'not_found', code)
  if (code === 429 || code >= 500) throw new JotformError(`Jotform is unavailable ${suffix}`, 'unavailable', code)
  if (code >= 400) throw new JotformError(`Jotform refused the request ${suffix}`, 'refused', code)
  if (!envelope) throw new JotformError('Jotform answered with something other than JSON', 'unavailable', code)
  return envelope.content
}

/** Jotform keeps letters, digits and underscores in a question's name; the field's own name is mapped back. */
export function jotformQuestionName(fieldName: string, index: number) {
  const cleaned = fieldName.replace(/[^A-Za-z0-9_]+/g, '_').replace(/^_+|_+$/g, '')
  return cleaned ? cleaned.slice(0, 100) : `field_${index + 1}`
}

/** The form-encoded body of POST /user/forms: questions[n][…] from 1, in the fields' order. */
export function jotformFormBody(title: string, fields: JotformField[]) {
  const body = new URLSearchParams()
  body.set('properties[title]', title)
  fields.forEach((field, index) => {
    const n = index + 1
    const question = (key: string, value: string) => body.set(`questions[${n}][${key}]`, value)
    question('type', JOTFORM_QUESTION_TYPES[field.type])
    question('text', field.label)
    question('name', jotformQuestionName(field.name, index))
    question('order', String(n))
    question('required', field.required ? 'Yes' : 'No')
    const options = field.options?.length ? field.options : field.type === 'checkbox' ? [field.label] : null
    if (options && ['checkbox', 'radio', 'dropdown'].includes(field.type)) question('options', options.join('|'))
  })
  return body
}

export type JotformCreatedForm = { id: string; url: string | null }

/** POST /user/forms: a form with one question per field. */
export async function createJotformForm(credentials: JotformCredentials, input: { title: string; fields: JotformField[] }) {
  const content = (await call(credentials, 'POST', '/user/forms', { form: jotformFormBody(input.title, input.fields) })) as {
    id?: unknown
    url?: unknown
  } | null
  const id = content?.id
  if ((typeof id !== 'string' && typeof id !== 'number') || !String(id)) {
    throw new JotformError('Jotform answered without a form id', 'unavailable')
  }
  return { id: String(id), url: typeof content?.url === 'string' ? content.url : null } satisfies JotformCreatedForm
}

/** PUT /user/forms with JSON: the same form as createJotformForm, for callers that prefer JSON. */
export async function createJotformFormJson(credentials: JotformCredentials, input: { title: string; fields: JotformField[] }) {
  const questions: Record<string, Record<string, string>> = {}
  for (const [key, value] of jotformFormBody(input.title, input.fields)) {
    const match = /^questions\[(\d+)\]\[(\w+)\]$/.exec(key)
    if (match) (questions[match[1]!] ??= {})[match[2]!] = value
  }
  const content = (await call(credentials, 'PUT', '/user/forms', {
    json: { properties: { title: input.title }, questions },
  })) as { id?: unknown; url?: unknown } | null
  if (content?.id === undefined || content.id === null) throw new JotformError('Jotform answered without a form id', 'unavailable')
  return { id: String(content.id), url: typeof content.url === 'string' ? content.url : null } satisfies JotformCreatedForm
}

/** POST /form/{id}/webhooks: Jotform will post each submission to `webhookUrl`. */
export async function addJotformWebhook(credentials: JotformCredentials, formId: string, webhookUrl: string) {
  const content = await call(credentials, 'POST', `/form/${encodeURIComponent(formId)}/webhooks`, {
    form: new URLSearchParams({ webhookURL: webhookUrl }),
  })
  const urls = content && typeof content === 'object' ? Object.values(content as Record<string, unknown>) : []
  if (!urls.includes(webhookUrl)) throw new JotformError('Jotform did not confirm the webhook', 'unavailable')
}

export type JotformAnswer = { name: string; type: string; text: string; answer: unknown; prettyFormat?: string }
export type JotformSubmission = {
  id: string
  formId: string
  createdAt: string | null
  /** By question id. */
  answers: Record<string, JotformAnswer>
}

/** GET /submission/{id}: a submission as Jotform has it, whatever a webhook delivery claimed. */
export async function getJotformSubmission(credentials: JotformCredentials, submissionId: string): Promise<JotformSubmission> {
  const content = (await call(credentials, 'GET', `/submission/${encodeURIComponent(submissionId)}`)) as {
    id?: unknown
    form_id?: unknown
    created_at?: unknown
    answers?: unknown
  } | null
  if (!content || (typeof content.id !== 'string' && typeof content.id !== 'number')) {
    throw new JotformError('Jotform answered without the submission', 'unavailable')
  }
  const answers: Record<string, JotformAnswer> = {}
  if (content.answers && typeof content.answers === 'object') {
    for (const [qid, raw] of Object.entries(content.answers as Record<string, Record<string, unknown>>)) {
      if (!raw || typeof raw !== 'object') continue
      answers[qid] = {
        name: String(raw.name ?? ''),
        type: String(raw.type ?? ''),
        text: String(raw.text ?? ''),
        answer: raw.answer,
        prettyFormat: typeof raw.prettyFormat === 'string' ? raw.prettyFormat : undefined,
      }
    }
  }
  return {
    id: String(content.id),
    formId: String(content.form_id ?? ''),
    createdAt: typeof content.created_at === 'string' ? content.created_at : null,
    answers,
  }
}

/** GET /user: the cheapest call that proves the key; how Settings tests it and the status card checks it. */
export async function getJotformUser(credentials: JotformCredentials, options: { timeoutMs?: number } = {}) {
  const content = (await call(credentials, 'GET', '/user', undefined, options)) as { username?: unknown } | null
  return { username: typeof content?.username === 'string' ? content.username : '' }
}
