import type { Prisma } from '~/generated/prisma/client'
import type { ListShown } from '~/platform/audit.server'
import { prisma } from '~/platform/db.server'

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
 * The appointments read for a person's page, with how many there are in all
 * (`total`, for the calendar's link) and how many of those still stand
 * (`booked`: not cancelled, for the heading's count).
 */
export async function personAppointments(kind: PersonKind, personId: string, rows: PersonAppointmentRow[], now: Date) {
  // Most people have fewer than a page of appointments ahead: counting is then one statement for nothing.
  if (rows.length < PERSON_APPOINTMENTS_SHOWN) {
    return { appointments: rows, total: rows.length, booked: rows.filter((row) => row.status !== 'cancelled').length }
  }
  const counts = await prisma.appointment.groupBy({
    by: ['status'],
    where: { ...personAppointmentsArgs(now).where, [`${kind}Id`]: personId },
    _count: { _all: true },
  })
  const total = counts.reduce((sum, group) => sum + group._count._all, 0)
  const cancelled = counts.find((group) => group.status === 'cancelled')?._count._all ?? 0
  return { appointments: rows, total, booked: total - cancelled }
}
