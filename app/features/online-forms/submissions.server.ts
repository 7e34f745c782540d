import crypto from 'node:crypto'
import type { Prisma } from '~/generated/prisma/client'
import { isUuid } from '~/lib/ids'
import { searchColumns } from '~/lib/search'
import type { Actor } from '~/platform/actor'
import { listViewQuery, recordAudit, recordListView, recordView } from '~/platform/audit.server'
import { countAttempt } from '~/platform/auth/rate-limit.server'
import { prisma } from '~/platform/db.server'
import { decrypt, encrypt } from '~/platform/encryption.server'
import { ConflictError, NotFoundError, RuleViolationError, TooManyAttemptsError } from '~/platform/errors'
import { NEWEST_FIRST, paginate } from '~/platform/paginate.server'
import type { FormField } from './form-fields'
import { type FormLinkTemplate, type LeadForEmail, queueFormLinkEmail } from './intake-email.server'
import {
  INTAKE_LINK_DAYS,
  INTAKE_LINK_EXPIRED_MESSAGE,
  INTAKE_LINK_USED_MESSAGE,
  INTAKE_TOO_MANY_MESSAGE,
  answerText,
  hasSignatureField,
  isAnswerRequired,
  requiredMessage,
} from './intake-rules'
import type { IntakeSubmissionInput, LeadFieldFromAnswers, SubmissionListQuery } from './intake-schema'

/**
 * Forms the portal hosts itself (/intake-form/{token}) and their answers.
 * Staff send a published form to a lead: a submission with a random token,
 * of which only the SHA-256 is looked up; the token itself is kept encrypted
 * so staff can copy the link again. The respondent needs no account: the
 * token grants the form's title and fields and one submission, nothing else.
 */

const DAY = 24 * 60 * 60 * 1000
const TOKEN = /^[A-Za-z0-9_-]{43}$/
/** Per client address: a family filling in a few forms never comes near it; a guesser does. */
const INTAKE_LIMIT = (address: string | null) => ({ key: `intake-form:address:${address ?? 'unknown'}`, max: 120, windowMs: 15 * 60 * 1000 })

export function hashIntakeToken(token: string) {
  return crypto.createHash('sha256').update(token).digest('hex')
}

export function intakeFormPath(token: string) {
  return `/intake-form/${token}`
}

/** The person behind a token link. */
export function respondentActor(ipAddress: string | null): Actor {
  return { kind: 'respondent', userId: null, ipAddress, label: 'intake-form' }
}

/** Why a real link can no longer be used: the page says which, with 410. */
export class IntakeLinkUnavailableError extends ConflictError {
  override name = 'IntakeLinkUnavailableError'

  constructor(readonly reason: 'used' | 'expired') {
    super(reason === 'used' ? INTAKE_LINK_USED_MESSAGE : INTAKE_LINK_EXPIRED_MESSAGE)
  }
}

const DONE_STATUSES = ['completed', 'signed']

// ----- Staff: sending -----

/**
 * Sends a published form to a lead: a new submission whose link is valid for
 * 14 days. Returns it with the link (origin + /intake-form/{token}).
 */
export async function sendFormToLead(input: { leadId: string; formId: string; origin: string }, actor: Actor) {
  if (!isUuid(input.leadId)) throw new NotFoundError('Lead')
  if (!isUuid(input.formId)) throw new RuleViolationError('Choose a form to send', 'formId')
  return prisma.$transaction(async (tx) => {
    const lead = await tx.lead.findUnique({ where: { id: input.leadId }, select: LEAD_FOR_EMAIL })
    if (!lead) throw new NotFoundError('Lead')
    const form = await tx.onlineForm.findUnique({ where: { id: input.formId }, select: { id: true, status: true, formType: true } })
    if (!form || form.status !== 'published') throw new RuleViolationError('Choose a published form to send', 'formId')
    return createFormLink({ lead, form, origin: input.origin, actor }, tx)
  })
}

export const LEAD_FOR_EMAIL = {
  id: true,
  email: true,
  firstName: true,
  lastName: true,
  status: true,
  source: true,
  ghlContactId: true,
} as const satisfies Prisma.LeadSelect

