/**
 * Jotform as Settings and the converter page show it, without server code:
 * the regions, their addresses and the messages people read.
 */
export const JOTFORM_REGIONS = [
  {
    value: 'standard',
    label: 'Standard (api.jotform.com)',
    apiUrl: 'https://api.jotform.com',
    formHost: 'https://form.jotform.com',
  },
  { value: 'eu', label: 'Europe (eu-api.jotform.com)', apiUrl: 'https://eu-api.jotform.com', formHost: 'https://eu.jotform.com' },
  {
    value: 'hipaa',
    label: 'HIPAA (hipaa-api.jotform.com)',
    apiUrl: 'https://hipaa-api.jotform.com',
    formHost: 'https://hipaa.jotform.com',
  },
] as const

export type JotformRegion = (typeof JOTFORM_REGIONS)[number]['value']

export const JOTFORM_REGION_VALUES = JOTFORM_REGIONS.map((region) => region.value) as [JotformRegion, ...JotformRegion[]]

export function jotformRegion(value: string | null | undefined) {
  return JOTFORM_REGIONS.find((region) => region.value === value) ?? JOTFORM_REGIONS[0]
}

/** Where staff build a form on Jotform, whatever the region. */
export function jotformEditUrl(formId: string) {
  return `https://www.jotform.com/build/${encodeURIComponent(formId)}`
}

/** The page's catalogue turns any message containing 'API key' into this one. */
export const JOTFORM_API_KEY_MESSAGE = 'Jotform API configuration issue. Please check your API key setup.'
export const JOTFORM_SETTINGS_SAVED = 'Jotform settings saved'
export const JOTFORM_KEY_REMOVED = 'Jotform API key removed'
export const JOTFORM_CONNECTED = 'Connected to Jotform'
export const JOTFORM_CONNECTION_FAILED = 'Jotform connection failed'
export const JOTFORM_TEST_NEEDS_KEY = 'Enter an API key, or save one, to test the connection'
