import type { Prisma } from '~/generated/prisma/client'
import { listViewQuery, recordAudit, recordListView, recordView } from '~/platform/audit.server'
import type { Actor } from '~/platform/actor'
import { isUuid } from '~/lib/ids'
import { DOCUMENT_PAGE_SIZE, type DocumentSort } from '~/features/documents/schema'
import { changeExisting } from '~/platform/db-errors'
import { prisma } from '~/platform/db.server'
import type { ReceivedFile } from '~/features/documents/upload.server'
import { getStorage } from '~/platform/storage.server'
import { NEWEST_FIRST, paginate } from '~/platform/paginate.server'
import { wordsInFieldsWhere } from '~/lib/search'

export const documentSelect = {
  id: true,
  name: true,
  description: true,
  category: true,
  documentTypeId: true,
  documentType: { select: { id: true, name: true } },
  fileName: true,
  fileSize: true,
  mimeType: true,
  downloadCount: true,
  uploadedBy: true,
  boldsignTemplateId: true,
  boldsignTemplateStatus: true,
  boldsignTemplateError: true,
  createdAt: true,
} as const

type ListQuery = { q: string; category?: string; type?: string; sort?: DocumentSort; page: number; pageSize?: number }

/** Each order ends with the id, so rows that tie keep their place from page to page. */
const DOCUMENT_ORDER: Record<DocumentSort, Prisma.DocumentOrderByWithRelationInput[]> = {
  '-created': NEWEST_FIRST,
  created: [{ createdAt: 'asc' }, { id: 'asc' }],
  name: [{ name: 'asc' }, { id: 'asc' }],
  '-name': [{ name: 'desc' }, { id: 'desc' }],
}

/** The search looks for every word in the name or the description. */
/** A list shows documents: the trail keeps which ones, and for what search. */
async function recordDocumentListView(documents: Array<{ id: string }>, details: Record<string, unknown>, actor: Actor) {
  await recordListView({ actor, entityType: 'Document', ids: documents.map((document) => document.id), details: listViewQuery(details) })
}

export async function listDocuments(query: ListQuery, actor: Actor, { pastTheEnd }: { pastTheEnd?: 'empty' | 'last-page' } = {}) {
  const where: Prisma.DocumentWhereInput = {
    AND: [
      wordsInFieldsWhere(query.q, ['name', 'description']) ?? {},
      query.category ? { category: query.category } : {},
      query.type ? { documentTypeId: query.type } : {},
    ],
  }
  const { rows, total, page } = await paginate(
    {
      count: () => prisma.document.count({ where }),
      findMany: (window) => prisma.document.findMany({ where, select: documentSelect, orderBy: DOCUMENT_ORDER[query.sort ?? '-created'], ...window }),
    },
    { page: query.page, pageSize: query.pageSize ?? DOCUMENT_PAGE_SIZE, pastTheEnd },
  )
  await recordDocumentListView(rows, { q: query.q, category: query.category, type: query.type, page }, actor)
  return { total, page, documents: rows }
}

export async function getDocument(id: string) {
  if (!isUuid(id)) return null
  return prisma.document.findUnique({ where: { id }, select: { ...documentSelect, storageKey: true } })
}

/** A document opened through the API or a dialog: on the trail, like a download. */
export async function viewDocument(id: string, actor: Actor) {
  const document = await getDocument(id)
  if (document) await recordView({ actor, entityType: 'Document', entityId: document.id })
  return document
}

export function defaultDocumentName(fileName: string) {
  return fileName.replace(/\.pdf$/i, '').trim() || fileName
}

/** Records an uploaded file; removes the file again if the record cannot be written. */
export async function createDocument(
  file: ReceivedFile,
  input: { category: string; description?: string; documentTypeId?: string; name?: string },
  actor: Actor & { userName: string },
) {
  try {
    return await prisma.$transaction(async (tx) => {
      const document = await tx.document.create({
        data: {
          name: input.name ?? defaultDocumentName(file.fileName),
          description: input.description ?? null,
          category: input.category,
          documentTypeId: input.documentTypeId ?? null,
          fileName: file.fileName,
          fileSize: file.size,
          mimeType: file.mimeType,
          storageKey: file.key,
          sha256: file.sha256,
          uploadedById: actor.userId,
          uploadedBy: actor.userName,
        },
        select: documentSelect,
      })
      // Staff can tell from the trail why a stored file differs from the one they sent.
      const details = file.activeContentRemoved.length > 0 ? { activeContentRemoved: file.activeContentRemoved } : undefined
      await recordAudit({ actor, action: 'create', entityType: 'Document', entityId: document.id, details }, tx)
      return document
    })
  } catch (error) {
    await getStorage().remove(file.key)
    throw error
  }
}

