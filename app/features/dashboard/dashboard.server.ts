import { Prisma } from '~/generated/prisma/client'
import { listNextAppointments, peopleShownBy } from '~/features/calendar/appointments.server'
import { readPendingEsignatures } from '~/features/esign/queries.server'
import {
  myLeadsFrom,
  myLeadsQuery,
  readSharedRuleRows,
  recordDashboardView,
  recordTasksShown,
  recordsNamed,
  workQueueFrom,
  type WorkQueueContext,
  type WorkQueueUser,
} from '~/features/dashboard/work-queue.server'
import { WORK_QUEUE_COUNT_CAP, WORK_QUEUE_LIMIT } from '~/features/dashboard/work-queue'
import { activityMarking, entityLabel, RECENT_KEPT, SIGNATURES_SHOWN, UPCOMING_SHOWN, VERIFICATIONS_SHOWN } from '~/features/dashboard/options'
import { AUDIT_ACTIONS, auditActionLabel } from '~/platform/audit.server'
import type { Actor } from '~/platform/actor'
import { userHasPermission } from '~/platform/auth/permissions'
import { RECORDS_COUNTER, createChangeCache, deepFreeze, readChangeVersion } from '~/platform/change-cache.server'
import { prisma } from '~/platform/db.server'
import { getEnv } from '~/platform/env.server'


const COUNTERS = { totalLeads: 'Lead', activePatients: 'Patient:complete', availableCaregivers: 'Caregiver:available' } as const

type Overview = { totalLeads: number; activePatients: number; availableCaregivers: number }

/** When a counter is missing (a database restored without it), the count itself: exact either way. */
const COUNTED: Record<keyof Overview, () => Promise<number>> = {
  totalLeads: () => prisma.lead.count(),
  activePatients: () => prisma.patient.count({ where: { registrationStatus: 'complete' } }),
  availableCaregivers: () => prisma.caregiver.count({ where: { status: 'active', backgroundCheckStatus: 'cleared' } }),
}

/**
 * The latest changes and sign-ins the user may see: every one for those who
 * may read the audit log, their own for everyone else. Reads ('view') are
 * left out: opening the dashboard would otherwise fill its own list. The
 * newest few of each kind of action, each on the (action, createdAt) index:
 * reads far outnumber the rest, so "newest entries that are not reads" would
 * walk past every recent read. The entries name the kind of record, not the
 * record, so nothing here is PHI.
 */
function recentActivitySql(ownOf: { id: string } | null, take: number) {
  const own = ownOf ? Prisma.sql`AND "userId" = ${ownOf.id}::uuid` : Prisma.empty
  const perAction = AUDIT_ACTIONS.filter((action) => action !== 'view').map(
    (action) => Prisma.sql`(SELECT id, action, "entityType", "createdAt" FROM "AuditLog"
      WHERE action = ${action} ${own} ORDER BY "createdAt" DESC, id DESC LIMIT ${take}::int)`,
  )
  return Prisma.sql`(SELECT coalesce(json_agg(a), '[]'::json) FROM (
    SELECT * FROM (${Prisma.join(perAction, ' UNION ALL ')}) recent ORDER BY "createdAt" DESC, id DESC LIMIT ${take}::int) a)`
}

type ActivityRow = { id: string; action: string; entityType: string; createdAt: string }
type VerificationRow = { id: string; fullName: string; backgroundCheckStatus: string; createdAt: string }
type RecentLeadRow = { id: string; firstName: string; lastName: string; email: string; status: string; createdAt: string }

/**
 * The overview counters (kept by triggers in "TableRowCount", migrations
 * table_row_counts and dashboard_counts), the activity of everyone, the
 * pending verifications and the newest leads: one statement, one round trip
 * (the embedded database serves one query at a time).
 */
