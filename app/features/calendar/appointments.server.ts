import { Prisma } from '~/generated/prisma/client'
import { isUuid } from '~/lib/ids'
import { wordsInFieldsWhere } from '~/lib/search'
import { randomUUID } from 'node:crypto'
import { addDays, dateIn, formatTimeRange, formatWeekdayDate, formatTimeOfDay, wallClockIn, zonedDayStart } from '~/lib/time'
import { zonedInstant } from '~/lib/zoned-time'
import type { Actor } from '~/platform/actor'
import { listViewQuery, recordAudit, recordListView, recordView } from '~/platform/audit.server'
import { RECORDS_COUNTER, createChangeCache, deepFreeze, readChangeVersion } from '~/platform/change-cache.server'
import { changeExisting, isExclusionViolation } from '~/platform/db-errors'
import { prisma } from '~/platform/db.server'
import { getEnv } from '~/platform/env.server'
import { ConflictError, NotFoundError, RuleViolationError } from '~/platform/errors'
import { paginate } from '~/platform/paginate.server'
import { readRecordHistory } from '~/platform/record-history.server'
import {
  ACTIVE_APPOINTMENT_STATUSES,
  APPOINTMENT_PAGE_SIZE,
  type AppointmentStatus,
  appointmentLabel,
  createFailureMessage,
  describeAppointmentActivity,
  finishedMessage,
  type SeriesScope,
} from '~/features/calendar/options'
import { ACTION_STATUS, type StatusAction, actionForStatus, isAllowed } from '~/features/calendar/rules'
import { weekdayOf } from '~/features/calendar/recurrence'
import type { AppointmentInput, AppointmentListQuery } from '~/features/calendar/schema'
import { WEEK_DAY_LIMIT, WEEK_SCAN_LIMIT } from '~/features/calendar/options'
import type { WeekDay } from '~/features/calendar/week-view'
import { type Visit, visitAt } from '~/features/calendar/series'

const HOUR = 60 * 60 * 1000
const DAY = 24 * HOUR
/** No appointment lasts longer (the schemas refuse it), so a window's earliest start is bounded. */
const LONGEST_APPOINTMENT_MS = DAY
const NO_OVERLAP_CONSTRAINT = 'Appointment_caregiver_no_overlap'

/**
 * A caregiver booked twice at once. The database refuses it (an exclusion
 * constraint), so two saves racing each other cannot both win; the message
 * names the appointment already holding that time.
 */
export class CaregiverDoubleBookedError extends ConflictError {
  override name = 'CaregiverDoubleBookedError'

  constructor(
    message: string,
    readonly clash: { id: string; title: string; startTime: Date; endTime: Date } | null,
  ) {
    super(message)
  }
}

/** The people an appointment concerns, as pages show them. */
export const appointmentInclude = {
  patient: { select: { id: true, firstName: true, lastName: true } },
  caregiver: { select: { id: true, fullName: true } },
  lead: { select: { id: true, firstName: true, lastName: true } },
} as const satisfies Prisma.AppointmentInclude

export type AppointmentRecord = Prisma.AppointmentGetPayload<{ include: typeof appointmentInclude }>

/** The ids of the people a read showed, for the audit trail (an appointment names them). */
function peopleShown(appointments: ReadonlyArray<{ patientId: string | null; caregiverId: string | null; leadId: string | null }>) {
  const unique = (ids: Array<string | null>) => [...new Set(ids.filter((id): id is string => id !== null))]
  const people = {
    patientIds: unique(appointments.map((appointment) => appointment.patientId)),
    caregiverIds: unique(appointments.map((appointment) => appointment.caregiverId)),
    leadIds: unique(appointments.map((appointment) => appointment.leadId)),
  }
  return Object.fromEntries(Object.entries(people).filter(([, ids]) => ids.length > 0))
}

// ---------------------------------------------------------------------------
// Reading

/** The instants a list shows: from `from` (start of that day in the zone; now when absent) for `days` days. */
export function upcomingWindow(query: Pick<AppointmentListQuery, 'from' | 'days'>, timeZone: string, now = new Date()) {
  const start = query.from ? zonedDayStart(query.from, timeZone) : now
  const endDay = addDays(query.from ?? dateIn(now, timeZone), query.days)
  // From a given day the window ends at the start of the day after its last; from now, exactly `days` later.
  const end = query.from ? zonedDayStart(endDay, timeZone) : new Date(now.getTime() + query.days * DAY)
  return { start, end }
}

/**
 * How many appointments `withinWindow(start, end)` holds: those starting
 * inside the window (every appointment ends after it starts: a CHECK
 * constraint), and those started in the day before it and still going on at
 * its start. The window's whole hours are counted once and kept until the
 * appointments change (every change bumps RECORDS_COUNTER in its
 * transaction): a month from now is about 8,000 rows at the bench's volume,
 * 2 ms of the embedded database's thread on every opening of the calendar.
 * What the clock moves (the minutes before the first whole hour and after the
 * last, the visits going on at the start) is one small count each time.
 */
async function countWithinWindow(start: Date, end: Date, query: Partial<AppointmentListQuery>) {
  const filters = filtersWhere(query)
  const count = (where: Prisma.AppointmentWhereInput) => prisma.appointment.count({ where: { AND: [where, ...filters] } })
  const ongoing: Prisma.AppointmentWhereInput = { startTime: { gte: new Date(start.getTime() - LONGEST_APPOINTMENT_MS), lt: start }, endTime: { gt: start } }
  const firstHour = new Date(Math.ceil(start.getTime() / HOUR) * HOUR)
  const lastHour = new Date(Math.floor(end.getTime() / HOUR) * HOUR)
  if (lastHour <= firstHour) return count({ OR: [{ startTime: { gte: start, lt: end } }, ongoing] })
  // Keyed by what is counted, as the lists' totals are (countRows).
  const key = JSON.stringify([firstHour, lastHour, filters])
  const version = await readChangeVersion(RECORDS_COUNTER)
  const [wholeHours, edges] = await Promise.all([
    keptWindowCounts.read(key, version, new Date(), () => count({ startTime: { gte: firstHour, lt: lastHour } })),
    count({ OR: [{ startTime: { gte: start, lt: firstHour } }, { startTime: { gte: lastHour, lt: end } }, ongoing] }),
  ])
  return wholeHours + edges
}

