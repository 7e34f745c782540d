import { z } from 'zod'
import type { Prisma } from '~/generated/prisma/client'
import { type LeadInput, LEAD_STATUSES, type LeadStatus, leadSchema } from '~/features/leads/schema'
import { createLead, setLeadSyncState, updateLead } from '~/features/leads/leads.server'
import { syncLeadNow } from '~/features/leads/ghl-sync.server'
import { checkGhlWebhookTimestamp } from '~/integrations/gohighlevel/webhook.server'
import { systemActor } from '~/platform/actor'
import { prisma } from '~/platform/db.server'
import { PermanentJobError, enqueueJobs } from '~/platform/jobs.server'

/**
 * GoHighLevel's two webhooks (docs/adr/0022-gohighlevel-webhooks.md): the
 * route checks the signature; this checks the timestamp and the body, records
 * the webhookId (a repeat is acknowledged and ignored) and queues the work in
 * the same transaction. The jobs change leads through the leads service, as
 * the system actor 'ghl-webhook', and never send the change back.
 */
export const GHL_WEBHOOK_PROVIDER = 'gohighlevel'
export const GHL_CONTACT_EVENT_JOB = 'ghl.contactEvent'
export const GHL_FORM_SUBMISSION_JOB = 'ghl.formSubmission'
export const GHL_WEBHOOK_ACTOR = systemActor('ghl-webhook')
/** The source of a lead made from a GoHighLevel form that names none. */
export const GHL_FORM_SOURCE = 'GoHighLevel form'

/** Contact events this portal follows; any other event type is acknowledged and ignored. */
export const GHL_CONTACT_EVENTS = ['ContactCreate', 'ContactUpdate', 'ContactTagUpdate', 'ContactDndUpdate'] as const

const text = (max: number) => z.string().trim().max(max).optional().nullable()
const id = z.string().trim().min(1).max(200)
const envelope = { webhookId: id, timestamp: z.union([z.string(), z.number()]) }

const contactEventSchema = z.object({
  ...envelope,
  type: z.string().trim().min(1).max(100),
  locationId: text(100),
  id: id.optional(),
  contactId: id.optional(),
  firstName: text(200),
  lastName: text(200),
  email: text(320),
  phone: text(50),
  tags: z.array(z.string().max(200)).max(500).optional().nullable(),
})

/**
 * A form submission as a workflow "Webhook" action sends it: the contact's
 * standard fields in camelCase or GoHighLevel's snake_case merge names.
 */
const formSubmissionSchema = z
  .object({
    ...envelope,
    contactId: id.optional(),
    contact_id: id.optional(),
    firstName: text(200),
    first_name: text(200),
    lastName: text(200),
    last_name: text(200),
    full_name: text(400),
    email: text(320),
    phone: text(50),
    source: text(200),
    contact_source: text(200),
  })
  .transform((body) => {
    const [first, ...rest] = (body.full_name ?? '').trim().split(/\s+/)
    return {
      webhookId: body.webhookId,
      timestamp: body.timestamp,
      contactId: body.contactId ?? body.contact_id ?? null,
      lead: {
        firstName: body.firstName ?? body.first_name ?? first ?? '',
        lastName: body.lastName ?? body.last_name ?? rest.join(' '),
        email: body.email ?? '',
        phone: body.phone ?? '',
        source: (body.source ?? body.contact_source ?? GHL_FORM_SOURCE).slice(0, 50),
      },
    }
  })

/** The lead a form submission makes: the lead form's own rules. */
const formLeadSchema = leadSchema.pick({ firstName: true, lastName: true, email: true, phone: true, source: true })

export type GhlWebhookKind = 'lead-updates' | 'form'

export type GhlWebhookReceipt =
  | { outcome: 'queued' | 'duplicate' | 'ignored' }
  | { outcome: 'stale' | 'future'; error: string }
  | { outcome: 'invalid'; error: string; fieldErrors?: Record<string, string[]> }

function fieldErrorsOf(error: z.ZodError) {
  const fieldErrors: Record<string, string[]> = {}
  for (const issue of error.issues) (fieldErrors[issue.path.join('.') || '_'] ??= []).push(issue.message)
  return fieldErrors
}

