import { appointmentsShown, personAppointmentCountsPart, personAppointments, personAppointmentsArgs } from '~/features/calendar/person-appointments.server'
import { PERSON_DOCUMENTS, documentsShown } from '~/features/documents/person-documents.server'
import { patientHistoryParts } from '~/features/patients/patients.server'
import { recordAutomationPart } from '~/features/workflows/runs.server'
import { recordPageView } from '~/platform/audit.server'
import type { Actor } from '~/platform/actor'
import { prisma } from '~/platform/db.server'
import { readTogether } from '~/platform/db/read-together.server'
import { isUuid } from '~/lib/ids'

/**
 * A patient's profile: the patient with the lead it came from, coming
 * appointments and documents in one statement (relationJoins; on the
 * embedded database each statement waits its turn on the one connection),
 * then on the trail, in one statement, the view and the appointments and
 * documents it showed, and then in one statement the profile's history, who
 * opened it, its automation runs and how many appointments are ahead. Null
 * when there is no such patient (no entry).
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
  await recordPageView({ actor, entityType: 'Patient', entityId: patient.id }, [appointmentsShown('patient', patient.id, appointments), documentsShown(documents)])
  // After the view: the profile's viewers include this one.
  const { activity, viewers, automation, appointmentCounts } = await readTogether({
    ...patientHistoryParts(patient.id),
    automation: recordAutomationPart('Patient', patient.id),
    appointmentCounts: personAppointmentCountsPart('patient', patient.id, now),
  })
  const upcoming = personAppointments(appointments, appointmentCounts)
  return { patient, lead: lead ? { id: lead.id, name: `${lead.firstName} ${lead.lastName}` } : null, upcoming, activity, viewers, automation, documents }
}
