import type { Prisma } from '~/generated/prisma/client'
import { listViewQuery, recordAudit, recordListView, recordView } from '~/platform/audit.server'
import type { Actor } from '~/platform/actor'
import { isUuid } from '~/lib/ids'
import {
  type BackgroundCheckStatus,
  type CaregiverInput,
  type CaregiverListQuery,
  type CaregiverSort,
  type CaregiverStatus,
  describeCaregiverActivity,
} from '~/features/caregivers/schema'
import { computeApplicationProgress } from '~/features/caregivers/rules'
import { fromDateColumn, toDateColumn } from '~/lib/date-column'
import { discardCaregiverFiles } from '~/features/caregivers/upload.server'
import { changeExisting } from '~/platform/db-errors'
import { NotFoundError } from '~/platform/errors'
import { prisma } from '~/platform/db.server'
import { countRows } from '~/platform/row-counts.server'
import { searchColumns as recordSearchColumns, textSearchWhere } from '~/lib/search'
import { NEWEST_FIRST, paginate } from '~/platform/paginate.server'
import { recordHistoryPart } from '~/platform/record-history.server'

export const CAREGIVER_ENTITY = 'Caregiver'
/** What a NotFoundError names, as the pages and the API say it. */
const CAREGIVER_NOUN = 'Caregiver'
const FILE_NOUN = 'File'

/** A file already written to storage, waiting for its database row. */
export type NewCaregiverFile = {
  kind: string
  fileName: string
  fileSize: number
  mimeType: string
  storageKey: string
  sha256: string
}

function searchColumns(input: Pick<CaregiverInput, 'fullName' | 'email' | 'phone'>) {
  return recordSearchColumns([input.fullName, input.email], input.phone)
}

/** An expiry date to write: undefined leaves the column as it is (a PUT without the key). */
function expiryColumn(day: string | null | undefined) {
  return day === undefined ? undefined : toDateColumn(day)
}

function caregiverData(input: CaregiverInput) {
  return {
    fullName: input.fullName,
    email: input.email ?? null,
    phone: input.phone,
    licenseNumber: input.licenseNumber,
    licenseExpiresOn: expiryColumn(input.licenseExpiresOn),
    certificationExpiresOn: expiryColumn(input.certificationExpiresOn),
    yearsExperience: input.yearsExperience,
    certifications: input.certifications,
    specializations: input.specializations,
    hourlyRateCents: Math.round(input.hourlyRate * 100),
    availableDays: input.availableDays,
    address: input.address ?? null,
    city: input.city ?? null,
    state: input.state ?? null,
    zipCode: input.zipCode ?? null,
    ...searchColumns(input),
  }
}

// ---------------------------------------------------------------------------
// Lists

/**
 * Every word must appear in the name or e-mail (case-insensitive), or the
 * digits of the query must appear in the phone number, as for leads. Both
 * columns carry trigram indexes.
 */
export function caregiverSearchWhere(q: string): Prisma.CaregiverWhereInput | undefined {
  return textSearchWhere(q)
}

type ListQuery = Pick<CaregiverListQuery, 'q' | 'status' | 'specialization' | 'backgroundCheckStatus' | 'page' | 'pageSize'> & {
  sort?: CaregiverSort
}

/** Each order ends with the id, so rows that tie keep their place from page to page. */
const CAREGIVER_ORDER: Record<CaregiverSort, Prisma.CaregiverOrderByWithRelationInput[]> = {
  '-created': NEWEST_FIRST,
  created: [{ createdAt: 'asc' }, { id: 'asc' }],
  name: [{ fullName: 'asc' }, { id: 'asc' }],
  '-name': [{ fullName: 'desc' }, { id: 'desc' }],
  status: [{ status: 'asc' }, ...NEWEST_FIRST],
  '-status': [{ status: 'desc' }, ...NEWEST_FIRST],
}

function caregiverListWhere(query: ListQuery): Prisma.CaregiverWhereInput {
  return {
    AND: [
      caregiverSearchWhere(query.q) ?? {},
      query.status ? { status: query.status } : {},
      query.specialization ? { specializations: { has: query.specialization } } : {},
      query.backgroundCheckStatus ? { backgroundCheckStatus: query.backgroundCheckStatus } : {},
    ],
  }
}

