import type { LoaderFunctionArgs } from '@remix-run/node'
import { createReadableStreamFromReadable } from '@remix-run/node'
import { countDownload, getDocument } from '~/features/documents/documents.server'
import { apiError } from '~/platform/http/api.server'
import { requireApiUserWithPermission } from '~/platform/auth/auth.server'
import { getStorage } from '~/platform/storage.server'

/** GET /api/documents/{id}/download — the file, to signed-in staff only; counted in Downloads. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireApiUserWithPermission(request, 'records:read')
  const document = await getDocument(params.documentId ?? '')
  const storage = getStorage()
  if (!document || !(await storage.exists(document.storageKey))) throw apiError(404, 'Document not found')
  await countDownload(document.id)
  const asciiName = document.fileName.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_')
  return new Response(createReadableStreamFromReadable(storage.read(document.storageKey)), {
    headers: {
      'Content-Type': document.mimeType,
      'Content-Length': String(document.fileSize),
      'Content-Disposition': `attachment; filename="${asciiName}"; filename*=UTF-8''${encodeURIComponent(document.fileName)}`,
      'X-Content-Type-Options': 'nosniff',
    },
  })
}
