import { Prisma } from '~/generated/prisma/client'
import type { ListShown } from '~/platform/audit.server'
import type { ReadPart } from '~/platform/db/read-together.server'

export type PersonKind = 'patient' | 'caregiver' | 'lead'

/** How many a person's page shows; the rest are a link away, in the calendar narrowed to them. */
export const PERSON_APPOINTMENTS_SHOWN = 5

/**
 * A person's coming appointments as their page shows them: those not yet
 * over, soonest first, in any status (a cancelled visit says so rather than
 * vanishing). Also an `include` of the person's record, so the page reads
 * them with the record.
 */
export function personAppointmentsArgs(now: Date) {
  return {
    where: { endTime: { gt: now } },
    select: { id: true, title: true, startTime: true, endTime: true, status: true, appointmentType: true },
    orderBy: [{ startTime: 'asc' }, { id: 'asc' }],
    take: PERSON_APPOINTMENTS_SHOWN,
  } satisfies Prisma.Lead$appointmentsArgs
}

type PersonAppointmentRow = Prisma.AppointmentGetPayload<ReturnType<typeof personAppointmentsArgs>>

/** What a person's page showed of their appointments, for its trail (recordPageView). */
export function appointmentsShown(kind: PersonKind, personId: string, rows: PersonAppointmentRow[]): ListShown {
  return { entityType: 'Appointment', ids: rows.map((row) => row.id), details: { [`${kind}Ids`]: [personId] } }
}

/**
 * How many of a person's appointments are not yet over, in all and cancelled:
 * a part of the page's read after its view (`readTogether`), so that counting
 * them is not a statement of its own.
 */
export function personAppointmentCountsPart(kind: PersonKind, personId: string, now: Date): ReadPart<{ total: number; cancelled: number }> {
  return {
    rows: Prisma.sql`SELECT count(*)::int AS total, (count(*) FILTER (WHERE status = 'cancelled'))::int AS cancelled
      FROM "Appointment" WHERE ${Prisma.raw(`"${kind}Id"`)} = ${personId}::uuid AND "endTime" > ${now}`,
    read: ([row]) => ({ total: Number(row?.total ?? 0), cancelled: Number(row?.cancelled ?? 0) }),
  }
}

/**
 * The appointments read for a person's page, with how many there are in all
 * (`total`, for the calendar's link) and how many of those still stand
 * (`booked`: not cancelled, for the heading's count).
 */
export function personAppointments(rows: PersonAppointmentRow[], counts: { total: number; cancelled: number }) {
  return { appointments: rows, total: counts.total, booked: counts.total - counts.cancelled }
}