/**
 * A form link for a lead, inside the caller's transaction: the submission
 * with its token, and the e-mail that carries the link (the given template,
 * else the intake template that suits the lead), audited as sent.
 */
export async function createFormLink(
  input: { lead: LeadForEmail; form: { id: string; formType: string }; origin: string; actor: Actor; template?: FormLinkTemplate },
  tx: Prisma.TransactionClient,
) {
  const { lead, form } = input
  const token = crypto.randomBytes(32).toString('base64url')
  const created = await tx.formSubmission.create({
    data: {
      formId: form.id,
      leadId: lead.id,
      leadEmail: lead.email || null,
      formType: form.formType,
      status: 'sent',
      emailSent: false,
      tokenHash: hashIntakeToken(token),
      tokenCiphertext: encrypt(token),
      expiresAt: new Date(Date.now() + INTAKE_LINK_DAYS * DAY),
      sentById: input.actor.userId,
    },
    select: { id: true, expiresAt: true },
  })
  const link = `${input.origin}${intakeFormPath(token)}`
  const email = await queueFormLinkEmail({ submissionId: created.id, lead, link, origin: input.origin, template: input.template }, tx)
  if (email) await tx.formSubmission.update({ where: { id: created.id }, data: { emailStatus: 'queued' } })
  await recordAudit(
    {
      actor: input.actor,
      action: 'create',
      entityType: 'FormSubmission',
      entityId: created.id,
      eventType: 'form_submission.sent',
      details: { leadId: lead.id, formId: form.id, formType: form.formType, emailQueued: Boolean(email) },
    },
    tx,
  )
  return { submissionId: created.id, expiresAt: created.expiresAt, link, emailQueued: Boolean(email), outboundEmailId: email?.id ?? null }
}

/** The published form a message of this type links to: the newest of its type, else the newest intake form. */
export async function findFormToLink(formType: string, tx: Prisma.TransactionClient = prisma) {
  const newest = { orderBy: [{ publishedAt: 'desc' as const }, { createdAt: 'desc' as const }], select: { id: true, formType: true } }
  return (
    (await tx.onlineForm.findFirst({ where: { status: 'published', formType }, ...newest })) ??
    (await tx.onlineForm.findFirst({ where: { status: 'published', formType: 'intake' }, ...newest }))
  )
}

/** The published forms staff can send, newest first. */
export async function listPublishedForms() {
  return prisma.onlineForm.findMany({
    where: { status: 'published' },
    select: { id: true, title: true, formType: true },
    orderBy: [{ publishedAt: 'desc' }, { createdAt: 'desc' }],
    take: 200,
  })
}

/** The link of a submission sent from the portal, for staff; null for one that came from Jotform. */
export function formLink(submission: { tokenCiphertext: string | null }, origin: string) {
  if (!submission.tokenCiphertext) return null
  try {
    return `${origin}${intakeFormPath(decrypt(submission.tokenCiphertext))}`
  } catch {
    // Encrypted under another key (a restored backup): the link is lost, the answers are not.
    return null
  }
}

// ----- The respondent -----

async function limitRespondent(actor: Actor) {
  const wait = await countAttempt([INTAKE_LIMIT(actor.ipAddress)])
  if (wait > 0) throw new TooManyAttemptsError(INTAKE_TOO_MANY_MESSAGE, wait)
}

async function liveSubmissionFor(token: string, now: Date) {
  if (!TOKEN.test(token)) throw new NotFoundError('Form')
  const submission = await prisma.formSubmission.findUnique({
    where: { tokenHash: hashIntakeToken(token) },
    select: { id: true, status: true, expiresAt: true, form: { select: { title: true, fields: true } } },
  })
  if (!submission || !submission.form) throw new NotFoundError('Form')
  if (DONE_STATUSES.includes(submission.status)) throw new IntakeLinkUnavailableError('used')
  if (submission.expiresAt && submission.expiresAt <= now) throw new IntakeLinkUnavailableError('expired')
  return { id: submission.id, status: submission.status, form: { title: submission.form.title, fields: submission.form.fields as unknown as FormField[] } }
}

/**
 * The form behind a link, for the public page: its title and fields only.
 * The first opening marks the submission viewed. Unknown tokens are a
 * NotFoundError; used or expired ones an IntakeLinkUnavailableError.
 */
