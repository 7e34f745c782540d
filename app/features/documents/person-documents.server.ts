import type { Prisma } from '~/generated/prisma/client'
import type { Actor } from '~/platform/actor'
import { recordListView } from '~/platform/audit.server'
import { prisma } from '~/platform/db.server'

export type PersonRecord = { leadId: string } | { patientId: string } | { caregiverId: string }

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

/** The library documents on a lead's, patient's or caregiver's record, read on their own. */
export async function listPersonDocuments(person: PersonRecord, actor: Actor) {
  return personDocumentsShown(await prisma.document.findMany({ where: person, ...PERSON_DOCUMENTS }), actor)
}
