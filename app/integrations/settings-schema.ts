import { z } from 'zod'

const blank = (value: unknown) => (value === '' || value === null ? undefined : value)

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

/** Settings → GoHighLevel. The token is write-only: blank keeps the saved one. */
export const ghlSettingsSchema = z.object({
  intent: z.enum(['save', 'test']).default('save'),
  accountName: z
    .string({ error: 'Account name is required' })
    .trim()
    .min(1, { message: 'Account name is required' })
    .max(100, { message: 'Account name must be less than 100 characters' }),
  locationId: z
    .string({ error: 'Location ID is required' })
    .trim()
    .min(1, { message: 'Location ID is required' })
    .max(100, { message: 'Location ID must be less than 100 characters' }),
  token: z.preprocess(blank, z.string().trim().max(2000).optional()),
  baseUrl: z.preprocess(
    blank,
    z
      .string()
      .trim()
      .url({ message: 'Enter a full URL, such as https://services.leadconnectorhq.com' })
      .refine((value) => !URL.canParse(value) || isAcceptableProviderUrl(value), { message: PROVIDER_URL_MESSAGE })
      .optional(),
  ),
  isActive: z.preprocess((value) => value === 'on' || value === true || value === 'true', z.boolean()),
})

export const BOLDSIGN_REGIONS = [
  { value: 'https://api.boldsign.com', label: 'United States (api.boldsign.com)' },
  { value: 'https://api-eu.boldsign.com', label: 'Europe (api-eu.boldsign.com)' },
  { value: 'https://api-ca.boldsign.com', label: 'Canada (api-ca.boldsign.com)' },
  { value: 'https://api-au.boldsign.com', label: 'Australia (api-au.boldsign.com)' },
] as const

/** Settings → BoldSign. The API key is write-only: blank keeps the saved one. */
export const boldsignSettingsSchema = z.object({
  apiKey: z.preprocess(blank, z.string().trim().max(500).optional()),
  webhookSecret: z.preprocess(blank, z.string().trim().max(500).optional()),
  baseUrl: z.enum(BOLDSIGN_REGIONS.map((region) => region.value) as [string, ...string[]], {
    error: 'Choose the region of your BoldSign account',
  }),
  isActive: z.preprocess((value) => value === 'on' || value === true || value === 'true', z.boolean()),
})
