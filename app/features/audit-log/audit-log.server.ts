import type { Prisma } from '~/generated/prisma/client'
import { isUuid } from '~/lib/ids'
import { prisma } from '~/platform/db.server'
import { communicationTypeLabel } from '~/features/leads/communication-schema'
import { describeChanges, describeListView, describeOther, listedIds } from '~/features/audit-log/describe'

/** A record an entry names: what it is called now (or was, once deleted) and its page while it exists. */
export type AuditRecord = { name: string; href: string | null; deleted: boolean }

type Row = { entityType: string; entityId: string | null; action: string; details: Prisma.JsonValue }

type Found = { name: string; href: string }

/**
 * One query per kind of record for the whole page, never one per entry: each
 * returns the records among `ids` that still exist, by id.
 */
const LOOKUPS: Record<string, (ids: string[]) => Promise<Array<Found & { id: string }>>> = {
  Lead: async (ids) =>
    (await prisma.lead.findMany({ where: { id: { in: ids } }, select: { id: true, firstName: true, lastName: true } })).map((lead) => ({
      id: lead.id,
      name: `${lead.firstName} ${lead.lastName}`,
      href: `/leads/${lead.id}`,
    })),
  Patient: async (ids) =>
    (await prisma.patient.findMany({ where: { id: { in: ids } }, select: { id: true, firstName: true, lastName: true } })).map((patient) => ({
      id: patient.id,
      name: `${patient.firstName} ${patient.lastName}`,
      href: `/patients/${patient.id}`,
    })),
  Caregiver: async (ids) =>
    (await prisma.caregiver.findMany({ where: { id: { in: ids } }, select: { id: true, fullName: true } })).map((caregiver) => ({
      id: caregiver.id,
      name: caregiver.fullName,
      href: `/caregivers/${caregiver.id}`,
    })),
  Document: async (ids) =>
    (await prisma.document.findMany({ where: { id: { in: ids } }, select: { id: true, name: true, fileName: true } })).map((document) => ({
      id: document.id,
      name: document.name || document.fileName,
      // Documents have no page of their own: their View/Edit dialog shows the record.
      href: `/documents-new/${document.id}/edit`,
    })),
  // A communication is part of its lead's record, shown on the lead's page.
  Communication: async (ids) =>
    (await prisma.communication.findMany({ where: { id: { in: ids } }, select: { id: true, leadId: true, subject: true, type: true } })).map(
      (communication) => ({
        id: communication.id,
        name: communication.subject || `${communicationTypeLabel(communication.type)} communication`,
        href: `/leads/${communication.leadId}`,
      }),
    ),
  User: async (ids) =>
    (await prisma.user.findMany({ where: { id: { in: ids } }, select: { id: true, name: true } })).map((user) => ({
      id: user.id,
      name: user.name,
      href: `/settings/users/${user.id}`,
    })),
  DocumentType: async (ids) =>
    (await prisma.documentType.findMany({ where: { id: { in: ids } }, select: { id: true, name: true } })).map((type) => ({
      id: type.id,
      name: type.name,
      href: `/settings/document-types/${type.id}/edit`,
    })),
}

function detailsOf(value: Prisma.JsonValue): Record<string, unknown> {
  return value && typeof value === 'object' && !Array.isArray(value) ? value : {}
}

/** What a delete entry kept of the record's name (newer entries keep it; older ones may not). */
function deletedName(details: Prisma.JsonValue): string | null {
  const data = detailsOf(details)
  const name = data.name ?? data.fullName
  return typeof name === 'string' && name ? name : null
}

const key = (entityType: string, id: string) => `${entityType}:${id}`

/** The ids a list read showed, and the document types its filter named. */
function listParts(row: Row) {
  if (row.action !== 'view' || row.entityId) return { ids: [], typeIds: [] }
  const type = detailsOf(row.details).type
  return { ids: listedIds(row.details), typeIds: row.entityType === 'Document' && isUuid(type as string) ? [type as string] : [] }
}

/**
 * Names, links and readable details for a page of audit entries: the
 * records named resolved with one query per kind of record (the page's own
 * entries and, for ids gone since, their delete entries in one more).
 */
export async function describeAuditEntries<Entry extends Row>(entries: readonly Entry[]) {
  const wanted = new Map<string, Set<string>>()
  const want = (entityType: string, id: string | null | undefined) => {
    if (!id || !isUuid(id) || !(entityType in LOOKUPS)) return
    if (!wanted.has(entityType)) wanted.set(entityType, new Set())
    wanted.get(entityType)!.add(id)
  }
  for (const entry of entries) {
    want(entry.entityType, entry.entityId)
    const { ids, typeIds } = listParts(entry)
    for (const id of ids) want(entry.entityType, id)
    for (const id of typeIds) want('DocumentType', id)
  }
  const found = new Map<string, Found>()
  await Promise.all(
    [...wanted].map(async ([entityType, ids]) => {
      for (const record of await LOOKUPS[entityType]!([...ids])) found.set(key(entityType, record.id), record)
    }),
  )

  const gone = [...wanted].flatMap(([entityType, ids]) => [...ids].filter((id) => !found.has(key(entityType, id))).map((id) => ({ entityType, id })))
  const namesOfDeleted = new Map<string, string>()
  if (gone.length) {
    const deletions = await prisma.auditLog.findMany({
      where: { action: 'delete', entityId: { in: [...new Set(gone.map(({ id }) => id))] } },
      select: { entityType: true, entityId: true, details: true },
    })
    for (const deletion of deletions) {
      const name = deletedName(deletion.details)
      if (name && deletion.entityId) namesOfDeleted.set(key(deletion.entityType, deletion.entityId), name)
    }
  }

  const recordOf = (entityType: string, id: string | null): AuditRecord | null => {
    if (!id) return null
    if (!(entityType in LOOKUPS) || !isUuid(id)) return { name: id, href: null, deleted: false }
    const record = found.get(key(entityType, id))
    if (record) return { name: record.name, href: record.href, deleted: false }
    const name = namesOfDeleted.get(key(entityType, id))
    return { name: name ? `${name} (deleted)` : `Deleted record ${id.slice(0, 8)}`, href: null, deleted: true }
  }
  const typeNames = Object.fromEntries([...found].filter(([id]) => id.startsWith('DocumentType:')).map(([id, type]) => [id.slice('DocumentType:'.length), type.name]))

  return entries.map((entry) => {
    const listed = listParts(entry).ids
    const isList = entry.action === 'view' && !entry.entityId && entry.entityType in LOOKUPS && 'ids' in detailsOf(entry.details)
    return {
      entry,
      record: recordOf(entry.entityType, entry.entityId),
      summary: isList
        ? describeListView(entry.entityType, entry.details, typeNames)
        : entry.action === 'update'
          ? describeChanges(entry.details) ?? describeOther(entry.action, entry.details)
          : describeOther(entry.action, entry.details),
      listed: isList ? listed.map((id) => ({ id, ...recordOf(entry.entityType, id)! })) : [],
    }
  })
}
