import crypto from 'node:crypto'
import type { Prisma } from '~/generated/prisma/client'
import type { Actor } from '~/platform/actor'
import { recordAudit } from '~/platform/audit.server'
import { prisma } from '~/platform/db.server'
import { ConflictError, NotFoundError } from '~/platform/errors'
import { JotformError, addJotformWebhook, createJotformForm } from '~/integrations/jotform/client.server'
import { jotformEditUrl } from '~/integrations/jotform/options'
import { type JotformConfig, getJotformConfig } from '~/integrations/jotform/settings.server'
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
 * Jotform did not answer, or failed (5xx, timeout): nothing was saved and
 * the draft stays a draft. A ConflictError, so pages show its message; the
 * JSON API answers 502.
 */
export class FormProviderUnavailableError extends ConflictError {
  override name = 'FormProviderUnavailableError'
}

/** The portal's pages for a form it hosts: the preview and the editor on /pdf-to-form. */
function portalFormUrls(origin: string, id: string) {
  return { formUrl: `${origin}/pdf-to-form/${id}/preview`, editUrl: `${origin}/pdf-to-form/${id}` }
}

type JotformPublication = { externalFormId: string; externalFormUrl: string; externalEditUrl: string; webhookConfigured: boolean; webhookError: string | null }

/** Creates the form on Jotform, then its webhook; a failed webhook leaves the form, flagged. */
async function createOnJotform(form: OnlineFormRecord, webhookId: string, origin: string, config: JotformConfig): Promise<JotformPublication> {
  let created
  try {
    created = await createJotformForm(config, { title: form.title, fields: form.fields })
  } catch (error) {
    if (!(error instanceof JotformError)) throw error
    // 'API key' in the message: the page shows the catalogue's configuration message.
    if (error.kind === 'unavailable') throw new FormProviderUnavailableError(`The form could not be created: ${error.message}`)
    throw new ConflictError(error.kind === 'auth' ? `${error.message}: check the Jotform API key in Settings → General` : error.message)
  }
  let webhookError: string | null = null
  try {
    await addJotformWebhook(config, created.id, `${origin}/api/webhook/forms/${webhookId}`)
  } catch (error) {
    if (!(error instanceof JotformError)) throw error
    webhookError = error.message
  }
  return {
    externalFormId: created.id,
    externalFormUrl: created.url ?? `${config.formHost}/${created.id}`,
    externalEditUrl: jotformEditUrl(created.id),
    webhookConfigured: webhookError === null,
    webhookError,
  }
}

/**
 * Publishes a draft: the portal hosts it, and with target 'jotform' (when
 * Jotform is configured) it is also created on Jotform with a webhook back to
 * /api/webhook/forms/{webhookId}. `origin` is the portal's public origin.
 * Jotform is called before the transaction, so an outage saves nothing; a
 * form published meanwhile (twice) is a ConflictError.
 */
export async function publishOnlineForm(
  formId: string,
  options: { target: OnlineFormTarget; origin: string },
  actor: Actor,
): Promise<CreatedOnlineForm> {
  const origin = options.origin.replace(/\/+$/, '')
  const draft = await prisma.onlineForm
    .findUnique({ where: { id: formId }, select: { ...FORM_COLUMNS, webhookId: true } })
    .catch(() => null)
  if (!draft) throw new NotFoundError('Form')
  if (draft.status !== 'draft') throw new ConflictError('This form is already published')
  const form = toRecord(draft)
  const config = await getJotformConfig()
  const onJotform = options.target === 'jotform' && config !== null
  const published = onJotform ? await createOnJotform(form, draft.webhookId, origin, config) : null

  await prisma.$transaction(async (tx) => {
    const now = new Date()
    const updated = await tx.onlineForm.updateMany({
      where: { id: formId, status: 'draft' },
      data: {
        status: 'published',
        publishedAt: now,
        provider: published ? 'jotform' : 'portal',
        externalFormId: published?.externalFormId ?? null,
        externalFormUrl: published?.externalFormUrl ?? null,
        externalEditUrl: published?.externalEditUrl ?? null,
        // The portal receives its own form's answers.
        webhookConfigured: published ? published.webhookConfigured : true,
      },
    })
    if (updated.count === 0) {
      if (published) console.error(`Online form ${formId} was published meanwhile; Jotform form ${published.externalFormId} is unused`)
      throw new ConflictError('This form is already published')
    }
    await recordAudit(
      {
        actor,
        action: 'update',
        entityType: 'OnlineForm',
        entityId: formId,
        eventType: 'online_form.published',
        details: {
          provider: published ? 'jotform' : 'portal',
          requestedTarget: options.target,
          fields: form.fields.length,
          externalFormId: published?.externalFormId ?? null,
          webhookConfigured: published ? published.webhookConfigured : true,
          webhookError: published?.webhookError ?? null,
        },
      },
      tx,
    )
  })

  if (published) {
    return {
      formId: published.externalFormId,
      formUrl: published.externalFormUrl,
      editUrl: published.externalEditUrl,
      webhookConfigured: published.webhookConfigured,
      fieldsCreated: form.fields.length,
      demoMode: false,
    }
  }
  return {
    formId,
    ...portalFormUrls(origin, formId),
    webhookConfigured: true,
    fieldsCreated: form.fields.length,
    demoMode: config === null,
  }
}
