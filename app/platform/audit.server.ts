import crypto from 'node:crypto'
import { Prisma } from '~/generated/prisma/client'
import { prisma } from '~/platform/db.server'
import { groupedWhileBusy } from '~/platform/db/grouped.server'
import { NEWEST_FIRST, paginate } from '~/platform/paginate.server'
import { titleCase } from '~/lib/misc'
import { storableText } from '~/lib/form-input'
import type { Actor } from '~/platform/actor'
import { changeEventType, isChangeAction, recordDomainEvent } from '~/platform/events.server'

export const AUDIT_ACTIONS = [
  'create',
  'update',
  'delete',
  'view',
  'login',
  'login_failed',
  'logout',
  'mfa_enabled',
  'mfa_disabled',
  'mfa_recovery_codes_regenerated',
  'mfa_reset',
  'mfa_verification_failed',
  'mfa_recovery_code_used',
  'access_denied',
] as const
export type AuditAction = (typeof AUDIT_ACTIONS)[number]

/** 'login_failed' → 'Login Failed', 'mfa_reset' → 'MFA Reset'. */
export function auditActionLabel(action: string) {
  return titleCase(action).replace(/\bMfa\b/g, 'MFA')
}

type AuditEntry = {
  actor: Actor
  action: AuditAction
  entityType: string
  entityId?: string | null
  details?: Prisma.InputJsonValue
  /**
   * The domain event's type where it says more than the one derived from the
   * entity and action (`lead.updated`), e.g. 'patient.registration_submitted'.
   * Changes only: views and sign-ins record no event.
   */
  eventType?: string
}

/** The log is append-only and kept for years: no caller may make an entry large. */
const MAX_TEXT = 254
const MAX_DETAILS_CHARS = 8 * 1024

function bounded(value: string | null | undefined) {
  if (value == null) return null
  return value.length > MAX_TEXT ? `${value.slice(0, MAX_TEXT - 1)}…` : value
}

function boundedDetails(details: Prisma.InputJsonValue | undefined) {
  if (details === undefined) return undefined
  const size = JSON.stringify(details).length
  return size > MAX_DETAILS_CHARS ? { truncated: true, originalChars: size } : details
}

/**
 * Entries are only ever inserted; the database refuses updates and deletes.
 * A change (create, update, delete) also records its domain event, with the
 * entry's details as payload, in the same transaction: pass the change's
 * transaction as `db` so the change, the entry and the event commit or roll
 * back together.
 */
export async function recordAudit(entry: AuditEntry, db: Prisma.TransactionClient = prisma) {
  const { action } = entry
  if (!isChangeAction(action)) return writeAuditEntry(entry, db)
  const write = async (tx: Prisma.TransactionClient) => {
    await writeAuditEntry(entry, tx)
    await recordDomainEvent(
      {
        type: entry.eventType ?? changeEventType(entry.entityType, action),
        actor: entry.actor,
        entityType: entry.entityType,
        entityId: entry.entityId,
        payload: entry.details,
      },
      tx,
    )
  }
  if (db === prisma) await prisma.$transaction(write)
  else await write(db)
}

/**
 * One INSERT as plain SQL: every page read writes an entry, and the client's
 * query building for a create cost about as much as the insert itself.
 * `unless`: a condition (on "AuditLog") under which nothing is written,
 * checked in the same statement.
 */
async function writeAuditEntry(entry: AuditEntry, db: Prisma.TransactionClient, unless?: Prisma.Sql) {
  await writeAuditRows([auditRow(entry, unless)], db)
}

