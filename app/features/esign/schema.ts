import { z } from 'zod'
import {
  ESIGN_MESSAGE_MAX,
  ESIGN_PROVIDERS,
  ESIGN_STATUSES,
  ESIGN_TITLE_MAX,
  EXPIRATION_DAY_OPTIONS,
  DEFAULT_EXPIRATION_DAYS,
  PORTAL_PROVIDER,
  SEND_MISSING_INFORMATION_MESSAGE,
  TEST_MISSING_INFORMATION_MESSAGE,
  UNKNOWN_PROVIDER_MESSAGE,
} from '~/features/esign/options'

const blank = (value: unknown) => (value === null || (typeof value === 'string' && value.trim() === '') ? undefined : value)
const required = (message: string) => z.preprocess(blank, z.string({ error: message }).trim().max(200, { message }))

const provider = z.preprocess(
  blank,
  z.string({ error: SEND_MISSING_INFORMATION_MESSAGE }).refine((value) => (ESIGN_PROVIDERS as readonly string[]).includes(value), {
    message: UNKNOWN_PROVIDER_MESSAGE,
  }),
) as unknown as z.ZodType<(typeof ESIGN_PROVIDERS)[number]>

const expirationDays = z.preprocess(
  (value) => (blank(value) === undefined ? undefined : typeof value === 'string' ? Number(value) : value),
  z
    .number({ error: 'Choose how many days the request stays open' })
    .refine((value) => (EXPIRATION_DAY_OPTIONS as readonly number[]).includes(value), {
      message: `Choose ${EXPIRATION_DAY_OPTIONS.join(', ')} days`,
    })
    .default(DEFAULT_EXPIRATION_DAYS),
)

const optionalText = (max: number, what: string) =>
  z.preprocess(blank, z.string().trim().max(max, { message: `${what} must be less than ${max} characters` }).optional())

/** Sending from a lead: provider and template required (the lead is the route's). Title and message default per provider. */
export const esignSendSchema = z.object({
  provider,
  templateId: required(SEND_MISSING_INFORMATION_MESSAGE),
  templateName: optionalText(200, 'Template name'),
  title: optionalText(ESIGN_TITLE_MAX, 'Document Title'),
  message: optionalText(ESIGN_MESSAGE_MAX, 'Custom Message'),
  expirationDays,
})
export type EsignSendInput = z.output<typeof esignSendSchema>

/** The test page: provider, template, recipient name and e-mail all required. */
export const esignTestSchema = z.object({
  provider: z.preprocess(
    blank,
    z.string({ error: TEST_MISSING_INFORMATION_MESSAGE }).refine((value) => (ESIGN_PROVIDERS as readonly string[]).includes(value), {
      message: UNKNOWN_PROVIDER_MESSAGE,
    }),
  ) as unknown as z.ZodType<(typeof ESIGN_PROVIDERS)[number]>,
  templateId: required(TEST_MISSING_INFORMATION_MESSAGE),
  templateName: optionalText(200, 'Template name'),
  recipientName: required(TEST_MISSING_INFORMATION_MESSAGE),
  recipientEmail: z.preprocess(
    blank,
    z.string({ error: TEST_MISSING_INFORMATION_MESSAGE }).trim().max(254).email({ message: 'Enter a valid e-mail address' }),
  ),
  message: optionalText(ESIGN_MESSAGE_MAX, 'Custom Message'),
})
export type EsignTestInput = z.output<typeof esignTestSchema>

/**
 * POST /api/goformz/esign-request and /api/boldsign/send: the bodies the
 * product's pages and scripts send. From a lead, `formData.lead_id` (or
 * `leadId`) names it and the recipient is the lead as stored; otherwise the
 * recipient is `recipient {name, email}` or `recipientName`/`recipientEmail`
 * (the test page, with `formData.test_mode`). `customMessage` is the test
 * page's name for `message`. Credentials in the body are not read: Zod drops
 * keys the schema does not name.
 */
export const esignApiBodySchema = z.object({
  templateId: required(SEND_MISSING_INFORMATION_MESSAGE),
  templateName: optionalText(200, 'Template name'),
  title: optionalText(ESIGN_TITLE_MAX, 'Document Title'),
  message: optionalText(ESIGN_MESSAGE_MAX, 'Custom Message'),
  customMessage: optionalText(ESIGN_MESSAGE_MAX, 'Custom Message'),
  expirationDays: z.preprocess(blank, expirationDays.optional()),
  leadId: z.preprocess(blank, z.string().max(100).optional()),
  recipient: z
    .object({
      name: z.preprocess(blank, z.string().trim().max(200).optional()),
      email: z.preprocess(blank, z.string().trim().max(254).email({ message: 'Enter a valid e-mail address' }).optional()),
    })
    .optional(),
  recipientName: z.preprocess(blank, z.string().trim().max(200).optional()),
  recipientEmail: z.preprocess(blank, z.string().trim().max(254).email({ message: 'Enter a valid e-mail address' }).optional()),
  formData: z
    .object({
      lead_id: z.preprocess(blank, z.string().max(100).optional()),
      test_mode: z.preprocess((value) => (value === 'true' ? true : value === 'false' ? false : value), z.boolean().optional()),
    })
    .optional(),
})
export type EsignApiBody = z.output<typeof esignApiBodySchema>

export const ESIGN_PAGE_SIZE = 12

/** The request list's URL query (the page and GET /api/esign/requests): filters and page. */
export const esignListQuerySchema = z.object({
  status: z.enum(ESIGN_STATUSES).optional().catch(undefined),
  provider: z.enum([...ESIGN_PROVIDERS, PORTAL_PROVIDER]).optional().catch(undefined),
  /** Words of the lead's (recipient's) name. */
  lead: z.string().trim().max(100).catch(''),
  page: z.coerce.number().int().min(1).max(100_000).catch(1),
  pageSize: z.coerce.number().int().min(1).max(100).catch(ESIGN_PAGE_SIZE),
  /** The page's Table/Cards switch; unset, the screen's width decides. */
  view: z.enum(['table', 'cards']).optional().catch(undefined),
})
export type EsignListQuery = z.infer<typeof esignListQuerySchema>

export function parseEsignListQuery(searchParams: URLSearchParams, pageSize = ESIGN_PAGE_SIZE): EsignListQuery {
  return esignListQuerySchema.parse({
    status: searchParams.get('status') || undefined,
    provider: searchParams.get('provider') || undefined,
    lead: searchParams.get('lead') ?? '',
    page: searchParams.get('page') ?? 1,
    pageSize: searchParams.get('pageSize') ?? pageSize,
    view: searchParams.get('view') || undefined,
  })
}