// A change of any appointment makes what is kept stale; the age limit only bounds what a stale process could keep.
const keptWindowCounts = createChangeCache<number>({ maxAgeMs: 10 * 60_000, maxEntries: 50 })
const keptWeeks = createChangeCache<{ weekDays: readonly WeekDay[]; truncated: boolean }>({ maxAgeMs: 10 * 60_000, maxEntries: 50 })

/** Appointments still going on at `start` or starting before `end`: a visit in progress is still upcoming. */
function withinWindow(start: Date, end: Date): Prisma.AppointmentWhereInput {
  return {
    // The first bound keeps the scan on the startTime index.
    startTime: { gte: new Date(start.getTime() - LONGEST_APPOINTMENT_MS), lt: end },
    endTime: { gt: start },
  }
}

function filtersWhere(query: Partial<AppointmentListQuery>): Prisma.AppointmentWhereInput[] {
  return [
    wordsInFieldsWhere(query.q ?? '', ['title', 'appointmentType']) ?? {},
    query.status ? { status: query.status } : {},
    query.type ? { appointmentType: query.type } : {},
    query.who === 'patient' ? { patientId: { not: null } } : {},
    query.who === 'caregiver' ? { caregiverId: { not: null } } : {},
    query.who === 'lead' ? { leadId: { not: null } } : {},
    query.patientId ? { patientId: query.patientId } : {},
    query.caregiverId ? { caregiverId: query.caregiverId } : {},
    query.leadId ? { leadId: query.leadId } : {},
  ]
}

const BY_START: Prisma.AppointmentOrderByWithRelationInput[] = [{ startTime: 'asc' }, { id: 'asc' }]

/** A list or week read shows appointments and the people they name: one entry with their ids and the search. */
async function recordAppointmentListView(rows: ReadonlyArray<{ id: string; patientId: string | null; caregiverId: string | null; leadId: string | null }>, query: Partial<AppointmentListQuery>, actor: Actor) {
  if (rows.length === 0) return
  const { q, status, type, who, from, page, view } = query
  await recordListView({
    actor,
    entityType: 'Appointment',
    ids: rows.map((row) => row.id),
    details: listViewQuery({ q, status, type, who, from, page, view }),
    named: { patientIds: rows.map((row) => row.patientId), caregiverIds: rows.map((row) => row.caregiverId), leadIds: rows.map((row) => row.leadId) },
  })
}

/** What the list shows of each appointment (AppointmentItem), and whom it names for the trail: not its notes. */
const APPOINTMENT_LIST_SELECT = {
  id: true,
  title: true,
  startTime: true,
  endTime: true,
  appointmentType: true,
  status: true,
  location: true,
  patientId: true,
  caregiverId: true,
  leadId: true,
  ...appointmentInclude,
} as const satisfies Prisma.AppointmentSelect

/** The calendar page's list: upcoming appointments in start order, a page at a time. */
export async function listUpcomingAppointments(query: AppointmentListQuery, actor: Actor, now = new Date()) {
  const timeZone = getEnv().AGENCY_TIME_ZONE
  const window = upcomingWindow(query, timeZone, now)
  const filters = filtersWhere(query)
  const where: Prisma.AppointmentWhereInput = { AND: [withinWindow(window.start, window.end), ...filters] }
  const { rows, total, page } = await paginate(
    {
      count: () => countWithinWindow(window.start, window.end, query),
      findMany: (range) => prisma.appointment.findMany({ where, select: APPOINTMENT_LIST_SELECT, orderBy: BY_START, ...range }),
    },
    { page: query.page, pageSize: APPOINTMENT_PAGE_SIZE, pastTheEnd: 'last-page' },
  )
  await recordAppointmentListView(rows, { ...query, page }, actor)
  return { total, page, appointments: rows, window }
}

/**
 * The seven days from `weekStart` (a Sunday, YYYY-MM-DD in the agency zone),
 * with the list's filters: each day's appointments (an appointment is on
 * every day it touches), none for a day holding more than `WEEK_DAY_LIMIT`,
 * and how many the day holds. Two statements: the week's start and end times
 * alone (one read, far cheaper than a read and a count per day), kept until
 * the appointments change (a busy week is about 1,900 rows: most of the page's
 * time, in building and collecting them), then the shown appointments with the
 * columns the grid shows.
 */
export async function listWeekAppointments(weekStart: string, query: AppointmentListQuery, actor: Actor) {
  const timeZone = getEnv().AGENCY_TIME_ZONE
  const days = Array.from({ length: 7 }, (_, index) => {
    const day = addDays(weekStart, index)
    return { day, start: zonedDayStart(day, timeZone), end: zonedDayStart(addDays(day, 1), timeZone) }
  })
  const where: Prisma.AppointmentWhereInput = { AND: [withinWindow(days[0]!.start, days[6]!.end), ...filtersWhere(query)] }
  const version = await readChangeVersion(RECORDS_COUNTER)
  const { weekDays, truncated } = await keptWeeks.read(JSON.stringify([weekStart, timeZone, where]), version, new Date(), async () => {
    const spans = await prisma.appointment.findMany({ where, select: { id: true, startTime: true, endTime: true }, orderBy: BY_START, take: WEEK_SCAN_LIMIT + 1 })
    // As numbers: comparing Dates converts both on every comparison, thousands of times here.
    const counted = spans.slice(0, WEEK_SCAN_LIMIT).map((span) => ({ id: span.id, start: span.startTime.getTime(), end: span.endTime.getTime() }))
    const weekDays: WeekDay[] = days.map(({ day, start, end }) => {
      const [dayStart, dayEnd] = [start.getTime(), end.getTime()]
      const on = counted.filter((span) => span.start < dayEnd && span.end > dayStart)
      return { day, ids: on.length > WEEK_DAY_LIMIT ? [] : on.map((span) => span.id), total: on.length }
    })
    return deepFreeze({ weekDays, truncated: spans.length > WEEK_SCAN_LIMIT })
  })
  const shownIds = [...new Set(weekDays.flatMap((day) => day.ids))]
  const appointments =
    shownIds.length === 0
      ? []
      : await prisma.appointment.findMany({
          where: { id: { in: shownIds } },
          select: { id: true, title: true, startTime: true, endTime: true, appointmentType: true, status: true, patientId: true, caregiverId: true, leadId: true },
          orderBy: BY_START,
        })
  await recordAppointmentListView(appointments, { ...query, from: weekStart }, actor)
  return { appointments, days: weekDays, truncated }
}

