import { recordAudit } from '~/platform/audit.server'
import type { Actor } from '~/platform/actor'
import { isUuid } from '~/lib/ids'
import type { DocumentTypeInput } from '~/features/document-types/schema'
import { prisma } from '~/platform/db.server'

const ENTITY_TYPE = 'DocumentType'

/** Display order, then name (the table's index); id keeps ties stable. */
export async function listDocumentTypes({ activeOnly = false }: { activeOnly?: boolean } = {}) {
  return prisma.documentType.findMany({
    where: activeOnly ? { isActive: true } : undefined,
    orderBy: [{ displayOrder: 'asc' }, { name: 'asc' }, { id: 'asc' }],
  })
}

export async function getDocumentType(id: string) {
  if (!isUuid(id)) return null
  return prisma.documentType.findUnique({ where: { id } })
}

/** The schema has already trimmed the text and normalised the tag. */
function documentTypeData(input: DocumentTypeInput) {
  return {
    name: input.name,
    description: input.description ?? null,
    ghlTag: input.ghlTag,
    isActive: input.isActive,
    displayOrder: input.displayOrder,
  }
}

export async function createDocumentType(input: DocumentTypeInput, actor: Actor) {
  return prisma.$transaction(async (tx) => {
    const documentType = await tx.documentType.create({ data: documentTypeData(input) })
    await recordAudit(
      { actor, action: 'create', entityType: ENTITY_TYPE, entityId: documentType.id, details: { ghlTag: documentType.ghlTag } },
      tx,
    )
    return documentType
  })
}

/** Null when there is no such document type. */
export async function updateDocumentType(id: string, input: DocumentTypeInput, actor: Actor) {
  if (!isUuid(id)) return null
  return prisma.$transaction(async (tx) => {
    const before = await tx.documentType.findUnique({ where: { id } })
    if (!before) return null
    const data = documentTypeData(input)
    const documentType = await tx.documentType.update({ where: { id }, data })
    const changed = (Object.keys(data) as Array<keyof typeof data>).filter((key) => before[key] !== documentType[key])
    await recordAudit({ actor, action: 'update', entityType: ENTITY_TYPE, entityId: id, details: { changed } }, tx)
    return documentType
  })
}

/**
 * False when there is no such document type. Documents of this type stay in
 * the library: the foreign key sets their documentTypeId to null.
 */
export async function deleteDocumentType(id: string, actor: Actor) {
  if (!isUuid(id)) return false
  return prisma.$transaction(async (tx) => {
    const existing = await tx.documentType.findUnique({ where: { id }, select: { name: true, ghlTag: true } })
    if (!existing) return false
    const { count } = await tx.documentType.deleteMany({ where: { id } })
    if (count === 0) return false
    // The record is gone, so the entry keeps what it was called.
    await recordAudit({ actor, action: 'delete', entityType: ENTITY_TYPE, entityId: id, details: existing }, tx)
    return true
  })
}

type DocumentTypeRecord = NonNullable<Awaited<ReturnType<typeof getDocumentType>>>

/** The JSON API's view of a document type. */
export function documentTypeToJson(documentType: DocumentTypeRecord) {
  return {
    id: documentType.id,
    name: documentType.name,
    description: documentType.description,
    ghlTag: documentType.ghlTag,
    isActive: documentType.isActive,
    displayOrder: documentType.displayOrder,
    createdAt: documentType.createdAt.toISOString(),
    updatedAt: documentType.updatedAt.toISOString(),
  }
}
