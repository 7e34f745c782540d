import { defineListSorts } from '~/lib/list-sort'
import { titleCase } from '~/lib/misc'

/**
 * A caregiver's enumerations, labels and list orders, without Zod: pages
 * import these; the schemas (schema.ts) check against them on the server.
 */

/** Statuses and options, exactly as the product names them (they are stored and sent by the API). */
export const CAREGIVER_STATUSES = ['pending', 'active', 'inactive'] as const
export type CaregiverStatus = (typeof CAREGIVER_STATUSES)[number]

export const BACKGROUND_CHECK_STATUSES = ['pending', 'in_progress', 'cleared', 'failed'] as const
export type BackgroundCheckStatus = (typeof BACKGROUND_CHECK_STATUSES)[number]

export const YEARS_EXPERIENCE_OPTIONS = [
  { value: 'less-than-1', label: 'Less than 1 year' },
  { value: '1-2', label: '1-2 years' },
  { value: '3-5', label: '3-5 years' },
  { value: '5-10', label: '5-10 years' },
  { value: '10+', label: '10+ years' },
] as const

export const SPECIALIZATIONS = [
  'Elderly Care',
  'Dementia Care',
  'Post-Surgery Care',
  'Chronic Illness Management',
  'Pediatric Care',
  'Mental Health Support',
  'Physical Therapy',
  'Medication Management',
] as const

export const STATUS_FILTER_OPTIONS = [
  { value: '', label: 'All Status' },
  { value: 'active', label: 'Active' },
  { value: 'pending', label: 'Pending' },
  { value: 'inactive', label: 'Inactive' },
] as const

export const BACKGROUND_CHECK_LABELS: Record<BackgroundCheckStatus, string> = {
  pending: 'Pending',
  in_progress: 'In Progress',
  cleared: 'Cleared',
  failed: 'Failed',
}

export function yearsExperienceLabel(value: string) {
  return YEARS_EXPERIENCE_OPTIONS.find((option) => option.value === value)?.label ?? value
}

/** Largest hourly rate accepted, in dollars (keeps cents well inside a 32-bit column). */
export const MAX_HOURLY_RATE = 10_000

export const STATE_FIELD_LABELS = { status: 'Status', backgroundCheckStatus: 'Background check' } as const

/** A status or background check value as staff read it: 'in_progress' → 'In Progress'. */
export function stateLabel(field: keyof typeof STATE_FIELD_LABELS, value: string) {
  return field === 'backgroundCheckStatus' ? (BACKGROUND_CHECK_LABELS[value as BackgroundCheckStatus] ?? value) : titleCase(value)
}

/** One line of a caregiver's audit trail, from the entry's action and details. */
export function describeCaregiverActivity(action: string, details: Record<string, unknown>) {
  if (action === 'view') return 'Viewed the profile'
  if (action === 'create') {
    const files = Array.isArray(details.files) ? details.files.length : 0
    return files ? `Submitted the application with ${files} file${files === 1 ? '' : 's'}` : 'Submitted the application'
  }
  if (action === 'update') {
    if (details.field === 'status' || details.field === 'backgroundCheckStatus') {
      const field = details.field
      return `${STATE_FIELD_LABELS[field]}: ${stateLabel(field, String(details.from))} → ${stateLabel(field, String(details.to))}`
    }
    const removed = details.removedFile as { fileName?: string } | undefined
    if (removed) return `Removed the file ${removed.fileName ?? ''}`
    const parts: string[] = []
    if (Array.isArray(details.changed) && details.changed.length) parts.push(`Changed ${details.changed.join(', ')}`)
    if (Array.isArray(details.addedFiles) && details.addedFiles.length) {
      parts.push(`added ${details.addedFiles.length} file${details.addedFiles.length === 1 ? '' : 's'}`)
    }
    return parts.length ? parts.join('; ') : 'Saved without changes'
  }
  return titleCase(action)
}

export const CAREGIVER_PAGE_SIZE = 12

/** The orders the list offers and its 'Sort by' choices; anything else is newest first. */
export const { values: CAREGIVER_SORTS, options: CAREGIVER_SORT_OPTIONS } = defineListSorts([
  { column: 'created', label: 'Added' },
  { column: 'name', label: 'Name' },
  { column: 'status', label: 'Status' },
])
export type CaregiverSort = (typeof CAREGIVER_SORTS)[number]
