import type { LoaderFunctionArgs } from '@remix-run/node'
import { getCaregiverFile, recordCaregiverFileDownload } from '~/features/caregivers/caregivers.server'
import { requireUserWithPermission } from '~/platform/auth/auth.server'
import { fileDownloadResponse } from '~/platform/http/download.server'
import { getStorage } from '~/platform/storage.server'
import { userActor } from '~/platform/auth/actor.server'

/** GET /caregivers/{id}/files/{fileId}: the file as an attachment, to signed-in staff only; each download is audited. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireUserWithPermission(request, 'records:read')
  const file = await getCaregiverFile(params.caregiverId ?? '', params.fileId ?? '')
  if (!file || !(await getStorage().exists(file.storageKey))) throw new Response('File not found', { status: 404 })
  // Recorded before any byte leaves: a download that cannot be audited does not happen.
  await recordCaregiverFileDownload(file, userActor(request, user))
  return fileDownloadResponse(file)
}
