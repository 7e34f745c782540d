import type { Prisma } from '~/generated/prisma/client'
import { listViewQuery, recordAudit, recordListView, recordView } from '~/platform/audit.server'
import type { Actor } from '~/platform/actor'
import { isUuid } from '~/lib/ids'
import {
  type CarePreferences,
  type EmergencyContact,
  type InsuranceInfo,
  type MedicalHistory,
  type PatientApiInput,
  type PatientListQuery,
  type PatientSort,
  type PersonalInfo,
  REGISTRATION_STEPS,
  type StepKey,
  describePatientActivity,
  registrationProgress,
  statusAfterSave,
} from '~/features/patients/schema'
import { fromDateColumn, toDateColumn } from '~/lib/date-column'
import { changesNothing } from '~/lib/stored-values'
import { changeExisting, isUniqueViolation } from '~/platform/db-errors'
import { ConflictError, RuleViolationError } from '~/platform/errors'
import { prisma } from '~/platform/db.server'
import { countRows } from '~/platform/row-counts.server'
import { searchColumns, textSearchWhere } from '~/lib/search'
import { NEWEST_FIRST, paginate } from '~/platform/paginate.server'
import { recordHistoryPart, recordViewersPart } from '~/platform/record-history.server'
import { rangeStart } from '~/lib/time'

function personalData(input: PersonalInfo) {
  return {
    firstName: input.firstName,
    lastName: input.lastName,
    dateOfBirth: toDateColumn(input.dateOfBirth),
    gender: input.gender,
    phone: input.phone,
    email: input.email ?? null,
    address: input.address ?? null,
    city: input.city ?? null,
    state: input.state ?? null,
    zipCode: input.zipCode ?? null,
    ...searchColumns([input.firstName, input.lastName, input.email], input.phone),
  }
}

/** Step values as stored: optional fields left out rather than stored empty. */
type StepValues = {
  personal: PersonalInfo
  medical: MedicalHistory
  insurance: InsuranceInfo
  contacts: { contacts: EmergencyContact[] }
  preferences: CarePreferences
}

function stepData<K extends StepKey>(step: K, value: StepValues[K]): Prisma.PatientUpdateInput {
  switch (step) {
    case 'personal':
      return personalData(value as PersonalInfo)
    case 'medical':
      return { medicalHistory: value as MedicalHistory }
    case 'insurance':
      return { insuranceInfo: value as InsuranceInfo }
    case 'contacts':
      return { emergencyContacts: (value as StepValues['contacts']).contacts }
    case 'preferences': {
      const preferences = value as CarePreferences
      return { carePreferences: preferences, careType: preferences.careType }
    }
  }
  throw new Error(`Unknown registration step: ${String(step)}`)
}

export type ListQuery = Pick<PatientListQuery, 'q' | 'status' | 'date' | 'careType' | 'page' | 'pageSize'> & { sort?: PatientSort }

/** Each order ends with the id, so rows that tie keep their place from page to page. */
const PATIENT_ORDER: Record<PatientSort, Prisma.PatientOrderByWithRelationInput[]> = {
  '-created': NEWEST_FIRST,
  created: [{ createdAt: 'asc' }, { id: 'asc' }],
  name: [{ lastName: 'asc' }, { firstName: 'asc' }, { id: 'asc' }],
  '-name': [{ lastName: 'desc' }, { firstName: 'desc' }, { id: 'desc' }],
  status: [{ registrationStatus: 'asc' }, ...NEWEST_FIRST],
  '-status': [{ registrationStatus: 'desc' }, ...NEWEST_FIRST],
}

function patientListWhere(query: ListQuery, timeZone: string, now: Date): Prisma.PatientWhereInput {
  return {
    AND: [
      textSearchWhere(query.q) ?? {},
      // New registrations display as 'In Progress', so that filter includes them.
      query.status === 'in-progress'
        ? { registrationStatus: { in: ['new', 'in-progress'] } }
        : query.status
          ? { registrationStatus: query.status }
          : {},
      query.date ? { createdAt: { gte: rangeStart(query.date, timeZone, now) } } : {},
      query.careType ? { careType: query.careType } : {},
    ],
  }
}

const listSelect = {
  id: true,
  firstName: true,
  lastName: true,
  email: true,
  phone: true,
  dateOfBirth: true,
  registrationStatus: true,
  completedSteps: true,
  careType: true,
  createdAt: true,
} as const

