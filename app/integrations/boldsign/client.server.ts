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
  ) {
    super(message)
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
