import { z } from 'zod'

const blank = (value: unknown) => (value === '' || value === null ? undefined : value)

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
    z.string().trim().url({ message: 'Enter a full URL, such as https://services.leadconnectorhq.com' }).optional(),
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