const listSelect = {
  id: true,
  fullName: true,
  email: true,
  phone: true,
  yearsExperience: true,
  specializations: true,
  hourlyRateCents: true,
  city: true,
  state: true,
  status: true,
  backgroundCheckStatus: true,
  licenseExpiresOn: true,
  certificationExpiresOn: true,
} as const

/** A list or search shows caregivers: the trail keeps which ones, and for what search. */
async function recordCaregiverListView(caregivers: Array<{ id: string }>, query: ListQuery, actor: Actor) {
  const { q, status, specialization, backgroundCheckStatus, page } = query
  await recordListView({
    actor,
    entityType: CAREGIVER_ENTITY,
    ids: caregivers.map((caregiver) => caregiver.id),
    details: listViewQuery({ q, status, specialization, backgroundCheckStatus, page }),
  })
}

export async function listCaregivers(query: ListQuery, actor: Actor) {
  const where = caregiverListWhere(query)
  const { rows, total, page } = await paginate(
    {
      count: () => countRows('Caregiver', where, (where) => prisma.caregiver.count({ where })),
      findMany: (window) => prisma.caregiver.findMany({ where, select: listSelect, orderBy: CAREGIVER_ORDER[query.sort ?? '-created'], ...window }),
    },
    { page: query.page, pageSize: query.pageSize, pastTheEnd: 'last-page' },
  )
  await recordCaregiverListView(rows, { ...query, page }, actor)
  const caregivers = rows.map(({ hourlyRateCents, licenseExpiresOn, certificationExpiresOn, ...row }) => ({
    ...row,
    hourlyRate: hourlyRateCents / 100,
    licenseExpiresOn: fromDateColumn(licenseExpiresOn),
    certificationExpiresOn: fromDateColumn(certificationExpiresOn),
  }))
  return { total, page, caregivers }
}

export const CAREGIVER_FILES = { files: { orderBy: [{ createdAt: 'asc' }, { id: 'asc' }] } } satisfies Prisma.CaregiverInclude

export async function getCaregiver(id: string) {
  if (!isUuid(id)) return null
  return prisma.caregiver.findUnique({ where: { id }, include: CAREGIVER_FILES })
}

export type CaregiverRecord = NonNullable<Awaited<ReturnType<typeof getCaregiver>>>

// ---------------------------------------------------------------------------
// Changes. Each runs in one transaction with its audit entry.

function fileRows(caregiverId: string, files: NewCaregiverFile[], uploadedById: string | null) {
  return files.map((file) => ({ ...file, caregiverId, uploadedById }))
}

/** Creation sets status active, background check pending, application submitted. */
export async function createCaregiver(input: CaregiverInput, files: NewCaregiverFile[], actor: Actor) {
  return prisma.$transaction(async (tx) => {
    const caregiver = await tx.caregiver.create({
      data: { ...caregiverData(input), status: 'active', backgroundCheckStatus: 'pending', applicationProgress: 'submitted' },
    })
    if (files.length) await tx.caregiverFile.createMany({ data: fileRows(caregiver.id, files, actor.userId) })
    await recordAudit(
      {
        actor,
        action: 'create',
        entityType: CAREGIVER_ENTITY,
        entityId: caregiver.id,
        details: files.length ? { files: files.map((file) => ({ kind: file.kind, fileName: file.fileName })) } : undefined,
      },
      tx,
    )
    return caregiver
  })
}

const COMPARED_FIELDS = [
  'fullName',
  'email',
  'phone',
  'licenseNumber',
  'licenseExpiresOn',
  'certificationExpiresOn',
  'yearsExperience',
  'certifications',
  'specializations',
  'hourlyRateCents',
  'availableDays',
  'address',
  'city',
  'state',
  'zipCode',
] as const

function comparable(value: unknown) {
  if (value instanceof Date) return value.toISOString()
  return JSON.stringify(value ?? null)
}

