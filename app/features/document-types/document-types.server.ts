import { recordAudit } from '~/platform/audit.server'
import type { Actor } from '~/platform/actor'
import { isUuid } from '~/lib/ids'
import type { DocumentTypeInput } from '~/features/document-types/schema'
import { changeExisting } from '~/platform/db-errors'
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

export async function updateDocumentType(id: string, input: DocumentTypeInput, actor: Actor) {
  return changeExisting('Document type', id, () =>
    prisma.$transaction(async (tx) => {
      const before = await tx.documentType.findUniqueOrThrow({ where: { id } })
      const data = documentTypeData(input)
      const documentType = await tx.documentType.update({ where: { id }, data })
      const changed = (Object.keys(data) as Array<keyof typeof data>).filter((key) => before[key] !== documentType[key])
      await recordAudit({ actor, action: 'update', entityType: ENTITY_TYPE, entityId: id, details: { changed } }, tx)
      return documentType
    }),
  )
}

/**
 * Documents of this type stay in the library: the foreign key sets their
 * documentTypeId to null.
 */
export async function deleteDocumentType(id: string, actor: Actor) {
  await changeExisting('Document type', id, () =>
    prisma.$transaction(async (tx) => {
      const deleted = await tx.documentType.delete({ where: { id }, select: { name: true, ghlTag: true } })
      // The record is gone, so the entry keeps what it was called.
      await recordAudit({ actor, action: 'delete', entityType: ENTITY_TYPE, entityId: id, details: deleted }, tx)
    }),
  )
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