type ContactEventJob = {
  event: string
  contactId: string
  firstName: string | null
  lastName: string | null
  email: string | null
  phone: string | null
  tags: string[] | null
}
type FormSubmissionJob = { contactId: string | null; lead: z.infer<typeof formLeadSchema> }

function prepare(kind: GhlWebhookKind, body: unknown): GhlWebhookReceipt | { webhookId: string; job: { type: string; payload: Prisma.InputJsonObject } } {
  if (kind === 'lead-updates') {
    const parsed = contactEventSchema.safeParse(body)
    if (!parsed.success) return { outcome: 'invalid', error: 'Invalid contact event', fieldErrors: fieldErrorsOf(parsed.error) }
    const event = parsed.data
    const contactId = event.id ?? event.contactId
    if (!contactId) return { outcome: 'invalid', error: 'Invalid contact event', fieldErrors: { id: ['The contact id is required'] } }
    const payload: ContactEventJob = {
      event: event.type,
      contactId,
      firstName: event.firstName ?? null,
      lastName: event.lastName ?? null,
      email: event.email ?? null,
      phone: event.phone ?? null,
      tags: event.tags ?? null,
    }
    return { webhookId: event.webhookId, job: { type: GHL_CONTACT_EVENT_JOB, payload } }
  }
  const parsed = formSubmissionSchema.safeParse(body)
  if (!parsed.success) return { outcome: 'invalid', error: 'Invalid form submission', fieldErrors: fieldErrorsOf(parsed.error) }
  const lead = formLeadSchema.safeParse(parsed.data.lead)
  if (!lead.success) return { outcome: 'invalid', error: 'Invalid form submission', fieldErrors: fieldErrorsOf(lead.error) }
  const payload: FormSubmissionJob = { contactId: parsed.data.contactId, lead: lead.data }
  return { webhookId: parsed.data.webhookId, job: { type: GHL_FORM_SUBMISSION_JOB, payload: payload as unknown as Prisma.InputJsonObject } }
}

/**
 * A delivery whose signature the route has checked: 'queued' once per
 * webhookId, 'duplicate' after; nothing is stored for a stale, early,
 * malformed or ignored one.
 */
export async function receiveGhlWebhook(kind: GhlWebhookKind, body: unknown, now = Date.now()): Promise<GhlWebhookReceipt> {
  if (!body || typeof body !== 'object' || Array.isArray(body)) return { outcome: 'invalid', error: 'The body must be a JSON object' }
  const timestamp = checkGhlWebhookTimestamp((body as { timestamp?: unknown }).timestamp, now)
  if (timestamp === 'missing') return { outcome: 'invalid', error: 'The body has no valid timestamp', fieldErrors: { timestamp: ['Required'] } }
  if (timestamp === 'stale') return { outcome: 'stale', error: 'The delivery is older than 5 minutes' }
  if (timestamp === 'future') return { outcome: 'future', error: 'The delivery is dated in the future' }
  if (kind === 'lead-updates') {
    const type = (body as { type?: unknown }).type
    if (typeof type === 'string' && !(GHL_CONTACT_EVENTS as readonly string[]).includes(type)) return { outcome: 'ignored' }
  }
  const prepared = prepare(kind, body)
  if ('outcome' in prepared) return prepared
  const { webhookId, job } = prepared
  return prisma.$transaction(async (tx) => {
    const { count } = await tx.webhookEvent.createMany({
      data: [{ provider: GHL_WEBHOOK_PROVIDER, eventId: webhookId, eventType: job.type }],
      skipDuplicates: true,
    })
    if (count === 0) return { outcome: 'duplicate' as const }
    await enqueueJobs([{ ...job, dedupeKey: `ghl.webhook:${webhookId}` }], tx)
    return { outcome: 'queued' as const }
  })
}

/**
 * A tag `status:<status>` (e.g. `status:qualified`, any case) on the contact
 * sets the lead's status; with several, the last in the list wins.
 */
export function statusFromTags(tags: readonly string[] | null | undefined): LeadStatus | null {
  let status: LeadStatus | null = null
  for (const tag of tags ?? []) {
    const match = /^status\s*[:=]\s*(\S+)$/i.exec(tag.trim())
    const value = match?.[1]?.toLowerCase()
    if (value && (LEAD_STATUSES as readonly string[]).includes(value)) status = value as LeadStatus
  }
  return status
}

