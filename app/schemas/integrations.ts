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
