import type { Actor } from '~/platform/actor'
import { recordListView } from '~/platform/audit.server'
import { prisma } from '~/platform/db.server'

export type PersonRecord = { leadId: string } | { patientId: string } | { caregiverId: string }

/** The library documents on a lead's, patient's or caregiver's record (a copy they signed), newest first. */
export async function listPersonDocuments(person: PersonRecord, actor: Actor) {
  const documents = await prisma.document.findMany({
    where: person,
    select: { id: true, name: true, fileName: true, category: true, createdAt: true },
    orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
    take: 50,
  })
  if (documents.length > 0) {
    await recordListView({ actor, entityType: 'Document', ids: documents.map((document) => document.id), details: { purpose: 'person documents' } })
  }
  return documents
}
