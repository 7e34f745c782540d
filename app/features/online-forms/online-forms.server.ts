import crypto from 'node:crypto'
import type { Prisma } from '~/generated/prisma/client'
import type { Actor } from '~/platform/actor'
import { recordAudit } from '~/platform/audit.server'
import { prisma } from '~/platform/db.server'
import { NotFoundError } from '~/platform/errors'
import type { CreatedOnlineForm, ExtractedFormSchema, FormField, FormType } from './form-fields'

/**
 * Online forms made from PDFs. Extraction (app/features/pdf-conversion) gives
 * a schema; it is kept as a draft that staff correct on /pdf-to-form, then
 * published: hosted by the portal and, when chosen, created on Jotform too.
 */

export type OnlineFormTarget = 'jotform' | 'portal'

const FORM_COLUMNS = {
  id: true,
  title: true,
  sourceFileName: true,
  fields: true,
  totalPages: true,
  fallbackFields: true,
  extractedAt: true,
  formType: true,
  status: true,
  provider: true,
  externalFormId: true,
  externalFormUrl: true,
  externalEditUrl: true,
  webhookConfigured: true,
  publishedAt: true,
  createdAt: true,
} satisfies Prisma.OnlineFormSelect

export type OnlineFormRecord = Omit<Prisma.OnlineFormGetPayload<{ select: typeof FORM_COLUMNS }>, 'fields'> & {
  fields: FormField[]
}

function toRecord(row: Prisma.OnlineFormGetPayload<{ select: typeof FORM_COLUMNS }>): OnlineFormRecord {
  return { ...row, fields: row.fields as unknown as FormField[] }
}

/** Keeps an extraction as a draft form: the step staff review and correct before creating it. */
export async function createOnlineFormDraft(
  input: { schema: ExtractedFormSchema; sourceFileName: string | null; formType?: FormType },
  actor: Actor,
) {
  const { schema } = input
  return prisma.$transaction(async (tx) => {
    const created = await tx.onlineForm.create({
      data: {
        title: schema.title,
        sourceFileName: input.sourceFileName,
        fields: schema.fields as unknown as Prisma.InputJsonValue,
        totalPages: schema.totalPages,
        fallbackFields: schema.fallbackFields,
        extractedAt: new Date(schema.extractedAt),
        formType: input.formType ?? 'intake',
        webhookId: crypto.randomBytes(24).toString('base64url'),
        createdById: actor.userId,
      },
      select: FORM_COLUMNS,
    })
    await recordAudit(
      {
        actor,
        action: 'create',
        entityType: 'OnlineForm',
        entityId: created.id,
        details: { fields: schema.fields.length, fallbackFields: schema.fallbackFields },
      },
      tx,
    )
    return toRecord(created)
  })
}

/** A form by id, draft or published; NotFoundError when there is none. */
export async function getOnlineForm(id: string) {
  const row = await prisma.onlineForm.findUnique({ where: { id }, select: FORM_COLUMNS }).catch(() => null)
  if (!row) throw new NotFoundError('Form not found')
  return toRecord(row)
}

/**
 * Publishes a draft: the portal hosts it, and with target 'jotform' (when
 * Jotform is configured) it is also created on Jotform with a webhook back to
 * /api/webhook/forms/{webhookId}. `origin` is the portal's public origin.
 */
export async function publishOnlineForm(
  _formId: string,
  _options: { target: OnlineFormTarget; origin: string },
  _actor: Actor,
): Promise<CreatedOnlineForm> {
  throw new Error('publishOnlineForm: not implemented yet')
}
