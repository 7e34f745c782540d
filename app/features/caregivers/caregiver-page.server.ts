import { personAppointmentsArgs, personAppointmentsShown } from '~/features/calendar/person-appointments.server'
import { CAREGIVER_FILES, listCaregiverAudit, recordCaregiverView } from '~/features/caregivers/caregivers.server'
import { PERSON_DOCUMENTS, personDocumentsShown } from '~/features/documents/person-documents.server'
import type { Actor } from '~/platform/actor'
import { prisma } from '~/platform/db.server'
import { isUuid } from '~/lib/ids'

/**
 * A caregiver's profile: the caregiver with their files, coming appointments
 * and documents in one statement (relationJoins; on the embedded database
 * each statement waits its turn on the one connection), then on the trail:
 * the view and the appointments and documents it showed, and the profile's
 * history. Null when there is no such caregiver (no entry).
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
  await recordCaregiverView(caregiver.id, actor)
  const [upcoming, , audit] = await Promise.all([
    personAppointmentsShown('caregiver', caregiver.id, appointments, actor, now),
    personDocumentsShown(documents, actor),
    listCaregiverAudit(caregiver.id),
  ])
  return { caregiver, upcoming, documents, audit }
}
