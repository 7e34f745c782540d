import type { Prisma } from '~/generated/prisma/client'
import type { Actor } from '~/platform/actor'
import { recordAudit } from '~/platform/audit.server'
import { prisma } from '~/platform/db.server'
import { changeExisting } from '~/platform/db-errors'
import { ConflictError, NotFoundError, RuleViolationError } from '~/platform/errors'
import { FORM_FIELD_TYPES_WITH_OPTIONS, type FormField, type FormFieldType } from './form-fields'

/**
 * The corrections staff make to an extracted form before it is created
 * (/pdf-to-form/{formId}, step 2): rename a label, change a type, toggle
 * required, reorder, remove. Only a draft can be corrected; each change is
 * audited in its own transaction, and a change made meanwhile by someone
 * else (the row's updatedAt moved) is a ConflictError, not a lost update.
 */

export type DraftCorrection =
  | { kind: 'rename'; fieldName: string; label: string }
  | { kind: 'change-type'; fieldName: string; type: FormFieldType }
  | { kind: 'toggle-required'; fieldName: string }
  | { kind: 'move'; fieldName: string; direction: 'up' | 'down' }
  | { kind: 'remove'; fieldName: string }

export const NOT_A_DRAFT_MESSAGE = 'This form has already been created: only drafts can be corrected'
export const CHANGED_MEANWHILE_MESSAGE = 'The form was changed by someone else meanwhile: review it and try again'
export const FIELD_NOT_FOUND_MESSAGE = 'This field is no longer on the form'
export const LAST_FIELD_MESSAGE = 'A form needs at least one field'
export const OPTIONS_NEEDED_MESSAGE = 'Only a field found with choices can become a radio or dropdown field'

function indexOfField(fields: FormField[], fieldName: string) {
  const index = fields.findIndex((field) => field.name === fieldName)
  if (index < 0) throw new RuleViolationError(FIELD_NOT_FOUND_MESSAGE, 'fieldName')
  return index
}

/** The fields after a correction (pure, so the rules are tested without a database). */
export function applyDraftCorrection(fields: FormField[], correction: DraftCorrection): FormField[] {
  const index = indexOfField(fields, correction.fieldName)
  const next = fields.map((field) => ({ ...field }))
  const field = next[index]!
  switch (correction.kind) {
    case 'rename':
      field.label = correction.label
      return next
    case 'change-type': {
      const needsOptions = correction.type === 'radio' || correction.type === 'dropdown'
      if (needsOptions && !field.options?.length) throw new RuleViolationError(OPTIONS_NEEDED_MESSAGE, 'type')
      field.type = correction.type
      // A type without choices keeps none (a checkbox may have them or not).
      if (!FORM_FIELD_TYPES_WITH_OPTIONS.includes(correction.type)) delete field.options
      return next
    }
    case 'toggle-required':
      field.required = !field.required
      return next
    case 'move': {
      const target = correction.direction === 'up' ? index - 1 : index + 1
      if (target < 0 || target >= next.length) return next
      next[index] = next[target]!
      next[target] = field
      return next
    }
    case 'remove':
      if (next.length === 1) throw new RuleViolationError(LAST_FIELD_MESSAGE, 'fieldName')
      next.splice(index, 1)
      return next
  }
}

function auditDetails(before: FormField[], correction: DraftCorrection): Prisma.InputJsonValue {
  const field = before.find((one) => one.name === correction.fieldName)!
  switch (correction.kind) {
    case 'rename':
      return { correction: 'rename', field: field.name, from: field.label, to: correction.label }
    case 'change-type':
      return { correction: 'change-type', field: field.name, from: field.type, to: correction.type }
    case 'toggle-required':
      return { correction: 'toggle-required', field: field.name, required: !field.required }
    case 'move':
      return { correction: 'move', field: field.name, direction: correction.direction }
    case 'remove':
      return { correction: 'remove', field: field.name, label: field.label, type: field.type }
  }
}

/** Applies one correction to a draft form and audits it; returns the form's fields after it. */
export async function correctDraftForm(formId: string, correction: DraftCorrection, actor: Actor) {
  return changeExisting('Form', formId, () =>
    prisma.$transaction(async (tx) => {
      const form = await tx.onlineForm.findUnique({
        where: { id: formId },
        select: { id: true, status: true, fields: true, updatedAt: true },
      })
      if (!form) throw new NotFoundError('Form')
      if (form.status !== 'draft') throw new ConflictError(NOT_A_DRAFT_MESSAGE)
      const before = form.fields as unknown as FormField[]
      const after = applyDraftCorrection(before, correction)
      // Guarded by status and updatedAt, so a concurrent correction or publish is not overwritten.
      const { count } = await tx.onlineForm.updateMany({
        where: { id: formId, status: 'draft', updatedAt: form.updatedAt },
        data: { fields: after as unknown as Prisma.InputJsonValue },
      })
      if (count === 0) throw new ConflictError(CHANGED_MEANWHILE_MESSAGE)
      await recordAudit(
        {
          actor,
          action: 'update',
          entityType: 'OnlineForm',
          entityId: formId,
          details: auditDetails(before, correction),
          eventType: 'online_form.corrected',
        },
        tx,
      )
      return after
    }),
  )
}

export type OnlineFormSummary = {
  id: string
  title: string
  sourceFileName: string | null
  status: string
  provider: string
  fieldCount: number
  createdAt: Date
  publishedAt: Date | null
}

/** The most recent forms, drafts and created ones, for the list below the converter's steps. */
export async function listRecentOnlineForms(limit = 10): Promise<OnlineFormSummary[]> {
  const rows = await prisma.onlineForm.findMany({
    orderBy: { createdAt: 'desc' },
    take: limit,
    select: {
      id: true,
      title: true,
      sourceFileName: true,
      status: true,
      provider: true,
      fields: true,
      createdAt: true,
      publishedAt: true,
    },
  })
  return rows.map(({ fields, ...row }) => ({ ...row, fieldCount: Array.isArray(fields) ? fields.length : 0 }))
}
