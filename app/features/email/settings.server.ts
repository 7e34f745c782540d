import crypto from 'node:crypto'
import { z } from 'zod'
import type { Prisma } from '~/generated/prisma/client'
import { storableText } from '~/lib/form-input'
import { upsertGhlContact } from '~/integrations/gohighlevel/client.server'
import { getGhlConfig } from '~/integrations/settings.server'
import type { EmailSettingsValue } from '~/integrations/smtp/settings-schema.server'
import { EMAIL_PROVIDER, getEmailSettingsView, saveEmailSettings } from '~/integrations/smtp/settings.server'
import type { Actor } from '~/platform/actor'
import { listViewQuery, recordAudit, recordListView } from '~/platform/audit.server'
import { prisma } from '~/platform/db.server'
import { RuleViolationError } from '~/platform/errors'
import { runJobNow } from '~/platform/jobs.server'
import { paginate } from '~/platform/paginate.server'
import { runEmailDeliverJob } from './delivery.server'
import { OUTBOUND_EMAIL_STATUSES, queueEmail } from './outbox.server'

/**
 * Settings → General's 'E-mail delivery' section: saving the channel and the
 * SMTP server (audited, never naming the password), a test message through
 * the outbox, and the outbox list for administrators.
 */
export async function updateEmailSettings(change: EmailSettingsValue, actor: Actor) {
  await prisma.$transaction(async (tx) => {
    const before = await getEmailSettingsView(tx)
    await saveEmailSettings(
      {
        channel: change.channel,
        host: change.host,
        port: change.port,
        tlsMode: change.tlsMode,
        user: change.user,
        password: change.password,
        fromAddress: change.fromAddress,
        fromName: change.fromName,
      },
      tx,
    )
    await recordAudit(
      {
        actor,
        action: 'update',
        entityType: 'IntegrationSetting',
        entityId: EMAIL_PROVIDER,
        details: {
          channel: change.channel,
          channelChanged: before.channel !== change.channel,
          host: change.host ?? null,
          passwordChanged: Boolean(change.password),
        },
      },
      tx,
    )
  })
}

export type TestEmailResult = { sent: boolean; error: string | null }

/**
 * Sends a short message to `to` through the outbox and the chosen channel,
 * now, and says how it went. Through GoHighLevel the address becomes a
 * contact first (the conversations API sends to contacts only).
 */
export async function sendTestEmail(to: string, actor: Actor): Promise<TestEmailResult> {
  let ghlContactId: string | null = null
  const view = await getEmailSettingsView()
  if (view.channel === 'gohighlevel') {
    const config = await getGhlConfig()
    if (!config) throw new RuleViolationError('GoHighLevel is not connected: connect it under Settings → GoHighLevel first', 'channel')
    try {
      ghlContactId = (await upsertGhlContact(config, { firstName: 'Portal', lastName: 'Test', email: to, phone: '' })).contactId
    } catch (error) {
      return { sent: false, error: error instanceof Error ? error.message : String(error) }
    }
  }
  const queued = await prisma.$transaction(async (tx) => {
    const email = await queueEmail(
      {
        dedupeKey: `test-email:${crypto.randomUUID()}`,
        toEmail: to,
        subject: 'Test e-mail from the Healthcare Portal',
        html: '<p>This is a test e-mail from the Healthcare Portal. E-mail delivery works.</p>',
        text: 'This is a test e-mail from the Healthcare Portal. E-mail delivery works.',
        entityType: 'IntegrationSetting',
        entityId: EMAIL_PROVIDER,
        ghlContactId,
        channel: view.channel ?? undefined,
      },
      tx,
    )
    await recordAudit(
      {
        actor,
        action: 'create',
        entityType: 'OutboundEmail',
        entityId: email.id,
        eventType: 'outbound_email.test_queued',
        details: { channel: view.channel },
      },
      tx,
    )
    return email
  })
  await runJobNow(`email:${queued.id}`, runEmailDeliverJob)
  const row = await prisma.outboundEmail.findUniqueOrThrow({ where: { id: queued.id }, select: { status: true, lastError: true } })
  return { sent: row.status === 'sent', error: row.status === 'sent' ? null : (row.lastError ?? 'Not sent yet') }
}

export const outboxQuerySchema = z.object({
  status: z.enum(OUTBOUND_EMAIL_STATUSES).optional().catch(undefined),
  entityType: z.string().trim().max(60).optional().catch(undefined),
  entityId: z.string().trim().max(100).optional().catch(undefined),
  page: z.coerce.number().int().min(1).max(10_000).default(1).catch(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(25).catch(25),
})
export type OutboxQuery = z.infer<typeof outboxQuerySchema>

export function parseOutboxQuery(params: URLSearchParams, pageSize = 25): OutboxQuery {
  const raw = Object.fromEntries([...params.entries()].map(([name, value]) => [name, storableText(value)]).filter(([, value]) => value !== ''))
  return outboxQuerySchema.parse({ pageSize, ...raw })
}

const OUTBOX_COLUMNS = {
  id: true,
  dedupeKey: true,
  channel: true,
  toEmail: true,
  subject: true,
  entityType: true,
  entityId: true,
  status: true,
  attempts: true,
  lastError: true,
  providerMessageId: true,
  queuedAt: true,
  sentAt: true,
  failedAt: true,
} satisfies Prisma.OutboundEmailSelect

/** The outbox, newest first, on the trail as a list read (recipients are PHI). */
export async function listOutbox(query: OutboxQuery, actor: Actor, { pastTheEnd = 'empty' }: { pastTheEnd?: 'empty' | 'last-page' } = {}) {
  const where: Prisma.OutboundEmailWhereInput = {
    ...(query.status ? { status: query.status } : {}),
    ...(query.entityType ? { entityType: query.entityType } : {}),
    ...(query.entityId ? { entityId: query.entityId } : {}),
  }
  const result = await paginate(
    {
      count: () => prisma.outboundEmail.count({ where }),
      findMany: (window) =>
        prisma.outboundEmail.findMany({ where, select: OUTBOX_COLUMNS, orderBy: [{ queuedAt: 'desc' }, { id: 'desc' }], ...window }),
    },
    { page: query.page, pageSize: query.pageSize, pastTheEnd },
  )
  const { status, entityType, entityId, page } = query
  await recordListView({
    actor,
    entityType: 'OutboundEmail',
    ids: result.rows.map((row) => row.id),
    details: listViewQuery({ status, entityType, entityId, page }),
  })
  return result
}

export type OutboxRow = Awaited<ReturnType<typeof listOutbox>>['rows'][number]

export function outboxJson(row: OutboxRow) {
  return {
    ...row,
    queuedAt: row.queuedAt.toISOString(),
    sentAt: row.sentAt?.toISOString() ?? null,
    failedAt: row.failedAt?.toISOString() ?? null,
  }
}

