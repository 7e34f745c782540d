import type { LoaderFunctionArgs } from '@remix-run/node'
import { getDocument, recordDocumentDownload } from '~/features/documents/documents.server'
import { apiError } from '~/platform/http/api.server'
import { fileDownloadResponse } from '~/platform/http/download.server'
import { apiRoute } from '~/platform/http/errors.server'
import { requireApiUserWithPermission } from '~/platform/auth/auth.server'
import { userActor } from '~/platform/auth/actor.server'
import { getStorage } from '~/platform/storage.server'

/** GET /api/documents/{id}/download — the file, to signed-in staff only; counted in Downloads and audited. */
export const loader = apiRoute('document', async ({ request, params }: LoaderFunctionArgs) => {
  const user = await requireApiUserWithPermission(request, 'records:read')
  const document = await getDocument(params.documentId ?? '')
  if (!document || !(await getStorage().exists(document.storageKey))) throw apiError(404, 'Document not found')
  await recordDocumentDownload(document, userActor(request, user))
  return fileDownloadResponse(document)
})
