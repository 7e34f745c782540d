/**
 * What the integration settings pages show and check in the browser, without
 * Zod: provider addresses, regions and messages. The forms' schemas are in
 * settings-schema.server.ts.
 */

const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]'])

/** localhost and 127.x: where local fakes of the providers listen in tests and demonstrations. */
export function isLoopbackUrl(url: string) {
  try {
    const { hostname } = new URL(url)
    return LOOPBACK_HOSTS.has(hostname) || /^127\.\d+\.\d+\.\d+$/.test(hostname)
  } catch {
    return false
  }
}

export const PROVIDER_URL_MESSAGE = 'Enter an https:// address, such as https://services.leadconnectorhq.com'

/**
 * A provider's address: https only (credentials and PHI travel there), or a
 * loopback address for a local fake, which the server allows only when
 * INTEGRATIONS_ALLOW_LOOPBACK (or MOCKS) says so.
 */
export function isAcceptableProviderUrl(value: string) {
  try {
    const url = new URL(value)
    if (url.username || url.password) return false
    if (url.protocol === 'https:') return true
    return url.protocol === 'http:' && isLoopbackUrl(value)
  } catch {
    return false
  }
}

/** Same address, written either way ('https://x.com' and 'https://x.com/'). */
export function sameProviderUrl(a: string, b: string) {
  try {
    return new URL(a).href === new URL(b).href
  } catch {
    return a === b
  }
}

export const NEW_ADDRESS_TOKEN_MESSAGE = 'Enter the token again to use it at a new address'
export const NEW_REGION_KEY_MESSAGE = 'Enter the API key again to use it in another region'

export const BOLDSIGN_REGIONS = [
  { value: 'https://api.boldsign.com', label: 'United States (api.boldsign.com)' },
  { value: 'https://api-eu.boldsign.com', label: 'Europe (api-eu.boldsign.com)' },
  { value: 'https://api-ca.boldsign.com', label: 'Canada (api-ca.boldsign.com)' },
  { value: 'https://api-au.boldsign.com', label: 'Australia (api-au.boldsign.com)' },
] as const
