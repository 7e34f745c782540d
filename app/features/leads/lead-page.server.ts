import { PATIENT_OF_LEAD } from '~/features/patients/patients.server'
import { appointmentsShown, personAppointmentCountsPart, personAppointments, personAppointmentsArgs } from '~/features/calendar/person-appointments.server'
import { PERSON_DOCUMENTS, documentsShown } from '~/features/documents/person-documents.server'
import { LEAD_ESIGN_REQUESTS } from '~/features/esign/send-dialog.server'
import { LEAD_COMMUNICATIONS } from '~/features/leads/communications.server'
import { LEAD_FORM_SUBMISSIONS, submissionView } from '~/features/online-forms/submissions.server'
import { recordAutomationPart } from '~/features/workflows/runs.server'
import type { Actor } from '~/platform/actor'
import { recordPageView } from '~/platform/audit.server'
import { prisma } from '~/platform/db.server'
import { readTogether } from '~/platform/db/read-together.server'
import { isUuid } from '~/lib/ids'

/**
 * A lead's page: the lead with its communications, its patient, its
 * signature requests, coming appointments, form submissions and documents,
 * read in one statement (relationJoins; on the embedded database each
 * statement waits its turn on the one connection), each list as its own
 * feature reads it. Then on the trail, in one statement: the lead's view and
 * the appointments and documents it showed; meanwhile, in one statement, its
 * automation runs and how many appointments it has ahead.
 * Null when there is no such lead (no entry).
 */
export async function viewLeadPage(id: string, actor: Actor, { origin, now = new Date() }: { origin: string; now?: Date }) {
  if (!isUuid(id)) return null
  const record = await prisma.lead.findUnique({
    where: { id },
    include: {
      communications: LEAD_COMMUNICATIONS,
      patient: PATIENT_OF_LEAD,
      esignRequests: LEAD_ESIGN_REQUESTS,
      appointments: personAppointmentsArgs(now),
      formSubmissions: LEAD_FORM_SUBMISSIONS,
      documents: PERSON_DOCUMENTS,
    },
  })
  if (!record) return null
  const { communications, patient, esignRequests, appointments, formSubmissions, documents, ...lead } = record
  const [, { automation, appointmentCounts }] = await Promise.all([
    recordPageView({ actor, entityType: 'Lead', entityId: lead.id }, [appointmentsShown('lead', lead.id, appointments), documentsShown(documents)]),
    readTogether({ automation: recordAutomationPart('Lead', lead.id), appointmentCounts: personAppointmentCountsPart('lead', lead.id, now) }),
  ])
  return {
    lead,
    communications,
    patient,
    esignRequests,
    upcoming: personAppointments(appointments, appointmentCounts),
    automation,
    formSubmissions: formSubmissions.map((row) => submissionView(row, origin, now)),
    documents,
  }
}