/** A list or search shows patients: the trail keeps which ones, and for what search. */
async function recordPatientListView(patients: Array<{ id: string }>, query: ListQuery, actor: Actor) {
  const { q, status, date, careType, page } = query
  await recordListView({
    actor,
    entityType: 'Patient',
    ids: patients.map((patient) => patient.id),
    details: listViewQuery({ q, status, date, careType, page }),
  })
}

export async function listPatients(query: ListQuery, actor: Actor, timeZone: string, now = new Date()) {
  const where = patientListWhere(query, timeZone, now)
  const { rows, total, page } = await paginate(
    {
      count: () => countRows('Patient', where, (where) => prisma.patient.count({ where })),
      findMany: (window) => prisma.patient.findMany({ where, select: listSelect, orderBy: PATIENT_ORDER[query.sort ?? '-created'], ...window }),
    },
    { page: query.page, pageSize: query.pageSize, pastTheEnd: 'last-page' },
  )
  await recordPatientListView(rows, { ...query, page }, actor)
  return {
    total,
    page,
    patients: rows.map((row) => ({
      ...row,
      dateOfBirth: fromDateColumn(row.dateOfBirth),
      progress: registrationProgress(row.completedSteps),
    })),
  }
}

export async function getPatient(id: string) {
  if (!isUuid(id)) return null
  return prisma.patient.findUnique({ where: { id } })
}

export type PatientRecord = NonNullable<Awaited<ReturnType<typeof getPatient>>>

/**
 * Reads a patient inside a transaction and holds its row until the
 * transaction ends, so a step save, an approval and an API update that race
 * each other apply one after the other instead of overwriting each other.
 */
async function lockPatient(tx: Prisma.TransactionClient, id: string) {
  await tx.$executeRaw`SELECT 1 FROM "Patient" WHERE id = ${id}::uuid FOR UPDATE`
  return tx.patient.findUniqueOrThrow({ where: { id } })
}

/** A change to the patient `id` names, with its row locked (lockPatient) until it commits. */
function changePatient<T>(id: string, change: (tx: Prisma.TransactionClient, before: PatientRecord) => Promise<T>) {
  return changeExisting('Patient', id, () => prisma.$transaction(async (tx) => change(tx, await lockPatient(tx, id))))
}

/** The lead was deleted, or converted by someone else, since the form opened. */
export class LeadAlreadyConvertedError extends ConflictError {
  constructor() {
    super('This lead already has a patient registration, or no longer exists')
  }
}

/**
 * Step 1 of a new registration. With a lead, the registration is linked to it
 * and the lead becomes converted, in the same transaction.
 */
export async function createPatient(input: PersonalInfo, actor: Actor, options: { leadId?: string } = {}) {
  try {
    return await createPatientRecord(input, actor, options)
  } catch (error) {
    // Two people converting one lead at once: the unique leadId stops the second.
    if (options.leadId && isUniqueViolation(error)) throw new LeadAlreadyConvertedError()
    throw error
  }
}

async function createPatientRecord(input: PersonalInfo, actor: Actor, options: { leadId?: string }) {
  return prisma.$transaction(async (tx) => {
    if (options.leadId) {
      if (isUuid(options.leadId)) await tx.$executeRaw`SELECT 1 FROM "Lead" WHERE id = ${options.leadId}::uuid FOR UPDATE`
      const lead = await tx.lead.findUnique({ where: { id: options.leadId }, select: { id: true, status: true, patient: { select: { id: true } } } })
      if (!lead || lead.patient) throw new LeadAlreadyConvertedError()
      if (lead.status !== 'converted') {
        await tx.lead.update({ where: { id: lead.id }, data: { status: 'converted' } })
        await recordAudit(
          { actor, action: 'update', entityType: 'Lead', entityId: lead.id, details: { changed: ['status'], from: lead.status, to: 'converted' } },
          tx,
        )
      }
    }
    const completedSteps = ['personal']
    const patient = await tx.patient.create({
      data: {
        ...personalData(input),
        completedSteps,
        registrationStatus: statusAfterSave('new', completedSteps),
        leadId: options.leadId ?? null,
      },
    })
    await recordAudit(
      { actor, action: 'create', entityType: 'Patient', entityId: patient.id, details: options.leadId ? { fromLead: options.leadId } : undefined },
      tx,
    )
    return patient
  })
}

