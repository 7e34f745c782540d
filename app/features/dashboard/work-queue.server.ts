import { PENDING_ESIGN_STATUSES } from '~/features/esign/options'
import { prisma } from '~/platform/db.server'
import { getEnv } from '~/platform/env.server'
import type { Actor } from '~/platform/actor'
import { recordListView } from '~/platform/audit.server'
import { userHasPermission } from '~/platform/auth/permissions'
import { addDays, dateIn, formatShortDate, zonedDayStart } from '~/lib/time'
import { zonedInstant } from '~/lib/zoned-time'
import {
  CREDENTIAL_WARNING_DAYS,
  LEAD_CONTACT_WITHIN_MS,
  SIGNATURE_WAIT_MS,
  UNASSIGNED,
  WORK_QUEUE_LIMIT,
  compareTasks,
  isAssignedTo,
  type TaskKind,
  type TaskPriority,
  type WorkQueueTask,
} from '~/features/dashboard/work-queue'

/**
 * The work queue, computed from the records each time it is read (ADR 0023):
 * nothing is stored, so a task appears the moment its record calls for it and
 * is gone the moment the record is handled. Each rule fetches at most the
 * list's length (plus the reader's own tasks where a record names an
 * assignee) and counts the rest, so a large table costs an index range, not
 * a scan.
 */

const DAY = 24 * 60 * 60 * 1000
/** Failed jobs stay on the queue this long; the worker has given up on them. */
const FAILED_JOB_WINDOW_MS = 7 * DAY
/** The most scheduled tasks read to find the due ones (their date is free text). */
const SCHEDULED_TASKS_READ = 500

export type WorkQueueUser = { id: string; name: string; email: string; role: string }

type Found = { tasks: WorkQueueTask[]; total: number }

type Context = { user: WorkQueueUser; now: Date; timeZone: string; take: number }

function task(kind: TaskKind, recordId: string, fields: Omit<WorkQueueTask, 'id' | 'kind' | 'mine'>, mine: boolean): WorkQueueTask {
  return { id: `${kind}:${recordId}`, kind, mine, ...fields }
}

function overdue(due: Date, now: Date, priority: TaskPriority = 'medium'): TaskPriority {
  return due.getTime() < now.getTime() ? 'high' : priority
}

/** An assignee's name as the record has it, or 'Unassigned'. */
function named(assignee: string | null | undefined) {
  return assignee?.trim() || UNASSIGNED
}

/**
 * The spellings of the user's name, e-mail and id a free-text assignee column
 * may hold: exact values, so the read stays on the column's index.
 */
function assigneeSpellings(user: WorkQueueUser) {
  const values = [user.name.trim(), user.email, user.id].filter(Boolean)
  return [...new Set(values.flatMap((value) => [value, value.toLowerCase(), value.toUpperCase()]))]
}

function unique<T extends { id: string }>(rows: T[]) {
  const seen = new Set<string>()
  return rows.filter((row) => (seen.has(row.id) ? false : (seen.add(row.id), true)))
}

// ---------------------------------------------------------------------------
// The rules

/** A lead still 'new' a day after it arrived has not been contacted. */
async function leadsNotContacted({ user, now, take }: Context): Promise<Found> {
  const where = { status: 'new', createdAt: { lt: new Date(now.getTime() - LEAD_CONTACT_WITHIN_MS) } }
  const select = { id: true, firstName: true, lastName: true, assignedTo: true, createdAt: true }
  const [total, oldest, mine] = await Promise.all([
    prisma.lead.count({ where }),
    prisma.lead.findMany({ where, select, orderBy: [{ createdAt: 'asc' }, { id: 'asc' }], take }),
    prisma.lead.findMany({
      where: { ...where, assignedTo: { in: assigneeSpellings(user) } },
      select,
      orderBy: [{ createdAt: 'asc' }, { id: 'asc' }],
      take,
    }),
  ])
  const tasks = unique([...mine, ...oldest]).map((lead) => {
    const due = new Date(lead.createdAt.getTime() + LEAD_CONTACT_WITHIN_MS)
    return task(
      'lead-not-contacted',
      lead.id,
      {
        task: `Contact new lead ${lead.firstName} ${lead.lastName}`,
        priority: now.getTime() - due.getTime() > 2 * DAY ? 'high' : 'medium',
        assignee: named(lead.assignedTo),
        dueDate: due.toISOString(),
        href: `/leads/${lead.id}`,
      },
      isAssignedTo(lead.assignedTo, user),
    )
  })
  return { tasks, total }
}