export async function openIntakeForm(token: string, actor: Actor, now = new Date()) {
  await limitRespondent(actor)
  const submission = await liveSubmissionFor(token, now)
  if (submission.status === 'sent') {
    await prisma.$transaction(async (tx) => {
      const { count } = await tx.formSubmission.updateMany({ where: { id: submission.id, status: 'sent' }, data: { status: 'viewed', viewedAt: now } })
      if (count === 0) return
      await recordAudit(
        { actor, action: 'update', entityType: 'FormSubmission', entityId: submission.id, eventType: 'form_submission.viewed', details: { status: 'viewed' } },
        tx,
      )
    })
  }
  return submission.form
}

/** The form's fields for checking a submission, without marking anything (the action's first step). */
export async function readIntakeForm(token: string, actor: Actor, now = new Date()) {
  await limitRespondent(actor)
  return (await liveSubmissionFor(token, now)).form
}

/**
 * Stores the answers once: the update only applies while the submission is
 * still open and unexpired, so two submits at once store one and the other is
 * told the form was already submitted. A form with a signature field is
 * 'signed' with the typed name; the others 'completed'.
 */
export async function submitIntakeForm(token: string, input: IntakeSubmissionInput, actor: Actor, now = new Date()) {
  const { id, form } = await liveSubmissionFor(token, now)
  // The page's schema checked each answer; this guards any other caller.
  for (const field of form.fields) {
    const answer = input.answers[field.name]
    if (isAnswerRequired(field) && (answer === undefined || answer === '' || answer === false || (Array.isArray(answer) && answer.length === 0))) {
      throw new RuleViolationError(requiredMessage(field))
    }
  }
  const signed = hasSignatureField(form.fields)
  if (signed && !input.signatureName) throw new RuleViolationError('Type your full name to sign')
  const status = signed ? 'signed' : 'completed'
  await prisma.$transaction(async (tx) => {
    const { count } = await tx.formSubmission.updateMany({
      where: { id, status: { in: ['sent', 'viewed'] }, OR: [{ expiresAt: null }, { expiresAt: { gt: now } }] },
      data: {
        status,
        submissionData: input.answers as Prisma.InputJsonValue,
        completedAt: now,
        ...(signed ? { signatureName: input.signatureName, signedAt: now } : {}),
      },
    })
    if (count === 0) throw new IntakeLinkUnavailableError('used')
    // A form submitted without being opened first (a resent POST) was still viewed.
    await tx.formSubmission.updateMany({ where: { id, viewedAt: null }, data: { viewedAt: now } })
    await recordAudit(
      {
        actor,
        action: 'update',
        entityType: 'FormSubmission',
        entityId: id,
        eventType: 'form_submission.completed',
        details: { status, answers: Object.keys(input.answers).length },
      },
      tx,
    )
  })
  return { status }
}

// ----- Staff: reading -----

const SUBMISSION_COLUMNS = {
  id: true,
  formId: true,
  leadId: true,
  leadEmail: true,
  formType: true,
  status: true,
  emailSent: true,
  emailStatus: true,
  sentAt: true,
  viewedAt: true,
  completedAt: true,
  expiresAt: true,
  submissionData: true,
  signatureName: true,
  signedAt: true,
  appliedToLeadAt: true,
  tokenCiphertext: true,
  createdAt: true,
  form: { select: { id: true, title: true, fields: true } },
} satisfies Prisma.FormSubmissionSelect

type SubmissionRow = Prisma.FormSubmissionGetPayload<{ select: typeof SUBMISSION_COLUMNS }>

function listWhere(query: Pick<SubmissionListQuery, 'status' | 'formType' | 'leadId'>): Prisma.FormSubmissionWhereInput {
  return {
    ...(query.status ? { status: query.status } : {}),
    ...(query.formType ? { formType: query.formType } : {}),
    ...(query.leadId ? { leadId: query.leadId } : {}),
  }
}

