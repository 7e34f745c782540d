import { Prisma } from '~/generated/prisma/client'
import { jsonDate, readTogether, type ReadPart } from '~/platform/db/read-together.server'

/** How many entries a record's page shows; the audit log has them all. */
export const RECORD_HISTORY_LIMIT = 50

/** Says what one audit entry did to the record, in the record's own words ('Saved Insurance'). */
export type DescribeEntry = (action: string, details: Record<string, unknown>) => string

export type HistoryEntry = { id: string; action: string; at: Date; who: string; what: string }

export type RecordViewer = { name: string; email: string | null; views: number; lastViewedAt: Date }

type RecordRef = { entityType: string; entityId: string }

function detailsOf(details: unknown) {
  return (details && typeof details === 'object' && !Array.isArray(details) ? details : {}) as Record<string, unknown>
}

/**
 * A record's audit trail as display rows, newest first: what happened, who
 * did it and when. Openings of the record (`view` entries) are lines of the
 * trail when `includeViews` is set; otherwise recordViewersPart sums them up.
 * A part of a page's one read (readTogether).
 */
export function recordHistoryPart({
  entityType,
  entityId,
  describe,
  includeViews,
}: RecordRef & { describe: DescribeEntry; includeViews: boolean }): ReadPart<HistoryEntry[]> {
  return {
    rows: Prisma.sql`SELECT a.id, a.action, a."createdAt" AS at, a.details, coalesce(u.name, a."actorEmail") AS who
      FROM "AuditLog" a LEFT JOIN "User" u ON u.id = a."userId"
      WHERE a."entityType" = ${entityType} AND a."entityId" = ${entityId} ${includeViews ? Prisma.empty : Prisma.sql`AND a.action <> 'view'`}
      ORDER BY a."createdAt" DESC, a.id DESC LIMIT ${RECORD_HISTORY_LIMIT}`,
    read: (rows) =>
      rows.map((row) => ({
        id: row.id as string,
        action: row.action as string,
        at: jsonDate(row.at),
        who: (row.who as string | null) ?? 'System',
        what: describe(row.action as string, detailsOf(row.details)),
      })),
  }
}

/**
 * Who opened a record, how often and when last: the 'Viewed by' list, most
 * recent first, counted and named in one part of a page's read.
 */
export function recordViewersPart({ entityType, entityId }: RecordRef): ReadPart<RecordViewer[]> {
  return {
    rows: Prisma.sql`SELECT u.name, u.email, count(*)::int AS views, max(a."createdAt") AS "lastViewedAt"
      FROM "AuditLog" a LEFT JOIN "User" u ON u.id = a."userId"
      WHERE a."entityType" = ${entityType} AND a."entityId" = ${entityId} AND a.action = 'view'
      GROUP BY a."userId", u.name, u.email
      ORDER BY max(a."createdAt") DESC`,
    read: (rows) =>
      rows.map((row) => ({
        name: (row.name as string | null) || 'Unknown user',
        email: row.email as string | null,
        views: row.views as number,
        lastViewedAt: jsonDate(row.lastViewedAt),
      })),
  }
}

/** A record's trail alone (the pages that read nothing else with it). */
export async function readRecordHistory(options: RecordRef & { describe: DescribeEntry; includeViews: boolean }) {
  return (await readTogether({ history: recordHistoryPart(options) })).history
}
