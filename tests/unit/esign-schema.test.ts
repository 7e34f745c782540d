import { describe, expect, test } from 'vitest'
import {
  DEFAULT_ESIGN_MESSAGE,
  DEFAULT_EXPIRATION_DAYS,
  ESIGN_STATUSES,
  EXPIRATION_DAY_OPTIONS,
  NOT_CONNECTED_HINT,
  NO_TEMPLATES_MESSAGE,
  SEND_FAILED_DEFAULT_MESSAGE,
  SEND_FAILED_TITLE,
  TEST_FAILED_DEFAULT_MESSAGE,
  TEST_FAILED_TITLE,
  TEST_SUCCESS_TITLE,
  defaultDocumentTitle,
  testSuccessMessage,
} from '~/features/esign/options'
import { esignSendSchema, esignTestSchema } from '~/features/esign/schema'
import {
  goformzSettingsApiError,
  goformzSettingsApiSchema,
  goformzSettingsFormSchema,
} from '~/integrations/goformz/settings-schema.server'
import {
  CONNECTION_FAILED_DESCRIPTION,
  CONNECTION_FAILED_TITLE,
  CONNECTION_SUCCESS_DESCRIPTION,
  CONNECTION_SUCCESS_TITLE,
  CONNECTION_TEST_FAILED_TITLE,
  GOFORMZ_DEFAULT_BASE_URL,
  GOFORMZ_DEFAULT_TOKEN_URL,
  SAVE_FAILED_TITLE,
  SETTINGS_SAVED_TITLE,
} from '~/integrations/goformz/options'
import { getEnv, resetEnvCache } from '~/platform/env.server'
import { parseWithZod } from '~/lib/form-input'

const MISSING = 'Missing Required Fields: Please fill in all required fields: Account Name, API Key, and API Secret'

function errorsOf(result: { success: boolean; error?: { issues: Array<{ path: PropertyKey[]; message: string }> } }) {
  return Object.fromEntries((result.error?.issues ?? []).map((issue) => [issue.path.join('.') || '_', issue.message]))
}

describe('e-signature texts and options', () => {
  test('the product’s defaults, options and messages', () => {
    expect(EXPIRATION_DAY_OPTIONS).toEqual([7, 14, 30, 60, 90])
    expect(DEFAULT_EXPIRATION_DAYS).toBe(30)
    expect(defaultDocumentTitle('goformz', 'Maria Garcia')).toBe('Healthcare Form - Maria Garcia')
    expect(defaultDocumentTitle('boldsign', 'Maria Garcia')).toBe('Healthcare Document - Maria Garcia')
    expect(DEFAULT_ESIGN_MESSAGE).toBe('Please review and sign this healthcare document.')
    expect(testSuccessMessage('boldsign')).toBe('BoldSign e-signature request sent successfully.')
    expect(testSuccessMessage('goformz')).toBe('GoFormz e-signature request sent successfully.')
    expect([SEND_FAILED_TITLE, SEND_FAILED_DEFAULT_MESSAGE, TEST_FAILED_TITLE, TEST_FAILED_DEFAULT_MESSAGE, TEST_SUCCESS_TITLE]).toEqual([
      'E-signature Request Failed',
      'Failed to send e-signature request',
      'Test Failed',
      'Failed to send test e-signature',
      'Test Successful!',
    ])
    expect(NOT_CONNECTED_HINT).toBe('Configure this provider in Settings to enable e-signatures')
    expect(NO_TEMPLATES_MESSAGE).toBe('No Templates Found')
    expect(ESIGN_STATUSES).toEqual(expect.arrayContaining(['sent', 'viewed', 'signed', 'completed', 'declined', 'expired', 'cancelled', 'failed']))
    expect([CONNECTION_SUCCESS_TITLE, CONNECTION_SUCCESS_DESCRIPTION, CONNECTION_FAILED_TITLE, CONNECTION_FAILED_DESCRIPTION]).toEqual([
      'Connection Successful!',
      'GoFormz API credentials are valid and working.',
      'Connection Failed',
      'Unable to connect to GoFormz API',
    ])
    expect([CONNECTION_TEST_FAILED_TITLE, SETTINGS_SAVED_TITLE, SAVE_FAILED_TITLE]).toEqual(['Connection Test Failed', 'Settings Saved', 'Save Failed'])
  })

  test('the GoFormz addresses default to the v2 API and its token endpoint', () => {
    resetEnvCache()
    expect(GOFORMZ_DEFAULT_BASE_URL).toBe('https://api.goformz.com/v2')
    expect(GOFORMZ_DEFAULT_TOKEN_URL).toBe('https://accounts.goformz.com/connect/token')
    const env = getEnv()
    if (!process.env.GOFORMZ_API_BASE_URL) expect(env.GOFORMZ_API_BASE_URL).toBe(GOFORMZ_DEFAULT_BASE_URL)
    if (!process.env.GOFORMZ_TOKEN_URL) expect(env.GOFORMZ_TOKEN_URL).toBe(GOFORMZ_DEFAULT_TOKEN_URL)
  })
})