/** Saving the last missing step submits the registration for review: subscribers hear it as such. */
function registrationEventType(from: string, to: string) {
  return to === 'pending-review' && from !== 'pending-review' ? 'patient.registration_submitted' : undefined
}

/** Saves one step, marks it done and moves the registration status on. */
export async function saveRegistrationStep<K extends StepKey>(id: string, step: K, value: StepValues[K], actor: Actor) {
  return changePatient(id, async (tx, before) => {
    const data = stepData(step, value)
    // A saved step sent again as it is (Next, Back or another step through unchanged fields) is not a change.
    if (before.completedSteps.includes(step) && changesNothing(data as Record<string, unknown>, before)) return before
    const completedSteps = REGISTRATION_STEPS.map((entry) => entry.key).filter(
      (key) => key === step || before.completedSteps.includes(key),
    )
    const registrationStatus = statusAfterSave(before.registrationStatus, completedSteps)
    const patient = await tx.patient.update({
      where: { id },
      data: { ...data, completedSteps, registrationStatus },
    })
    await recordAudit(
      {
        actor,
        action: 'update',
        entityType: 'Patient',
        entityId: id,
        details: {
          step,
          ...(registrationStatus !== before.registrationStatus ? { from: before.registrationStatus, to: registrationStatus } : {}),
        },
        eventType: registrationEventType(before.registrationStatus, registrationStatus),
      },
      tx,
    )
    return patient
  })
}

/** A coordinator's approval: pending-review becomes complete. */
export async function approveRegistration(id: string, actor: Actor) {
  return changePatient(id, async (tx, before) => {
    if (before.registrationStatus !== 'pending-review') throw new ConflictError('Only a registration pending review can be approved')
    const patient = await tx.patient.update({
      where: { id },
      data: { registrationStatus: 'complete', reviewedAt: new Date(), reviewedById: actor.userId },
    })
    await recordAudit(
      { actor, action: 'update', entityType: 'Patient', entityId: id, details: { field: 'registrationStatus', from: 'pending-review', to: 'complete' } },
      tx,
    )
    return patient
  })
}

/** The steps an API body completes: personal always, the others when given. */
function apiStepGiven(input: PatientApiInput, key: StepKey) {
  switch (key) {
    case 'personal':
      return true
    case 'medical':
      return input.medicalHistory !== undefined
    case 'insurance':
      return input.insuranceInfo !== undefined
    case 'contacts':
      return input.emergencyContacts !== undefined
    case 'preferences':
      return input.carePreferences !== undefined
  }
}

function apiSteps(input: PatientApiInput, existing?: PatientRecord) {
  // An empty contact list un-saves that step, whatever was saved before.
  const contactsEmptied = input.emergencyContacts?.length === 0
  return REGISTRATION_STEPS.map((step) => step.key).filter(
    (key) => !(key === 'contacts' && contactsEmptied) && (apiStepGiven(input, key) || existing?.completedSteps.includes(key)),
  )
}

function apiData(input: PatientApiInput) {
  return {
    ...personalData(input),
    ...(input.medicalHistory !== undefined ? { medicalHistory: input.medicalHistory } : {}),
    ...(input.insuranceInfo !== undefined ? { insuranceInfo: input.insuranceInfo } : {}),
    ...(input.emergencyContacts !== undefined ? { emergencyContacts: input.emergencyContacts } : {}),
    ...(input.carePreferences !== undefined
      ? { carePreferences: input.carePreferences, careType: input.carePreferences.careType }
      : {}),
  }
}

/**
 * registrationStatus follows the saved steps; a caller may only ask for
 * 'complete' (approval), and only once every step is saved.
 */
function apiStatus(input: PatientApiInput, current: string, completedSteps: string[]) {
  const derived = statusAfterSave(current, completedSteps)
  const wanted = input.registrationStatus
  if (!wanted || wanted === derived) return derived
  if (wanted === 'complete' && derived === 'pending-review') return 'complete'
  throw new RuleViolationError(
    wanted === 'complete'
      ? 'A registration can be completed only when all five steps are saved'
      : `registrationStatus follows the saved steps: it is ${derived} for this registration`,
    'registrationStatus',
  )
}

