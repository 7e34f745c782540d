import { defineListSorts } from '~/lib/list-sort'

/**
 * The document library's categories, limits and list orders, without Zod:
 * pages import these; schema.ts checks against them on the server.
 */

export const DOCUMENT_CATEGORIES = [
  { value: 'general', label: 'General' },
  { value: 'forms', label: 'Forms' },
  { value: 'policies', label: 'Policies' },
  { value: 'agreements', label: 'Agreements' },
  { value: 'medical', label: 'Medical Records' },
  { value: 'billing', label: 'Billing Documents' },
  { value: 'correspondence', label: 'Correspondence' },
] as const
export type CategoryValue = (typeof DOCUMENT_CATEGORIES)[number]['value']

export function categoryLabel(value: string) {
  return DOCUMENT_CATEGORIES.find((category) => category.value === value)?.label ?? value
}

/** 50 MB, as the upload hint says ('Select a PDF file (max 50MB)'). */
export const MAX_DOCUMENT_BYTES = 50 * 1024 * 1024
export const DOCUMENT_PAGE_SIZE = 25

/** The orders the list offers and its 'Sort by' choices; anything else is newest first. */
export const { values: DOCUMENT_SORTS, options: DOCUMENT_SORT_OPTIONS } = defineListSorts([
  { column: 'created', label: 'Uploaded' },
  { column: 'name', label: 'Name' },
])
export type DocumentSort = (typeof DOCUMENT_SORTS)[number]
