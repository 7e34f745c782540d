import type { Prisma } from '~/generated/prisma/client'
import type { Actor } from '~/platform/actor'
import { recordListView } from '~/platform/audit.server'

/** The library documents on a person's record (a copy they signed), newest first; also an `include` of the record. */
export const PERSON_DOCUMENTS = {
  select: { id: true, name: true, fileName: true, category: true, createdAt: true },
  orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
  take: 50,
} satisfies Prisma.Lead$documentsArgs

type PersonDocumentRow = Prisma.DocumentGetPayload<typeof PERSON_DOCUMENTS>

/** The documents read for a person's page, on the trail when there are any. */
export async function personDocumentsShown(documents: PersonDocumentRow[], actor: Actor) {
  if (documents.length > 0) {
    await recordListView({ actor, entityType: 'Document', ids: documents.map((document) => document.id), details: { purpose: 'person documents' } })
  }
  return documents
}

