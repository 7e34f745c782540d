import type { Prisma } from '~/generated/prisma/client'
import { type JotformAnswer, JotformError, getJotformSubmission, jotformQuestionName } from '~/integrations/jotform/client.server'
import { getJotformConfig } from '~/integrations/jotform/settings.server'
import { type Actor, systemActor } from '~/platform/actor'
import { recordAudit } from '~/platform/audit.server'
import { prisma } from '~/platform/db.server'
import { isUniqueViolation } from '~/platform/db-errors'
import { NotFoundError, RuleViolationError } from '~/platform/errors'
import type { FormField } from './form-fields'
import { FormProviderUnavailableError } from './online-forms.server'

/**
 * Jotform's webhook deliveries (/api/webhook/forms/{webhookId}). A delivery
 * is only a hint: the submission it names is fetched from Jotform with the
 * stored key, must belong to the form the address is for, and is stored once
 * (FormSubmission.externalSubmissionId is unique). Nothing posted is trusted.
 */

export const JOTFORM_WEBHOOK_ACTOR = 'jotform-webhook'

export type JotformDelivery = { webhookId: string; formId: string | null; submissionId: string | null }

export type JotformReceipt = { outcome: 'stored' | 'duplicate'; submissionId: string }

type AnswerValue = string | string[] | boolean

function answerText(answer: JotformAnswer): string {
  const value = answer.answer
  if (value === undefined || value === null) return ''
  if (typeof value === 'string' || typeof value === 'number') return String(value).trim()
  if (Array.isArray(value)) return value.map(String).join(', ')
  if (typeof value === 'object') {
    const parts = value as Record<string, unknown>
    // control_datetime answers { year, month, day }; control_phone { full } or { area, phone }.
    if (parts.year && parts.month && parts.day) {
      return `${String(parts.year)}-${String(parts.month).padStart(2, '0')}-${String(parts.day).padStart(2, '0')}`
    }
    if (typeof parts.full === 'string') return parts.full.trim()
    if (answer.prettyFormat) return answer.prettyFormat.trim()
    return Object.values(parts).filter((part) => typeof part === 'string' && part).join(' ').trim()
  }
  return ''
}

/** One field's answer as the portal stores it: text, the chosen options, or a tick. */
function answerValue(field: FormField, answer: JotformAnswer | undefined): AnswerValue | undefined {
  if (!answer || answer.answer === undefined || answer.answer === null || answer.answer === '') return undefined
  if (field.type === 'checkbox') {
    const chosen = (Array.isArray(answer.answer) ? answer.answer : [answer.answer]).map(String).filter(Boolean)
    return field.options?.length ? chosen : chosen.length > 0
  }
  const text = answerText(answer)
  return text === '' ? undefined : text
}

/** The answers keyed by the form's field names: by the question's name, else by its position. */
export function answersByFieldName(fields: FormField[], answers: Record<string, JotformAnswer>) {
  const byName = new Map(Object.values(answers).map((answer) => [answer.name, answer]))
  const data: Record<string, AnswerValue> = {}
  fields.forEach((field, index) => {
    const value = answerValue(field, byName.get(jotformQuestionName(field.name, index)) ?? answers[String(index + 1)])
    if (value !== undefined) data[field.name] = value
  })
  return data
}

/** Confirms a delivery with Jotform and stores its submission once. */
export async function receiveJotformSubmission(delivery: JotformDelivery, actor: Actor = systemActor(JOTFORM_WEBHOOK_ACTOR)): Promise<JotformReceipt> {
  const form = await prisma.onlineForm.findUnique({
    where: { webhookId: delivery.webhookId },
    select: { id: true, fields: true, formType: true, externalFormId: true, provider: true },
  })
  if (!form || !form.externalFormId) throw new NotFoundError('Form')
  const submissionId = delivery.submissionId?.trim() ?? ''
  if (!/^\d{1,30}$/.test(submissionId)) throw new RuleViolationError('The delivery names no submission', 'submissionID')
  if (delivery.formId && delivery.formId !== form.externalFormId) throw new RuleViolationError('The delivery is for another form', 'formID')
  const known = await prisma.formSubmission.findUnique({ where: { externalSubmissionId: submissionId }, select: { id: true } })
  if (known) return { outcome: 'duplicate', submissionId: known.id }

  const config = await getJotformConfig()
  if (!config) throw new FormProviderUnavailableError('Jotform is not configured: the submission cannot be confirmed')
  let submission
  try {
    submission = await getJotformSubmission(config, submissionId)
  } catch (error) {
    if (!(error instanceof JotformError)) throw error
    if (error.kind === 'not_found') throw new RuleViolationError('Jotform has no such submission', 'submissionID')
    throw new FormProviderUnavailableError(`The submission could not be confirmed: ${error.message}`)
  }
  if (submission.formId !== form.externalFormId) throw new RuleViolationError('The submission belongs to another form', 'submissionID')

  const fields = form.fields as unknown as FormField[]
  const data = answersByFieldName(fields, submission.answers)
  const signed = fields.some((field) => field.type === 'signature' && typeof data[field.name] === 'string')
  const emailField = fields.find((field) => field.type === 'email' && typeof data[field.name] === 'string')
  const email = emailField ? (data[emailField.name] as string).toLowerCase() : null
  const lead = email
    ? await prisma.lead.findFirst({
        where: { email: { equals: email, mode: 'insensitive' } },
        orderBy: { createdAt: 'desc' },
        select: { id: true },
      })
    : null
  const now = new Date()
  try {
    const created = await prisma.$transaction(async (tx) => {
      const row = await tx.formSubmission.create({
        data: {
          formId: form.id,
          leadId: lead?.id ?? null,
          leadEmail: email,
          formType: form.formType,
          status: signed ? 'signed' : 'completed',
          sentAt: now,
          completedAt: now,
          signedAt: signed ? now : null,
          submissionData: data as Prisma.InputJsonObject,
          externalSubmissionId: submissionId,
        },
        select: { id: true },
      })
      await recordAudit(
        {
          actor,
          action: 'create',
          entityType: 'FormSubmission',
          entityId: row.id,
          eventType: 'form_submission.received',
          details: { formId: form.id, provider: 'jotform', externalSubmissionId: submissionId, leadId: lead?.id ?? null, signed },
        },
        tx,
      )
      return row
    })
    return { outcome: 'stored', submissionId: created.id }
  } catch (error) {
    // Two deliveries of one submission at once: the other one stored it.
    if (isUniqueViolation(error)) {
      const existing = await prisma.formSubmission.findUnique({ where: { externalSubmissionId: submissionId }, select: { id: true } })
      if (existing) return { outcome: 'duplicate', submissionId: existing.id }
    }
    throw error
  }
}
