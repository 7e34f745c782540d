import { PENDING_ESIGN_STATUSES } from '~/features/esign/options'
import { Prisma } from '~/generated/prisma/client'
import { prisma } from '~/platform/db.server'
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
  WORK_QUEUE_COUNT_CAP,
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
 * The user's name, e-mail and id as a free-text assignee column may hold them,
 * trimmed and lower-cased, as isAssignedTo compares them (the read uses an
 * index on the column so written: migration own_leads_any_case).
 */
function assigneeSpellings(user: WorkQueueUser) {
  return [...new Set([user.name, user.email, user.id].map((value) => value.trim().toLowerCase()).filter(Boolean))]
}

function unique<T extends { id: string }>(rows: T[]) {
  const seen = new Set<string>()
  return rows.filter((row) => (seen.has(row.id) ? false : (seen.add(row.id), true)))
}

// ---------------------------------------------------------------------------
// The reads: every rule's rows and counts in one statement, one round trip (the embedded database
// serves one query at a time, and each query through the client costs more than these index reads).

type Json<T> = { [K in keyof T]: T[K] extends Date ? string : T[K] extends Date | null ? string | null : T[K] }

type LeadRow = { id: string; firstName: string; lastName: string; assignedTo: string | null; createdAt: Date }
type CommunicationRow = {
  id: string
  subject: string | null
  scheduledDate: string | null
  createdBy: string
  createdAt: Date
  leadId: string
  leadFirstName: string
  leadLastName: string
  leadAssignedTo: string | null
  /** When it is due (taskDueAt), worked out once when the rows are read. */
  dueAt: Date
}
type PatientRow = { id: string; firstName: string; lastName: string; updatedAt: Date }
type CaregiverRow = {
  id: string
  fullName: string
  createdAt: Date
  backgroundCheckStatus: string
  licenseExpiresOn: Date | null
  certificationExpiresOn: Date | null
}
type SignatureRow = {
  id: string
  title: string
  recipientName: string
  sentAt: Date
  waitingSince: Date
  sentById: string | null
  sentByName: string | null
  leadFirstName: string | null
  leadLastName: string | null
}
type AppointmentRow = { id: string; title: string; startTime: Date; createdBy: string; createdById: string | null }
type JobRow = { id: string; type: string; payload: unknown; updatedAt: Date }

type Counted<T> = { rows: T[]; count: number }

type RuleRows = {
  leads: Counted<LeadRow> & { mine: readonly LeadRow[] }
  communications: CommunicationRow[]
  registrations: Counted<PatientRow>
  applications: Counted<CaregiverRow>
  backgroundChecks: Counted<CaregiverRow>
  licences: Counted<CaregiverRow>
  certifications: Counted<CaregiverRow>
  signatures: Counted<SignatureRow>
  appointments: Counted<AppointmentRow>
  jobs: Counted<JobRow>
}

/** What every reader's queue is made from: the same for everyone (jobs are left out later for non-admins). */
export type SharedRuleRows = Omit<RuleRows, 'leads'> & { leads: Counted<LeadRow> }
export type WorkQueueContext = { now: Date; timeZone: string; take: number }

/** JSON carries instants as text; the rules compare dates. Dates (no time) read as UTC midnight, as Prisma reads them. */
function dated<T>(row: Json<T>, ...keys: Array<keyof T>): T {
  const copy = { ...row } as Record<string, unknown>
  for (const key of keys) {
    const value = copy[key as string]
    if (typeof value === 'string') copy[key as string] = new Date(value)
  }
  return copy as T
}

const CAREGIVER_COLUMNS = Prisma.sql`id, "fullName", "createdAt", "backgroundCheckStatus", "licenseExpiresOn", "certificationExpiresOn"`

/** The rows of a query, as a JSON array (in the query's order). */
function rowsOf(query: Prisma.Sql) {
  return Prisma.sql`(SELECT coalesce(json_agg(r), '[]'::json) FROM (${query}) r)`
}

/**
 * A rule's first `take` rows, in order, and how many match, counting at most
 * WORK_QUEUE_COUNT_CAP + 1 (so "more than the cap" shows): one subquery, one
 * walk of an index range no longer than the cap.
 */
function listedAndCounted(columns: Prisma.Sql, from: Prisma.Sql, orderBy: Prisma.Sql, take: number) {
  return Prisma.sql`(SELECT json_build_object(
      'rows', coalesce(json_agg(x ORDER BY x.n) FILTER (WHERE x.n <= ${take}::int), '[]'::json),
      'count', count(*)::int)
    FROM (SELECT ${columns}, row_number() OVER (ORDER BY ${orderBy}) AS n ${from}
      ORDER BY ${orderBy} LIMIT ${Math.max(take, WORK_QUEUE_COUNT_CAP + 1)}::int) x)`
}