export async function createPatientFromApi(input: PatientApiInput, actor: Actor) {
  const completedSteps = apiSteps(input)
  const registrationStatus = apiStatus(input, 'new', completedSteps)
  return prisma.$transaction(async (tx) => {
    const patient = await tx.patient.create({
      data: {
        ...apiData(input),
        completedSteps,
        registrationStatus,
        ...(registrationStatus === 'complete' ? { reviewedAt: new Date(), reviewedById: actor.userId } : {}),
      },
    })
    await recordAudit({ actor, action: 'create', entityType: 'Patient', entityId: patient.id }, tx)
    return patient
  })
}

export async function updatePatientFromApi(id: string, input: PatientApiInput, actor: Actor) {
  return changePatient(id, async (tx, existing) => {
    if (existing.registrationStatus === 'complete' && input.emergencyContacts?.length === 0) {
      throw new RuleViolationError('A complete registration keeps at least one emergency contact', 'emergencyContacts')
    }
    const completedSteps = apiSteps(input, existing)
    const registrationStatus = apiStatus(input, existing.registrationStatus, completedSteps)
    const patient = await tx.patient.update({
      where: { id },
      data: {
        ...apiData(input),
        completedSteps,
        registrationStatus,
        ...(registrationStatus === 'complete' && existing.registrationStatus !== 'complete'
          ? { reviewedAt: new Date(), reviewedById: actor.userId }
          : {}),
      },
    })
    const steps = REGISTRATION_STEPS.map((step) => step.key).filter((key) => apiStepGiven(input, key))
    await recordAudit(
      {
        actor,
        action: 'update',
        entityType: 'Patient',
        entityId: id,
        details: {
          via: 'api',
          steps,
          ...(registrationStatus !== existing.registrationStatus ? { from: existing.registrationStatus, to: registrationStatus } : {}),
        },
        eventType: registrationEventType(existing.registrationStatus, registrationStatus),
      },
      tx,
    )
    return patient
  })
}

/** Opening a profile, a step or an API record is recorded: who viewed which patient, and when. */
export async function recordPatientView(id: string, actor: Actor) {
  await recordView({ actor, entityType: 'Patient', entityId: id })
}

/** The profile's activity (changes only) and who has opened the record. */
export function patientHistoryParts(id: string) {
  return {
    activity: recordHistoryPart({ entityType: 'Patient', entityId: id, describe: describePatientActivity, includeViews: false }),
    viewers: recordViewersPart({ entityType: 'Patient', entityId: id }),
  }
}

/** What a lead's page shows of the patient registered from it. */
export const PATIENT_OF_LEAD = { select: { id: true, registrationStatus: true } } satisfies Prisma.Lead$patientArgs

export async function findPatientForLead(leadId: string) {
  return prisma.patient.findUnique({ where: { leadId }, ...PATIENT_OF_LEAD })
}

/** The JSON API's view of a patient (no internal search columns). */
export function patientToJson(patient: PatientRecord) {
  return {
    id: patient.id,
    firstName: patient.firstName,
    lastName: patient.lastName,
    dateOfBirth: fromDateColumn(patient.dateOfBirth),
    gender: patient.gender,
    phone: patient.phone,
    email: patient.email,
    address: patient.address,
    city: patient.city,
    state: patient.state,
    zipCode: patient.zipCode,
    registrationStatus: patient.registrationStatus,
    completedSteps: patient.completedSteps,
    progress: registrationProgress(patient.completedSteps),
    medicalHistory: patient.medicalHistory ?? null,
    insuranceInfo: patient.insuranceInfo ?? null,
    emergencyContacts: patient.emergencyContacts ?? [],
    carePreferences: patient.carePreferences ?? null,
    leadId: patient.leadId,
    reviewedAt: patient.reviewedAt?.toISOString() ?? null,
    createdAt: patient.createdAt.toISOString(),
    updatedAt: patient.updatedAt.toISOString(),
  }
}

export async function listPatientsForApi(query: ListQuery, actor: Actor, timeZone: string) {
  const where = patientListWhere(query, timeZone, new Date())
  const { rows, total } = await paginate(
    {
      count: () => countRows('Patient', where, (where) => prisma.patient.count({ where })),
      findMany: (window) => prisma.patient.findMany({ where, orderBy: PATIENT_ORDER[query.sort ?? '-created'], ...window }),
    },
    query,
  )
  await recordPatientListView(rows, query, actor)
  return { total, patients: rows.map(patientToJson) }
}