export async function updateDocument(id: string, input: { name: string; description?: string }, actor: Actor) {
  return changeExisting('Document', id, () =>
    prisma.$transaction(async (tx) => {
      const document = await tx.document.update({
        where: { id },
        data: { name: input.name, description: input.description ?? null },
        select: documentSelect,
      })
      await recordAudit({ actor, action: 'update', entityType: 'Document', entityId: id }, tx)
      return document
    }),
  )
}

/** Deletes the record, then the stored file. */
export async function deleteDocument(id: string, actor: Actor) {
  const { storageKey } = await changeExisting('Document', id, () =>
    prisma.$transaction(async (tx) => {
      const deleted = await tx.document.delete({ where: { id }, select: { storageKey: true, name: true } })
      // The record is gone, so the entry keeps what it was called.
      await recordAudit({ actor, action: 'delete', entityType: 'Document', entityId: id, details: { name: deleted.name } }, tx)
      return deleted
    }),
  )
  await getStorage().remove(storageKey)
}

/**
 * Counts a download and records who took the file (a `view`, as for
 * caregiver files), before any byte leaves: a download that cannot be
 * audited does not happen.
 */
export async function recordDocumentDownload(document: { id: string; fileName: string }, actor: Actor) {
  await changeExisting('Document', document.id, () =>
    prisma.$transaction(async (tx) => {
      await tx.document.update({ where: { id: document.id }, data: { downloadCount: { increment: 1 } } })
      await recordAudit(
        { actor, action: 'view', entityType: 'Document', entityId: document.id, details: { fileName: document.fileName, download: true } },
        tx,
      )
    }),
  )
}

export async function setBoldsignTemplate(id: string, templateId: string, actor: Actor) {
  await changeExisting('Document', id, () =>
    prisma.$transaction(async (tx) => {
      // BoldSign finishes templates asynchronously and tells us by webhook.
      await tx.document.update({
        where: { id },
        data: { boldsignTemplateId: templateId, boldsignTemplateStatus: 'pending', boldsignTemplateError: null },
      })
      await recordAudit({ actor, action: 'update', entityType: 'Document', entityId: id, details: { boldsignTemplateId: templateId } }, tx)
    }),
  )
}

type DocumentRecord = Awaited<ReturnType<typeof listDocuments>>['documents'][number]

export function documentToJson(document: DocumentRecord) {
  return {
    id: document.id,
    name: document.name,
    description: document.description,
    category: document.category,
    documentTypeId: document.documentTypeId,
    fileName: document.fileName,
    fileSize: document.fileSize,
    mimeType: document.mimeType,
    downloadCount: document.downloadCount,
    uploadedBy: document.uploadedBy,
    boldsignTemplateId: document.boldsignTemplateId,
    boldsignTemplateStatus: document.boldsignTemplateStatus,
    createdAt: document.createdAt.toISOString(),
  }
}

/** Documents whose BoldSign template BoldSign is still processing. */
export async function listPendingDocuments(actor: Actor) {
  const documents = await prisma.document.findMany({
    where: { boldsignTemplateStatus: 'pending' },
    select: documentSelect,
    orderBy: [{ updatedAt: 'desc' }, { id: 'desc' }],
  })
  await recordDocumentListView(documents, { boldsignTemplateStatus: 'pending' }, actor)
  return documents
}

/** From BoldSign's TemplateCreated / TemplateCreateFailed webhook events. */
export async function settleBoldsignTemplate(templateId: string, outcome: { ready: true } | { ready: false; error: string }) {
  const { count } = await prisma.document.updateMany({
    where: { boldsignTemplateId: templateId },
    data: outcome.ready
      ? { boldsignTemplateStatus: 'ready', boldsignTemplateError: null }
      : { boldsignTemplateStatus: 'failed', boldsignTemplateError: outcome.error },
  })
  return count
}
