/**
 * Document types' path, limits and messages, without Zod: pages import these;
 * schema.ts checks against them on the server.
 */

/** The Settings tab that lists them. */
export const DOCUMENT_TYPES_PATH = '/settings/document-types'

/** The product's validation message, shown under the title 'Validation Error'. */
export const DOCUMENT_TYPE_REQUIRED_MESSAGE = 'Name and GHL Tag are required'
export const DOCUMENT_TYPE_VALIDATION_TITLE = 'Validation Error'
export const NAME_REQUIRED_MESSAGE = 'Name is required'
export const GHL_TAG_REQUIRED_MESSAGE = 'GHL Tag is required'

export const DOCUMENT_TYPE_NAME_MAX = 100
export const DOCUMENT_TYPE_DESCRIPTION_MAX = 500
export const DOCUMENT_TYPE_GHL_TAG_MAX = 100
export const DISPLAY_ORDER_MAX = 9999

/** 'Intake  Forms ' → 'intake-forms': trimmed, lower case, each run of whitespace one hyphen. */
export function normaliseTag(tag: string) {
  return tag.trim().toLowerCase().replace(/\s+/g, '-')
}

/** True when an error list is the required-fields case (the 'Validation Error' summary). */
export function isRequiredSummary(errors: ReadonlyArray<string | null | undefined> | null | undefined) {
  return Boolean(errors?.includes(DOCUMENT_TYPE_REQUIRED_MESSAGE))
}
