import crypto from 'node:crypto'
import { JotformError, getJotformUser } from '~/integrations/jotform/client.server'
import { getJotformConfig, getJotformSettingsView } from '~/integrations/jotform/settings.server'

/** Jotform as the /pdf-to-form system status card shows it. */
export type JotformStatus = {
  configured: boolean
  /** null when not configured or not checked. */
  reachable: boolean | null
  region: 'standard' | 'eu' | 'hipaa'
  error: string | null
}

/** A page view must not wait on Jotform for long, nor ask it on every view. */
const STATUS_TIMEOUT_MS = 3_000
const STATUS_CACHE_MS = 60_000
let cached: { fingerprint: string; at: number; status: JotformStatus } | null = null

/** Forgets the cached answer (settings saved, tests). */
export function clearJotformStatusCache() {
  cached = null
}

/**
 * Whether Jotform is configured and answers GET /user with the key in use,
 * checked at most once a minute per key and address.
 */
export async function getJotformStatus(): Promise<JotformStatus> {
  const config = await getJotformConfig()
  if (!config) {
    const { region } = await getJotformSettingsView()
    return { configured: false, reachable: null, region, error: null }
  }
  const fingerprint = crypto.createHash('sha256').update(`${config.baseUrl}\n${config.apiKey}`).digest('hex')
  if (cached && cached.fingerprint === fingerprint && Date.now() - cached.at < STATUS_CACHE_MS) return cached.status
  let status: JotformStatus
  try {
    await getJotformUser(config, { timeoutMs: STATUS_TIMEOUT_MS })
    status = { configured: true, reachable: true, region: config.region, error: null }
  } catch (error) {
    if (!(error instanceof JotformError)) throw error
    status = { configured: true, reachable: false, region: config.region, error: error.message }
  }
  cached = { fingerprint, at: Date.now(), status }
  return status
}