/** Saves the application's fields and adds any new files (earlier files stay until removed). */
export async function updateCaregiver(id: string, input: CaregiverInput, files: NewCaregiverFile[], actor: Actor) {
  return changeExisting(CAREGIVER_NOUN, id, () =>
    prisma.$transaction(async (tx) => {
      const before = await tx.caregiver.findUniqueOrThrow({ where: { id } })
      const caregiver = await tx.caregiver.update({ where: { id }, data: caregiverData(input) })
      if (files.length) await tx.caregiverFile.createMany({ data: fileRows(id, files, actor.userId) })
      const changed = COMPARED_FIELDS.filter((key) => comparable(before[key]) !== comparable(caregiver[key])).map((key) =>
        key === 'hourlyRateCents' ? 'hourlyRate' : key === 'availableDays' ? 'availability' : key,
      )
      await recordAudit(
        {
          actor,
          action: 'update',
          entityType: CAREGIVER_ENTITY,
          entityId: id,
          details: {
            changed,
            ...(files.length ? { addedFiles: files.map((file) => ({ kind: file.kind, fileName: file.fileName })) } : {}),
          },
        },
        tx,
      )
      return caregiver
    }),
  )
}

export type CaregiverStateChange = { field: 'status'; to: CaregiverStatus } | { field: 'backgroundCheckStatus'; to: BackgroundCheckStatus }

/**
 * Moves status and/or background check, all in one transaction (all or
 * none), each change audited as { field, from, to }. A change's `changed` is
 * false when it already had that value (nothing recorded for it).
 */
export async function setCaregiverStates(id: string, changes: readonly CaregiverStateChange[], actor: Actor) {
  return changeExisting(CAREGIVER_NOUN, id, () =>
    prisma.$transaction(async (tx) => {
      const before = await tx.caregiver.findUniqueOrThrow({ where: { id }, select: { status: true, backgroundCheckStatus: true } })
      const results = changes.map((change) => ({ field: change.field, from: before[change.field], to: change.to, changed: before[change.field] !== change.to }))
      const made = results.filter((result) => result.changed)
      if (!made.length) return results
      await tx.caregiver.update({ where: { id }, data: Object.fromEntries(made.map((result) => [result.field, result.to])) })
      for (const { field, from, to } of made) {
        await recordAudit({ actor, action: 'update', entityType: CAREGIVER_ENTITY, entityId: id, details: { field, from, to } }, tx)
      }
      return results
    }),
  )
}

/** Removes the caregiver and (by cascade) its file rows, then, once that is committed, the stored files. */
export async function deleteCaregiver(id: string, actor: Actor) {
  const storageKeys = await changeExisting(CAREGIVER_NOUN, id, () =>
    prisma.$transaction(async (tx) => {
      // Parallel deletes wait here; the later ones then find no row (a 404, not a second success).
      await tx.$executeRaw`SELECT 1 FROM "Caregiver" WHERE id = ${id}::uuid FOR UPDATE`
      const caregiver = await tx.caregiver.delete({
        where: { id },
        select: { fullName: true, files: { select: { storageKey: true } } },
      })
      // The row is gone: the trail keeps whom it was and how many files went with it.
      await recordAudit(
        {
          actor,
          action: 'delete',
          entityType: CAREGIVER_ENTITY,
          entityId: id,
          details: { fullName: caregiver.fullName, fileCount: caregiver.files.length },
        },
        tx,
      )
      return caregiver.files.map((file) => file.storageKey)
    }),
  )
  await discardCaregiverFiles(storageKeys.map((storageKey) => ({ storageKey })))
}

export async function getCaregiverFile(caregiverId: string, fileId: string) {
  if (!isUuid(caregiverId) || !isUuid(fileId)) return null
  return prisma.caregiverFile.findFirst({ where: { id: fileId, caregiverId } })
}

/**
 * Records that someone downloaded one of a caregiver's files (PHI access):
 * a `view` on the caregiver, every time, before the bytes are sent.
 */
export async function recordCaregiverFileDownload(file: { id: string; caregiverId: string; fileName: string }, actor: Actor) {
  await recordAudit({
    actor,
    action: 'view',
    entityType: CAREGIVER_ENTITY,
    entityId: file.caregiverId,
    details: { fileId: file.id, fileName: file.fileName, download: true },
  })
}

