import type { BoldsignConfig } from '~/integrations/settings.server'
import { getEnv } from '~/platform/env.server'
import { describeDuration } from '~/lib/misc'

/**
 * BoldSign templates. Creating one is multipart (Title, Description, Files,
 * Roles) with the X-API-KEY header; BoldSign answers with the templateId and
 * finishes processing asynchronously.
 */
export class BoldsignError extends Error {
  constructor(
    message: string,
    readonly status?: number,
    /** The request may have reached BoldSign (a timeout): check before sending again. */
    readonly uncertain = false,
  ) {
    super(message)
  }

  /** Worth trying again later: no answer, an outage or a rate limit. */
  get retryable() {
    return this.status === undefined || this.status === 429 || this.status >= 500
  }
}

export async function createBoldsignTemplate(
  config: BoldsignConfig,
  input: { title: string; description?: string | null; fileName: string; pdf: Blob },
) {
  const form = new FormData()
  form.append('Title', input.title)
  if (input.description) form.append('Description', input.description)
  form.append('Files', input.pdf, input.fileName)
  // One signer role; fields are placed in BoldSign's editor afterwards.
  form.append('Roles[0][Name]', 'Signer')
  form.append('Roles[0][Index]', '1')
  form.append('Roles[0][SignerOrder]', '1')
  form.append('Roles[0][SignerType]', 'Signer')
  const timeoutMs = getEnv().BOLDSIGN_TIMEOUT_MS
  let response: Response
  try {
    response = await fetch(new URL('/v1/template/create', config.baseUrl), {
      method: 'POST',
      headers: { 'X-API-KEY': config.apiKey, Accept: 'application/json' },
      body: form,
      signal: AbortSignal.timeout(timeoutMs),
    })
  } catch (error) {
    if (error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError')) {
      throw new BoldsignError(`BoldSign did not answer within ${describeDuration(timeoutMs)}`)
    }
    throw new BoldsignError('BoldSign could not be reached')
  }
  const text = await response.text()
  if (!response.ok) {
    if (response.status === 401 || response.status === 403) {
      throw new BoldsignError(`BoldSign rejected the API key (${response.status})`, response.status)
    }
    const detail = errorDetail(text)
    const prefix = response.status >= 500 ? 'BoldSign is unavailable' : 'BoldSign refused the template'
    throw new BoldsignError(`${prefix} (${response.status})${detail ? `: ${detail}` : ''}`, response.status)
  }
  const templateId = (JSON.parse(text || '{}') as { templateId?: unknown }).templateId
  if (typeof templateId !== 'string') throw new BoldsignError('BoldSign answered without a template id')
  return { templateId }
}

function errorDetail(text: string) {
  try {
    const body = JSON.parse(text) as { error?: unknown; message?: unknown; errors?: unknown }
    if (typeof body.error === 'string') return body.error
    if (typeof body.message === 'string') return body.message
    if (body.errors && typeof body.errors === 'object') return Object.values(body.errors).flat().join(', ')
  } catch {
    // not JSON
  }
  return text.slice(0, 200)
}