/** An entry as one SELECT of an INSERT … SELECT, not written when `unless` holds. */
function auditRow(entry: AuditEntry, unless?: Prisma.Sql) {
  const details = boundedDetails(entry.details)
  return Prisma.sql`SELECT ${crypto.randomUUID()}::uuid, ${entry.actor.userId ?? null}::uuid, ${entry.actor.kind}, ${bounded(entry.actor.email)}, ${bounded(entry.actor.label)},
      ${entry.action}, ${bounded(entry.entityType)!}, ${bounded(entry.entityId)}, ${bounded(entry.actor.ipAddress)},
      ${details === undefined ? null : JSON.stringify(details)}::jsonb
    ${unless ? Prisma.sql`WHERE NOT EXISTS (SELECT 1 FROM "AuditLog" WHERE ${unless})` : Prisma.empty}`
}

/** Several entries in one statement (every column a text, a uuid or a jsonb, so UNION ALL keeps the types). */
async function writeAuditRows(rows: Prisma.Sql[], db: Prisma.TransactionClient) {
  if (rows.length === 0) return
  await db.$executeRaw`INSERT INTO "AuditLog" (id, "userId", "actorKind", "actorEmail", "actorLabel", action, "entityType", "entityId", "ipAddress", details)
    ${Prisma.join(rows, ' UNION ALL ')}`
}

/**
 * A read on the trail (a view, a list shown) as the values of its row, and
 * for a record's view the time after which an earlier view by the same
 * person of the same record makes this one unnecessary.
 */
type ReadRow = {
  id: string
  userId: string | null
  actorKind: string
  actorEmail: string | null
  actorLabel: string | null
  action: AuditAction
  entityType: string
  entityId: string | null
  ipAddress: string | null
  details: Prisma.InputJsonValue | null
  viewSince: string | null
}

function readRow(entry: AuditEntry): ReadRow {
  return {
    id: crypto.randomUUID(),
    userId: entry.actor.userId ?? null,
    actorKind: entry.actor.kind,
    actorEmail: bounded(entry.actor.email),
    actorLabel: bounded(entry.actor.label),
    action: entry.action,
    entityType: bounded(entry.entityType)!,
    entityId: bounded(entry.entityId),
    ipAddress: bounded(entry.actor.ipAddress),
    details: boundedDetails(entry.details) ?? null,
    viewSince: null,
  }
}

/**
 * Reads' rows in one statement of one shape, whatever their number: the rows
 * as one JSON parameter. A view is skipped when the same person (or the same
 * nobody) viewed the same record since its `viewSince`, found on the record's
 * (entityType, entityId) index; the check is made row by row, so within one
 * statement two views of one record by one person are both kept.
 */
async function insertReads(rows: ReadRow[]) {
  readStatements.count++
  await prisma.$executeRaw`INSERT INTO "AuditLog" (id, "userId", "actorKind", "actorEmail", "actorLabel", action, "entityType", "entityId", "ipAddress", details)
    SELECT r.id, r."userId", r."actorKind", r."actorEmail", r."actorLabel", r.action, r."entityType", r."entityId", r."ipAddress", r.details
    FROM jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) AS r(id uuid, "userId" uuid, "actorKind" text, "actorEmail" text, "actorLabel" text,
      action text, "entityType" text, "entityId" text, "ipAddress" text, details jsonb, "viewSince" timestamptz)
    WHERE r."viewSince" IS NULL OR NOT EXISTS (SELECT 1 FROM "AuditLog" a
      WHERE a."entityType" = r."entityType" AND a."entityId" = r."entityId" AND a.action = 'view' AND a."createdAt" >= r."viewSince"
        AND (a."userId" = r."userId" OR (a."userId" IS NULL AND r."userId" IS NULL)))`
}

/** Statements that wrote reads, for the tests. */
export const readStatements = { count: 0 }

/** Callers whose reads one statement writes at most (a list's page brings a few rows, the appointments API up to ten). */
const READS_PER_STATEMENT = 50

/**
 * Writes a request's reads, and resolves once they are stored. Every page a
 * signed-in person opens writes one: reads that arrive while a statement is
 * under way go together in the next (groupedWhileBusy). If a shared
 * statement fails, each caller's rows are tried alone, so only the caller
 * whose rows cannot be stored fails.
 */