/** An instant as `toISOString()` writes it. */
function isoSql(column: string) {
  return Prisma.raw(`to_char(a."${column}" AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`)
}

/**
 * One appointment as the API returns it (`appointmentToJson`), written by the
 * database: a test holds the two equal. `row_to_json` writes it compactly, as
 * `JSON.stringify` does (`json_build_object` and `json_agg` add spaces).
 */
const APPOINTMENT_JSON_SQL = Prisma.sql`(SELECT row_to_json(r) FROM (SELECT
  a.id, a.title, ${isoSql('startTime')} AS "startTime", ${isoSql('endTime')} AS "endTime",
  a."appointmentType", a.status, a.location, a."timeZone" AS timezone, a.notes, a."patientId",
  a."caregiverId", a."leadId", a."cancelReason", a."seriesId", a."createdBy",
  ${isoSql('createdAt')} AS "createdAt", ${isoSql('updatedAt')} AS "updatedAt") r)`

const UPCOMING_API_LIMIT = 1000

/**
 * GET /api/appointments/upcoming: the next `days` days from now, in start
 * order, as the JSON text of the response. Up to 1,000 appointments a call:
 * the database writes the JSON, so the server neither builds rows nor
 * serialises them; the ids come with it for the audit entry.
 */
export async function listUpcomingForApi(days: number, actor: Actor, now = new Date()) {
  const end = new Date(now.getTime() + days * DAY)
  // The ids as one text each, in the rows' order (a missing person as ''): a thousand-row array of
  // each, parsed by the driver, cost a quarter of this request's time.
  const [row] = await prisma.$queryRaw<Array<{ body: string; ids: string; patientIds: string; caregiverIds: string; leadIds: string }>>`
    SELECT '[' || coalesce(string_agg(${APPOINTMENT_JSON_SQL}::text, ',' ORDER BY a."startTime", a.id), '') || ']' AS body,
      coalesce(string_agg(a.id::text, ',' ORDER BY a."startTime", a.id), '') AS ids,
      coalesce(string_agg(coalesce(a."patientId"::text, ''), ',' ORDER BY a."startTime", a.id), '') AS "patientIds",
      coalesce(string_agg(coalesce(a."caregiverId"::text, ''), ',' ORDER BY a."startTime", a.id), '') AS "caregiverIds",
      coalesce(string_agg(coalesce(a."leadId"::text, ''), ',' ORDER BY a."startTime", a.id), '') AS "leadIds"
    FROM (SELECT * FROM "Appointment"
      -- withinWindow(now, end), in SQL.
      WHERE "startTime" >= ${new Date(now.getTime() - LONGEST_APPOINTMENT_MS)} AND "startTime" < ${end} AND "endTime" > ${now}
      ORDER BY "startTime", id LIMIT ${UPCOMING_API_LIMIT}::int) a`
  const { body, ids, patientIds, caregiverIds, leadIds } = row!
  if (ids === '') return body
  const people = (joined: string) => joined.split(',').map((id) => id || null)
  const [patients, caregivers, leads] = [people(patientIds), people(caregiverIds), people(leadIds)]
  await recordAppointmentListView(
    ids.split(',').map((id, index) => ({ id, patientId: patients[index] ?? null, caregiverId: caregivers[index] ?? null, leadId: leads[index] ?? null })),
    { days },
    actor,
  )
  return body
}

/**
 * The dashboard's list: the next `limit` appointments not cancelled, from now
 * to `days` days ahead, with only the columns it shows. The dashboard logs
 * the read in its own single entry, with `peopleOf(rows)`.
 */
export async function listNextAppointments(limit: number, { days = 30, now = new Date() } = {}) {
  const where: Prisma.AppointmentWhereInput = {
    AND: [withinWindow(now, new Date(now.getTime() + days * DAY)), { status: { not: 'cancelled' } }],
  }
  return prisma.appointment.findMany({
    where,
    select: { id: true, title: true, startTime: true, appointmentType: true, status: true, location: true, timeZone: true, patientId: true, caregiverId: true, leadId: true },
    orderBy: BY_START,
    take: limit,
  })
}

/** The ids of the people a list of appointments names, for a read's audit entry. */
export const peopleShownBy = peopleShown

export async function getAppointment(id: string) {
  if (!isUuid(id)) return null
  return prisma.appointment.findUnique({ where: { id }, include: appointmentInclude })
}

/** An appointment opened by a person or an API caller, on the trail with the people it names. */
export async function viewAppointment(id: string, actor: Actor) {
  const appointment = await getAppointment(id)
  if (appointment) {
    await recordView({ actor, entityType: 'Appointment', entityId: appointment.id, details: peopleShown([appointment]) })
  }
  return appointment
}

// ---------------------------------------------------------------------------
// Changing