async function jsonRequest(config: BoldsignConfig, method: string, path: string, body?: unknown) {
  const timeoutMs = getEnv().BOLDSIGN_TIMEOUT_MS
  let response: Response
  try {
    response = await fetch(new URL(path, config.baseUrl), {
      method,
      headers: { 'X-API-KEY': config.apiKey, Accept: 'application/json', 'Content-Type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(timeoutMs),
    })
  } catch (error) {
    if (error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError')) {
      throw new BoldsignError(`BoldSign did not answer within ${describeDuration(timeoutMs)}`, undefined, true)
    }
    throw new BoldsignError('BoldSign could not be reached')
  }
  const text = await response.text()
  if (!response.ok) {
    if (response.status === 401 || response.status === 403) {
      throw new BoldsignError(`BoldSign rejected the API key (${response.status})`, response.status)
    }
    const detail = errorDetail(text).split(config.apiKey).join('[redacted]')
    const prefix = response.status >= 500 || response.status === 429 ? 'BoldSign is unavailable' : 'BoldSign refused the request'
    throw new BoldsignError(`${prefix} (${response.status})${detail ? `: ${detail}` : ''}`, response.status)
  }
  try {
    return (text ? JSON.parse(text) : {}) as unknown
  } catch {
    throw new BoldsignError('BoldSign answered with something other than JSON', response.status)
  }
}

export type BoldsignTemplate = { id: string; name: string; hasESignature: boolean }

/**
 * GET /v1/template/list: the account's templates (first 100). Every BoldSign
 * template is made for signing.
 */
export async function listBoldsignTemplates(config: BoldsignConfig): Promise<BoldsignTemplate[]> {
  const body = (await jsonRequest(config, 'GET', '/v1/template/list?PageSize=100&Page=1')) as { result?: unknown }
  const rows = Array.isArray(body.result) ? (body.result as Array<Record<string, unknown>>) : []
  return rows
    .map((row) => ({
      id: String(row.templateId ?? row.documentId ?? row.id ?? ''),
      name: String(row.templateName ?? row.title ?? row.messageTitle ?? row.name ?? ''),
      hasESignature: true,
    }))
    .filter((template) => template.id)
}

export type BoldsignSendInput = {
  templateId: string
  title: string
  message: string
  signer: { name: string; email: string }
  expiryDays: number
  /** BoldSign's own reminders: after 3 days, then weekly. */
  reminders: boolean
  /** Our request's id, as a label, so a send whose answer was lost can be found. */
  label: string
}

/** POST /v1/template/send: sends the template to one signer (role 1); BoldSign answers the documentId. */
export async function sendBoldsignTemplate(config: BoldsignConfig, input: BoldsignSendInput) {
  const body = (await jsonRequest(config, 'POST', `/v1/template/send?templateId=${encodeURIComponent(input.templateId)}`, {
    title: input.title,
    message: input.message,
    roles: [{ roleIndex: 1, signerName: input.signer.name, signerEmail: input.signer.email, signerType: 'Signer' }],
    expiryDays: input.expiryDays,
    reminderSettings: input.reminders ? { enableAutoReminder: true, reminderDays: 3, reminderCount: 5 } : { enableAutoReminder: false },
    labels: [input.label],
  })) as { documentId?: unknown }
  if (typeof body.documentId !== 'string' || !body.documentId) throw new BoldsignError('BoldSign answered without a document id', 502)
  return { documentId: body.documentId }
}

/** GET /v1/document/list filtered by our label: the document a lost answer was about, if BoldSign made it. */
export async function findBoldsignDocumentByLabel(config: BoldsignConfig, label: string) {
  const body = (await jsonRequest(config, 'GET', `/v1/document/list?PageSize=10&Page=1&Labels=${encodeURIComponent(label)}`)) as {
    result?: unknown
  }
  const rows = Array.isArray(body.result) ? (body.result as Array<{ documentId?: unknown }>) : []
  const found = rows.find((row) => typeof row.documentId === 'string')
  return found ? { documentId: found.documentId as string } : null
}

/** BoldSign's document states, as GET /v1/document/properties names them. */
export type BoldsignDocumentState = { status: string; viewed: boolean; signed: boolean }

/**
 * GET /v1/document/properties: where a document stands. `status` is
 * BoldSign's ('InProgress', 'Completed', 'Declined', 'Expired', 'Revoked');
 * viewed and signed are read from the signer's own status.
 */
export async function getBoldsignDocument(config: BoldsignConfig, documentId: string): Promise<BoldsignDocumentState> {
  const body = (await jsonRequest(config, 'GET', `/v1/document/properties?documentId=${encodeURIComponent(documentId)}`)) as {
    status?: unknown
    signerDetails?: Array<{ status?: unknown; isViewed?: unknown }>
  }
  const signer = Array.isArray(body.signerDetails) ? body.signerDetails[0] : undefined
  const signerStatus = String(signer?.status ?? '')
  return {
    status: String(body.status ?? ''),
    viewed: signer?.isViewed === true || /^viewed$/i.test(signerStatus),
    signed: /^(completed|signed)$/i.test(signerStatus),
  }
}

/** POST /v1/document/remind: BoldSign e-mails the signer again. */
export async function remindBoldsignDocument(config: BoldsignConfig, documentId: string, message: string) {
  await jsonRequest(config, 'POST', `/v1/document/remind?documentId=${encodeURIComponent(documentId)}`, { message })
}

/** POST /v1/document/revoke: the signer can no longer sign it. */
export async function revokeBoldsignDocument(config: BoldsignConfig, documentId: string, message: string) {
  await jsonRequest(config, 'POST', `/v1/document/revoke?documentId=${encodeURIComponent(documentId)}`, { message })
}

/** GET /v1/document/download: the signed PDF (with its audit trail page). */
export async function downloadBoldsignDocument(config: BoldsignConfig, documentId: string): Promise<Uint8Array> {
  const timeoutMs = getEnv().BOLDSIGN_TIMEOUT_MS
  let response: Response
  try {
    response = await fetch(new URL(`/v1/document/download?documentId=${encodeURIComponent(documentId)}`, config.baseUrl), {
      headers: { 'X-API-KEY': config.apiKey, Accept: 'application/pdf' },
      signal: AbortSignal.timeout(timeoutMs),
    })
  } catch (error) {
    if (error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError')) {
      throw new BoldsignError(`BoldSign did not answer within ${describeDuration(timeoutMs)}`, undefined, true)
    }
    throw new BoldsignError('BoldSign could not be reached')
  }
  if (!response.ok) {
    const detail = errorDetail(await response.text()).split(config.apiKey).join('[redacted]')
    const prefix = response.status >= 500 || response.status === 429 ? 'BoldSign is unavailable' : 'BoldSign refused the download'
    throw new BoldsignError(`${prefix} (${response.status})${detail ? `: ${detail}` : ''}`, response.status)
  }
  return new Uint8Array(await response.arrayBuffer())
}