const writeReadsGrouped = groupedWhileBusy<ReadRow[], void>({
  max: READS_PER_STATEMENT,
  eachAloneOnFailure: true,
  run: async (callers) => {
    await insertReads(callers.flat())
    return callers.map(() => undefined)
  },
})

function writeReads(rows: ReadRow[]) {
  return rows.length === 0 ? Promise.resolve() : writeReadsGrouped(rows)
}

/** Repeated openings of one record by one person within this window count as one visit. */
export const VIEW_DEDUPE_MS = 5 * 60 * 1000

type ViewDetails = Record<string, Prisma.InputJsonValue>

type RecordOpened = { actor: Actor; entityType: string; entityId: string; details?: ViewDetails }

/** A record's view, unless the same person opened it within VIEW_DEDUPE_MS. */
function viewRow(entry: RecordOpened): ReadRow {
  return { ...readRow({ ...entry, action: 'view' }), viewSince: new Date(Date.now() - VIEW_DEDUPE_MS).toISOString() }
}

/**
 * Records that a person opened a record (PHI access trail). Reloads and the
 * revalidation after each action would otherwise flood the trail, so one
 * entry per person and record every 5 minutes. `details` says what else
 * the page showed with it (the ids of a lead's communications).
 */
export async function recordView(entry: RecordOpened) {
  // A view is not a change, so it has no domain event.
  await writeReads([viewRow(entry)])
}

/** Ids per list entry at most. */
const IDS_PER_ENTRY = 100
/** An entry's ids and the people they name, in characters: with the search beside them, well inside MAX_DETAILS_CHARS. */
const ENTRY_IDS_CHARS = 6 * 1024

/**
 * What a list, a search or an API page showed: the kind of record, the ids, and the search.
 * `named` lists, id by id, whom each row names (`{ patientIds: [row 1's patient, …] }`): each
 * entry keeps those of its own rows, so no entry outgrows its bound and loses them.
 */
export type ListShown = { entityType: string; ids: string[]; details?: ViewDetails; named?: Record<string, ReadonlyArray<string | null>> }

function listRows(actor: Actor, list: ListShown) {
  const rows: ReadRow[] = []
  const named = Object.entries(list.named ?? {})
  // What the search and filters beside them leave of the entry's bound.
  const budget = Math.min(ENTRY_IDS_CHARS, MAX_DETAILS_CHARS - JSON.stringify(list.details ?? {}).length - 200)
  let start = 0
  while (start < list.ids.length) {
    // As many rows as fit the entry, each with the ids it adds (its own, and people not yet named).
    const people = named.map(() => new Set<string>())
    let end = start
    let chars = 0
    while (end < list.ids.length && end - start < IDS_PER_ENTRY) {
      const added = named.flatMap(([, ids], index) => {
        const id = ids[end]
        return id != null && !people[index]!.has(id) ? [{ index, id }] : []
      })
      const rowChars = added.reduce((sum, { id }) => sum + id.length + 3, list.ids[end]!.length + 3)
      if (end > start && chars + rowChars > budget) break
      chars += rowChars
      for (const { index, id } of added) people[index]!.add(id)
      end++
    }
    const shownPeople = Object.fromEntries(named.flatMap(([key], index) => (people[index]!.size > 0 ? [[key, [...people[index]!]]] : [])))
    rows.push(readRow({ actor, action: 'view', entityType: list.entityType, details: { ...list.details, ...shownPeople, ids: list.ids.slice(start, end) } }))
    start = end
  }
  return rows
}

/**
 * Records that a list, a search or an API page showed these records: one
 * entry per read with the ids shown, not one per row, so the trail stays
 * small and still answers "who saw this patient?". A long list (the
 * appointments API's thousand) takes as many entries as its ids and the people
 * they name need, at most a hundred ids each; an empty one none.
 */
export async function recordListView(entry: { actor: Actor } & ListShown) {
  await writeReads(listRows(entry.actor, entry))
}