async function clashWith(input: { caregiverId: string | null; startTime: Date; endTime: Date }, exceptId?: string) {
  if (!input.caregiverId) return null
  return prisma.appointment.findFirst({
    where: {
      caregiverId: input.caregiverId,
      status: { in: [...ACTIVE_APPOINTMENT_STATUSES] },
      startTime: { lt: input.endTime },
      endTime: { gt: input.startTime },
      ...(exceptId ? { id: { not: exceptId } } : {}),
    },
    select: { id: true, title: true, startTime: true, endTime: true, caregiver: { select: { fullName: true } } },
    orderBy: BY_START,
  })
}

/**
 * Runs a write that may book a caregiver; the database's refusal of a double
 * booking becomes CaregiverDoubleBookedError naming the appointment in the way.
 */
async function withoutDoubleBooking<T>(input: { caregiverId: string | null; startTime: Date; endTime: Date }, exceptId: string | undefined, write: () => Promise<T>) {
  try {
    return await write()
  } catch (error) {
    if (!isExclusionViolation(error, NO_OVERLAP_CONSTRAINT)) throw error
    const clash = await clashWith(input, exceptId)
    const who = clash?.caregiver?.fullName ?? 'The caregiver'
    if (!clash) throw new CaregiverDoubleBookedError(`${who} is already booked at that time. Choose another time or caregiver.`, null)
    const when = formatTimeRange(clash.startTime, clash.endTime, getEnv().AGENCY_TIME_ZONE)
    throw new CaregiverDoubleBookedError(`${who} is already booked for "${clash.title}" (${when}). Choose another time or caregiver.`, clash)
  }
}

/** The people named must be in the portal (a form may be sent after one was deleted). */
async function checkPeople(input: Pick<AppointmentInput, 'patientId' | 'caregiverId' | 'leadId'>, tx: Prisma.TransactionClient) {
  const [patient, caregiver, lead] = await Promise.all([
    input.patientId ? tx.patient.findUnique({ where: { id: input.patientId }, select: { id: true } }) : true,
    input.caregiverId ? tx.caregiver.findUnique({ where: { id: input.caregiverId }, select: { id: true } }) : true,
    input.leadId ? tx.lead.findUnique({ where: { id: input.leadId }, select: { id: true } }) : true,
  ])
  if (!patient) throw new RuleViolationError('That patient is no longer in the portal: choose another', 'patientId')
  if (!caregiver) throw new RuleViolationError('That caregiver is no longer in the portal: choose another', 'caregiverId')
  if (!lead) throw new RuleViolationError('That lead is no longer in the portal: choose another', 'leadId')
}

function appointmentData(input: AppointmentInput) {
  return {
    title: input.title,
    startTime: input.startTime,
    endTime: input.endTime,
    timeZone: input.timeZone,
    appointmentType: input.appointmentType,
    location: input.location,
    notes: input.notes,
    patientId: input.patientId,
    caregiverId: input.caregiverId,
    leadId: input.leadId,
  }
}

function peopleOf(input: Pick<AppointmentInput, 'patientId' | 'caregiverId' | 'leadId'>) {
  return peopleShown([input])
}

/**
 * Books an appointment: scheduled (or confirmed, when an API caller says it
 * already is), by `createdBy`.
 */
export async function createAppointment(
  input: AppointmentInput,
  createdBy: { id: string | null; name: string },
  actor: Actor,
  { status = 'scheduled', confirmAvailability }: { status?: 'scheduled' | 'confirmed'; confirmAvailability?: boolean } = {},
) {
  return withoutDoubleBooking(input, undefined, () =>
    prisma.$transaction(async (tx) => {
      await checkPeople(input, tx)
      const appointment = await tx.appointment.create({
        data: { ...appointmentData(input), status, createdById: createdBy.id, createdBy: createdBy.name },
      })
      // After the insert, so that a clash (refused by the database) is told before
      // a warning that could be overridden; a warning rolls the insert back.
      await checkAvailability(tx, [input], confirmAvailability)
      await recordAudit({ actor, action: 'create', entityType: 'Appointment', entityId: appointment.id, details: peopleOf(input) }, tx)
      return appointment
    }),
  )
}

const COMPARED = ['title', 'startTime', 'endTime', 'timeZone', 'appointmentType', 'location', 'notes', 'patientId', 'caregiverId', 'leadId'] as const

function changedFields(before: Record<(typeof COMPARED)[number], unknown>, after: Record<(typeof COMPARED)[number], unknown>) {
  const same = (a: unknown, b: unknown) => (a instanceof Date && b instanceof Date ? a.getTime() === b.getTime() : (a ?? null) === (b ?? null))
  return COMPARED.filter((key) => !same(before[key], after[key]))
}

function refuse(status: string, what: string): never {
  throw new ConflictError(finishedMessage(status, what))
}

const CHANGED_MEANWHILE = 'Someone else changed this appointment first. Reload it and try again.'

type Before = Prisma.AppointmentGetPayload<object>

/** The edit itself, inside the caller's transaction, only while the appointment is as `before` was read. */
async function applyEdit(tx: Prisma.TransactionClient, before: Before, input: AppointmentInput, actor: Actor) {
  if (!isAllowed(before.status, 'edit')) refuse(before.status, 'changed')
  await checkPeople(input, tx)
  const { count } = await tx.appointment.updateMany({ where: { id: before.id, status: before.status }, data: appointmentData(input) })
  if (count === 0) throw new ConflictError(CHANGED_MEANWHILE)
  const changed = changedFields(before, input)
  const rescheduled = changed.includes('startTime') || changed.includes('endTime')
  await recordAudit(
    {
      actor,
      action: 'update',
      entityType: 'Appointment',
      entityId: before.id,
      details: { changed, ...peopleOf(input) },
      eventType: rescheduled ? 'appointment.rescheduled' : undefined,
    },
    tx,
  )
}

const ACTION_WORDS: Record<StatusAction, string> = {
  confirm: 'confirmed',
  complete: 'completed',
  no_show: 'marked as a no-show',
  cancel: 'cancelled',
}

