/**
 * A communication's enumerations and labels, without Zod: pages import
 * these; communication-schema.ts checks against them on the server.
 */

export const COMMUNICATION_TYPES = [
  { value: 'email', label: 'Email' },
  { value: 'phone', label: 'Phone Call' },
  { value: 'meeting', label: 'Meeting' },
  { value: 'note', label: 'Note' },
  { value: 'sms', label: 'SMS' },
  { value: 'task', label: 'Task' },
] as const
export const COMMUNICATION_DIRECTIONS = [
  { value: 'inbound', label: 'Inbound' },
  { value: 'outbound', label: 'Outbound' },
  { value: 'internal', label: 'Internal' },
] as const
export const COMMUNICATION_STATUSES = [
  { value: 'completed', label: 'Completed' },
  { value: 'scheduled', label: 'Scheduled' },
  { value: 'failed', label: 'Failed' },
  { value: 'cancelled', label: 'Cancelled' },
] as const

/**
 * Where a save leaves the user on the lead's page, as element ids (URL
 * fragments): the entry logged or changed, or the history's heading once an
 * entry is deleted. Never the page's buttons, some of which act at once.
 */
export function communicationEntryId(communicationId: string) {
  return `communication-${communicationId}`
}
export const COMMUNICATIONS_HEADING_ID = 'communications-heading'

export function communicationTypeLabel(type: string) {
  return COMMUNICATION_TYPES.find((option) => option.value === type)?.label ?? type
}