/**
 * When a scheduled task is due. Its date is free text: a date-and-time as
 * the form's picker writes it (the agency's wall clock), a plain date (the
 * start of that day), any other date JavaScript can read, or nothing (due
 * since it was logged).
 */
export function taskDueAt(scheduledDate: string | null, createdAt: Date, timeZone: string): Date {
  const value = scheduledDate?.trim() ?? ''
  const local = /^(\d{4}-\d{2}-\d{2})(?:[T ](\d{2}:\d{2}))?$/.exec(value)
  if (local) {
    if (!local[2]) return zonedDayStart(local[1]!, timeZone)
    const instant = zonedInstant(local[1]!, local[2], timeZone, 'earlier')
    if (instant.ok) return instant.instant
    if (instant.reason === 'ambiguous') return instant.choices[0].instant
  }
  const parsed = value ? Date.parse(value) : NaN
  return Number.isNaN(parsed) ? createdAt : new Date(parsed)
}

/** A communication of type task, still scheduled, whose date has come (today counts). */
async function tasksDue({ user, now, timeZone, take }: Context): Promise<Found> {
  const rows = await prisma.communication.findMany({
    where: { type: 'task', status: 'scheduled' },
    select: {
      id: true,
      subject: true,
      scheduledDate: true,
      createdBy: true,
      createdAt: true,
      lead: { select: { id: true, firstName: true, lastName: true, assignedTo: true } },
    },
    orderBy: [{ createdAt: 'asc' }, { id: 'asc' }],
    take: SCHEDULED_TASKS_READ,
  })
  const endOfToday = zonedDayStart(addDays(dateIn(now, timeZone), 1), timeZone)
  const due = rows
    .map((row) => ({ row, due: taskDueAt(row.scheduledDate, row.createdAt, timeZone) }))
    .filter(({ due }) => due.getTime() < endOfToday.getTime())
  const tasks = due.map(({ row, due }) => {
    const assignee = row.lead.assignedTo?.trim() || row.createdBy
    const name = `${row.lead.firstName} ${row.lead.lastName}`
    return task(
      'task-due',
      row.id,
      {
        task: row.subject?.trim() ? `${row.subject.trim()} (${name})` : `Follow up with ${name}`,
        priority: overdue(due, zonedDayStart(dateIn(now, timeZone), timeZone)),
        assignee: named(assignee),
        dueDate: due.toISOString(),
        href: `/leads/${row.lead.id}#communication-${row.id}`,
      },
      isAssignedTo(row.lead.assignedTo, user) || isAssignedTo(row.createdBy, user),
    )
  })
  tasks.sort(compareTasks)
  return { tasks: tasks.slice(0, take), total: tasks.length }
}

/** A registration with all five steps saved waits for someone to review it. */
async function registrationsToReview({ now, take }: Context): Promise<Found> {
  const where = { registrationStatus: 'pending-review' }
  const [total, rows] = await Promise.all([
    prisma.patient.count({ where }),
    prisma.patient.findMany({
      where,
      select: { id: true, firstName: true, lastName: true, updatedAt: true },
      orderBy: [{ updatedAt: 'asc' }, { id: 'asc' }],
      take,
    }),
  ])
  const tasks = rows.map((patient) => {
    const due = new Date(patient.updatedAt.getTime() + DAY)
    return task(
      'registration-review',
      patient.id,
      {
        task: `Review registration of ${patient.firstName} ${patient.lastName}`,
        priority: overdue(due, now),
        assignee: UNASSIGNED,
        dueDate: due.toISOString(),
        href: `/patients/${patient.id}`,
      },
      false,
    )
  })
  return { tasks, total }
}