/** The status change itself, inside the caller's transaction. */
async function applyStatus(
  tx: Prisma.TransactionClient,
  before: Pick<Before, 'id' | 'status'>,
  action: StatusAction,
  reason: string | null | undefined,
  actor: Actor,
  extra: Record<string, unknown> = {},
) {
  const status: AppointmentStatus = ACTION_STATUS[action]
  if (before.status === status) throw new ConflictError(`This appointment is already ${appointmentLabel(status).toLowerCase()}.`)
  if (!isAllowed(before.status, action)) refuse(before.status, ACTION_WORDS[action])
  if (action === 'cancel' && !reason?.trim()) throw new RuleViolationError('Give a reason for cancelling', 'cancelReason')
  const { count } = await tx.appointment.updateMany({
    where: { id: before.id, status: before.status },
    data: { status, ...(action === 'cancel' ? { cancelReason: reason!.trim() } : {}) },
  })
  if (count === 0) throw new ConflictError(CHANGED_MEANWHILE)
  await recordAudit(
    {
      actor,
      action: 'update',
      entityType: 'Appointment',
      entityId: before.id,
      details: { changed: action === 'cancel' ? ['status', 'cancelReason'] : ['status'], from: before.status, to: status, ...extra },
      eventType: `appointment.${status}`,
    },
    tx,
  )
}

/**
 * Saves an edit of the whole appointment (the form). Only an active
 * appointment can be changed; a new time is recorded as a reschedule.
 */
export async function updateAppointment(id: string, input: AppointmentInput, actor: Actor, { confirmAvailability }: { confirmAvailability?: boolean } = {}) {
  return withoutDoubleBooking(input, id, () =>
    changeExisting('Appointment', id, () =>
      prisma.$transaction(async (tx) => {
        const before = await tx.appointment.findUniqueOrThrow({ where: { id } })
        await applyEdit(tx, before, input, actor)
        // After the change (rolled back with it), so that a clash is told first.
        if (before.startTime.getTime() !== input.startTime.getTime() || before.caregiverId !== input.caregiverId) {
          await checkAvailability(tx, [input], confirmAvailability)
        }
        return tx.appointment.findUniqueOrThrow({ where: { id } })
      }),
    ),
  )
}

export const UNCHANGED_TIME = 'Choose a new date, time or length: the appointment is already at this time'

/** Moves an active appointment to a new time (and length). */
export async function rescheduleAppointment(
  id: string,
  when: { startTime: Date; endTime: Date; timeZone: string },
  actor: Actor,
  { confirmAvailability }: { confirmAvailability?: boolean } = {},
) {
  const existing = await getAppointment(id)
  if (!existing) throw new NotFoundError('Appointment')
  return withoutDoubleBooking({ caregiverId: existing.caregiverId, ...when }, id, () =>
    changeExisting('Appointment', id, () =>
      prisma.$transaction(async (tx) => {
        const before = await tx.appointment.findUniqueOrThrow({ where: { id } })
        if (!isAllowed(before.status, 'reschedule')) refuse(before.status, 'rescheduled')
        // Sent unchanged, it would be written down as a move that never happened.
        if (before.startTime.getTime() === when.startTime.getTime() && before.endTime.getTime() === when.endTime.getTime()) {
          throw new RuleViolationError(UNCHANGED_TIME, 'date')
        }
        const { count } = await tx.appointment.updateMany({
          where: { id, status: before.status },
          data: { startTime: when.startTime, endTime: when.endTime, timeZone: when.timeZone },
        })
        if (count === 0) throw new ConflictError(CHANGED_MEANWHILE)
        // After the move (rolled back with it), so that a clash is told first.
        await checkAvailability(tx, [{ caregiverId: before.caregiverId, startTime: when.startTime }], confirmAvailability)
        await recordAudit(
          {
            actor,
            action: 'update',
            entityType: 'Appointment',
            entityId: id,
            details: {
              changed: changedFields(before, { ...before, ...when }),
              from: { startTime: before.startTime.toISOString(), endTime: before.endTime.toISOString() },
              to: { startTime: when.startTime.toISOString(), endTime: when.endTime.toISOString() },
            },
            eventType: 'appointment.rescheduled',
          },
          tx,
        )
        return tx.appointment.findUniqueOrThrow({ where: { id } })
      }),
    ),
  )
}

/**
 * Confirms, completes, cancels (with a reason) or marks a no-show. Each is
 * allowed from the statuses rules.ts names; a change someone else made first
 * is a ConflictError.
 */
export async function changeAppointmentStatus(id: string, action: StatusAction, actor: Actor, { reason }: { reason?: string | null } = {}) {
  if (action === 'cancel' && !reason?.trim()) throw new RuleViolationError('Give a reason for cancelling', 'cancelReason')
  return changeExisting('Appointment', id, () =>
    prisma.$transaction(async (tx) => {
      const before = await tx.appointment.findUniqueOrThrow({ where: { id }, select: { id: true, status: true } })
      await applyStatus(tx, before, action, reason, actor)
      return tx.appointment.findUniqueOrThrow({ where: { id } })
    }),
  )
}

/**
 * PUT /api/appointments/{id}: the whole appointment and, when the body moves
 * its status on, the status (by the rules of the page's buttons), in one
 * transaction.
 */
export async function updateAppointmentFromApi(
  id: string,
  body: { input: AppointmentInput; status: AppointmentStatus; cancelReason: string | null },
  actor: Actor,
) {
  return withoutDoubleBooking(body.input, id, () =>
    changeExisting('Appointment', id, () =>
      prisma.$transaction(async (tx) => {
        const before = await tx.appointment.findUniqueOrThrow({ where: { id } })
        const action = body.status === before.status ? undefined : actionForStatus(before.status, body.status)
        if (body.status !== before.status && !action) {
          throw new RuleViolationError(
            `An appointment that is ${appointmentLabel(before.status).toLowerCase()} cannot become ${appointmentLabel(body.status).toLowerCase()}`,
            'status',
          )
        }
        if (changedFields(before, body.input).length > 0) await applyEdit(tx, before, body.input, actor)
        if (action) await applyStatus(tx, before, action, body.cancelReason, actor)
        return tx.appointment.findUniqueOrThrow({ where: { id }, include: appointmentInclude })
      }),
    ),
  )
}