function leadsNotContactedFrom(now: Date) {
  return Prisma.sql`FROM "Lead" WHERE status = 'new' AND "createdAt" < ${new Date(now.getTime() - LEAD_CONTACT_WITHIN_MS)}::timestamptz`
}
const LEAD_COLUMNS = Prisma.sql`id, "firstName", "lastName", "assignedTo", "createdAt"`

/** The reader's own uncontacted leads (a free-text assignee), as a JSON array: a column of the reader's own statement. */
export function myLeadsQuery(user: WorkQueueUser, { now, take }: WorkQueueContext) {
  return rowsOf(
    Prisma.sql`SELECT ${LEAD_COLUMNS} ${leadsNotContactedFrom(now)} AND lower(btrim("assignedTo")) = ANY(${assigneeSpellings(user)}::text[]) ORDER BY "createdAt", id LIMIT ${take}::int`,
  )
}

/** The reader's own leads as the statement returned them. */
export function myLeadsFrom(json: unknown): LeadRow[] {
  return (json as Array<Json<LeadRow>>).map((one) => dated<LeadRow>(one, 'createdAt'))
}

/** Every rule's rows and counts that do not depend on the reader, failed jobs included. */
export async function readSharedRuleRows({ now, timeZone, take }: WorkQueueContext): Promise<SharedRuleRows> {
  const leadsFrom = leadsNotContactedFrom(now)
  const horizon = addDays(dateIn(now, timeZone), CREDENTIAL_WARNING_DAYS)
  const signedBefore = new Date(now.getTime() - SIGNATURE_WAIT_MS)
  const waiting = PENDING_ESIGN_STATUSES.filter((status) => status === 'sent' || status === 'viewed')
  // Since the request was sent, last reminded, or (a portal request whose first signers have signed) the current signer was invited.
  const waitingSince = Prisma.sql`GREATEST(e."sentAt", e."lastReminderAt", turn."sentAt")`
  const today = dateIn(now, timeZone)
  const byCreation = Prisma.sql`"createdAt", id`
  const [row] = await prisma.$queryRaw<Array<Record<string, unknown>>>`SELECT
    ${listedAndCounted(LEAD_COLUMNS, leadsFrom, byCreation, take)} AS "leads",
    ${rowsOf(Prisma.sql`SELECT c.id, c.subject, c."scheduledDate", c."createdBy", c."createdAt", l.id AS "leadId",
        l."firstName" AS "leadFirstName", l."lastName" AS "leadLastName", l."assignedTo" AS "leadAssignedTo"
      FROM "Communication" c JOIN "Lead" l ON l.id = c."leadId"
      WHERE c.type = 'task' AND c.status = 'scheduled' ORDER BY c."createdAt", c.id LIMIT ${SCHEDULED_TASKS_READ}::int`)} AS "communications",
    ${listedAndCounted(
      Prisma.sql`id, "firstName", "lastName", "updatedAt"`,
      Prisma.sql`FROM "Patient" WHERE "registrationStatus" = 'pending-review'`,
      Prisma.sql`"updatedAt", id`,
      take,
    )} AS "registrations",
    ${listedAndCounted(CAREGIVER_COLUMNS, Prisma.sql`FROM "Caregiver" WHERE status = 'pending'`, byCreation, take)} AS "applications",
    ${listedAndCounted(
      CAREGIVER_COLUMNS,
      Prisma.sql`FROM "Caregiver" WHERE "backgroundCheckStatus" IN ('pending', 'in_progress') AND status <> 'inactive'`,
      byCreation,
      take,
    )} AS "backgroundChecks",
    ${listedAndCounted(
      CAREGIVER_COLUMNS,
      Prisma.sql`FROM "Caregiver" WHERE status <> 'inactive' AND "licenseExpiresOn" <= ${horizon}::date`,
      Prisma.sql`"licenseExpiresOn", id`,
      take,
    )} AS "licences",
    ${listedAndCounted(
      CAREGIVER_COLUMNS,
      Prisma.sql`FROM "Caregiver" WHERE status <> 'inactive' AND "certificationExpiresOn" <= ${horizon}::date`,
      Prisma.sql`"certificationExpiresOn", id`,
      take,
    )} AS "certifications",
    ${listedAndCounted(
      Prisma.sql`e.id, e.title, e."recipientName", e."sentAt", ${waitingSince} AS "waitingSince", e."sentById", u.name AS "sentByName",
        l."firstName" AS "leadFirstName", l."lastName" AS "leadLastName"`,
      Prisma.sql`FROM "EsignRequest" e LEFT JOIN "User" u ON u.id = e."sentById" LEFT JOIN "Lead" l ON l.id = e."leadId"
        LEFT JOIN LATERAL (SELECT max(s."sentAt") AS "sentAt" FROM "EsignSigner" s WHERE s."requestId" = e.id AND s.status <> 'signed') turn ON true
        WHERE (e.status = ANY(${waiting}::text[]) OR (e.provider = 'portal' AND e.status = 'signed')) AND e."isTest" = false
          AND ${waitingSince} <= ${signedBefore}::timestamptz`,
      Prisma.sql`e."sentAt", e.id`,
      take,
    )} AS "signatures",
    ${listedAndCounted(
      Prisma.sql`id, title, "startTime", "createdBy", "createdById"`,
      Prisma.sql`FROM "Appointment" WHERE status = 'scheduled'
        AND "startTime" >= ${zonedDayStart(today, timeZone)}::timestamptz AND "startTime" < ${zonedDayStart(addDays(today, 1), timeZone)}::timestamptz`,
      Prisma.sql`"startTime", id`,
      take,
    )} AS "appointments",
    ${listedAndCounted(
      Prisma.sql`id, type, payload, "updatedAt"`,
      Prisma.sql`FROM "Job" WHERE status = 'failed' AND "updatedAt" >= ${new Date(now.getTime() - FAILED_JOB_WINDOW_MS)}::timestamptz`,
      Prisma.sql`"updatedAt" DESC, id`,
      take,
    )} AS "jobs"`
  const list = <T>(rows: unknown, ...dates: Array<keyof T>) => (rows as Array<Json<T>>).map((one) => dated<T>(one, ...dates))
  const counted = <T>(key: string, ...dates: Array<keyof T>): Counted<T> => {
    const found = row![key] as { rows: unknown; count: number }
    return { rows: list<T>(found.rows, ...dates), count: found.count }
  }
  const caregivers = (key: string) => counted<CaregiverRow>(key, 'createdAt', 'licenseExpiresOn', 'certificationExpiresOn')
  return {
    leads: counted<LeadRow>('leads', 'createdAt'),
    communications: list<CommunicationRow>(row!.communications, 'createdAt').map((one) => ({ ...one, dueAt: taskDueAt(one.scheduledDate, one.createdAt, timeZone) })),
    registrations: counted<PatientRow>('registrations', 'updatedAt'),
    applications: caregivers('applications'),
    backgroundChecks: caregivers('backgroundChecks'),
    licences: caregivers('licences'),
    certifications: caregivers('certifications'),
    signatures: counted<SignatureRow>('signatures', 'sentAt', 'waitingSince'),
    appointments: counted<AppointmentRow>('appointments', 'startTime'),
    jobs: counted<JobRow>('jobs', 'updatedAt'),
  }
}

