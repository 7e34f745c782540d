import type { Actor } from '~/platform/actor'
import { recordListView, recordView } from '~/platform/audit.server'
import { prisma } from '~/platform/db.server'

/**
 * The people an appointment can be for, as the form's selects offer them:
 * every patient registration, every active caregiver and every open lead
 * (new, contacted or qualified), by name, plus whoever the appointment
 * already names. A select works without JavaScript and, by keyboard, finds a
 * name by its first letters.
 */
export const PICKER_LIMIT = 500

export type PersonOption = { value: string; label: string }
export type PeopleOptions = { patients: PersonOption[]; caregivers: PersonOption[]; leads: PersonOption[] }

const OPEN_LEAD_STATUSES = ['new', 'contacted', 'qualified']

/** Two people can share a name: the phone number (or e-mail) tells them apart. */
function label(name: string, detail: string | null) {
  return detail ? `${name} · ${detail}` : name
}

export async function peopleOptions(
  selected: { patientId?: string | null; caregiverId?: string | null; leadId?: string | null },
  actor: Actor,
): Promise<PeopleOptions> {
  const also = (id: string | null | undefined) => (id ? [{ id }] : [])
  const [patients, caregivers, leads] = await Promise.all([
    prisma.patient.findMany({
      select: { id: true, firstName: true, lastName: true, phone: true },
      orderBy: [{ lastName: 'asc' }, { firstName: 'asc' }, { id: 'asc' }],
      take: PICKER_LIMIT,
    }),
    prisma.caregiver.findMany({
      where: { OR: [{ status: 'active' }, ...also(selected.caregiverId)] },
      select: { id: true, fullName: true, phone: true },
      orderBy: [{ fullName: 'asc' }, { id: 'asc' }],
      take: PICKER_LIMIT,
    }),
    prisma.lead.findMany({
      where: { OR: [{ status: { in: OPEN_LEAD_STATUSES } }, ...also(selected.leadId)] },
      select: { id: true, firstName: true, lastName: true, email: true },
      orderBy: [{ lastName: 'asc' }, { firstName: 'asc' }, { id: 'asc' }],
      take: PICKER_LIMIT,
    }),
  ])
  // The one already chosen stays on offer even past the limit.
  if (selected.patientId && !patients.some((patient) => patient.id === selected.patientId)) {
    const chosen = await prisma.patient.findUnique({ where: { id: selected.patientId }, select: { id: true, firstName: true, lastName: true, phone: true } })
    if (chosen) patients.unshift(chosen)
  }
  if (selected.caregiverId && !caregivers.some((caregiver) => caregiver.id === selected.caregiverId)) {
    const chosen = await prisma.caregiver.findUnique({ where: { id: selected.caregiverId }, select: { id: true, fullName: true, phone: true } })
    if (chosen) caregivers.unshift(chosen)
  }
  if (selected.leadId && !leads.some((lead) => lead.id === selected.leadId)) {
    const chosen = await prisma.lead.findUnique({ where: { id: selected.leadId }, select: { id: true, firstName: true, lastName: true, email: true } })
    if (chosen) leads.unshift(chosen)
  }
  // The selects show names: the trail keeps whose.
  for (const [entityType, rows] of [['Patient', patients], ['Caregiver', caregivers], ['Lead', leads]] as const) {
    if (rows.length > 0) await recordListView({ actor, entityType, ids: rows.map((row) => row.id), details: { purpose: 'appointment form' } })
  }
  return {
    patients: patients.map((patient) => ({ value: patient.id, label: label(`${patient.firstName} ${patient.lastName}`, patient.phone) })),
    caregivers: caregivers.map((caregiver) => ({ value: caregiver.id, label: label(caregiver.fullName, caregiver.phone) })),
    leads: leads.map((lead) => ({ value: lead.id, label: label(`${lead.firstName} ${lead.lastName}`, lead.email) })),
  }
}

const ENTITY = { patient: 'Patient', caregiver: 'Caregiver', lead: 'Lead' } as const

/**
 * The name of the person a list is narrowed to (?caregiverId= from a
 * caregiver's page), for the page to say so; on the trail as a view of them.
 */
export async function viewPersonName(kind: 'patient' | 'caregiver' | 'lead', id: string, actor: Actor) {
  let name: string | null
  if (kind === 'caregiver') {
    name = (await prisma.caregiver.findUnique({ where: { id }, select: { fullName: true } }))?.fullName ?? null
  } else {
    const person =
      kind === 'patient'
        ? await prisma.patient.findUnique({ where: { id }, select: { firstName: true, lastName: true } })
        : await prisma.lead.findUnique({ where: { id }, select: { firstName: true, lastName: true } })
    name = person ? `${person.firstName} ${person.lastName}` : null
  }
  if (name) await recordView({ actor, entityType: ENTITY[kind], entityId: id })
  return name
}
