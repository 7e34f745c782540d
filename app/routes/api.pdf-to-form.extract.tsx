import type { ActionFunctionArgs } from '@remix-run/node'
import { json } from '@remix-run/node'
import { PdfExtractionError } from '~/features/pdf-conversion/extract.server'
import { extractUploadedPdf } from '~/features/pdf-conversion/upload.server'
import { requireApiUserWithPermission } from '~/platform/auth/auth.server'
import { apiError, methodNotAllowed } from '~/platform/http/api.server'
import { apiRoute } from '~/platform/http/errors.server'
import { UploadError } from '~/platform/uploads.server'

/**
 * POST /api/pdf-to-form/extract — multipart `pdf` (a PDF, at most 50MB):
 * its form fields as the extracted schema. A refused file answers 413/415/400
 * and a PDF without readable fields 422, each as `{ error }`.
 */
export const action = apiRoute('PDF', async ({ request }: ActionFunctionArgs) => {
  if (request.method !== 'POST') return methodNotAllowed(['POST'])
  await requireApiUserWithPermission(request, 'records:write')
  try {
    return json(await extractUploadedPdf(request))
  } catch (error) {
    if (error instanceof UploadError) return apiError(error.status, error.message)
    if (error instanceof PdfExtractionError) return apiError(422, error.message)
    throw error
  }
})