// ---------------------------------------------------------------------------
// The rules

/** A lead still 'new' a day after it arrived has not been contacted. */
function leadsNotContacted({ leads }: RuleRows, { user, now }: Context): Found {
  const tasks = unique([...leads.mine, ...leads.rows]).map((lead) => {
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
  return { tasks, total: leads.count }
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
function tasksDue({ communications }: RuleRows, { user, now, timeZone, take }: Context): Found {
  const today = dateIn(now, timeZone)
  const startOfToday = zonedDayStart(today, timeZone)
  const endOfToday = zonedDayStart(addDays(today, 1), timeZone)
  const tasks = communications.filter((row) => row.dueAt.getTime() < endOfToday.getTime()).map((row) => {
    const due = row.dueAt
    const assignee = row.leadAssignedTo?.trim() || row.createdBy
    const name = `${row.leadFirstName} ${row.leadLastName}`
    return task(
      'task-due',
      row.id,
      {
        task: row.subject?.trim() ? `${row.subject.trim()} (${name})` : `Follow up with ${name}`,
        priority: overdue(due, startOfToday),
        assignee: named(assignee),
        dueDate: due.toISOString(),
        href: `/leads/${row.leadId}#communication-${row.id}`,
      },
      isAssignedTo(row.leadAssignedTo, user) || isAssignedTo(row.createdBy, user),
    )
  })
  tasks.sort(compareTasks)
  return { tasks: tasks.slice(0, take), total: tasks.length }
}

/** A registration with all five steps saved waits for someone to review it. */
function registrationsToReview({ registrations }: RuleRows, { now }: Context): Found {
  const tasks = registrations.rows.map((patient) => {
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
  return { tasks, total: registrations.count }
}

/** A caregiver application still 'pending' waits for a decision. */
function applicationsToReview({ applications }: RuleRows, { now }: Context): Found {
  const tasks = applications.rows.map((caregiver) => {
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
  return { tasks, total: applications.count }
}

/** A background check not yet cleared or failed, for a caregiver not inactive. */
function backgroundChecks({ backgroundChecks }: RuleRows, { now }: Context): Found {
  const tasks = backgroundChecks.rows.map((caregiver) => {
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
  return { tasks, total: backgroundChecks.count }
}

/** A licence or certification expired or expiring within 30 days, for a caregiver not inactive. */
function credentialsExpiring({ licences, certifications }: RuleRows, { now, timeZone }: Context): Found {
  const todayDate = new Date(`${dateIn(now, timeZone)}T00:00:00Z`)
  const credentials = [
    { field: 'licenseExpiresOn', label: 'License', found: licences },
    { field: 'certificationExpiresOn', label: 'Certification', found: certifications },
  ] as const
  const found = credentials.map(({ field, label, found }) => {
    const tasks = found.rows.map((caregiver) => {
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
    return { tasks, total: found.count }
  })
  return { tasks: found.flatMap((one) => one.tasks), total: found.reduce((sum, one) => sum + one.total, 0) }
}

/**
 * A request sent (or last reminded) more than 3 days ago and still not signed;
 * for a portal request with several signers, more than 3 days since the
 * signer whose turn it is was invited.
 */
function signaturesWaiting({ signatures }: RuleRows, { user, now }: Context): Found {
  const tasks = signatures.rows.map((request) => {
    const due = new Date(request.waitingSince.getTime() + SIGNATURE_WAIT_MS)
    const who = request.leadFirstName !== null ? `${request.leadFirstName} ${request.leadLastName}` : request.recipientName
    return task(
      'signature-waiting',
      request.id,
      {
        task: `Remind ${who} to sign ${request.title}`,
        priority: now.getTime() - due.getTime() > 4 * DAY ? 'high' : 'medium',
        assignee: named(request.sentByName),
        dueDate: due.toISOString(),
        href: `/e-signatures/${request.id}`,
      },
      request.sentById === user.id,
    )
  })
  return { tasks, total: signatures.count }
}

/** Today's appointments (the agency's day) still only 'scheduled'. */
function appointmentsToConfirm({ appointments }: RuleRows, { user }: Context): Found {
  const tasks = appointments.rows.map((appointment) =>
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
  return { tasks, total: appointments.count }
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

/** Jobs the worker gave up on in the last 7 days: admins only (the read returns none for others). */
function failedJobs({ jobs }: RuleRows): Found {
  const tasks = jobs.rows.map((job) =>
    task(
      'job-failed',
      job.id,
      { task: `Background job failed: ${job.type}`, priority: 'high', assignee: 'Admins', dueDate: job.updatedAt.toISOString(), href: jobHref(job.payload) },
      false,
    ),
  )
  return { tasks, total: jobs.count }
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
 * The tasks due now for this user from the rows read: theirs first, then by
 * priority and due date, at most `take`. `total` counts every task the rules
 * find, each rule counting at most WORK_QUEUE_COUNT_CAP; `totalCapped` says a
 * rule found more, so `total` is a lower bound ("100+"). Failed jobs are
 * admins' tasks only.
 */
export function workQueueFrom(user: WorkQueueUser, shared: SharedRuleRows, mine: readonly LeadRow[], { now, timeZone, take }: WorkQueueContext) {
  const context: Context = { user, now, timeZone, take }
  const rows: RuleRows = {
    ...shared,
    leads: { ...shared.leads, mine },
    jobs: userHasPermission(user, 'users:manage') ? shared.jobs : { rows: [], count: 0 },
  }
  const rules = [
    leadsNotContacted,
    tasksDue,
    registrationsToReview,
    applicationsToReview,
    backgroundChecks,
    credentialsExpiring,
    signaturesWaiting,
    appointmentsToConfirm,
    failedJobs,
  ]
  const found = rules.map((rule) => rule(rows, context))
  const tasks = found.flatMap((one) => one.tasks).sort(compareTasks).slice(0, take)
  const totalCapped = found.some((one) => one.total > WORK_QUEUE_COUNT_CAP)
  const total = found.reduce((sum, one) => sum + Math.min(one.total, WORK_QUEUE_COUNT_CAP), 0)
  return { tasks, total, totalCapped }
}
