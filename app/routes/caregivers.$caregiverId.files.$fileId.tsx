import type { LoaderFunctionArgs } from '@remix-run/node'
import { createReadableStreamFromReadable } from '@remix-run/node'
import { getCaregiverFile } from '~/models/caregiver.server'
import { requireUserWithPermission } from '~/utils/auth.server'
import { getStorage } from '~/utils/storage.server'

/** GET /caregivers/{id}/files/{fileId}: the file as an attachment, to signed-in staff only. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireUserWithPermission(request, 'records:read')
  const file = await getCaregiverFile(params.caregiverId ?? '', params.fileId ?? '')
  const storage = getStorage()
  if (!file || !(await storage.exists(file.storageKey))) throw new Response('File not found', { status: 404 })
  const asciiName = file.fileName.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_')
  return new Response(createReadableStreamFromReadable(storage.read(file.storageKey)), {
    headers: {
      'Content-Type': file.mimeType,
      'Content-Length': String(file.fileSize),
      'Content-Disposition': `attachment; filename="${asciiName}"; filename*=UTF-8''${encodeURIComponent(file.fileName)}`,
      'X-Content-Type-Options': 'nosniff',
      // Personal documents: never kept by shared caches.
      'Cache-Control': 'private, no-store',
    },
  })
}
