import type { Actor } from '~/platform/actor'
import { recordListView } from '~/platform/audit.server'
import { prisma } from '~/platform/db.server'

export type PersonKind = 'patient' | 'caregiver' | 'lead'

/** How many a person's page shows; the rest are a link away, in the calendar narrowed to them. */
export const PERSON_APPOINTMENTS_SHOWN = 5

/**
 * A patient's, caregiver's or lead's coming appointments for their page:
 * those not yet over, soonest first, in any status (a cancelled visit says
 * so rather than vanishing). The read is on the trail with the ids shown.
 */
export async function listPersonAppointments(kind: PersonKind, personId: string, actor: Actor, now = new Date()) {
  const where = { [`${kind}Id`]: personId, endTime: { gt: now } }
  const rows = await prisma.appointment.findMany({
    where,
    select: { id: true, title: true, startTime: true, endTime: true, status: true, appointmentType: true },
    orderBy: [{ startTime: 'asc' }, { id: 'asc' }],
    take: PERSON_APPOINTMENTS_SHOWN,
  })
  // Most people have fewer than a page of appointments ahead: counting is then one statement for nothing.
  const total = rows.length < PERSON_APPOINTMENTS_SHOWN ? rows.length : await prisma.appointment.count({ where })
  await recordListView({ actor, entityType: 'Appointment', ids: rows.map((row) => row.id), details: { [`${kind}Ids`]: [personId] } })
  return { appointments: rows, total }
}
