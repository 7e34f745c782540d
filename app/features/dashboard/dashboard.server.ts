import { Prisma } from '~/generated/prisma/client'
import { listNextAppointments, peopleShownBy } from '~/features/calendar/appointments.server'
import { listPendingEsignatures } from '~/features/esign/queries.server'
import { computeWorkQueue, recordDashboardView, recordsNamed, type WorkQueueUser } from '~/features/dashboard/work-queue.server'
import { activityMarking, entityLabel, RECENT_KEPT, SIGNATURES_SHOWN, UPCOMING_SHOWN, VERIFICATIONS_SHOWN } from '~/features/dashboard/options'
import { AUDIT_ACTIONS, auditActionLabel } from '~/platform/audit.server'
import type { Actor } from '~/platform/actor'
import { userHasPermission } from '~/platform/auth/permissions'
import { prisma } from '~/platform/db.server'

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
function recentActivitySql(user: { id: string; role: string }, take: number) {
  const own = userHasPermission(user, 'audit:read') ? Prisma.empty : Prisma.sql`AND "userId" = ${user.id}::uuid`
  const perAction = AUDIT_ACTIONS.filter((action) => action !== 'view').map(
    (action) => Prisma.sql`(SELECT id, action, "entityType", "createdAt" FROM "AuditLog"
      WHERE action = ${action} ${own} ORDER BY "createdAt" DESC, id DESC LIMIT ${take}::int)`,
  )
  return Prisma.sql`SELECT * FROM (${Prisma.join(perAction, ' UNION ALL ')}) recent ORDER BY "createdAt" DESC, id DESC LIMIT ${take}::int`
}

type ActivityRow = { id: string; action: string; entityType: string; createdAt: string }
type VerificationRow = { id: string; fullName: string; backgroundCheckStatus: string; createdAt: string }
type RecentLeadRow = { id: string; firstName: string; lastName: string; email: string; status: string; createdAt: string }

/**
 * The overview counters (kept by triggers in "TableRowCount", migrations
 * table_row_counts and dashboard_counts), the recent activity and, for the
 * page, the pending verifications and newest leads: one statement, one round
 * trip (the embedded database serves one query at a time).
 */
async function readSummary(user: { id: string; role: string }, withLists: boolean) {
  const lists = withLists
    ? Prisma.sql`(SELECT coalesce(json_agg(v), '[]'::json) FROM (
          SELECT id, "fullName", "backgroundCheckStatus", "createdAt" FROM "Caregiver"
          WHERE "backgroundCheckStatus" IN ('pending', 'in_progress') AND status <> 'inactive'
          ORDER BY "createdAt", id LIMIT ${VERIFICATIONS_SHOWN}::int) v) AS verifications,
        (SELECT coalesce(json_agg(l), '[]'::json) FROM (
          SELECT id, "firstName", "lastName", email, status, "createdAt" FROM "Lead"
          ORDER BY "createdAt" DESC, id DESC LIMIT ${RECENT_KEPT}::int) l) AS leads`
    : Prisma.sql`'[]'::json AS verifications, '[]'::json AS leads`
  const [row] = await prisma.$queryRaw<
    Array<{ counters: Array<{ tableName: string; rowCount: number }>; activity: ActivityRow[]; verifications: VerificationRow[]; leads: RecentLeadRow[] }>
  >`SELECT
    (SELECT coalesce(json_agg(c), '[]'::json) FROM (
      SELECT "tableName", "rowCount" FROM "TableRowCount" WHERE "tableName" IN (${Prisma.join(Object.values(COUNTERS))})) c) AS counters,
    (SELECT coalesce(json_agg(a), '[]'::json) FROM (${recentActivitySql(user, RECENT_KEPT)}) a) AS activity,
    ${lists}`
  const { counters, activity, verifications, leads } = row!
  const entries = await Promise.all(
    (Object.keys(COUNTERS) as Array<keyof Overview>).map(async (key) => {
      const kept = counters.find((counter) => counter.tableName === COUNTERS[key])
      return [key, kept ? Number(kept.rowCount) : await COUNTED[key]()] as const
    }),
  )
  return {
    overview: Object.fromEntries(entries) as Overview,
    recentActivity: activity.map((entry) => ({
      id: entry.id,
      action: auditActionLabel(entry.action),
      entity: entityLabel(entry.entityType),
      timestamp: new Date(entry.createdAt).toISOString(),
      type: activityMarking(entry.action),
    })),
    // Caregivers whose background check is pending or in progress, longest waiting first (3 shown).
    verifications: verifications.map((caregiver) => ({ ...caregiver, createdAt: new Date(caregiver.createdAt).toISOString() })),
    // The newest leads (6 kept, 4 shown).
    recentLeads: leads.map((lead) => ({ ...lead, createdAt: new Date(lead.createdAt).toISOString() })),
  }
}

export type RecentActivityItem = Awaited<ReturnType<typeof readSummary>>['recentActivity'][number]

/** GET /api/dashboard/metrics: the counters and the 6 latest activity entries. */
export async function getDashboardMetrics(user: { id: string; role: string }) {
  const { overview, recentActivity } = await readSummary(user, false)
  return { ...overview, recentActivity }
}

/** Everything the dashboard shows, read in parallel, and one audit entry naming every record it shows. */
export async function loadDashboard(user: WorkQueueUser, actor: Actor, now = new Date()) {
  const [{ overview, recentActivity, verifications, recentLeads }, appointments, workQueue, pendingSignatures] = await Promise.all([
    readSummary(user, true),
    listNextAppointments(UPCOMING_SHOWN, { now }),
    computeWorkQueue(user, { now }),
    listPendingEsignatures(actor, SIGNATURES_SHOWN, { record: false }),
  ])
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
