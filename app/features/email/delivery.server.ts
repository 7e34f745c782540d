import { GhlError, sendGhlEmail } from '~/integrations/gohighlevel/client.server'
import { getGhlConfig } from '~/integrations/settings.server'
import { SmtpError, sendSmtpMail } from '~/integrations/smtp/client.server'
import { getSmtpConfig } from '~/integrations/smtp/settings.server'
import type { Prisma } from '~/generated/prisma/client'
import { systemActor } from '~/platform/actor'
import { recordAudit } from '~/platform/audit.server'
import { prisma } from '~/platform/db.server'
import { MAX_ATTEMPTS, PermanentJobError } from '~/platform/jobs.server'
import { getStorage } from '~/platform/storage.server'
import type { EmailAttachment } from './outbox.server'
import { emailDocument } from '~/features/email-templates/email-document'

/**
 * The EMAIL_DELIVER_JOB handler: sends one outbox row through its channel.
 * A temporary failure (provider down, 4xx, not configured yet) puts the row
 * back to 'queued' and throws, so the job queue retries it with backoff; a
 * permanent one (5xx refusal, bad address, no contact) or the last attempt
 * marks it 'failed' with the reason. The final outcome, its audit entry and
 * the domain event commit together. A row already sent is never sent again.
 */
export const EMAIL_DELIVERY_ACTOR = 'email-delivery'

/** Why delivery stopped for good; the reason is kept on the row. */
class PermanentDeliveryError extends Error {}

type OutboundRow = Prisma.OutboundEmailGetPayload<object>

/** The Message-ID of a row's SMTP message: the same on every attempt, so a resend is recognisable. */
export function outboundMessageId(row: { id: string }, fromAddress: string) {
  const domain = fromAddress.split('@')[1] || 'portal.invalid'
  return `outbound-${row.id}@${domain}`
}

async function readAttachments(row: OutboundRow) {
  const attachments = (row.attachments ?? []) as unknown as EmailAttachment[]
  const storage = getStorage()
  const files = []
  for (const file of attachments) {
    if (!(await storage.exists(file.storageKey))) throw new PermanentDeliveryError(`The attachment ${file.fileName} is no longer stored`)
    const chunks: Buffer[] = []
    for await (const chunk of storage.read(file.storageKey)) chunks.push(chunk as Buffer)
    files.push({ filename: file.fileName, contentType: file.mimeType, content: Buffer.concat(chunks) })
  }
  return files
}

async function sendThroughChannel(row: OutboundRow): Promise<string> {
  if (row.channel === 'smtp') {
    const config = await getSmtpConfig()
    if (!config) throw new Error('SMTP is not configured: an administrator must set it up under Settings → General')
    try {
      const sent = await sendSmtpMail(config, {
        messageId: outboundMessageId(row, config.fromAddress),
        to: row.toEmail,
        toName: row.toName,
        subject: row.subject,
        html: emailDocument(row.subject, row.html),
        text: row.text,
        attachments: await readAttachments(row),
      })
      return sent.messageId
    } catch (error) {
      if (error instanceof SmtpError && !error.retryable) throw new PermanentDeliveryError(error.message)
      throw error
    }
  }
  if (row.channel === 'gohighlevel') {
    if (!row.ghlContactId) {
      throw new PermanentDeliveryError('The recipient has no GoHighLevel contact: sync the lead to GoHighLevel, or send through SMTP')
    }
    if (Array.isArray(row.attachments) && row.attachments.length > 0) {
      throw new PermanentDeliveryError('GoHighLevel cannot carry the portal’s attachments: send this message through SMTP')
    }
    const config = await getGhlConfig()
    if (!config) throw new Error('GoHighLevel is not configured: an administrator must connect it under Settings → GoHighLevel')
    try {
      const sent = await sendGhlEmail(config, { contactId: row.ghlContactId, subject: row.subject, html: emailDocument(row.subject, row.html), emailTo: row.toEmail })
      return sent.messageId
    } catch (error) {
      if (error instanceof GhlError && !error.retryable) throw new PermanentDeliveryError(error.message)
      throw error
    }
  }
  throw new PermanentDeliveryError(`Unknown e-mail channel ${row.channel}`)
}

/** Marks the final outcome with its audit entry and domain event, in one transaction. */
async function finish(row: OutboundRow, outcome: { sent: true; providerMessageId: string } | { sent: false; reason: string }) {
  await prisma.$transaction(async (tx) => {
    const now = new Date()
    const { count } = await tx.outboundEmail.updateMany({
      where: { id: row.id, status: { in: ['queued', 'sending'] } },
      data: outcome.sent
        ? { status: 'sent', sentAt: now, providerMessageId: outcome.providerMessageId, lastError: null }
        : { status: 'failed', failedAt: now, lastError: outcome.reason },
    })
    if (count === 0) return
    await recordAudit(
      {
        actor: systemActor(EMAIL_DELIVERY_ACTOR),
        action: 'update',
        entityType: 'OutboundEmail',
        entityId: row.id,
        eventType: outcome.sent ? 'outbound_email.sent' : 'outbound_email.failed',
        details: { outboundEmailId: row.id, dedupeKey: row.dedupeKey, entityType: row.entityType, entityId: row.entityId },
      },
      tx,
    )
  })
}

function reasonOf(error: unknown) {
  return (error instanceof Error ? error.message : String(error)).slice(0, 1000)
}

export async function runEmailDeliverJob(payload: Prisma.JsonValue) {
  const { outboundEmailId } = (payload ?? {}) as { outboundEmailId?: string }
  if (!outboundEmailId) throw new PermanentJobError('The job names no outbound e-mail')
  // Claims the row: only a queued (or abandoned 'sending') row is sent; a sent or failed one never again.
  const claimed = await prisma.outboundEmail.updateManyAndReturn({
    where: { id: outboundEmailId, status: { in: ['queued', 'sending'] } },
    data: { status: 'sending', attempts: { increment: 1 } },
  })
  const row = claimed[0]
  if (!row) return
  let providerMessageId: string
  try {
    providerMessageId = await sendThroughChannel(row)
  } catch (error) {
    const reason = reasonOf(error)
    if (error instanceof PermanentDeliveryError || row.attempts >= MAX_ATTEMPTS) {
      await finish(row, { sent: false, reason })
      throw new PermanentJobError(reason)
    }
    // Back in the outbox: the queue tries again after its backoff.
    await prisma.outboundEmail.updateMany({ where: { id: row.id, status: 'sending' }, data: { status: 'queued', lastError: reason } })
    throw error
  }
  await finish(row, { sent: true, providerMessageId })
}
