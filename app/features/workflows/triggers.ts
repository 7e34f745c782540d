import { LEAD_STATUSES } from '~/features/leads/options'
import { MILESTONE_TRIGGERS, type WorkflowType } from '~/features/workflows/options'

/** What a domain event means for the workflows: whose workflow, which record, which triggers. */
export type TriggerMatch = { workflowType: WorkflowType; entityType: 'Lead' | 'Patient' | 'Caregiver'; entityId: string; triggers: string[] }

/** The events the workflow subscriber is given (docs/workflows.md lists what each means). */
export const WORKFLOW_EVENT_TYPES = [
  'lead.created',
  'lead.updated',
  'patient.created',
  'patient.updated',
  'patient.registration_submitted',
  'patient.milestone_recorded',
  'caregiver.created',
  'caregiver.updated',
  'caregiver.milestone_recorded',
  'appointment.completed',
] as const

type EventLike = { type: string; entityId: string | null; payload: unknown }

function payloadOf(event: EventLike): Record<string, unknown> {
  return event.payload && typeof event.payload === 'object' && !Array.isArray(event.payload) ? (event.payload as Record<string, unknown>) : {}
}

/** A milestone the coordinator recorded, if it is one of that type's. */
function milestone(type: keyof typeof MILESTONE_TRIGGERS, payload: Record<string, unknown>) {
  const value = payload.milestone
  return typeof value === 'string' && (MILESTONE_TRIGGERS[type] as readonly string[]).includes(value) ? [value] : []
}

/** The lead status a lead.updated event moved the lead into ({ to } in its payload), if it moved. */
function leadStatusTriggers(payload: Record<string, unknown>) {
  const changed = Array.isArray(payload.changed) ? payload.changed : []
  const to = payload.to
  if (!changed.includes('status') || typeof to !== 'string' || to === 'new') return []
  return (LEAD_STATUSES as readonly string[]).includes(to) ? [`lead_status_${to}`] : []
}

/**
 * The triggers an event raises, from the event alone. An appointment's
 * event needs the appointment (its type and patient): the caller passes it.
 * Null when the event raises none.
 */
export function triggersForEvent(
  event: EventLike,
  appointment?: { appointmentType: string; patientId: string | null } | null,
): TriggerMatch | null {
  const payload = payloadOf(event)
  const id = event.entityId
  if (!id) return null
  const match = (workflowType: WorkflowType, entityType: TriggerMatch['entityType'], entityId: string, triggers: string[]) =>
    triggers.length ? { workflowType, entityType, entityId, triggers } : null
  switch (event.type) {
    case 'lead.created':
      return match('lead', 'Lead', id, ['lead_created'])
    case 'lead.updated':
      return match('lead', 'Lead', id, leadStatusTriggers(payload))
    case 'patient.created':
      return match('patient', 'Patient', id, ['patient_created'])
    case 'patient.updated':
      // A coordinator's approval: { field: 'registrationStatus', to: 'complete' }.
      return match('patient', 'Patient', id, payload.field === 'registrationStatus' && payload.to === 'complete' ? ['registration_confirmed'] : [])
    case 'patient.registration_submitted':
      return match('patient', 'Patient', id, ['intake_completed'])
    case 'patient.milestone_recorded':
      return match('patient', 'Patient', id, milestone('patient', payload))
    case 'caregiver.created':
      return match('caregiver', 'Caregiver', id, ['caregiver_created'])
    case 'caregiver.updated':
      return match('caregiver', 'Caregiver', id, payload.field === 'backgroundCheckStatus' && payload.to === 'cleared' ? ['verification_passed'] : [])
    case 'caregiver.milestone_recorded':
      return match('caregiver', 'Caregiver', id, milestone('caregiver', payload))
    case 'appointment.completed':
      if (appointment?.appointmentType !== 'initial_assessment' || !appointment.patientId) return null
      return match('patient', 'Patient', appointment.patientId, ['assessment_completed'])
    default:
      return null
  }
}
