import { z } from 'zod'
import { EXPIRATION_DAY_OPTIONS, ESIGN_MESSAGE_MAX, ESIGN_TITLE_MAX } from '~/features/esign/options'
import { PORTAL_FIELD_TYPES } from '~/features/portal-signing/field-rules'
import { MANUAL_FIELD_ROWS, EXTRA_SIGNERS } from '~/features/portal-signing/prepare-options'

const optionalText = (max: number) => z.string().trim().max(max).optional()
const point = z.coerce.number().min(0, 'Must be 0 or more').max(5000, 'Must be at most 5000')

function fieldRow(index: number): Record<string, z.ZodType> {
  return {
    [`field${index}Type`]: z.enum(PORTAL_FIELD_TYPES).optional(),
    [`field${index}Signer`]: z.coerce.number().int().min(1).max(EXTRA_SIGNERS + 1).optional(),
    [`field${index}Label`]: optionalText(100),
    [`field${index}Page`]: z.coerce.number().int().min(1, 'Pages start at 1').max(500).optional(),
    [`field${index}X`]: point.optional(),
    [`field${index}Y`]: point.optional(),
    [`field${index}Width`]: point.optional(),
    [`field${index}Height`]: point.optional(),
    [`field${index}Required`]: z.literal('on').optional(),
  }
}

function extraSigner(index: number): Record<string, z.ZodType> {
  return { [`signer${index}Name`]: optionalText(200), [`signer${index}Email`]: z.string().trim().email('Enter a valid e-mail address').optional() }
}

/** The portal request form (/e-signatures/new-portal): flat names so it posts without JavaScript. */
export const portalPrepareSchema = z
  .object({
    documentId: z.string({ error: 'Choose a PDF from the library' }).uuid('Choose a PDF from the library'),
    person: z.string({ error: 'Choose who signs first' }).regex(/^(lead|patient|caregiver):[0-9a-f-]{36}$/, 'Choose who signs first'),
    title: z.string({ error: 'Title is required' }).trim().min(1, 'Title is required').max(ESIGN_TITLE_MAX),
    message: optionalText(ESIGN_MESSAGE_MAX),
    expirationDays: z.coerce.number().refine((days) => (EXPIRATION_DAY_OPTIONS as readonly number[]).includes(days), 'Choose an expiration'),
    placement: z.enum(['pdf_fields', 'signature_page', 'manual'], { error: 'Choose where the fields go' }),
    ...(Object.assign({}, ...Array.from({ length: EXTRA_SIGNERS }, (_v, i) => extraSigner(i + 2))) as Record<string, z.ZodType>),
    ...(Object.assign({}, ...Array.from({ length: MANUAL_FIELD_ROWS }, (_v, i) => fieldRow(i + 1))) as Record<string, z.ZodType>),
  })
  .superRefine((value, ctx) => {
    const record = value as PortalPrepareInput
    for (let index = 2; index <= EXTRA_SIGNERS + 1; index++) {
      if (record[`signer${index}Name`] && !record[`signer${index}Email`]) ctx.addIssue({ code: 'custom', path: [`signer${index}Email`], message: 'E-mail is required' })
      if (record[`signer${index}Email`] && !record[`signer${index}Name`]) ctx.addIssue({ code: 'custom', path: [`signer${index}Name`], message: 'Name is required' })
    }
    if (value.placement !== 'manual') return
    let placed = 0
    for (let index = 1; index <= MANUAL_FIELD_ROWS; index++) {
      if (!record[`field${index}Type`]) continue
      placed++
      for (const part of ['Signer', 'Page', 'X', 'Y', 'Width', 'Height']) {
        if (record[`field${index}${part}`] === undefined) ctx.addIssue({ code: 'custom', path: [`field${index}${part}`], message: 'Required for a placed field' })
      }
    }
    if (placed === 0) ctx.addIssue({ code: 'custom', path: ['field1Type'], message: 'Place at least one field' })
  })

/** The named fields, plus signer{n}Name/Email and field{n}Type/Signer/Label/Page/X/Y/Width/Height/Required. */
export type PortalPrepareInput = {
  documentId: string
  person: string
  title: string
  message?: string
  expirationDays: number
  placement: 'pdf_fields' | 'signature_page' | 'manual'
} & Record<string, unknown>

/** The lock screen after in-person signing: the staff member's password, and their code when they use MFA. */
export const signingLockSchema = z.object({
  password: z.string({ error: 'Enter your password' }).max(1000, 'Password is incorrect'),
  code: z.string().trim().max(100).optional(),
})
export type SigningLockForm = z.input<typeof signingLockSchema>

/**
 * The sending dialog on a lead, with the Portal chosen: a library PDF and a
 * signature page or the PDF's own fields, the lead signing alone. Placing
 * fields by hand is the full preparation page's.
 */
export const portalLeadSendSchema = z.object({
  provider: z.literal('portal'),
  documentId: z.string({ error: 'Choose a PDF from the library' }).uuid('Choose a PDF from the library'),
  placement: z.enum(['signature_page', 'pdf_fields'], { error: 'Choose where the signature goes' }),
  title: z.string({ error: 'Title is required' }).trim().min(1, 'Title is required').max(ESIGN_TITLE_MAX),
  message: optionalText(ESIGN_MESSAGE_MAX),
  expirationDays: z.coerce.number().refine((days) => (EXPIRATION_DAY_OPTIONS as readonly number[]).includes(days), 'Choose an expiration'),
})
export type PortalLeadSendInput = z.output<typeof portalLeadSendSchema>
