/**
 * GoFormz settings' defaults, limits and messages, without Zod: the settings
 * page imports these; settings-schema.server.ts checks against them.
 */

export const GOFORMZ_DEFAULT_BASE_URL = 'https://api.goformz.com/v2'
export const GOFORMZ_DEFAULT_TOKEN_URL = 'https://accounts.goformz.com/connect/token'

export const GOFORMZ_EXPIRY_DAYS_MIN = 1
export const GOFORMZ_EXPIRY_DAYS_MAX = 365
export const GOFORMZ_EXPIRY_DAYS_DEFAULT = 30

export const GOFORMZ_ASSIGNEE_TYPES = [
  { value: 'User', label: 'User' },
  { value: 'Group', label: 'Group' },
] as const
export type GoformzAssigneeType = (typeof GOFORMZ_ASSIGNEE_TYPES)[number]['value']

/** Toast title and description when the account name, key or secret is missing. */
export const GOFORMZ_MISSING_FIELDS_TITLE = 'Missing Required Fields'
export const GOFORMZ_MISSING_FIELDS_DESCRIPTION = 'Please fill in all required fields: Account Name, API Key, and API Secret'
/** The same, as one message (the JSON API's error and the form's summary). */
export const GOFORMZ_MISSING_FIELDS_MESSAGE = `${GOFORMZ_MISSING_FIELDS_TITLE}: ${GOFORMZ_MISSING_FIELDS_DESCRIPTION}`

export const ACCOUNT_NAME_REQUIRED_MESSAGE = 'Account Name is required'
export const API_KEY_REQUIRED_MESSAGE = 'API Key is required'
export const API_SECRET_REQUIRED_MESSAGE = 'API Secret is required'
export const EXPIRY_DAYS_MESSAGE = `Default expiry must be a whole number of days from ${GOFORMZ_EXPIRY_DAYS_MIN} to ${GOFORMZ_EXPIRY_DAYS_MAX}`
export const NEW_ADDRESS_CREDENTIALS_MESSAGE = 'Enter the API key and secret again to use them at a new address'

export const CONNECTION_SUCCESS_TITLE = 'Connection Successful!'
export const CONNECTION_SUCCESS_DESCRIPTION = 'GoFormz API credentials are valid and working.'
export const CONNECTION_FAILED_TITLE = 'Connection Failed'
export const CONNECTION_FAILED_DESCRIPTION = 'Unable to connect to GoFormz API'
export const CONNECTION_TEST_FAILED_TITLE = 'Connection Test Failed'
export const SETTINGS_SAVED_TITLE = 'Settings Saved'
export const SAVE_FAILED_TITLE = 'Save Failed'
/** Test Connection needs credentials to try: typed in the form or saved before. */
export const TEST_NEEDS_CREDENTIALS_MESSAGE = 'Enter the API key and secret (or save them) before testing the connection'

export type GoformzConnectionStatus = 'unknown' | 'connected' | 'failed'

export const CONNECTION_STATUS_LABELS: Record<GoformzConnectionStatus, string> = {
  unknown: 'Not tested',
  connected: 'Connected',
  failed: 'Not Connected',
}
