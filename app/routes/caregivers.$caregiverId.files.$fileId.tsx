import type { LoaderFunctionArgs } from '@remix-run/node'
import { createReadableStreamFromReadable } from '@remix-run/node'
import { getCaregiverFile, recordCaregiverFileDownload } from '~/features/caregivers/caregivers.server'
import { requireUserWithPermission } from '~/platform/auth/auth.server'
import { getStorage } from '~/platform/storage.server'
import { userActor } from '~/platform/auth/actor.server'

/**
 * A file name as the `filename*` parameter of Content-Disposition (RFC 5987
 * ext-value): UTF-8, every byte outside attr-char percent-encoded.
 * encodeURIComponent leaves ' ( ) * alone, which attr-char does not allow.
 */
function rfc5987(value: string) {
  return encodeURIComponent(value).replace(/['()*]/g, (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`)
}

/** GET /caregivers/{id}/files/{fileId}: the file as an attachment, to signed-in staff only; each download is audited. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireUserWithPermission(request, 'records:read')
  const file = await getCaregiverFile(params.caregiverId ?? '', params.fileId ?? '')
  const storage = getStorage()
  if (!file || !(await storage.exists(file.storageKey))) throw new Response('File not found', { status: 404 })
  // Recorded before any byte leaves: a download that cannot be audited does not happen.
  await recordCaregiverFileDownload(file, userActor(request, user))
  const asciiName = file.fileName.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_')
  return new Response(createReadableStreamFromReadable(storage.read(file.storageKey)), {
    headers: {
      'Content-Type': file.mimeType,
      'Content-Length': String(file.fileSize),
      'Content-Disposition': `attachment; filename="${asciiName}"; filename*=UTF-8''${rfc5987(file.fileName)}`,
      'X-Content-Type-Options': 'nosniff',
      // Personal documents: never kept by shared caches.
      'Cache-Control': 'private, no-store',
    },
  })
}
