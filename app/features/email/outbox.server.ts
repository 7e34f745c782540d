import type { Prisma } from '~/generated/prisma/client'
import { prisma } from '~/platform/db.server'
import { enqueueJobs } from '~/platform/jobs.server'
import { getGhlConfig } from '~/integrations/settings.server'
import { getSavedEmailChannel, getSmtpConfig } from '~/integrations/smtp/settings.server'
import { chooseEmailChannel } from './channel'

/**
 * The outbox: an e-mail is written here, in the transaction of the change
 * that decides to send it, and delivered by the job queue (EMAIL_DELIVER_JOB)
 * through the channel chosen in Settings → General. A provider outage delays
 * a message and never loses it; the dedupe key makes queuing it twice a no-op.
 *
 * When delivery ends the deliverer records a domain event
 * 'outbound_email.sent' or 'outbound_email.failed' with the payload
 * { outboundEmailId, dedupeKey, entityType, entityId }, for the areas that
 * show the outcome (a form submission's e-mail flag, a workflow run).
 */
export const EMAIL_DELIVER_JOB = 'email.deliver'

export type EmailChannel = 'smtp' | 'gohighlevel'
export const OUTBOUND_EMAIL_STATUSES = ['queued', 'sending', 'sent', 'failed'] as const
export type OutboundEmailStatus = (typeof OUTBOUND_EMAIL_STATUSES)[number]

export type EmailAttachment = { storageKey: string; fileName: string; mimeType: string }

export type QueueEmailInput = {
  /** Why it is sent, unique: 'workflow-run:<id>', 'form-submission:<id>', 'signing-invite:<id>'. */
  dedupeKey: string
  toEmail: string
  toName?: string | null
  /** Rendered and sanitised already (app/features/email-templates/render.server.ts). */
  subject: string
  html: string
  text: string
  attachments?: EmailAttachment[]
  /** The record it is about, for the record's e-mail history. */
  entityType?: string | null
  entityId?: string | null
  /** For the gohighlevel channel: the lead's synced contact. */
  ghlContactId?: string | null
  templateId?: string | null
  /** Overrides the channel in Settings → General (tests, or a message only one channel can carry). */
  channel?: EmailChannel
}

export type QueuedEmail = { id: string; status: string; created: boolean }

/**
 * Which channel Settings → General (or SMTP_URL) selects. Inside a
 * transaction pass it as `db`: a second connection may not be free.
 */
export async function selectedEmailChannel(db: Prisma.TransactionClient = prisma): Promise<EmailChannel> {
  const saved = await getSavedEmailChannel(db)
  if (saved) return saved
  const smtp = await getSmtpConfig(db)
  const ghl = smtp ? null : await getGhlConfig(db)
  return chooseEmailChannel({ saved, smtpConfigured: Boolean(smtp), ghlConfigured: Boolean(ghl) })
}

/**
 * Queues an e-mail once per dedupeKey: a second call with the same key
 * returns the first message and queues nothing. Pass the change's
 * transaction as `db` so the message exists exactly when the change commits.
 */
export async function queueEmail(input: QueueEmailInput, db: Prisma.TransactionClient = prisma): Promise<QueuedEmail> {
  const existing = await db.outboundEmail.findUnique({ where: { dedupeKey: input.dedupeKey }, select: { id: true, status: true } })
  if (existing) return { ...existing, created: false }
  const channel = input.channel ?? (await selectedEmailChannel(db))
  const row = await db.outboundEmail.create({
    data: {
      dedupeKey: input.dedupeKey,
      channel,
      toEmail: input.toEmail,
      toName: input.toName ?? null,
      subject: input.subject,
      html: input.html,
      text: input.text,
      attachments: input.attachments ?? undefined,
      entityType: input.entityType ?? null,
      entityId: input.entityId ?? null,
      ghlContactId: input.ghlContactId ?? null,
      templateId: input.templateId ?? null,
    },
    select: { id: true, status: true },
  })
  await enqueueJobs([{ type: EMAIL_DELIVER_JOB, payload: { outboundEmailId: row.id }, dedupeKey: `email:${row.id}` }], db)
  return { ...row, created: true }
}