/** Removes an appointment (the API's DELETE; the pages cancel instead, which keeps the record). */
export async function deleteAppointment(id: string, actor: Actor) {
  await changeExisting('Appointment', id, () =>
    prisma.$transaction(async (tx) => {
      const deleted = await tx.appointment.delete({ where: { id }, select: { title: true, patientId: true, caregiverId: true, leadId: true } })
      // The record is gone, so the entry keeps what it was called.
      await recordAudit({ actor, action: 'delete', entityType: 'Appointment', entityId: id, details: { title: deleted.title, ...peopleOf(deleted) } }, tx)
    }),
  )
}

// ---------------------------------------------------------------------------
// Availability and weekly series

const AVAILABILITY_LISTED = 5

function dayName(day: string) {
  return day.charAt(0).toUpperCase() + day.slice(1)
}

function listed(items: string[], limit = AVAILABILITY_LISTED) {
  const shown = items.slice(0, limit)
  const more = items.length - shown.length
  return `${shown.join('; ')}${more > 0 ? ` and ${more} more` : ''}`
}

/**
 * Booking a caregiver on a day of the week outside their stated availability
 * is allowed once confirmed: unconfirmed (false), it is refused with a
 * message next to the confirmation box, which the form then shows. Not
 * checked at all when `confirmed` is undefined (the JSON API), nor for a
 * caregiver who has stated no days.
 */
async function checkAvailability(
  tx: Prisma.TransactionClient,
  visits: ReadonlyArray<{ caregiverId: string | null; startTime: Date }>,
  confirmed: boolean | undefined,
) {
  if (confirmed !== false) return
  const timeZone = getEnv().AGENCY_TIME_ZONE
  const caregiverIds = [...new Set(visits.map((visit) => visit.caregiverId).filter((id): id is string => id !== null))]
  for (const caregiverId of caregiverIds) {
    const caregiver = await tx.caregiver.findUnique({ where: { id: caregiverId }, select: { fullName: true, availableDays: true } })
    if (!caregiver || caregiver.availableDays.length === 0) continue
    const outside = visits.filter(
      (visit) => visit.caregiverId === caregiverId && !caregiver.availableDays.includes(weekdayOf(dateIn(visit.startTime, timeZone))),
    )
    if (outside.length === 0) continue
    throw new RuleViolationError(
      availabilityMessage(
        caregiver.fullName,
        caregiver.availableDays,
        outside.map((visit) => formatWeekdayDate(visit.startTime, timeZone)),
      ),
      'confirmAvailability',
    )
  }
}

/** The warning: who, the days they stated, and the visits outside them. */
export function availabilityMessage(name: string, availableDays: readonly string[], outside: string[]) {
  const days = availableDays.map(dayName).join(', ')
  const visits = outside.length === 1 ? `${outside[0]} is` : `${outside.length} visits are (${listed(outside)})`
  return `${name} is available on ${days} only: ${visits} outside that. Tick "Book anyway" and save again to book anyway.`
}

type PlannedVisit = { id?: string; caregiverId: string | null; startTime: Date; endTime: Date }

/** Every planned visit that overlaps an active appointment of its caregiver (other than those being changed). */
async function findClashes(client: Prisma.TransactionClient, visits: readonly PlannedVisit[], exceptIds: readonly string[]) {
  const clashes: Array<{ visit: PlannedVisit; with: { id: string; title: string; startTime: Date; endTime: Date; caregiver: { fullName: string } | null } }> = []
  const caregiverIds = [...new Set(visits.map((visit) => visit.caregiverId).filter((id): id is string => id !== null))]
  for (const caregiverId of caregiverIds) {
    const own = visits.filter((visit) => visit.caregiverId === caregiverId)
    const from = new Date(Math.min(...own.map((visit) => visit.startTime.getTime())))
    const to = new Date(Math.max(...own.map((visit) => visit.endTime.getTime())))
    const booked = await client.appointment.findMany({
      where: {
        caregiverId,
        status: { in: [...ACTIVE_APPOINTMENT_STATUSES] },
        startTime: { lt: to },
        endTime: { gt: from },
        ...(exceptIds.length ? { id: { notIn: [...exceptIds] } } : {}),
      },
      select: { id: true, title: true, startTime: true, endTime: true, caregiver: { select: { fullName: true } } },
      orderBy: BY_START,
    })
    for (const visit of own) {
      const other = booked.find((candidate) => candidate.startTime < visit.endTime && candidate.endTime > visit.startTime)
      if (other) clashes.push({ visit, with: other })
    }
  }
  return clashes.sort((a, b) => a.visit.startTime.getTime() - b.visit.startTime.getTime())
}

/** Names the visits that clash and what each clashes with; nothing of the series is saved. */
function seriesClashError(clashes: Awaited<ReturnType<typeof findClashes>>, nothing: string) {
  const timeZone = getEnv().AGENCY_TIME_ZONE
  const first = clashes[0]!
  const who = first.with.caregiver?.fullName ?? 'The caregiver'
  const named = clashes.map(
    ({ visit, with: other }) =>
      `${formatWeekdayDate(visit.startTime, timeZone)}, ${formatTimeOfDay(visit.startTime, timeZone)} (clashes with "${other.title}", ${formatTimeRange(other.startTime, other.endTime, timeZone)})`,
  )
  const count = clashes.length === 1 ? 'one of these visits' : `${clashes.length} of these visits`
  return new CaregiverDoubleBookedError(`${who} is already booked at ${count}: ${listed(named)}. ${nothing} Choose another time or caregiver.`, first.with)
}

async function refuseClashes(tx: Prisma.TransactionClient, visits: readonly PlannedVisit[], exceptIds: readonly string[], nothing: string) {
  const clashes = await findClashes(tx, visits, exceptIds)
  if (clashes.length > 0) throw seriesClashError(clashes, nothing)
}

