import type { Prisma } from '~/generated/prisma/client'
import { prisma } from '~/platform/db.server'
import { NEWEST_FIRST, paginate } from '~/platform/paginate.server'
import type { Actor } from '~/platform/actor'

export const AUDIT_ACTIONS = [
  'create',
  'update',
  'delete',
  'view',
  'login',
  'login_failed',
  'logout',
] as const
export type AuditAction = (typeof AUDIT_ACTIONS)[number]

type AuditEntry = {
  actor: Actor
  action: AuditAction
  entityType: string
  entityId?: string | null
  details?: Prisma.InputJsonValue
}

/** Entries are only ever inserted; the database refuses updates and deletes. */
export async function recordAudit(entry: AuditEntry, db: Prisma.TransactionClient = prisma) {
  await db.auditLog.create({
    data: {
      userId: entry.actor.userId,
      actorKind: entry.actor.kind,
      actorEmail: entry.actor.email ?? null,
      actorLabel: entry.actor.label ?? null,
      action: entry.action,
      entityType: entry.entityType,
      entityId: entry.entityId ?? null,
      ipAddress: entry.actor.ipAddress,
      details: entry.details,
    },
  })
}

/** Repeated openings of one record by one person within this window count as one visit. */
export const VIEW_DEDUPE_MS = 5 * 60 * 1000

/**
 * Records that a person opened a record (PHI access trail). Reloads and the
 * revalidation after each action would otherwise flood the trail, so one
 * entry per person and record every 5 minutes.
 */
export async function recordView(entry: { actor: Actor; entityType: string; entityId: string }) {
  const recent = await prisma.auditLog.findFirst({
    where: {
      action: 'view',
      entityType: entry.entityType,
      entityId: entry.entityId,
      userId: entry.actor.userId,
      createdAt: { gte: new Date(Date.now() - VIEW_DEDUPE_MS) },
    },
    select: { id: true },
  })
  if (!recent) await recordAudit({ ...entry, action: 'view' })
}

export const AUDIT_PAGE_SIZE = 50

export type AuditFilters = {
  action?: string
  entityType?: string
  userId?: string
  entityId?: string
  from?: Date
  to?: Date
  page: number
}

export async function listAuditEntries(filters: AuditFilters) {
  const where: Prisma.AuditLogWhereInput = {
    action: filters.action || undefined,
    entityType: filters.entityType || undefined,
    userId: filters.userId || undefined,
    entityId: filters.entityId || undefined,
    createdAt:
      filters.from || filters.to ? { gte: filters.from, lt: filters.to } : undefined,
  }
  const { rows, total, page } = await paginate(
    {
      count: () => prisma.auditLog.count({ where }),
      findMany: (window) =>
        prisma.auditLog.findMany({ where, orderBy: NEWEST_FIRST, include: { user: { select: { name: true, email: true } } }, ...window }),
    },
    { page: filters.page, pageSize: AUDIT_PAGE_SIZE, pastTheEnd: 'last-page' },
  )
  return { total, page, entries: rows }
}

export async function listAuditEntityTypes() {
  const rows = await prisma.auditLog.findMany({
    distinct: ['entityType'],
    select: { entityType: true },
    orderBy: { entityType: 'asc' },
  })
  return rows.map((row) => row.entityType)
}
