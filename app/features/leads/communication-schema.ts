import { z } from 'zod'

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

const values = <T extends ReadonlyArray<{ value: string }>>(options: T) =>
  options.map((option) => option.value) as [T[number]['value'], ...Array<T[number]['value']>]

const optionalText = z.preprocess(
  (value) => (value === '' || value === null ? undefined : value),
  z.string().optional(),
)

/**
 * Type, direction and status within their enumerations; the rest is free
 * text. createdBy is always the signed-in user, set by the server.
 */
export const communicationSchema = z.object({
  type: z.preprocess((v) => v || undefined, z.enum(values(COMMUNICATION_TYPES)).default('note')),
  direction: z.preprocess((v) => v || undefined, z.enum(values(COMMUNICATION_DIRECTIONS)).default('internal')),
  status: z.preprocess((v) => v || undefined, z.enum(values(COMMUNICATION_STATUSES)).default('completed')),
  subject: optionalText,
  content: optionalText,
  scheduledDate: optionalText,
  completedDate: optionalText,
})
export type CommunicationInput = z.infer<typeof communicationSchema>

export function communicationTypeLabel(type: string) {
  return COMMUNICATION_TYPES.find((option) => option.value === type)?.label ?? type
}