/** A submission as the pages show it: the answers labelled in the form's order, and the link. */
export function submissionView(row: SubmissionRow, origin: string, now = new Date()) {
  const fields = (row.form?.fields ?? []) as unknown as FormField[]
  const data = (row.submissionData ?? {}) as Record<string, unknown>
  const known = new Set(fields.map((field) => field.name))
  const answers = [
    ...fields.filter((field) => field.type !== 'signature' && field.name in data).map((field) => ({ label: field.label, value: answerText(data[field.name]) })),
    ...Object.keys(data)
      .filter((name) => !known.has(name))
      .map((name) => ({ label: name, value: answerText(data[name]) })),
  ]
  const { tokenCiphertext, form, submissionData: _data, ...rest } = row
  return {
    ...rest,
    formTitle: form?.title ?? 'Deleted form',
    answers,
    link: formLink({ tokenCiphertext }, origin),
    linkExpired: !DONE_STATUSES.includes(row.status) && Boolean(row.expiresAt && row.expiresAt <= now),
  }
}
export type SubmissionView = ReturnType<typeof submissionView>

/** The submission list (Settings → Email Templates → Form Submissions), on the trail as a list read. */
export async function listFormSubmissions(query: SubmissionListQuery, actor: Actor, { pastTheEnd = 'last-page' }: { pastTheEnd?: 'last-page' | 'empty' } = {}) {
  const where = listWhere(query)
  const result = await paginate(
    {
      count: () => prisma.formSubmission.count({ where }),
      findMany: (window) => prisma.formSubmission.findMany({ where, select: SUBMISSION_COLUMNS, orderBy: NEWEST_FIRST, ...window }),
    },
    { page: query.page, pageSize: query.pageSize, pastTheEnd },
  )
  const { status, formType, leadId, page } = query
  await recordListView({ actor, entityType: 'FormSubmission', ids: result.rows.map((row) => row.id), details: listViewQuery({ status, formType, leadId, page }) })
  return { total: result.total, page: result.page, pageSize: result.pageSize, rows: result.rows }
}

/** GET /api/form-submissions' shape: the spec's fields, with the token staff need for the link. */
export function submissionJson(row: SubmissionRow, origin: string) {
  const link = formLink(row, origin)
  return {
    id: row.id,
    leadId: row.leadId,
    leadEmail: row.leadEmail,
    formId: row.formId,
    formTitle: row.form?.title ?? null,
    formType: row.formType,
    status: row.status,
    emailSent: row.emailSent,
    emailStatus: row.emailStatus,
    sentAt: row.sentAt.toISOString(),
    viewedAt: row.viewedAt?.toISOString() ?? null,
    completedAt: row.completedAt?.toISOString() ?? null,
    expiresAt: row.expiresAt?.toISOString() ?? null,
    signatureName: row.signatureName,
    signedAt: row.signedAt?.toISOString() ?? null,
    submissionData: row.submissionData ?? null,
    submissionToken: link ? link.slice(link.lastIndexOf('/') + 1) : null,
    formUrl: link,
  }
}

export async function getFormSubmission(id: string, actor: Actor) {
  if (!isUuid(id)) throw new NotFoundError('Form submission')
  const row = await prisma.formSubmission.findUnique({ where: { id }, select: SUBMISSION_COLUMNS })
  if (!row) throw new NotFoundError('Form submission')
  await recordView({ actor, entityType: 'FormSubmission', entityId: row.id })
  return row
}

/** A lead's form submissions as its page lists them: the newest 50, shown through submissionView. */
export const LEAD_FORM_SUBMISSIONS = { select: SUBMISSION_COLUMNS, orderBy: NEWEST_FIRST, take: 50 } satisfies Prisma.Lead$formSubmissionsArgs

// ----- Answers into the lead -----

export const LEAD_FIELD_LABELS: Record<LeadFieldFromAnswers, string> = {
  firstName: 'First name',
  lastName: 'Last name',
  email: 'Email',
  phone: 'Phone',
  address: 'Address',
  city: 'City',
  state: 'State',
  zipCode: 'ZIP code',
}

/** Someone else's details (an emergency contact, a physician) never fill the lead's. */
const SOMEONE_ELSE = /emergency|physician|doctor|contact person|guardian|insurance|employer|referr/

