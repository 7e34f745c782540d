import type { Actor } from '~/platform/actor'
import { textSearchWhere } from '~/lib/search'
import { listViewQuery, recordListView, recordView } from '~/platform/audit.server'
import { prisma } from '~/platform/db.server'

/**
 * The people an appointment can be for, as the form's selects offer them:
 * every patient registration, every active caregiver and every open lead
 * (new, contacted or qualified), by name, plus whoever the appointment
 * already names. A select works without JavaScript and, by keyboard, finds a
 * name by its first letters; past the first PICKER_LIMIT a person is reached
 * by the form's 'Find people', which narrows the lists in the database.
 */
export const PICKER_LIMIT = 500

export type PersonOption = { value: string; label: string }
export type PeopleOptions = { patients: PersonOption[]; caregivers: PersonOption[]; leads: PersonOption[] }

const OPEN_LEAD_STATUSES = ['new', 'contacted', 'qualified']

/** Two people can share a name: the phone number (or e-mail) tells them apart. */
function label(name: string, detail: string | null) {
  return detail ? `${name} · ${detail}` : name
}

/** How many of each a Find offers: enough to pick from, few enough to read. */
export const FIND_LIMIT = 50

/** How many of each matched a Find (all of them, not only those offered), with its words, and the page's words for it. */
export type PeopleFound = { words: string; patients: number; caregivers: number; leads: number; text: string }

const count = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`

/** '3 patients, 1 caregiver, 0 leads match "garcia"' */
function foundText(words: string, [patients, caregivers, leads]: number[]) {
  return `${count(patients!, 'patient', 'patients')}, ${count(caregivers!, 'caregiver', 'caregivers')}, ${count(leads!, 'lead', 'leads')} match "${words}"`
}

const PATIENT_SELECT = { id: true, firstName: true, lastName: true, phone: true } as const
const CAREGIVER_SELECT = { id: true, fullName: true, phone: true } as const
const LEAD_SELECT = { id: true, firstName: true, lastName: true, email: true } as const

/**
 * Without `find`, the first PICKER_LIMIT of each by name. With it (the words
 * of 'Find people', typed by a person who could not find someone in the
 * lists), those whose search text holds every word, by name, at most
 * FIND_LIMIT of each, and how many matched. Either way the one already chosen
 * stays on offer.
 */
export async function peopleOptions(
  selected: { patientId?: string | null; caregiverId?: string | null; leadId?: string | null },
  actor: Actor,
  find?: string,
): Promise<PeopleOptions & { found: PeopleFound | null }> {
  const also = (id: string | null | undefined) => (id ? [{ id }] : [])
  const words = find?.trim() ?? ''
  const search = words ? textSearchWhere(words) : undefined
  const take = search ? FIND_LIMIT : PICKER_LIMIT
  const patientWhere = search ?? {}
  // A search looks among the same people as the lists: active caregivers, open leads.
  const caregiverWhere = { AND: [{ status: 'active' }, ...(search ? [search] : [])] }
  const leadWhere = { AND: [{ status: { in: OPEN_LEAD_STATUSES } }, ...(search ? [search] : [])] }
  const [patients, caregivers, leads, counts] = await Promise.all([
    prisma.patient.findMany({
      where: patientWhere,
      select: PATIENT_SELECT,
      orderBy: [{ lastName: 'asc' }, { firstName: 'asc' }, { id: 'asc' }],
      take,
    }),
    prisma.caregiver.findMany({
      where: search ? caregiverWhere : { OR: [{ status: 'active' }, ...also(selected.caregiverId)] },
      select: CAREGIVER_SELECT,
      orderBy: [{ fullName: 'asc' }, { id: 'asc' }],
      take,
    }),
    prisma.lead.findMany({
      where: search ? leadWhere : { OR: [{ status: { in: OPEN_LEAD_STATUSES } }, ...also(selected.leadId)] },
      select: LEAD_SELECT,
      orderBy: [{ lastName: 'asc' }, { firstName: 'asc' }, { id: 'asc' }],
      take,
    }),
    search
      ? Promise.all([
          prisma.patient.count({ where: patientWhere }),
          prisma.caregiver.count({ where: caregiverWhere }),
          prisma.lead.count({ where: leadWhere }),
        ])
      : null,
  ])
  // The one already chosen stays on offer even past the limit or outside the search.
  if (selected.patientId && !patients.some((patient) => patient.id === selected.patientId)) {
    const chosen = await prisma.patient.findUnique({ where: { id: selected.patientId }, select: PATIENT_SELECT })
    if (chosen) patients.unshift(chosen)
  }
  if (selected.caregiverId && !caregivers.some((caregiver) => caregiver.id === selected.caregiverId)) {
    const chosen = await prisma.caregiver.findUnique({ where: { id: selected.caregiverId }, select: CAREGIVER_SELECT })
    if (chosen) caregivers.unshift(chosen)
  }
  if (selected.leadId && !leads.some((lead) => lead.id === selected.leadId)) {
    const chosen = await prisma.lead.findUnique({ where: { id: selected.leadId }, select: LEAD_SELECT })
    if (chosen) leads.unshift(chosen)
  }
  // The selects show names: the trail keeps whose, and the search that found them.
  const details = { purpose: 'appointment form', ...(search ? listViewQuery({ search: words }) : {}) }
  for (const [entityType, rows] of [['Patient', patients], ['Caregiver', caregivers], ['Lead', leads]] as const) {
    if (rows.length > 0) await recordListView({ actor, entityType, ids: rows.map((row) => row.id), details })
  }
  return {
    patients: patients.map((patient) => ({ value: patient.id, label: label(`${patient.firstName} ${patient.lastName}`, patient.phone) })),
    caregivers: caregivers.map((caregiver) => ({ value: caregiver.id, label: label(caregiver.fullName, caregiver.phone) })),
    leads: leads.map((lead) => ({ value: lead.id, label: label(`${lead.firstName} ${lead.lastName}`, lead.email) })),
    found: counts ? { words, patients: counts[0], caregivers: counts[1], leads: counts[2], text: foundText(words, counts) } : null,
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
