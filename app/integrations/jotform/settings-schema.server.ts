import { z } from 'zod'
import { JOTFORM_REGION_VALUES } from '~/integrations/jotform/options'

const blank = (value: unknown) => (value === '' || value === null ? undefined : value)

const apiKey = z.preprocess(
  blank,
  z
    .string()
    .trim()
    .min(8, { message: 'A Jotform API key is at least 8 characters' })
    .max(200, { message: 'A Jotform API key is at most 200 characters' })
    .regex(/^[A-Za-z0-9_-]+$/, { message: 'A Jotform API key has letters and digits only' })
    .optional(),
)
const region = z.enum(JOTFORM_REGION_VALUES, { error: 'Choose the region of your Jotform account' })

/**
 * Settings → General's Jotform form: Save ('jotform-save') or Test connection
 * ('jotform-test'). The key is write-only: blank keeps the saved one;
 * 'Remove key' forgets it. A test tries the typed key, else the key in use.
 */
export const jotformSettingsSchema = z.object({
  intent: z.enum(['jotform-save', 'jotform-test']).default('jotform-save'),
  apiKey,
  region,
  removeKey: z.preprocess((value) => value === 'on' || value === true || value === 'true', z.boolean()),
})

export type JotformSettingsForm = z.input<typeof jotformSettingsSchema>