/** Removes one file (its row audited on the caregiver, then its bytes); returns what was removed. */
export async function deleteCaregiverFile(caregiverId: string, fileId: string, actor: Actor) {
  if (!isUuid(caregiverId)) throw new NotFoundError(FILE_NOUN)
  const file = await changeExisting(FILE_NOUN, fileId, () =>
    prisma.$transaction(async (tx) => {
      const file = await tx.caregiverFile.findFirstOrThrow({ where: { id: fileId, caregiverId } })
      await tx.caregiverFile.delete({ where: { id: file.id } })
      await recordAudit(
        {
          actor,
          action: 'update',
          entityType: CAREGIVER_ENTITY,
          entityId: caregiverId,
          details: { removedFile: { kind: file.kind, fileName: file.fileName } },
        },
        tx,
      )
      return file
    }),
  )
  await discardCaregiverFiles([file])
  return file
}

// ---------------------------------------------------------------------------
// The audit trail of one caregiver

export async function recordCaregiverView(id: string, actor: Actor) {
  await recordView({ actor, entityType: CAREGIVER_ENTITY, entityId: id })
}

/** A caregiver opened in a dialog (edit, delete, a file's delete): on the trail like the profile. */
export async function viewCaregiver(id: string, actor: Actor) {
  const caregiver = await getCaregiver(id)
  if (caregiver) await recordCaregiverView(caregiver.id, actor)
  return caregiver
}

/** The profile's audit trail, openings of the profile included: a part of the profile's one read. */
export function caregiverHistoryPart(id: string) {
  return recordHistoryPart({ entityType: CAREGIVER_ENTITY, entityId: id, describe: describeCaregiverActivity, includeViews: true })
}

// ---------------------------------------------------------------------------
// Views of a caregiver

/** The plain view shared by the profile page and the JSON API. */
export function caregiverToJson(caregiver: CaregiverRecord) {
  const files = caregiver.files.map((file) => ({
    id: file.id,
    kind: file.kind,
    fileName: file.fileName,
    fileSize: file.fileSize,
    mimeType: file.mimeType,
    createdAt: file.createdAt.toISOString(),
  }))
  const licenseExpiresOn = fromDateColumn(caregiver.licenseExpiresOn)
  const hourlyRate = caregiver.hourlyRateCents / 100
  return {
    id: caregiver.id,
    fullName: caregiver.fullName,
    email: caregiver.email,
    phone: caregiver.phone,
    licenseNumber: caregiver.licenseNumber,
    licenseExpiresOn,
    certificationExpiresOn: fromDateColumn(caregiver.certificationExpiresOn),
    yearsExperience: caregiver.yearsExperience,
    certifications: caregiver.certifications,
    specializations: caregiver.specializations,
    hourlyRate,
    availability: caregiver.availableDays.length ? { days: caregiver.availableDays } : null,
    address: caregiver.address,
    city: caregiver.city,
    state: caregiver.state,
    zipCode: caregiver.zipCode,
    status: caregiver.status,
    backgroundCheckStatus: caregiver.backgroundCheckStatus,
    applicationProgress: caregiver.applicationProgress,
    applicationProgressPercent: computeApplicationProgress({
      ...caregiver,
      licenseExpiresOn,
      hourlyRate,
      fileKinds: caregiver.files.map((file) => file.kind),
    }).percent,
    files,
    createdAt: caregiver.createdAt.toISOString(),
    updatedAt: caregiver.updatedAt.toISOString(),
  }
}
export type CaregiverJson = ReturnType<typeof caregiverToJson>

/** The API lists whole caregivers, files included. */
export async function listCaregiversForApi(query: ListQuery, actor: Actor) {
  const where = caregiverListWhere(query)
  const { rows, total } = await paginate(
    {
      count: () => countRows('Caregiver', where, (where) => prisma.caregiver.count({ where })),
      findMany: (window) => prisma.caregiver.findMany({ where, include: CAREGIVER_FILES, orderBy: CAREGIVER_ORDER[query.sort ?? '-created'], ...window }),
    },
    query,
  )
  await recordCaregiverListView(rows, query, actor)
  return { total, caregivers: rows.map(caregiverToJson) }
}