async function readSummary() {
  const [row] = await prisma.$queryRaw<
    Array<{ counters: Array<{ tableName: string; rowCount: number }>; activity: ActivityRow[]; verifications: VerificationRow[]; leads: RecentLeadRow[] }>
  >`SELECT
    (SELECT coalesce(json_agg(c), '[]'::json) FROM (
      SELECT "tableName", "rowCount" FROM "TableRowCount" WHERE "tableName" IN (${Prisma.join(Object.values(COUNTERS))})) c) AS counters,
    ${recentActivitySql(null, RECENT_KEPT)} AS activity,
    (SELECT coalesce(json_agg(v), '[]'::json) FROM (
      SELECT id, "fullName", "backgroundCheckStatus", "createdAt" FROM "Caregiver"
      WHERE "backgroundCheckStatus" IN ('pending', 'in_progress') AND status <> 'inactive'
      ORDER BY "createdAt", id LIMIT ${VERIFICATIONS_SHOWN}::int) v) AS verifications,
    (SELECT coalesce(json_agg(l), '[]'::json) FROM (
      SELECT id, "firstName", "lastName", email, status, "createdAt" FROM "Lead"
      ORDER BY "createdAt" DESC, id DESC LIMIT ${RECENT_KEPT}::int) l) AS leads`
  const { counters, activity, verifications, leads } = row!
  const entries = await Promise.all(
    (Object.keys(COUNTERS) as Array<keyof Overview>).map(async (key) => {
      const kept = counters.find((counter) => counter.tableName === COUNTERS[key])
      return [key, kept ? Number(kept.rowCount) : await COUNTED[key]()] as const
    }),
  )
  return {
    overview: Object.fromEntries(entries) as Overview,
    activity: activityItems(activity),
    // Caregivers whose background check is pending or in progress, longest waiting first (3 shown).
    verifications: verifications.map((caregiver) => ({ ...caregiver, createdAt: new Date(caregiver.createdAt).toISOString() })),
    // The newest leads (6 kept, 4 shown).
    recentLeads: leads.map((lead) => ({ ...lead, createdAt: new Date(lead.createdAt).toISOString() })),
  }
}

function activityItems(activity: ActivityRow[]) {
  return activity.map((entry) => ({
    id: entry.id,
    action: auditActionLabel(entry.action),
    entity: entityLabel(entry.entityType),
    timestamp: new Date(entry.createdAt).toISOString(),
    type: activityMarking(entry.action),
  }))
}

/**
 * What the dashboard shows everyone alike, read together and kept while no
 * record behind it changes (the 'dashboard' change counter, migration
 * dashboard_change_counter) and for at most a minute, for the rules that
 * turn on the clock (a lead a day old, today's appointments). Opening the
 * dashboard is the first thing every user does; with the reads kept, an
 * opening costs the reader's own statement and its audit entry.
 */
async function readShared(context: WorkQueueContext) {
  const [summary, appointments, pendingSignatures, rules] = await Promise.all([
    readSummary(),
    listNextAppointments(UPCOMING_SHOWN, { now: context.now }),
    readPendingEsignatures(SIGNATURES_SHOWN),
    readSharedRuleRows(context),
  ])
  return deepFreeze({ ...summary, appointments, pendingSignatures, rules })
}

const sharedReads = createChangeCache<Awaited<ReturnType<typeof readShared>>>({ maxAgeMs: 60_000 })

/**
 * The reader's own part, in one statement: their own uncontacted leads and,
 * for those who may not read the audit log, their own activity. Kept under
 * the same counter, per reader.
 */
async function readPersonal(user: WorkQueueUser, context: WorkQueueContext, withQueue: boolean) {
  const ownActivity = userHasPermission(user, 'audit:read') ? null : user
  const [row] = await prisma.$queryRaw<Array<{ myLeads: unknown; activity: ActivityRow[] | null }>>`SELECT
    ${withQueue ? myLeadsQuery(user, context) : Prisma.sql`'[]'::json`} AS "myLeads",
    ${ownActivity ? recentActivitySql(ownActivity, RECENT_KEPT) : Prisma.sql`NULL::json`} AS activity`
  return deepFreeze({ myLeads: myLeadsFrom(row!.myLeads), activity: row!.activity && activityItems(row!.activity) })
}

const personalReads = createChangeCache<Awaited<ReturnType<typeof readPersonal>>>({ maxAgeMs: 60_000, maxEntries: 1000 })

type ReadOptions = {
  now?: Date
  limit?: number
  /** The request being answered: its session has read the change counter already. */
  request?: Request
}

/**
 * Everything the dashboard and its APIs read for this user, kept while the
 * 'dashboard' counter stands still (above); the work queue only for those
 * who show it. With both parts kept, an opening costs no statement but its
 * audit entry.
 */