/**
 * A record's page on the trail in one statement: the record's view (as
 * recordView: once per person and record every 5 minutes) and each list it
 * showed beside it (as recordListView: every time).
 */
export async function recordPageView(record: RecordOpened, lists: ListShown[]) {
  await writeReads([viewRow(record), ...lists.flatMap((list) => listRows(record.actor, list))])
}

/** What a list read keeps of the search that produced it: the words, cut short, and the filters. */
export function listViewQuery(query: Record<string, unknown>): ViewDetails {
  const kept: ViewDetails = {}
  for (const [key, value] of Object.entries(query)) {
    // Text PostgreSQL cannot store (NUL, a lone surrogate) is dropped, not refused: the read happened.
    if (typeof value === 'string' && value !== '') kept[key] = storableText(value).slice(0, 100)
    else if (typeof value === 'number') kept[key] = value
  }
  return kept
}

/**
 * A signed-in person asked for something their role does not allow: kept
 * with the permission and the path (never the query, which can hold a
 * name someone searched for).
 */
export async function recordAccessDenied(entry: { actor: Actor; permission: string; method: string; path: string }) {
  await recordAudit({
    actor: entry.actor,
    action: 'access_denied',
    entityType: 'Permission',
    entityId: entry.permission,
    details: { method: entry.method, path: entry.path },
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

/**
 * The log is itself a record of PHI access (it names who saw which
 * patient): reading it is logged too, with the filters and the records
 * the page named.
 */
export async function listAuditEntries(filters: AuditFilters, actor: Actor) {
  const where: Prisma.AuditLogWhereInput = {
    action: filters.action || undefined,
    entityType: filters.entityType || undefined,
    userId: filters.userId || undefined,
    entityId: filters.entityId || undefined,
    createdAt:
      filters.from || filters.to ? { gte: filters.from, lt: filters.to } : undefined,
  }
  const { rows, total, page, pageSize } = await paginate(
    {
      count: () => prisma.auditLog.count({ where }),
      findMany: (window) =>
        prisma.auditLog.findMany({ where, orderBy: NEWEST_FIRST, include: { user: { select: { name: true, email: true } } }, ...window }),
    },
    { page: filters.page, pageSize: AUDIT_PAGE_SIZE, pastTheEnd: 'last-page' },
  )
  // The page names each entry's record and, for a list read, the records that list showed.
  const recordIds = [...new Set(rows.flatMap((row) => [row.entityId, ...listedIdsOf(row)]).filter((id): id is string => Boolean(id)))]
  const { action, entityType, userId, entityId, from, to } = filters
  const filterDetails = listViewQuery({ action, entityType, userId, entityId, from: from?.toISOString(), to: to?.toISOString(), page })
  // One entry per hundred ids named, as for any list; always one, even for an empty page.
  for (let start = 0; start === 0 || start < recordIds.length; start += IDS_PER_ENTRY) {
    await recordAudit({
      actor,
      action: 'view',
      entityType: 'AuditLog',
      details: { filters: filterDetails, recordIds: recordIds.slice(start, start + IDS_PER_ENTRY) },
    })
  }
  return { total, page, pageSize, entries: rows }
}

/** The ids a list read recorded as shown (`recordListView`); none for other entries. */
function listedIdsOf(row: { action: string; entityId: string | null; details: Prisma.JsonValue }): string[] {
  if (row.action !== 'view' || row.entityId || !row.details || typeof row.details !== 'object' || Array.isArray(row.details)) return []
  const ids = row.details.ids
  return Array.isArray(ids) ? ids.filter((id): id is string => typeof id === 'string') : []
}

export async function listAuditEntityTypes() {
  const rows = await prisma.auditLog.findMany({
    distinct: ['entityType'],
    select: { entityType: true },
    orderBy: { entityType: 'asc' },
  })
  return rows.map((row) => row.entityType)
}
