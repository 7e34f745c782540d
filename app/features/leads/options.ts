import { defineListSorts } from '~/lib/list-sort'

/**
 * A lead's enumerations, labels and list orders, without Zod: pages import
 * these; the schemas (schema.ts) check against them on the server.
 */

export const LEAD_STATUSES = ['new', 'contacted', 'qualified', 'converted', 'lost'] as const
export type LeadStatus = (typeof LEAD_STATUSES)[number]

/** The list filter offers every status but lost. */
export const LEAD_STATUS_FILTER_OPTIONS = [
  { value: '', label: 'All Status' },
  { value: 'new', label: 'New' },
  { value: 'contacted', label: 'Contacted' },
  { value: 'qualified', label: 'Qualified' },
  { value: 'converted', label: 'Converted' },
] as const

export const LEAD_SOURCES = [
  { value: 'website', label: 'Website' },
  { value: 'referral', label: 'Referral' },
  { value: 'social-media', label: 'Social Media' },
  { value: 'phone-call', label: 'Phone Call' },
  { value: 'email', label: 'Email' },
  { value: 'gohighlevel', label: 'GoHighLevel' },
  { value: 'other', label: 'Other' },
] as const

export function sourceLabel(source: string | null | undefined) {
  if (!source) return 'Not specified'
  return LEAD_SOURCES.find((option) => option.value === source)?.label ?? source
}

/** A lead with a missing status is treated as new. */
export function effectiveStatus(status: string | null | undefined): string {
  return status || 'new'
}

export const LEAD_PAGE_SIZE = 12

/** The orders the list offers and its 'Sort by' choices; anything else is newest first. */
export const { values: LEAD_SORTS, options: LEAD_SORT_OPTIONS } = defineListSorts([
  { column: 'created', label: 'Created' },
  { column: 'name', label: 'Name' },
  { column: 'status', label: 'Status' },
])
export type LeadSort = (typeof LEAD_SORTS)[number]