/** A caregiver application still 'pending' waits for a decision. */
async function applicationsToReview({ now, take }: Context): Promise<Found> {
  const where = { status: 'pending' }
  const [total, rows] = await Promise.all([
    prisma.caregiver.count({ where }),
    prisma.caregiver.findMany({ where, select: { id: true, fullName: true, createdAt: true }, orderBy: [{ createdAt: 'asc' }, { id: 'asc' }], take }),
  ])
  const tasks = rows.map((caregiver) => {
    const due = new Date(caregiver.createdAt.getTime() + 2 * DAY)
    return task(
      'application-review',
      caregiver.id,
      {
        task: `Review application of ${caregiver.fullName}`,
        priority: overdue(due, now),
        assignee: UNASSIGNED,
        dueDate: due.toISOString(),
        href: `/caregivers/${caregiver.id}`,
      },
      false,
    )
  })
  return { tasks, total }
}

/** A background check not yet cleared or failed, for a caregiver not inactive. */
async function backgroundChecks({ now, take }: Context): Promise<Found> {
  const where = { backgroundCheckStatus: { in: ['pending', 'in_progress'] }, status: { not: 'inactive' } }
  const [total, rows] = await Promise.all([
    prisma.caregiver.count({ where }),
    prisma.caregiver.findMany({
      where,
      select: { id: true, fullName: true, backgroundCheckStatus: true, createdAt: true },
      orderBy: [{ createdAt: 'asc' }, { id: 'asc' }],
      take,
    }),
  ])
  const tasks = rows.map((caregiver) => {
    const due = new Date(caregiver.createdAt.getTime() + 7 * DAY)
    const started = caregiver.backgroundCheckStatus === 'in_progress'
    return task(
      'background-check',
      caregiver.id,
      {
        task: `${started ? 'Follow up background check of' : 'Start background check of'} ${caregiver.fullName}`,
        priority: overdue(due, now, started ? 'low' : 'medium'),
        assignee: UNASSIGNED,
        dueDate: due.toISOString(),
        href: `/caregivers/${caregiver.id}`,
      },
      false,
    )
  })
  return { tasks, total }
}

/** A licence or certification expired or expiring within 30 days, for a caregiver not inactive. */
async function credentialsExpiring({ now, timeZone, take }: Context): Promise<Found> {
  const today = dateIn(now, timeZone)
  const horizon = new Date(`${addDays(today, CREDENTIAL_WARNING_DAYS)}T00:00:00Z`)
  const todayDate = new Date(`${today}T00:00:00Z`)
  const credentials = [
    { field: 'licenseExpiresOn', label: 'Licence' },
    { field: 'certificationExpiresOn', label: 'Certification' },
  ] as const
  const found = await Promise.all(
    credentials.map(async ({ field, label }) => {
      const where = { status: { not: 'inactive' }, [field]: { lte: horizon } }
      const [total, rows] = await Promise.all([
        prisma.caregiver.count({ where }),
        prisma.caregiver.findMany({
          where,
          select: { id: true, fullName: true, licenseExpiresOn: true, certificationExpiresOn: true },
          orderBy: [{ [field]: 'asc' }, { id: 'asc' }],
          take,
        }),
      ])
      const tasks = rows.map((caregiver) => {
        const expires = caregiver[field]!
        const expired = expires.getTime() < todayDate.getTime()
        const day = formatShortDate(expires, 'UTC')
        return task(
          'credential-expiry',
          `${field}:${caregiver.id}`,
          {
            task: `${label} of ${caregiver.fullName} ${expired ? `expired ${day}` : `expires ${day}`}`,
            priority: expired ? 'high' : 'medium',
            assignee: UNASSIGNED,
            dueDate: zonedDayStart(expires.toISOString().slice(0, 10), timeZone).toISOString(),
            href: `/caregivers/${caregiver.id}`,
          },
          false,
        )
      })
      return { tasks, total }
    }),
  )
  return { tasks: found.flatMap((one) => one.tasks), total: found.reduce((sum, one) => sum + one.total, 0) }
}

