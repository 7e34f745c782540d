import { z } from 'zod'

import {
  COMMUNICATION_DIRECTIONS,
  COMMUNICATION_STATUSES,
  COMMUNICATION_TYPES,
} from '~/features/leads/communication-options'

export {
  COMMUNICATIONS_HEADING_ID,
  COMMUNICATION_DIRECTIONS,
  COMMUNICATION_STATUSES,
  COMMUNICATION_TYPES,
  communicationEntryId,
  communicationTypeLabel,
} from '~/features/leads/communication-options'

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
