import { z } from 'zod'
import {
  ACCOUNT_NAME_REQUIRED_MESSAGE,
  API_KEY_REQUIRED_MESSAGE,
  API_SECRET_REQUIRED_MESSAGE,
  EXPIRY_DAYS_MESSAGE,
  GOFORMZ_ASSIGNEE_TYPES,
  GOFORMZ_EXPIRY_DAYS_DEFAULT,
  GOFORMZ_EXPIRY_DAYS_MAX,
  GOFORMZ_EXPIRY_DAYS_MIN,
  GOFORMZ_MISSING_FIELDS_MESSAGE,
} from '~/integrations/goformz/options'
import { PROVIDER_URL_MESSAGE, isAcceptableProviderUrl } from '~/integrations/settings-options'

const blank = (value: unknown) => (value === '' || value === null || (typeof value === 'string' && value.trim() === '') ? undefined : value)

/** Which secrets are already saved: a blank field keeps them, so they are required only when missing. */
export type SavedSecrets = { hasApiKey: boolean; hasApiSecret: boolean }

const secret = (required: boolean, message: string) =>
  z.preprocess(blank, required ? z.string({ error: message }).trim().max(500) : z.string().trim().max(500).optional())

const providerUrl = (example: string) =>
  z.preprocess(
    blank,
    z
      .string()
      .trim()
      .url({ message: `Enter a full URL, such as ${example}` })
      .refine((value) => !URL.canParse(value) || isAcceptableProviderUrl(value), {
        message: PROVIDER_URL_MESSAGE.replace('https://services.leadconnectorhq.com', example),
      })
      .optional(),
  )

function fields(saved: SavedSecrets) {
  return {
    accountName: z.preprocess(
      blank,
      z
        .string({ error: ACCOUNT_NAME_REQUIRED_MESSAGE })
        .trim()
        .max(100, { message: 'Account Name must be less than 100 characters' }),
    ),
    apiKey: secret(!saved.hasApiKey, API_KEY_REQUIRED_MESSAGE),
    apiSecret: secret(!saved.hasApiSecret, API_SECRET_REQUIRED_MESSAGE),
    baseUrl: providerUrl('https://api.goformz.com/v2'),
    oauthUrl: providerUrl('https://accounts.goformz.com/connect/token'),
    defaultExpiryDays: z.preprocess(
      (value) => (blank(value) === undefined ? undefined : typeof value === 'string' ? Number(value.trim()) : value),
      z
        .number({ error: EXPIRY_DAYS_MESSAGE })
        .int({ message: EXPIRY_DAYS_MESSAGE })
        .min(GOFORMZ_EXPIRY_DAYS_MIN, { message: EXPIRY_DAYS_MESSAGE })
        .max(GOFORMZ_EXPIRY_DAYS_MAX, { message: EXPIRY_DAYS_MESSAGE })
        .default(GOFORMZ_EXPIRY_DAYS_DEFAULT),
    ),
    assigneeType: z.preprocess(
      blank,
      z.enum(GOFORMZ_ASSIGNEE_TYPES.map((type) => type.value) as ['User', 'Group'], { error: 'Choose User or Group' }).optional(),
    ),
    assigneeId: z.preprocess(blank, z.string().trim().max(100, { message: 'The GoFormz id must be less than 100 characters' }).optional()),
  }
}

/**
 * When the account name, key or secret is missing, the whole form also
 * carries the product's summary message (path []), beside the fields' own.
 */
const missingSummary = z.refine<Record<string, unknown>>(() => false, {
  message: GOFORMZ_MISSING_FIELDS_MESSAGE,
  when: (payload) =>
    payload.issues.some(
      (issue) =>
        issue.path?.length === 1 &&
        ['accountName', 'apiKey', 'apiSecret'].includes(String(issue.path[0])) &&
        (issue.code === 'invalid_type' || issue.code === 'too_small'),
    ),
})

const checkbox = z.preprocess((value) => value === 'on' || value === true || value === 'true', z.boolean())
const jsonFlag = (name: string) => z.boolean({ error: `${name} must be true or false` }).default(true)

const formSchemas = new Map<string, ReturnType<typeof buildFormSchema>>()

function buildFormSchema(saved: SavedSecrets) {
  return z
    .object({
      intent: z.literal('save').default('save'),
      ...fields(saved),
      isActive: checkbox,
      enableEmailNotifications: checkbox,
      enableESignatureReminders: checkbox,
    })
    .check(missingSummary)
}

/** Settings → GoFormz's form (checkboxes: absent is off). One schema object per case, so its rules are computed once. */
export function goformzSettingsFormSchema(saved: SavedSecrets) {
  const key = `${saved.hasApiKey}:${saved.hasApiSecret}`
  let schema = formSchemas.get(key)
  if (!schema) formSchemas.set(key, (schema = buildFormSchema(saved)))
  return schema
}

/** POST /api/goformz/settings's body: the flags are booleans, on when absent. */
export function goformzSettingsApiSchema(saved: SavedSecrets) {
  return z
    .object({
      ...fields(saved),
      isActive: jsonFlag('isActive'),
      enableEmailNotifications: jsonFlag('enableEmailNotifications'),
      enableESignatureReminders: jsonFlag('enableESignatureReminders'),
    })
    .check(missingSummary)
}

/** Test Connection: the key and secret typed (blank: the saved ones) and the addresses. */
export const goformzTestSchema = z.object({
  intent: z.literal('test').default('test'),
  apiKey: z.preprocess(blank, z.string().trim().max(500).optional()),
  apiSecret: z.preprocess(blank, z.string().trim().max(500).optional()),
  baseUrl: providerUrl('https://api.goformz.com/v2'),
  oauthUrl: providerUrl('https://accounts.goformz.com/connect/token'),
})

/**
 * The JSON API's 400 body: the product's message when the account name,
 * key or secret is missing, else 'Invalid GoFormz settings'; messages per
 * field without the summary repeated.
 */
export function goformzSettingsApiError(error: z.ZodError) {
  const fieldErrors: Record<string, string[]> = {}
  let missing = false
  for (const issue of error.issues) {
    if (issue.path.length === 0 && issue.message === GOFORMZ_MISSING_FIELDS_MESSAGE) {
      missing = true
      continue
    }
    const key = issue.path.join('.') || '_'
    ;(fieldErrors[key] ??= []).push(issue.message)
  }
  return { error: missing ? GOFORMZ_MISSING_FIELDS_MESSAGE : 'Invalid GoFormz settings', fieldErrors }
}

export type GoformzSettingsFormValue = z.output<ReturnType<typeof goformzSettingsFormSchema>>
export type GoformzSettingsFormInput = z.input<ReturnType<typeof goformzSettingsFormSchema>>