type LeadRow = NonNullable<Awaited<ReturnType<typeof prisma.lead.findFirst>>>

function leadInputOf(lead: LeadRow): LeadInput {
  return {
    firstName: lead.firstName,
    lastName: lead.lastName,
    email: lead.email,
    phone: lead.phone,
    address: lead.address ?? undefined,
    city: lead.city ?? undefined,
    state: lead.state ?? undefined,
    zipCode: lead.zipCode ?? undefined,
    status: (LEAD_STATUSES as readonly string[]).includes(lead.status) ? (lead.status as LeadStatus) : 'new',
    source: lead.source ?? undefined,
    assignedTo: lead.assignedTo ?? undefined,
    notes: lead.notes ?? undefined,
  }
}

/** Each value GoHighLevel sent that passes the lead form's rule for its field; the rest keep the lead's value. */
function acceptedChanges(values: Partial<Record<'firstName' | 'lastName' | 'email' | 'phone', string | null>>) {
  const changes: Partial<LeadInput> = {}
  for (const field of ['firstName', 'lastName', 'email', 'phone'] as const) {
    const value = values[field]
    if (!value?.trim()) continue
    const parsed = leadSchema.shape[field].safeParse(value)
    if (parsed.success) changes[field] = parsed.data
  }
  return changes
}

function findLeadByEmail(email: string, { unlinkedOnly = false } = {}) {
  return prisma.lead.findFirst({
    where: { email: { equals: email.trim(), mode: 'insensitive' }, ...(unlinkedOnly ? { ghlContactId: null } : {}) },
    orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
  })
}

/** Saves the merged lead when something differs; true when it did. */
async function applyChanges(lead: LeadRow, changes: Partial<LeadInput>) {
  const before = leadInputOf(lead)
  const after = { ...before, ...changes }
  const differs = (Object.keys(changes) as Array<keyof LeadInput>).some((key) => before[key] !== after[key])
  if (differs) await updateLead(lead.id, after, GHL_WEBHOOK_ACTOR)
  return differs
}

/**
 * The contact is this lead's copy in GoHighLevel: remember it, so later events
 * find the lead by id. A lead already linked to another contact keeps its link.
 */
async function linkContact(lead: LeadRow, contactId: string | null) {
  if (!contactId || lead.ghlContactId) return
  await setLeadSyncState(lead.id, { ghlSyncStatus: 'synced', ghlContactId: contactId, ghlSyncedAt: new Date() })
}

export async function runGhlContactEventJob(payload: unknown) {
  const event = payload as Partial<ContactEventJob> | null
  if (!event || typeof event.contactId !== 'string') throw new PermanentJobError('Job payload has no contactId')
  const lead =
    (await prisma.lead.findFirst({ where: { ghlContactId: event.contactId }, orderBy: [{ createdAt: 'desc' }, { id: 'desc' }] })) ??
    // By e-mail only a lead not yet linked: one linked to another contact is that contact's.
    (event.email ? await findLeadByEmail(event.email, { unlinkedOnly: true }) : null)
  // A contact that is no lead here (made in GoHighLevel by hand) is not imported.
  if (!lead) return
  const changes = acceptedChanges(event)
  const status = statusFromTags(event.tags)
  if (status) changes.status = status
  await applyChanges(lead, changes)
  await linkContact(lead, event.contactId)
  await syncLeadNow(lead.id, { origin: 'gohighlevel' })
}

export async function runGhlFormSubmissionJob(payload: unknown) {
  const submission = payload as Partial<FormSubmissionJob> | null
  const parsed = formLeadSchema.safeParse(submission?.lead)
  if (!parsed.success) throw new PermanentJobError('Job payload has no valid lead')
  const contactId = typeof submission?.contactId === 'string' ? submission.contactId : null
  const existing = await findLeadByEmail(parsed.data.email)
  let lead: LeadRow
  if (existing) {
    // A known lead filling in another form: newer names and phone, its source and status kept.
    const { firstName, lastName, phone } = parsed.data
    await applyChanges(existing, { firstName, lastName, phone })
    lead = existing
  } else {
    lead = await createLead(leadSchema.parse({ ...parsed.data, status: 'new' }), GHL_WEBHOOK_ACTOR)
  }
  await linkContact(lead, contactId)
  await syncLeadNow(lead.id, { origin: 'gohighlevel' })
}