/** A request sent (or last reminded) more than 3 days ago and still not signed. */
async function signaturesWaiting({ user, now, take }: Context): Promise<Found> {
  const before = new Date(now.getTime() - SIGNATURE_WAIT_MS)
  const waiting = PENDING_ESIGN_STATUSES.filter((status) => status === 'sent' || status === 'viewed')
  const where = {
    status: { in: waiting },
    isTest: false,
    sentAt: { lte: before },
    OR: [{ lastReminderAt: null }, { lastReminderAt: { lte: before } }],
  }
  const [total, rows] = await Promise.all([
    prisma.esignRequest.count({ where }),
    prisma.esignRequest.findMany({
      where,
      select: {
        id: true,
        title: true,
        recipientName: true,
        sentAt: true,
        lastReminderAt: true,
        sentById: true,
        sentBy: { select: { name: true } },
        lead: { select: { firstName: true, lastName: true } },
      },
      orderBy: [{ sentAt: 'asc' }, { id: 'asc' }],
      take,
    }),
  ])
  const tasks = rows.map((request) => {
    const waitingSince = request.lastReminderAt ?? request.sentAt!
    const due = new Date(waitingSince.getTime() + SIGNATURE_WAIT_MS)
    const who = request.lead ? `${request.lead.firstName} ${request.lead.lastName}` : request.recipientName
    return task(
      'signature-waiting',
      request.id,
      {
        task: `Remind ${who} to sign ${request.title}`,
        priority: now.getTime() - due.getTime() > 4 * DAY ? 'high' : 'medium',
        assignee: named(request.sentBy?.name),
        dueDate: due.toISOString(),
        href: `/e-signatures/${request.id}`,
      },
      request.sentById === user.id,
    )
  })
  return { tasks, total }
}

/** Today's appointments (the agency's day) still only 'scheduled'. */
async function appointmentsToConfirm({ user, now, timeZone, take }: Context): Promise<Found> {
  const today = dateIn(now, timeZone)
  const where = { status: 'scheduled', startTime: { gte: zonedDayStart(today, timeZone), lt: zonedDayStart(addDays(today, 1), timeZone) } }
  const [total, rows] = await Promise.all([
    prisma.appointment.count({ where }),
    prisma.appointment.findMany({
      where,
      select: { id: true, title: true, startTime: true, createdBy: true, createdById: true },
      orderBy: [{ startTime: 'asc' }, { id: 'asc' }],
      take,
    }),
  ])
  const tasks = rows.map((appointment) =>
    task(
      'appointment-unconfirmed',
      appointment.id,
      {
        task: `Confirm today's appointment: ${appointment.title}`,
        priority: 'high',
        assignee: named(appointment.createdBy),
        dueDate: appointment.startTime.toISOString(),
        href: `/calendar/${appointment.id}`,
      },
      appointment.createdById === user.id,
    ),
  )
  return { tasks, total }
}

/** Where a failed job's work is looked at: the record its payload names, else the settings. */
function jobHref(payload: unknown) {
  const fields = payload && typeof payload === 'object' && !Array.isArray(payload) ? (payload as Record<string, unknown>) : {}
  const id = (key: string) => (typeof fields[key] === 'string' ? (fields[key] as string) : null)
  if (id('appointmentId')) return `/calendar/${id('appointmentId')}`
  if (id('requestId')) return `/e-signatures/${id('requestId')}`
  if (id('esignRequestId')) return `/e-signatures/${id('esignRequestId')}`
  if (id('leadId')) return `/leads/${id('leadId')}`
  if (id('patientId')) return `/patients/${id('patientId')}`
  if (id('caregiverId')) return `/caregivers/${id('caregiverId')}`
  return '/settings'
}

