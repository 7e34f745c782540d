import { z } from 'zod'
import { storableText } from '~/lib/form-input'
import { DEFAULT_SORT } from '~/lib/list-sort'
import { LEAD_PAGE_SIZE, LEAD_SORTS, LEAD_STATUSES } from '~/features/leads/options'
import { blankToUndefined, optionalText, addressFields, formatPhone } from '~/lib/schema-fields'

export {
  LEAD_PAGE_SIZE,
  LEAD_SORTS,
  LEAD_SORT_OPTIONS,
  LEAD_SOURCES,
  LEAD_STATUSES,
  LEAD_STATUS_FILTER_OPTIONS,
  effectiveStatus,
  sourceLabel,
  type LeadSort,
  type LeadStatus,
} from '~/features/leads/options'

/** The lead form's rules and messages, for forms and the JSON API alike. */
export const leadSchema = z.object({
  firstName: z
    .string({ error: 'First name is required' })
    .trim()
    .min(1, { message: 'First name is required' })
    .max(50, { message: 'First name must be less than 50 characters' }),
  lastName: z
    .string({ error: 'Last name is required' })
    .trim()
    .min(1, { message: 'Last name is required' })
    .max(50, { message: 'Last name must be less than 50 characters' }),
  email: z
    .string({ error: 'Valid email is required' })
    .trim()
    .email({ message: 'Valid email is required' })
    .max(100, { message: 'Email must be less than 100 characters' }),
  phone: z
    .string({ error: 'Phone number must be at least 10 digits' })
    .trim()
    .min(10, { message: 'Phone number must be at least 10 digits' })
    .max(20, { message: 'Phone number must be less than 20 characters' })
    .transform(formatPhone),
  ...addressFields,
  status: z.preprocess(
    blankToUndefined,
    z
      .enum(LEAD_STATUSES, { error: 'Status must be one of: new, contacted, qualified, converted, lost' })
      .default('new'),
  ),
  source: optionalText(50, 'Source must be less than 50 characters'),
  assignedTo: optionalText(100, 'Assigned to must be less than 100 characters'),
  notes: optionalText(1000, 'Notes must be less than 1000 characters'),
})
export type LeadInput = z.infer<typeof leadSchema>

/** The list's URL query: search, filters, order, view and page. */
export const leadListQuerySchema = z.object({
  q: z.string().trim().max(100).catch(''),
  status: z.enum(LEAD_STATUSES).optional().catch(undefined),
  source: z.string().trim().max(50).transform(storableText).optional().catch(undefined),
  sort: z.enum(LEAD_SORTS).catch(DEFAULT_SORT),
  view: z.enum(['cards', 'table']).catch('cards'),
  page: z.coerce.number().int().min(1).max(100_000).catch(1),
  pageSize: z.coerce.number().int().min(1).max(100).catch(LEAD_PAGE_SIZE),
})
export type LeadListQuery = z.infer<typeof leadListQuerySchema>

export function parseLeadListQuery(searchParams: URLSearchParams): LeadListQuery {
  return leadListQuerySchema.parse({
    q: searchParams.get('q') ?? '',
    status: searchParams.get('status') || undefined,
    source: searchParams.get('source') || undefined,
    sort: searchParams.get('sort') || DEFAULT_SORT,
    view: searchParams.get('view') ?? 'cards',
    page: searchParams.get('page') ?? 1,
    pageSize: searchParams.get('pageSize') ?? LEAD_PAGE_SIZE,
  })
}
