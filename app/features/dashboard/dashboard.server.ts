import { Prisma } from '~/generated/prisma/client'
import { listNextAppointments, peopleShownBy } from '~/features/calendar/appointments.server'
import { listPendingEsignatures } from '~/features/esign/queries.server'
import { computeWorkQueue, recordDashboardView, recordsNamed, type WorkQueueUser } from '~/features/dashboard/work-queue.server'
import { activityMarking, entityLabel, RECENT_KEPT, SIGNATURES_SHOWN, UPCOMING_SHOWN, VERIFICATIONS_SHOWN } from '~/features/dashboard/options'
import { AUDIT_ACTIONS, auditActionLabel } from '~/platform/audit.server'
import type { Actor } from '~/platform/actor'
import { userHasPermission } from '~/platform/auth/permissions'
import { prisma } from '~/platform/db.server'

/**
 * The overview counters, as triggers keep them in "TableRowCount" (migrations
 * table_row_counts and dashboard_counts): one read of three rows instead of
 * counting thousands. A counter missing (a database restored without it) is
 * counted instead, so the figures are exact either way.
 */
export async function countOverview() {
  const kept = await prisma.tableRowCount.findMany({ where: { tableName: { in: ['Lead', 'Patient:complete', 'Caregiver:available'] } } })
  const keptCount = (name: string) => {
    const row = kept.find((one) => one.tableName === name)
    return row ? Number(row.rowCount) : undefined
  }
  const [totalLeads, activePatients, availableCaregivers] = await Promise.all([
    keptCount('Lead') ?? prisma.lead.count(),
    keptCount('Patient:complete') ?? prisma.patient.count({ where: { registrationStatus: 'complete' } }),
    keptCount('Caregiver:available') ?? prisma.caregiver.count({ where: { status: 'active', backgroundCheckStatus: 'cleared' } }),
  ])
  return { totalLeads, activePatients, availableCaregivers }
}

type ActivityRow = { id: string; action: string; entityType: string; createdAt: Date }

/**
 * The latest changes and sign-ins the user may see: every one for those who
 * may read the audit log, their own for everyone else. Reads ('view') are
 * left out: opening the dashboard would otherwise fill its own list. The
 * entries name the kind of record, not the record, so nothing here is PHI.
 */
export async function listRecentActivity(user: { id: string; role: string }, take = RECENT_KEPT) {
  const own = userHasPermission(user, 'audit:read') ? Prisma.empty : Prisma.sql`AND "userId" = ${user.id}::uuid`
  // The newest few of each kind of action, each on the (action, createdAt) index, in one statement:
  // reads far outnumber the rest, so "newest entries that are not reads" would walk past every recent read.
  const perAction = AUDIT_ACTIONS.filter((action) => action !== 'view').map(
    (action) => Prisma.sql`(SELECT id, action, "entityType", "createdAt" FROM "AuditLog"
      WHERE action = ${action} ${own} ORDER BY "createdAt" DESC, id DESC LIMIT ${take}::int)`,
  )
  const rows = await prisma.$queryRaw<ActivityRow[]>`SELECT * FROM (${Prisma.join(perAction, ' UNION ALL ')}) recent
    ORDER BY "createdAt" DESC, id DESC LIMIT ${take}::int`
  return rows.map((row) => ({
    id: row.id,
    action: auditActionLabel(row.action),
    entity: entityLabel(row.entityType),
    timestamp: row.createdAt.toISOString(),
    type: activityMarking(row.action),
  }))
}

export type RecentActivityItem = Awaited<ReturnType<typeof listRecentActivity>>[number]

/** GET /api/dashboard/metrics: the counters and the 6 latest activity entries. */
export async function getDashboardMetrics(user: { id: string; role: string }) {
  const [overview, recentActivity] = await Promise.all([countOverview(), listRecentActivity(user)])
  return { ...overview, recentActivity }
}

/** The newest leads (6 kept, 4 shown); the dashboard logs the read. */
export async function listRecentLeads(take = RECENT_KEPT) {
  const leads = await prisma.lead.findMany({
    select: { id: true, firstName: true, lastName: true, email: true, status: true, createdAt: true },
    orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
    take,
  })
  return leads.map((lead) => ({ ...lead, createdAt: lead.createdAt.toISOString() }))
}

/** Caregivers whose background check is pending or in progress, longest waiting first (3 shown). */
export async function listPendingVerifications(take = VERIFICATIONS_SHOWN) {
  const caregivers = await prisma.caregiver.findMany({
    where: { backgroundCheckStatus: { in: ['pending', 'in_progress'] }, status: { not: 'inactive' } },
    select: { id: true, fullName: true, backgroundCheckStatus: true, createdAt: true },
    orderBy: [{ createdAt: 'asc' }, { id: 'asc' }],
    take,
  })
  return caregivers.map((caregiver) => ({ ...caregiver, createdAt: caregiver.createdAt.toISOString() }))
}

/** Everything the dashboard shows, read in parallel, and one audit entry naming every record it shows. */
export async function loadDashboard(user: WorkQueueUser, actor: Actor, now = new Date()) {
  const [overview, recentActivity, appointments, workQueue, pendingSignatures, verifications, recentLeads] = await Promise.all([
    countOverview(),
    listRecentActivity(user),
    listNextAppointments(UPCOMING_SHOWN, { now }),
    computeWorkQueue(user, { now }),
    listPendingEsignatures(actor, SIGNATURES_SHOWN, { record: false }),
    listPendingVerifications(),
    listRecentLeads(),
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
