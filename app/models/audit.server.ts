import type { Prisma } from '~/generated/prisma/client'
import { prisma } from '~/utils/db.server'
import { getClientAddress } from '~/utils/request.server'

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
  request: Request
  userId?: string | null
  actorEmail?: string | null
  action: AuditAction
  entityType: string
  entityId?: string | null
  details?: Prisma.InputJsonValue
}

/** Entries are only ever inserted; the database refuses updates and deletes. */
export async function recordAudit(entry: AuditEntry, db: Prisma.TransactionClient = prisma) {
  await db.auditLog.create({
    data: {
      userId: entry.userId ?? null,
      actorEmail: entry.actorEmail ?? null,
      action: entry.action,
      entityType: entry.entityType,
      entityId: entry.entityId ?? null,
      ipAddress: getClientAddress(entry.request),
      details: entry.details,
    },
  })
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
  const [total, entries] = await prisma.$transaction([
    prisma.auditLog.count({ where }),
    prisma.auditLog.findMany({
      where,
      orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
      skip: (filters.page - 1) * AUDIT_PAGE_SIZE,
      take: AUDIT_PAGE_SIZE,
      include: { user: { select: { name: true, email: true } } },
    }),
  ])
  return { total, entries }
}

export async function listAuditEntityTypes() {
  const rows = await prisma.auditLog.findMany({
    distinct: ['entityType'],
    select: { entityType: true },
    orderBy: { entityType: 'asc' },
  })
  return rows.map((row) => row.entityType)
}

export type AuditPageLink = { page: number; href: string; current: boolean }

export type AuditPagination = {
  page: number
  pageCount: number
  previous: string | null
  next: string | null
  /** Page links in order; null marks a gap ("…") between them. */
  pages: Array<AuditPageLink | null>
}

/**
 * Links for numbered and previous/next pagination. Each href is the current
 * URL (so the filters stay) with only `page` changed; page 1 has no
 * `page` parameter. Shows the first, the last and two pages either side of
 * the current one.
 */
export function buildAuditPagination(url: URL, page: number, total: number): AuditPagination {
  const pageCount = Math.max(1, Math.ceil(total / AUDIT_PAGE_SIZE))
  const href = (target: number) => {
    const params = new URLSearchParams(url.search)
    if (target === 1) params.delete('page')
    else params.set('page', String(target))
    const query = params.toString()
    return query ? `${url.pathname}?${query}` : url.pathname
  }
  const shown = new Set([1, pageCount])
  for (let near = page - 2; near <= page + 2; near++) if (near >= 1 && near <= pageCount) shown.add(near)
  const pages: Array<AuditPageLink | null> = []
  let previousShown = 0
  for (const number of [...shown].sort((a, b) => a - b)) {
    if (number - previousShown > 1) pages.push(null)
    pages.push({ page: number, href: href(number), current: number === page })
    previousShown = number
  }
  return {
    page,
    pageCount,
    previous: page > 1 ? href(Math.min(page - 1, pageCount)) : null,
    next: page < pageCount ? href(page + 1) : null,
    pages,
  }
}