/** Jobs the worker gave up on in the last 7 days: admins only. */
async function failedJobs({ now, take }: Context): Promise<Found> {
  const where = { status: 'failed', updatedAt: { gte: new Date(now.getTime() - FAILED_JOB_WINDOW_MS) } }
  const [total, rows] = await Promise.all([
    prisma.job.count({ where }),
    prisma.job.findMany({ where, select: { id: true, type: true, payload: true, updatedAt: true }, orderBy: [{ updatedAt: 'desc' }, { id: 'asc' }], take }),
  ])
  const tasks = rows.map((job) =>
    task(
      'job-failed',
      job.id,
      { task: `Background job failed: ${job.type}`, priority: 'high', assignee: 'Admins', dueDate: job.updatedAt.toISOString(), href: jobHref(job.payload) },
      false,
    ),
  )
  return { tasks, total }
}

// ---------------------------------------------------------------------------

/** The ids of the records a list of tasks names, by entity type, for the trail. */
export function recordsNamed(tasks: WorkQueueTask[]) {
  const byType: Record<string, string[]> = {}
  for (const { href } of tasks) {
    const match = /^\/(leads|patients|caregivers|calendar|e-signatures)\/([0-9a-f-]{36})/.exec(href)
    if (!match) continue
    const type = { leads: 'Lead', patients: 'Patient', caregivers: 'Caregiver', calendar: 'Appointment', 'e-signatures': 'EsignRequest' }[match[1]!]!
    ;(byType[type] ??= []).push(match[2]!)
  }
  return byType
}

/** Records that a list of tasks was shown: one entry for the whole list, never one per patient. */
export async function recordTasksShown(tasks: WorkQueueTask[], actor: Actor, list: string) {
  await recordDashboardView(actor, list, recordsNamed(tasks))
}

/**
 * One audit entry for one read of the dashboard (or its work queue): the ids
 * of every record it named, all in `ids` (as a list read keeps them, so the
 * audit log page names them) and by kind of record.
 */
export async function recordDashboardView(actor: Actor, list: string, byType: Record<string, string[]>) {
  const kinds: Record<string, string[]> = {}
  for (const [type, ids] of Object.entries(byType)) if (ids.length > 0) kinds[type] = [...new Set(ids)]
  const ids = [...new Set(Object.values(kinds).flat())]
  if (ids.length === 0) return
  await recordListView({ actor, entityType: 'Dashboard', ids, details: { list, kinds: Object.keys(kinds) } })
}

/**
 * The tasks due now for this user, theirs first, then by priority and due
 * date, at most `limit`; `total` counts every task the rules find.
 */
export async function computeWorkQueue(user: WorkQueueUser, { now = new Date(), limit = WORK_QUEUE_LIMIT } = {}) {
  const context: Context = { user, now, timeZone: getEnv().AGENCY_TIME_ZONE, take: limit }
  const rules = [
    leadsNotContacted,
    tasksDue,
    registrationsToReview,
    applicationsToReview,
    backgroundChecks,
    credentialsExpiring,
    signaturesWaiting,
    appointmentsToConfirm,
    ...(userHasPermission(user, 'users:manage') ? [failedJobs] : []),
  ]
  const found = await Promise.all(rules.map((rule) => rule(context)))
  const tasks = found.flatMap((one) => one.tasks).sort(compareTasks).slice(0, limit)
  return { tasks, total: found.reduce((sum, one) => sum + one.total, 0) }
}

/** The work queue as a page or the API shows it, on the trail as one list read per kind of record. */
export async function listWorkQueue(user: WorkQueueUser, actor: Actor, options: { now?: Date; limit?: number } = {}) {
  const queue = await computeWorkQueue(user, options)
  await recordTasksShown(queue.tasks, actor, 'work-queue')
  return queue
}
