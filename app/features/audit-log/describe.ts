/**
 * How an audit entry's details read on the audit log page: the fields a
 * change touched as people name them, and what a list read showed. Pure, so
 * the loader and the unit tests share it.
 */

const FIELD_LABELS: Record<string, string> = {
  firstName: 'First name',
  lastName: 'Last name',
  fullName: 'Full name',
  email: 'Email',
  phone: 'Phone',
  status: 'Status',
  source: 'Source',
  assignedTo: 'Assigned to',
  zipCode: 'ZIP code',
  dateOfBirth: 'Date of birth',
  registrationStatus: 'Registration status',
  careType: 'Care type',
  hourlyRate: 'Hourly rate',
  backgroundCheckStatus: 'Background check',
  isActive: 'Active',
  ghlTag: 'GoHighLevel tag',
  boldsignTemplateId: 'BoldSign template',
  q: 'Search',
}

/** 'zipCode' → 'ZIP code', 'emergencyContactName' → 'Emergency contact name'. */
export function fieldLabel(field: string) {
  const known = FIELD_LABELS[field]
  if (known) return known
  const words = field
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .split(/[_\s-]+/)
    .filter(Boolean)
    .join(' ')
    .toLowerCase()
  return words.charAt(0).toUpperCase() + words.slice(1)
}

/** A stored value as a person reads it: 'pending-review' → 'Pending review', true → 'Yes'. */
export function valueLabel(value: unknown): string {
  if (value === null || value === undefined || value === '') return 'none'
  if (typeof value === 'boolean') return value ? 'Yes' : 'No'
  if (typeof value === 'number') return String(value)
  if (typeof value !== 'string') return '…'
  const words = value.replace(/[_-]+/g, ' ')
  const text = words.charAt(0).toUpperCase() + words.slice(1)
  return text.length > 40 ? `${text.slice(0, 39)}…` : text
}

type Details = Record<string, unknown>

function asDetails(details: unknown): Details {
  return details && typeof details === 'object' && !Array.isArray(details) ? (details as Details) : {}
}

function strings(value: unknown): string[] {
  return Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : []
}

/**
 * 'Changed: Status (New → Lost), Phone' from the shapes changes record:
 * `{ changed: [...], from?, to? }`, `{ field, from, to }`,
 * `{ fields, changes: { field: { from, to } } }` and a registration's `{ step | steps, from?, to? }`.
 * Null when the entry names no field.
 */
export function describeChanges(details: unknown): string | null {
  const data = asDetails(details)
  const fields = [...strings(data.changed), ...strings(data.fields)]
  if (typeof data.field === 'string') fields.push(data.field)
  const changes = asDetails(data.changes)
  // A bare from/to belongs to the one field named, else to the record's status.
  const fromToField = 'from' in data || 'to' in data ? (fields.length === 1 ? fields[0]! : 'status') : null
  if (fromToField && !fields.includes(fromToField)) fields.push(fromToField)
  const steps = [...strings(data.steps), ...(typeof data.step === 'string' ? [data.step] : [])]
  const parts = steps.map((step) => `${valueLabel(step)} step`)
  for (const field of new Set(fields)) {
    const change = field in changes ? asDetails(changes[field]) : field === fromToField ? data : null
    // A password's values are never recorded, and never shown should one be.
    const values = change && field !== 'password' && ('from' in change || 'to' in change) ? ` (${valueLabel(change.from)} → ${valueLabel(change.to)})` : ''
    parts.push(`${fieldLabel(field)}${values}`)
  }
  return parts.length ? `Changed: ${parts.join(', ')}` : null
}

const LIST_NOUNS: Record<string, [one: string, many: string]> = {
  Lead: ['lead', 'leads'],
  Patient: ['patient', 'patients'],
  Caregiver: ['caregiver', 'caregivers'],
  Document: ['document', 'documents'],
}

/** The ids a list read recorded as shown (empty for any other entry). */
export function listedIds(details: unknown): string[] {
  return strings(asDetails(details).ids)
}

/**
 * 'Viewed a list of 12 leads (search "smith", status New)': how many records
 * a list read showed and for what search, without the ids.
 * `filterNames` turns a filter's stored value into its name (a document type's id).
 */
export function describeListView(entityType: string, details: unknown, filterNames: Record<string, string> = {}): string {
  const data = asDetails(details)
  const count = listedIds(data).length
  const [one, many] = LIST_NOUNS[entityType] ?? ['record', 'records']
  const filters: string[] = []
  for (const [key, value] of Object.entries(data)) {
    if (key === 'ids' || key === 'page' || value === '' || value == null) continue
    if (key === 'q') filters.push(`search "${String(value)}"`)
    else filters.push(`${fieldLabel(key).toLowerCase()} ${typeof value === 'string' && filterNames[value] ? filterNames[value] : valueLabel(value)}`)
  }
  if (typeof data.page === 'number' && data.page > 1) filters.push(`page ${data.page}`)
  const what = `Viewed a list of ${count} ${count === 1 ? one : many}`
  return filters.length ? `${what} (${filters.join(', ')})` : what
}

/** A line for an entry's other details worth reading (a download, files added or removed), or null. */
export function describeOther(action: string, details: unknown): string | null {
  const data = asDetails(details)
  if (action === 'view' && data.download === true) return typeof data.fileName === 'string' ? `Downloaded ${data.fileName}` : 'Downloaded the file'
  const added = Array.isArray(data.addedFiles) ? data.addedFiles.length : 0
  if (added) return `Added ${added} file${added === 1 ? '' : 's'}`
  const removed = asDetails(data.removedFile).fileName
  if (typeof removed === 'string') return `Removed file ${removed}`
  return null
}
