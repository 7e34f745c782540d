import { prisma } from '~/platform/db.server'
import { NEWEST_FIRST } from '~/platform/paginate.server'

/** How many entries a record's page shows; the audit log has them all. */
export const RECORD_HISTORY_LIMIT = 50

/** Says what one audit entry did to the record, in the record's own words ('Saved Insurance'). */
export type DescribeEntry = (action: string, details: Record<string, unknown>) => string

export type HistoryEntry = { id: string; action: string; at: Date; who: string; what: string }

function detailsOf(details: unknown) {
  return (details && typeof details === 'object' && !Array.isArray(details) ? details : {}) as Record<string, unknown>
}

/**
 * A record's audit trail as display rows, newest first: what happened, who
 * did it and when. Openings of the record (`view` entries) are lines of the
 * trail when `includeViews` is set; otherwise readRecordViewers sums them up.
 */
export async function readRecordHistory({
  entityType,
  entityId,
  describe,
  includeViews,
}: {
  entityType: string
  entityId: string
  describe: DescribeEntry
  includeViews: boolean
}): Promise<HistoryEntry[]> {
  const entries = await prisma.auditLog.findMany({
    where: { entityType, entityId, ...(includeViews ? {} : { action: { not: 'view' } }) },
    orderBy: NEWEST_FIRST,
    take: RECORD_HISTORY_LIMIT,
    include: { user: { select: { name: true } } },
  })
  return entries.map((entry) => ({
    id: entry.id,
    action: entry.action,
    at: entry.createdAt,
    who: entry.user?.name ?? entry.actorEmail ?? 'System',
    what: describe(entry.action, detailsOf(entry.details)),
  }))
}

/**
 * Who opened a record, how often and when last: the 'Viewed by' list, most
 * recent first, counted and named in one statement.
 */
export async function readRecordViewers({ entityType, entityId }: { entityType: string; entityId: string }) {
  const viewers = await prisma.$queryRaw<Array<{ name: string | null; email: string | null; views: number; lastViewedAt: Date }>>`
    SELECT u.name, u.email, count(*)::int AS views, max(a."createdAt") AS "lastViewedAt"
    FROM "AuditLog" a LEFT JOIN "User" u ON u.id = a."userId"
    WHERE a."entityType" = ${entityType} AND a."entityId" = ${entityId} AND a.action = 'view'
    GROUP BY a."userId", u.name, u.email
    ORDER BY max(a."createdAt") DESC`
  return viewers.map((viewer) => ({
    name: viewer.name || 'Unknown user',
    email: viewer.email,
    views: viewer.views,
    lastViewedAt: viewer.lastViewedAt,
  }))
}
