import { z } from 'zod'
import { AUDIT_ACTIONS } from '~/platform/audit.server'
import { isDateString } from '~/lib/time'

// Only the audit log's loader (and tests) import this: the filter form is a
// plain GET form, checked on the server.

const day = z
  .string()
  .trim()
  .refine(isDateString, { message: 'Enter a date as YYYY-MM-DD' })

/** Settings → Audit Log: the filter form (query string). Empty fields are "all". */
export const auditFilterSchema = z
  .object({
    action: z.enum(AUDIT_ACTIONS, { error: 'Choose an action from the list' }).optional(),
    entityType: z.string().trim().max(100, { message: 'Entity type is too long' }).optional(),
    userId: z.guid({ message: 'Choose a user from the list' }).optional(),
    from: day.optional(),
    to: day.optional(),
    page: z.coerce.number().int().min(1).max(1_000_000).catch(1).default(1),
  })
  .refine((value) => !value.from || !value.to || value.from <= value.to, {
    message: 'The "to" date must be on or after the "from" date',
    path: ['to'],
  })
