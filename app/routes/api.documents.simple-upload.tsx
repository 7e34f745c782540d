import type { ActionFunctionArgs } from '@remix-run/node'
import { json } from '@remix-run/node'
import { createDocument, documentToJson } from '~/models/document.server'
import { documentUploadSchema } from '~/schemas/document'
import { methodNotAllowed } from '~/utils/api.server'
import { requireApiUserWithPermission } from '~/utils/auth.server'
import { UploadError, receivePdfUpload } from '~/utils/document-upload.server'
import { getStorage } from '~/utils/storage.server'

/** POST /api/documents/simple-upload — multipart `file` (a PDF, at most 50MB) and `category`. */
export async function action({ request }: ActionFunctionArgs) {
  const user = await requireApiUserWithPermission(request, 'records:write')
  if (request.method !== 'POST') return methodNotAllowed(['POST'])
  let upload
  try {
    upload = await receivePdfUpload(request)
  } catch (error) {
    if (error instanceof UploadError) return json({ success: false, error: error.message }, { status: error.status })
    throw error
  }
  const { file, form } = upload
  const parsed = documentUploadSchema.safeParse(Object.fromEntries(form))
  if (!file || !parsed.success) {
    if (file) await getStorage().remove(file.key)
    const error = !file ? 'Select a PDF file' : parsed.error?.issues.map((issue) => issue.message).join(', ')
    return json({ success: false, error }, { status: 400 })
  }
  const document = await createDocument(file, parsed.data, { request, userId: user.id, userName: user.name })
  return json({ success: true, error: null, document: documentToJson(document) }, { status: 201 })
}
