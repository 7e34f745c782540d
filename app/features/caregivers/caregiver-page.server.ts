import { appointmentsShown, personAppointmentCountsPart, personAppointments, personAppointmentsArgs } from '~/features/calendar/person-appointments.server'
import { CAREGIVER_ENTITY, CAREGIVER_FILES, caregiverHistoryPart } from '~/features/caregivers/caregivers.server'
import { PERSON_DOCUMENTS, documentsShown } from '~/features/documents/person-documents.server'
import { recordAutomationPart } from '~/features/workflows/runs.server'
import { recordPageView } from '~/platform/audit.server'
import type { Actor } from '~/platform/actor'
import { prisma } from '~/platform/db.server'
import { readTogether } from '~/platform/db/read-together.server'
import { isUuid } from '~/lib/ids'

/**
 * A caregiver's profile: the caregiver with their files, coming appointments
 * and documents in one statement (relationJoins; on the embedded database
 * each statement waits its turn on the one connection), then on the trail, in
 * one statement, the view and the appointments and documents it showed, and
 * then in one statement the profile's history, its automation runs and how
 * many appointments are ahead. Null when there is no such caregiver (no
 * entry).
 */
export async function viewCaregiverPage(id: string, actor: Actor, { now = new Date() }: { now?: Date } = {}) {
  if (!isUuid(id)) return null
  const record = await prisma.caregiver.findUnique({
    where: { id },
    include: { ...CAREGIVER_FILES, appointments: personAppointmentsArgs(now), documents: PERSON_DOCUMENTS },
  })
  if (!record) return null
  const { appointments, documents, ...caregiver } = record
  // Who looked at an applicant's personal data is part of its trail.
  await recordPageView({ actor, entityType: CAREGIVER_ENTITY, entityId: caregiver.id }, [
    appointmentsShown('caregiver', caregiver.id, appointments),
    documentsShown(documents),
  ])
  // After the view: the profile's history includes this one.
  const { audit, automation, appointmentCounts } = await readTogether({
    audit: caregiverHistoryPart(caregiver.id),
    automation: recordAutomationPart('Caregiver', caregiver.id),
    appointmentCounts: personAppointmentCountsPart('caregiver', caregiver.id, now),
  })
  return { caregiver, upcoming: personAppointments(appointments, appointmentCounts), documents, audit, automation }
}