/**
 * Runs a write of several visits; should a save racing this one book the
 * caregiver first (the database refuses the overlap), the clashes are named
 * as when they are found beforehand.
 */
async function withoutSeriesDoubleBooking<T>(plan: () => { visits: PlannedVisit[]; exceptIds: string[] }, nothing: string, write: () => Promise<T>) {
  try {
    return await write()
  } catch (error) {
    if (!isExclusionViolation(error, NO_OVERLAP_CONSTRAINT)) throw error
    const { visits, exceptIds } = plan()
    const clashes = await findClashes(prisma, visits, exceptIds)
    if (clashes.length > 0) throw seriesClashError(clashes, nothing)
    throw new CaregiverDoubleBookedError(`The caregiver is already booked at one of these visits. ${nothing} Choose another time or caregiver.`, null)
  }
}

/** Many visits are saved in one transaction: more time than the default few seconds. */
const SERIES_TRANSACTION = { timeout: 60_000, maxWait: 10_000 }

/**
 * Books a weekly series: one scheduled appointment per visit, sharing a
 * series id. Every visit is checked for clashes first and all are saved in
 * one transaction, or none.
 */
export async function createAppointmentSeries(
  input: AppointmentInput,
  visits: readonly Visit[],
  createdBy: { id: string | null; name: string },
  actor: Actor,
  { confirmAvailability }: { confirmAvailability?: boolean } = {},
) {
  const planned = visits.map((visit) => ({ caregiverId: input.caregiverId, ...visit }))
  const seriesId = randomUUID()
  const nothing = 'Nothing was booked.'
  return withoutSeriesDoubleBooking(
    () => ({ visits: planned, exceptIds: [] }),
    nothing,
    () =>
      prisma.$transaction(async (tx) => {
        await checkPeople(input, tx)
        await refuseClashes(tx, planned, [], nothing)
        await checkAvailability(tx, planned, confirmAvailability)
        const created = []
        for (const visit of visits) {
          const appointment = await tx.appointment.create({
            data: { ...appointmentData({ ...input, ...visit }), status: 'scheduled', seriesId, createdById: createdBy.id, createdBy: createdBy.name },
          })
          await recordAudit(
            { actor, action: 'create', entityType: 'Appointment', entityId: appointment.id, details: { ...peopleOf(input), seriesId, visits: visits.length } },
            tx,
          )
          created.push(appointment)
        }
        return created
      }, SERIES_TRANSACTION),
  )
}

/** The visit and the later visits of its series still booked, in start order. */
async function thisAndFollowing(tx: Prisma.TransactionClient, before: Before) {
  if (!before.seriesId) return [before]
  const later = await tx.appointment.findMany({
    where: { seriesId: before.seriesId, startTime: { gt: before.startTime }, status: { in: [...ACTIVE_APPOINTMENT_STATUSES] } },
    orderBy: BY_START,
  })
  return [before, ...later.filter((visit) => visit.id !== before.id)]
}

/**
 * Cancels a visit, or (scope 'following') it and every later visit of its
 * series still booked, with one reason and one audit entry each.
 */
export async function cancelAppointments(id: string, scope: SeriesScope, reason: string, actor: Actor) {
  if (scope === 'this') return [await changeAppointmentStatus(id, 'cancel', actor, { reason })]
  if (!reason.trim()) throw new RuleViolationError('Give a reason for cancelling', 'cancelReason')
  return changeExisting('Appointment', id, () =>
    prisma.$transaction(async (tx) => {
      const before = await tx.appointment.findUniqueOrThrow({ where: { id } })
      const visits = await thisAndFollowing(tx, before)
      for (const visit of visits) await applyStatus(tx, visit, 'cancel', reason, actor, { scope, seriesId: before.seriesId })
      return visits
    }, SERIES_TRANSACTION),
  )
}

const MINUTES = 60_000

function daysBetween(from: string, to: string) {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / (24 * 60 * MINUTES))
}

const SHARED_FIELDS = ['title', 'appointmentType', 'location', 'notes', 'patientId', 'caregiverId', 'leadId'] as const

/**
 * Edits or reschedules a visit and every later visit of its series still
 * booked. What changed on this visit changes on each: a move of the date
 * moves each visit by as many days, a new time of day or length applies to
 * each on its own day (so the wall clock holds across a change of the
 * clocks), and each edited field takes the new value; what did not change
 * keeps each visit's own (a visit moved on its own stays moved). Clashes are
 * checked for every visit before any is saved.
 */
