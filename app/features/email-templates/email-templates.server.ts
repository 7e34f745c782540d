import type { Prisma } from '~/generated/prisma/client'
import { isUuid } from '~/lib/ids'
import type { Actor } from '~/platform/actor'
import { recordAudit } from '~/platform/audit.server'
import { changeExisting } from '~/platform/db-errors'
import { prisma } from '~/platform/db.server'
import { RuleViolationError } from '~/platform/errors'
import {
  HTML_EMPTY_AFTER_SANITISING_MESSAGE,
  SAMPLE_PLACEHOLDER_VALUES,
  parseTriggerConditions,
  type TriggerConditions,
} from './options'
import { findUnknownPlaceholders, isPlaceholder, type EmailFormType, type PlaceholderValues } from './placeholders'
import { htmlToText, renderEmailTemplate, sanitizeTemplateHtml } from './render.server'
import type { EmailTemplateInput } from './schema'

const ENTITY_TYPE = 'EmailTemplate'

/** By form type, then name; id keeps ties stable. */
export async function listEmailTemplates() {
  return prisma.emailTemplate.findMany({ orderBy: [{ formType: 'asc' }, { name: 'asc' }, { id: 'asc' }] })
}

export async function getEmailTemplate(id: string) {
  if (!isUuid(id)) return null
  return prisma.emailTemplate.findUnique({ where: { id } })
}

/**
 * What is stored: the content sanitised (so what the editor shows is what
 * is sent). Content that is nothing but unsafe markup is refused rather than
 * saved empty.
 */
function templateData(input: EmailTemplateInput) {
  const htmlContent = sanitizeTemplateHtml(input.htmlContent)
  if (!htmlToText(htmlContent) && !/<img\b/i.test(htmlContent)) {
    throw new RuleViolationError(HTML_EMPTY_AFTER_SANITISING_MESSAGE, 'htmlContent')
  }
  return {
    name: input.name,
    subject: input.subject,
    htmlContent,
    formType: input.formType,
    isActive: input.isActive,
    triggerConditions: input.triggerConditions as Prisma.InputJsonObject,
  }
}

export async function createEmailTemplate(input: EmailTemplateInput, actor: Actor) {
  const data = templateData(input)
  return prisma.$transaction(async (tx) => {
    const template = await tx.emailTemplate.create({ data })
    await recordAudit(
      {
        actor,
        action: 'create',
        entityType: ENTITY_TYPE,
        entityId: template.id,
        details: {
          name: template.name,
          formType: template.formType,
          isActive: template.isActive,
          sanitised: data.htmlContent !== input.htmlContent.trim(),
        },
      },
      tx
    )
    return template
  })
}

export async function updateEmailTemplate(id: string, input: EmailTemplateInput, actor: Actor) {
  const data = templateData(input)
  return changeExisting('Email template', id, () =>
    prisma.$transaction(async (tx) => {
      const before = await tx.emailTemplate.findUniqueOrThrow({ where: { id } })
      const template = await tx.emailTemplate.update({ where: { id }, data })
      const changed = (Object.keys(data) as Array<keyof typeof data>).filter(
        (key) => JSON.stringify(before[key]) !== JSON.stringify(template[key])
      )
      await recordAudit({ actor, action: 'update', entityType: ENTITY_TYPE, entityId: id, details: { changed } }, tx)
      return template
    })
  )
}

/** Activate or deactivate without touching the rest. */
export async function setEmailTemplateActive(id: string, isActive: boolean, actor: Actor) {
  return changeExisting('Email template', id, () =>
    prisma.$transaction(async (tx) => {
      const template = await tx.emailTemplate.update({ where: { id }, data: { isActive } })
      await recordAudit(
        {
          actor,
          action: 'update',
          entityType: ENTITY_TYPE,
          entityId: id,
          details: { changed: ['isActive'], isActive },
        },
        tx
      )
      return template
    })
  )
}

/** Workflow stages that used it go on without a template; sent e-mails keep their copy. */
export async function deleteEmailTemplate(id: string, actor: Actor) {
  await changeExisting('Email template', id, () =>
    prisma.$transaction(async (tx) => {
      const deleted = await tx.emailTemplate.delete({ where: { id }, select: { name: true, formType: true } })
      await recordAudit({ actor, action: 'delete', entityType: ENTITY_TYPE, entityId: id, details: deleted }, tx)
    })
  )
}

/** How many of a template's conditions a lead meets, or -1 when one is not met. */
function matchScore(
  conditions: TriggerConditions,
  lead: { status?: string | null; source?: string | null } | undefined
) {
  let score = 0
  for (const key of ['status', 'source'] as const) {
    const wanted = conditions[key]
    if (!wanted) continue
    if (!lead || (lead[key] ?? '').toLowerCase() !== wanted.toLowerCase()) return -1
    score += 1
  }
  return score
}

/**
 * The template to send for a form type: an active one whose trigger
 * conditions the lead meets, the most specific first (status and source
 * over one of them over none), then the newest. Without a lead only
 * templates without conditions qualify. Null when none does; the caller
 * then falls back to the starter template.
 */
export async function findTemplateForSending(
  formType: EmailFormType,
  lead?: { status?: string | null; source?: string | null },
  db: Prisma.TransactionClient = prisma,
) {
  const candidates = await db.emailTemplate.findMany({
    where: { formType, isActive: true },
    orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
  })
  let best: { template: (typeof candidates)[number]; score: number } | null = null
  for (const template of candidates) {
    const score = matchScore(parseTriggerConditions(template.triggerConditions), lead)
    if (score > (best?.score ?? -1)) best = { template, score }
  }
  return best?.template ?? null
}

/** A draft rendered as it would be sent, with the sample values unless others are given, and what it misspells. */
export function previewEmailTemplate(draft: { subject: string; htmlContent: string }, values?: PlaceholderValues) {
  const sampleValues: PlaceholderValues = { ...SAMPLE_PLACEHOLDER_VALUES }
  for (const [name, value] of Object.entries(values ?? {})) if (isPlaceholder(name)) sampleValues[name] = value
  return {
    ...renderEmailTemplate(draft, sampleValues),
    unknownPlaceholders: findUnknownPlaceholders(draft.subject, draft.htmlContent),
  }
}

type EmailTemplateRecord = NonNullable<Awaited<ReturnType<typeof getEmailTemplate>>>

/** The JSON API's view of a template. */
export function emailTemplateToJson(template: EmailTemplateRecord) {
  return {
    id: template.id,
    name: template.name,
    subject: template.subject,
    htmlContent: template.htmlContent,
    formType: template.formType,
    isActive: template.isActive,
    triggerConditions: parseTriggerConditions(template.triggerConditions),
    createdAt: template.createdAt.toISOString(),
    updatedAt: template.updatedAt.toISOString(),
  }
}