describe('sending from a lead', () => {
  test('a provider and a template are required: Missing Information’s message', () => {
    const result = esignSendSchema.safeParse({})
    expect(errorsOf(result)).toEqual({ provider: 'Please select a provider and template', templateId: 'Please select a provider and template' })
  })

  test('an unknown provider is refused as such', () => {
    expect(errorsOf(esignSendSchema.safeParse({ provider: 'docusign', templateId: 't' }))).toEqual({ provider: 'Unknown provider' })
  })

  test('expiration is one of 7, 14, 30, 60, 90 days, 30 when absent', () => {
    expect(esignSendSchema.parse({ provider: 'goformz', templateId: 't' }).expirationDays).toBe(30)
    expect(esignSendSchema.parse({ provider: 'goformz', templateId: 't', expirationDays: '90' }).expirationDays).toBe(90)
    expect(errorsOf(esignSendSchema.safeParse({ provider: 'goformz', templateId: 't', expirationDays: 45 }))).toEqual({
      expirationDays: 'Choose 7, 14, 30, 60, 90 days',
    })
  })
})

describe('the test page', () => {
  test('provider, template, recipient name and e-mail are all required', () => {
    expect(new Set(Object.values(errorsOf(esignTestSchema.safeParse({}))))).toEqual(
      new Set(['Please select provider, template, and enter test details']),
    )
    expect(Object.keys(errorsOf(esignTestSchema.safeParse({})))).toEqual(['provider', 'templateId', 'recipientName', 'recipientEmail'])
    expect(errorsOf(esignTestSchema.safeParse({ provider: 'boldsign', templateId: 't', recipientName: 'A', recipientEmail: 'nope' }))).toEqual({
      recipientEmail: 'Enter a valid e-mail address',
    })
  })
})

describe('GoFormz settings', () => {
  const none = { hasApiKey: false, hasApiSecret: false }
  const saved = { hasApiKey: true, hasApiSecret: true }

  test('account name, key and secret missing: the summary and each field’s message', () => {
    const result = goformzSettingsApiSchema(none).safeParse({ accountName: ' ' })
    expect(result.success).toBe(false)
    expect(goformzSettingsApiError(result.error!)).toEqual({
      error: MISSING,
      fieldErrors: { accountName: ['Account Name is required'], apiKey: ['API Key is required'], apiSecret: ['API Secret is required'] },
    })
  })

  test('saved secrets need not be entered again; the account name still is required', () => {
    expect(goformzSettingsApiSchema(saved).safeParse({ accountName: 'Sunrise' }).success).toBe(true)
    const result = goformzSettingsApiSchema(saved).safeParse({})
    expect(goformzSettingsApiError(result.error!).error).toBe(MISSING)
  })

  test('defaults: active, 30 days, notifications and reminders on', () => {
    expect(goformzSettingsApiSchema(saved).parse({ accountName: 'Sunrise' })).toMatchObject({
      isActive: true,
      defaultExpiryDays: 30,
      enableEmailNotifications: true,
      enableESignatureReminders: true,
    })
  })

  test('expiry days from 1 to 365', () => {
    const message = 'Default expiry must be a whole number of days from 1 to 365'
    for (const days of [0, 366, 1.5, 'x']) {
      expect(errorsOf(goformzSettingsApiSchema(saved).safeParse({ accountName: 'A', defaultExpiryDays: days }))).toEqual({ defaultExpiryDays: message })
    }
    for (const days of [1, 365]) expect(goformzSettingsApiSchema(saved).safeParse({ accountName: 'A', defaultExpiryDays: days }).success).toBe(true)
  })

  test('addresses must be https (or a local fake’s loopback address)', () => {
    expect(errorsOf(goformzSettingsApiSchema(saved).safeParse({ accountName: 'A', baseUrl: 'http://api.example.com/v2' }))).toEqual({
      baseUrl: 'Enter an https:// address, such as https://api.goformz.com/v2',
    })
    expect(goformzSettingsApiSchema(saved).safeParse({ accountName: 'A', baseUrl: 'http://127.0.0.1:9999/v2' }).success).toBe(true)
  })

  test('the page form: unchecked boxes are off, and the summary is the form’s own error', () => {
    const form = new FormData()
    const submission = parseWithZod(form, { schema: goformzSettingsFormSchema(none) })
    expect(submission.status === 'error' && submission.error?.['']).toEqual([MISSING])
    const filled = new FormData()
    filled.set('accountName', 'Sunrise')
    const parsed = parseWithZod(filled, { schema: goformzSettingsFormSchema(saved) })
    expect(parsed.status === 'success' && parsed.value).toMatchObject({ isActive: false, enableEmailNotifications: false, defaultExpiryDays: 30 })
  })
})
