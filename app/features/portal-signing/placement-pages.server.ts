import { getDocument } from '~/features/documents/documents.server'
import { documentPages, pageImage } from '~/features/portal-signing/page-images.server'
import type { Actor } from '~/platform/actor'
import { recordView } from '~/platform/audit.server'
import { NotFoundError } from '~/platform/errors'
import { getStorage } from '~/platform/storage.server'

/** A library PDF's pages for the placement editor on the preparation page. */

async function libraryPdf(documentId: string) {
  const document = await getDocument(documentId)
  if (!document || document.mimeType !== 'application/pdf') throw new NotFoundError('Document')
  const chunks: Buffer[] = []
  for await (const chunk of getStorage().read(document.storageKey)) chunks.push(Buffer.from(chunk as Uint8Array))
  return { document, bytes: new Uint8Array(Buffer.concat(chunks)) }
}

/** The pages' sizes in points (each rendered now if it was not yet), on the trail as a view of the document. */
export async function placementPages(documentId: string, actor: Actor) {
  const { document, bytes } = await libraryPdf(documentId)
  const { pageCount, pages } = await documentPages(bytes)
  await recordView({ actor, entityType: 'Document', entityId: document.id, details: { purpose: 'field placement' } })
  return { pageCount, pages: pages.map(({ number, width, height, image }) => ({ number, width, height, image })) }
}

/** One page as PNG; null when there is no such page. */
export async function placementPageImage(documentId: string, pageNumber: number) {
  return pageImage((await libraryPdf(documentId)).bytes, pageNumber)
}
