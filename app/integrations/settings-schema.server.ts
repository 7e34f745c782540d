import { z } from 'zod'
import { BOLDSIGN_REGIONS, PROVIDER_URL_MESSAGE, isAcceptableProviderUrl } from '~/integrations/settings-options'

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
    z
      .string()
      .trim()
      .url({ message: 'Enter a full URL, such as https://services.leadconnectorhq.com' })
      .refine((value) => !URL.canParse(value) || isAcceptableProviderUrl(value), { message: PROVIDER_URL_MESSAGE })
      .optional(),
  ),
  isActive: z.preprocess((value) => value === 'on' || value === true || value === 'true', z.boolean()),
})
export type GhlSettingsForm = z.input<typeof ghlSettingsSchema>

/** Settings → BoldSign. The API key is write-only: blank keeps the saved one. */
export const boldsignSettingsSchema = z.object({
  apiKey: z.preprocess(blank, z.string().trim().max(500).optional()),
  webhookSecret: z.preprocess(blank, z.string().trim().max(500).optional()),
  baseUrl: z.enum(BOLDSIGN_REGIONS.map((region) => region.value) as [string, ...string[]], {
    error: 'Choose the region of your BoldSign account',
  }),
  isActive: z.preprocess((value) => value === 'on' || value === true || value === 'true', z.boolean()),
})
export type BoldsignSettingsForm = z.input<typeof boldsignSettingsSchema>