export async function changeFollowingVisits(
  id: string,
  change: {
    kind: 'edit' | 'reschedule'
    /** For an edit, the whole form; for a reschedule, only its times count. */
    input: Pick<AppointmentInput, 'startTime' | 'endTime' | 'timeZone'> & Partial<AppointmentInput>
    wallClock: { date: string; time: string; durationMinutes: number }
  },
  actor: Actor,
  { confirmAvailability }: { confirmAvailability?: boolean } = {},
) {
  const timeZone = getEnv().AGENCY_TIME_ZONE
  const nothing = 'Nothing was changed.'
  let planned: Array<PlannedVisit & { id: string }> = []
  return withoutSeriesDoubleBooking(
    () => ({ visits: planned, exceptIds: planned.map((visit) => visit.id) }),
    nothing,
    () =>
      changeExisting('Appointment', id, () =>
        prisma.$transaction(async (tx) => {
          const before = await tx.appointment.findUniqueOrThrow({ where: { id } })
          if (!isAllowed(before.status, change.kind)) refuse(before.status, change.kind === 'edit' ? 'changed' : 'rescheduled')
          const visits = await thisAndFollowing(tx, before)
          const was = { ...wallClockIn(before.startTime, timeZone), durationMinutes: Math.round((before.endTime.getTime() - before.startTime.getTime()) / MINUTES) }
          const dayShift = daysBetween(was.date, change.wallClock.date)
          const timeChanged = change.wallClock.time !== was.time
          const durationChanged = change.wallClock.durationMinutes !== was.durationMinutes
          const fields =
            change.kind === 'edit' ? SHARED_FIELDS.filter((key) => (change.input[key] ?? null) !== (before[key] ?? null)) : []
          if (change.kind === 'edit') await checkPeople(change.input as AppointmentInput, tx)
          const plans = visits.map((visit) => {
            const shared = Object.fromEntries(fields.map((key) => [key, change.input[key] ?? null])) as Partial<AppointmentInput>
            let when = { startTime: visit.startTime, endTime: visit.endTime }
            if (visit.id === before.id) when = { startTime: change.input.startTime, endTime: change.input.endTime }
            else if (dayShift !== 0 || timeChanged || durationChanged) {
              const own = wallClockIn(visit.startTime, timeZone)
              const ownDuration = Math.round((visit.endTime.getTime() - visit.startTime.getTime()) / MINUTES)
              const moved = visitAt(
                addDays(own.date, dayShift),
                timeChanged ? change.wallClock.time : own.time,
                durationChanged ? change.wallClock.durationMinutes : ownDuration,
                timeZone,
                // A later visit in the hour the clocks repeat keeps the first of the two, as the clocks read before they go back.
                'earlier',
              )
              if (!moved.ok) throw new RuleViolationError(moved.message, 'time')
              when = moved.visit
            }
            return { before: visit, data: { ...shared, ...when, timeZone: change.input.timeZone } }
          })
          planned = plans.map(({ before: visit, data }) => ({
            id: visit.id,
            caregiverId: data.caregiverId !== undefined ? data.caregiverId : visit.caregiverId,
            startTime: data.startTime,
            endTime: data.endTime,
          }))
          await refuseClashes(tx, planned, planned.map((visit) => visit.id), nothing)
          const moves = planned.filter((visit, index) => visit.startTime.getTime() !== visits[index]!.startTime.getTime() || visit.caregiverId !== visits[index]!.caregiverId)
          await checkAvailability(tx, moves, confirmAvailability)
          // Moving later, the last visit goes first (and moving earlier, the first), so no visit lands on a sibling not yet moved.
          const later = change.input.startTime.getTime() > before.startTime.getTime()
          for (const { before: visit, data } of later ? [...plans].reverse() : plans) {
            const { count } = await tx.appointment.updateMany({ where: { id: visit.id, status: visit.status }, data })
            if (count === 0) throw new ConflictError(CHANGED_MEANWHILE)
            const changed = changedFields(visit, { ...visit, ...data })
            const rescheduled = changed.includes('startTime') || changed.includes('endTime')
            await recordAudit(
              {
                actor,
                action: 'update',
                entityType: 'Appointment',
                entityId: visit.id,
                details: {
                  changed,
                  scope: 'following',
                  seriesId: before.seriesId,
                  ...(rescheduled
                    ? {
                        from: { startTime: visit.startTime.toISOString(), endTime: visit.endTime.toISOString() },
                        to: { startTime: data.startTime.toISOString(), endTime: data.endTime.toISOString() },
                      }
                    : {}),
                  ...peopleOf({ ...visit, ...data }),
                },
                eventType: rescheduled ? 'appointment.rescheduled' : undefined,
              },
              tx,
            )
          }
          return tx.appointment.findMany({ where: { id: { in: visits.map((visit) => visit.id) } }, orderBy: BY_START })
        }, SERIES_TRANSACTION),
      ),
  )
}

// ---------------------------------------------------------------------------
// The JSON API's view

type AppointmentRow = Prisma.AppointmentGetPayload<object> & Partial<Pick<AppointmentRecord, 'patient' | 'caregiver' | 'lead'>>

/** An appointment as the API returns it: the spec's fields, instants in UTC, the zone as `timezone`. */
export function appointmentToJson(appointment: AppointmentRow) {
  return {
    id: appointment.id,
    title: appointment.title,
    startTime: appointment.startTime.toISOString(),
    endTime: appointment.endTime.toISOString(),
    appointmentType: appointment.appointmentType,
    status: appointment.status,
    location: appointment.location,
    timezone: appointment.timeZone,
    notes: appointment.notes,
    patientId: appointment.patientId,
    caregiverId: appointment.caregiverId,
    leadId: appointment.leadId,
    cancelReason: appointment.cancelReason,
    seriesId: appointment.seriesId,
    createdBy: appointment.createdBy,
    createdAt: appointment.createdAt.toISOString(),
    updatedAt: appointment.updatedAt.toISOString(),
  }
}

/**
 * A failed create as the person is told it: 'Error creating appointment:'
 * and what stood in the way (a double booking); an unexpected fault keeps
 * its own handling ('Please try again.', logged).
 */
export function asCreateFailure(error: unknown) {
  if (error instanceof ConflictError) return new ConflictError(createFailureMessage(error.message))
  return error
}

/** The appointment's trail for its page: bookings, changes and who opened it. */
export async function listAppointmentHistory(id: string) {
  return readRecordHistory({ entityType: 'Appointment', entityId: id, describe: describeAppointmentActivity, includeViews: true })
}

/**
 * The edit and reschedule forms' starting values: the wall clock in the
 * agency's zone, and which of a repeated hour it is, so an unchanged save
 * keeps the same instant.
 */
export function whenDefaults(appointment: { startTime: Date; endTime: Date }, timeZone: string) {
  const { date, time } = wallClockIn(appointment.startTime, timeZone)
  const resolved = zonedInstant(date, time, timeZone)
  const fold = !resolved.ok && resolved.reason === 'ambiguous' ? resolved.choices.find((choice) => choice.instant.getTime() === appointment.startTime.getTime())?.fold : undefined
  return {
    date,
    time,
    fold: fold ?? null,
    durationMinutes: String(Math.round((appointment.endTime.getTime() - appointment.startTime.getTime()) / 60_000)),
  }
}
