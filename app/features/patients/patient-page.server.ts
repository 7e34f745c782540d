import { personAppointmentsArgs, personAppointmentsShown } from '~/features/calendar/person-appointments.server'
import { PERSON_DOCUMENTS, personDocumentsShown } from '~/features/documents/person-documents.server'
import { getPatientHistory, recordPatientView } from '~/features/patients/patients.server'
import type { Actor } from '~/platform/actor'
import { prisma } from '~/platform/db.server'
import { isUuid } from '~/lib/ids'

/**
 * A patient's profile: the patient with the lead it came from, coming
 * appointments and documents in one statement (relationJoins; on the
 * embedded database each statement waits its turn on the one connection),
 * then on the trail: the view and the appointments and documents it showed,
 * and the profile's history. Null when there is no such patient (no entry).
 */
export async function viewPatientPage(id: string, actor: Actor, { now = new Date() }: { now?: Date } = {}) {
  if (!isUuid(id)) return null
  const record = await prisma.patient.findUnique({
    where: { id },
    include: {
      lead: { select: { id: true, firstName: true, lastName: true } },
      appointments: personAppointmentsArgs(now),
      documents: PERSON_DOCUMENTS,
    },
  })
  if (!record) return null
  const { lead, appointments, documents, ...patient } = record
  // Who opened which record is part of the record's history (PHI access).
  await recordPatientView(patient.id, actor)
  const [history, upcoming] = await Promise.all([
    getPatientHistory(patient.id),
    personAppointmentsShown('patient', patient.id, appointments, actor, now),
    personDocumentsShown(documents, actor),
  ])
  return { patient, lead: lead ? { id: lead.id, name: `${lead.firstName} ${lead.lastName}` } : null, upcoming, history, documents }
}
