import type { Prisma } from '~/generated/prisma/client'
import { PENDING_ESIGN_STATUSES, providerLabel } from '~/features/esign/options'
import type { EsignListQuery } from '~/features/esign/schema'
import type { Actor } from '~/platform/actor'
import { listViewQuery, recordListView, recordView } from '~/platform/audit.server'
import { prisma } from '~/platform/db.server'
import { NotFoundError } from '~/platform/errors'
import { NEWEST_FIRST, paginate } from '~/platform/paginate.server'
import { isUuid } from '~/lib/ids'
import { wordsInFieldsWhere } from '~/lib/search'

/**
 * Reading e-signature requests: the list (newest first, filtered by status,
 * provider and the lead's name), one request with its timeline, and what
 * the dashboard shows as pending. Each read that names people is on the
 * audit trail.
 */

const listSelect = {
  id: true,
  leadId: true,
  lead: { select: { firstName: true, lastName: true } },
  provider: true,
  providerRequestId: true,
  templateId: true,
  templateName: true,
  title: true,
  message: true,
  expirationDays: true,
  expiresAt: true,
  recipientName: true,
  recipientEmail: true,
  recipientPhone: true,
  status: true,
  isTest: true,
  lastError: true,
  signedDocumentId: true,
  sentById: true,
  createdAt: true,
  sentAt: true,
  viewedAt: true,
  signedAt: true,
  completedAt: true,
  declinedAt: true,
  expiredAt: true,
  cancelledAt: true,
  lastReminderAt: true,
} as const satisfies Prisma.EsignRequestSelect

export async function listEsignRequests(query: EsignListQuery, actor: Actor, { pastTheEnd }: { pastTheEnd?: 'empty' | 'last-page' } = {}) {
  const where: Prisma.EsignRequestWhereInput = {
    AND: [
      query.status ? { status: query.status } : {},
      query.provider ? { provider: query.provider } : {},
      wordsInFieldsWhere(query.lead, ['recipientName']) ?? {},
    ],
  }
  const { rows, total, page } = await paginate(
    {
      count: () => prisma.esignRequest.count({ where }),
      findMany: (window) => prisma.esignRequest.findMany({ where, select: listSelect, orderBy: NEWEST_FIRST, ...window }),
    },
    { page: query.page, pageSize: query.pageSize, pastTheEnd },
  )
  await recordListView({
    actor,
    entityType: 'EsignRequest',
    ids: rows.map((row) => row.id),
    details: listViewQuery({ status: query.status, provider: query.provider, lead: query.lead, page }),
  })
  return { total, page, requests: rows }
}

/** One request with its timeline and the signed copy, on the trail as viewed. */
export async function viewEsignRequest(id: string, actor: Actor) {
  const request = isUuid(id)
    ? await prisma.esignRequest.findUnique({
        where: { id },
        select: {
          ...listSelect,
          sentBy: { select: { name: true } },
          signedDocument: { select: { id: true, name: true, fileName: true } },
          events: { orderBy: [{ occurredAt: 'asc' }, { id: 'asc' }], select: { id: true, type: true, detail: true, occurredAt: true } },
        },
      })
    : null
  if (!request) throw new NotFoundError('E-signature request')
  await recordView({ actor, entityType: 'EsignRequest', entityId: request.id })
  return request
}

export type EsignListRow = Awaited<ReturnType<typeof listEsignRequests>>['requests'][number]

/** A request as the JSON API answers it. */
export function esignRequestJson(request: EsignListRow) {
  const { lead, recipientName, recipientEmail, recipientPhone, ...rest } = request
  return {
    ...rest,
    leadName: lead ? `${lead.firstName} ${lead.lastName}` : null,
    recipient: { name: recipientName, email: recipientEmail, phone: recipientPhone },
  }
}

/**
 * GET /api/pending-esignatures: requests still waiting for the signer, from
 * the stored requests (tests left out), newest first.
 */
export async function listPendingEsignatures(actor: Actor, take = 50) {
  const pending = await readPendingEsignatures(take)
  await recordListView({ actor, entityType: 'EsignRequest', ids: pending.map((row) => row.id), details: listViewQuery({ list: 'pending' }) })
  return pending
}

/** The pending requests without an audit entry: for a caller that records its read itself (the dashboard's one entry). */
export async function readPendingEsignatures(take: number) {
  const rows = await prisma.esignRequest.findMany({
    where: { status: { in: [...PENDING_ESIGN_STATUSES] }, isTest: false },
    select: { id: true, title: true, status: true, provider: true, message: true, sentAt: true, createdAt: true, recipientName: true, lead: { select: { firstName: true, lastName: true } } },
    orderBy: NEWEST_FIRST,
    take,
  })
  return rows.map((row) => ({
    id: row.id,
    leadName: row.lead ? `${row.lead.firstName} ${row.lead.lastName}` : row.recipientName,
    documentName: row.title,
    status: row.status,
    sentDate: (row.sentAt ?? row.createdAt).toISOString(),
    provider: providerLabel(row.provider),
    customMessage: row.message,
  }))
}