async function readDashboard(user: WorkQueueUser, { now = new Date(), limit = WORK_QUEUE_LIMIT, request, withQueue = true }: ReadOptions & { withQueue?: boolean }) {
  const context: WorkQueueContext = { now, timeZone: getEnv().AGENCY_TIME_ZONE, take: limit }
  const version = await readChangeVersion(RECORDS_COUNTER, request)
  const [personal, shared] = await Promise.all([
    personalReads.read(`${user.id}|${user.role}|${context.timeZone}|${limit}|${withQueue}`, version, now, () =>
      readPersonal(user, context, withQueue),
    ),
    sharedReads.read(`${context.timeZone}|${limit}`, version, now, () => readShared(context)),
  ])
  return {
    shared,
    recentActivity: personal.activity ?? shared.activity,
    workQueue: () => keptWorkQueue(personal, shared, () => workQueueFrom(user, shared.rules, personal.myLeads, context)),
  }
}

type WorkQueue = ReturnType<typeof workQueueFrom>
const queuesKept = new WeakMap<object, { shared: object; queue: WorkQueue }>()

/**
 * The queue made from these kept reads, made once: it changes only with them
 * (a reader's part is per user and role, and lives no longer than its reads),
 * and the rules that turn on the clock are as fresh as those reads.
 */
function keptWorkQueue(personal: object, shared: object, make: () => WorkQueue) {
  const kept = queuesKept.get(personal)
  if (kept?.shared === shared) return kept.queue
  const queue = deepFreeze(make())
  queuesKept.set(personal, { shared, queue })
  return queue
}

export type RecentActivityItem = ReturnType<typeof activityItems>[number]

/** GET /api/dashboard/metrics: the counters and the 6 latest activity entries. */
export async function getDashboardMetrics(user: WorkQueueUser, options: ReadOptions = {}) {
  const { shared, recentActivity } = await readDashboard(user, { ...options, withQueue: false })
  return { ...shared.overview, recentActivity }
}

/** The tasks due now for this user (ADR 0023; the rules: work-queue.server.ts). */
export async function computeWorkQueue(user: WorkQueueUser, options: ReadOptions = {}) {
  return (await readDashboard(user, options)).workQueue()
}

/** The work queue as the API shows it, on the trail as one list read. */
export async function listWorkQueue(user: WorkQueueUser, actor: Actor, options: ReadOptions = {}) {
  const queue = await computeWorkQueue(user, options)
  await recordTasksShown(queue.tasks, actor, 'work-queue')
  return queue
}

/** Everything the dashboard shows, and one audit entry naming every record it shows. */
export async function loadDashboard(
  user: WorkQueueUser,
  actor: Actor,
  { now = new Date(), request, allTasks = false }: { now?: Date; request?: Request; allTasks?: boolean } = {},
) {
  const read = await readDashboard(user, { now, request, limit: allTasks ? WORK_QUEUE_COUNT_CAP : WORK_QUEUE_LIMIT })
  const { shared, recentActivity } = read
  const workQueue = read.workQueue()
  const { overview, appointments, pendingSignatures, verifications, recentLeads } = shared
  const named = recordsNamed(workQueue.tasks)
  const people = peopleShownBy(appointments) as { patientIds?: string[]; caregiverIds?: string[]; leadIds?: string[] }
  await recordDashboardView(actor, 'dashboard', {
    Lead: [...(named.Lead ?? []), ...recentLeads.map((lead) => lead.id), ...(people.leadIds ?? [])],
    Patient: [...(named.Patient ?? []), ...(people.patientIds ?? [])],
    Caregiver: [...(named.Caregiver ?? []), ...verifications.map((caregiver) => caregiver.id), ...(people.caregiverIds ?? [])],
    Appointment: [...(named.Appointment ?? []), ...appointments.map((appointment) => appointment.id)],
    EsignRequest: [...(named.EsignRequest ?? []), ...pendingSignatures.map((request) => request.id)],
  })
  return {
    overview,
    recentActivity,
    appointments: appointments.map((appointment) => ({
      id: appointment.id,
      title: appointment.title,
      startTime: appointment.startTime.toISOString(),
      appointmentType: appointment.appointmentType,
      status: appointment.status,
      location: appointment.location,
    })),
    workQueue,
    pendingSignatures,
    verifications,
    recentLeads,
    loadedAt: now.toISOString(),
  }
}

export type DashboardData = Awaited<ReturnType<typeof loadDashboard>>