/** The lead field an answer belongs in, by the field's type and wording; null when none. */
export function leadFieldFor(field: FormField): LeadFieldFromAnswers | null {
  const wording = `${field.label} ${field.name}`.toLowerCase().replace(/[_\-.[\]]+/g, ' ')
  if (SOMEONE_ELSE.test(wording)) return null
  if (field.type === 'email') return 'email'
  if (field.type === 'tel') return 'phone'
  if (field.type !== 'text') return null
  if (/e ?mail/.test(wording)) return 'email'
  if (/phone|mobile|cell/.test(wording)) return 'phone'
  if (/first ?name|given name/.test(wording)) return 'firstName'
  if (/last ?name|surname|family name/.test(wording)) return 'lastName'
  if (/zip|postal/.test(wording)) return 'zipCode'
  if (/\bcity\b|\btown\b/.test(wording)) return 'city'
  if (/\bstate\b/.test(wording)) return 'state'
  if (/address|street/.test(wording)) return 'address'
  return null
}

type LeadColumns = Record<LeadFieldFromAnswers, string | null>

function proposedUpdates(fields: readonly FormField[], data: Record<string, unknown>, lead: LeadColumns) {
  const updates: Array<{ field: LeadFieldFromAnswers; label: string; value: string; answerLabel: string }> = []
  for (const formField of fields) {
    const target = leadFieldFor(formField)
    const answer = data[formField.name]
    if (!target || typeof answer !== 'string' || !answer.trim()) continue
    if ((lead[target] ?? '').trim() !== '' || updates.some((update) => update.field === target)) continue
    updates.push({ field: target, label: LEAD_FIELD_LABELS[target], value: answer.trim().slice(0, 200), answerLabel: formField.label })
  }
  return updates
}

const LEAD_COLUMNS = { id: true, firstName: true, lastName: true, email: true, phone: true, address: true, city: true, state: true, zipCode: true } as const

async function completedSubmissionForLead(db: Prisma.TransactionClient, submissionId: string, leadId?: string) {
  if (!isUuid(submissionId)) throw new NotFoundError('Form submission')
  const submission = await db.formSubmission.findUnique({
    where: { id: submissionId },
    select: { id: true, leadId: true, status: true, submissionData: true, form: { select: { fields: true } } },
  })
  if (!submission || !submission.leadId || (leadId && submission.leadId !== leadId)) throw new NotFoundError('Form submission')
  if (!DONE_STATUSES.includes(submission.status)) throw new ConflictError('This form has not been completed yet')
  const lead = await db.lead.findUnique({ where: { id: submission.leadId }, select: LEAD_COLUMNS })
  if (!lead) throw new NotFoundError('Lead')
  const fields = (submission.form?.fields ?? []) as unknown as FormField[]
  return { submission, lead, updates: proposedUpdates(fields, (submission.submissionData ?? {}) as Record<string, unknown>, lead) }
}

/** Which of the lead's empty fields the answers would fill, for the coordinator to confirm. */
export async function previewAnswersForLead(submissionId: string, leadId: string) {
  const { submission, updates } = await completedSubmissionForLead(prisma, submissionId, leadId)
  return { submissionId: submission.id, updates }
}

/**
 * Copies the confirmed answers into the lead's fields that are still empty
 * (a field filled meanwhile is left alone), and notes when it was done.
 */
export async function applyAnswersToLead(submissionId: string, fieldsToApply: readonly LeadFieldFromAnswers[], actor: Actor, leadId?: string) {
  return prisma.$transaction(async (tx) => {
    const { submission, lead, updates } = await completedSubmissionForLead(tx, submissionId, leadId)
    const chosen = updates.filter((update) => fieldsToApply.includes(update.field))
    if (chosen.length === 0) throw new RuleViolationError('None of these lead fields is empty any more', 'fields')
    const data: Partial<Record<LeadFieldFromAnswers, string>> = Object.fromEntries(chosen.map((update) => [update.field, update.value]))
    const next = { ...lead, ...data }
    await tx.lead.update({ where: { id: lead.id }, data: { ...data, ...searchColumns([next.firstName, next.lastName, next.email], next.phone ?? '') } })
    await tx.formSubmission.update({ where: { id: submission.id }, data: { appliedToLeadAt: new Date() } })
    await recordAudit(
      { actor, action: 'update', entityType: 'Lead', entityId: lead.id, details: { changed: chosen.map((update) => update.field), fromFormSubmission: submission.id } },
      tx,
    )
    return { leadId: lead.id, applied: chosen.map((update) => update.field) }
  })
}
