import type { Prisma } from '~/generated/prisma/client'
import type { ListShown } from '~/platform/audit.server'

/** The library documents on a person's record (a copy they signed), newest first; also an `include` of the record. */
export const PERSON_DOCUMENTS = {
  select: { id: true, name: true, fileName: true, category: true, createdAt: true },
  orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
  take: 50,
} satisfies Prisma.Lead$documentsArgs

type PersonDocumentRow = Prisma.DocumentGetPayload<typeof PERSON_DOCUMENTS>

/** What a person's page showed of their documents, for its trail (recordPageView; none, none written). */
export function documentsShown(documents: PersonDocumentRow[]): ListShown {
  return { entityType: 'Document', ids: documents.map((document) => document.id), details: { purpose: 'person documents' } }
}
