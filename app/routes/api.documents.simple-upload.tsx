import type { ActionFunctionArgs } from '@remix-run/node'
import { json } from '@remix-run/node'
import { createDocument, documentToJson } from '~/features/documents/documents.server'
import { documentUploadSchema } from '~/features/documents/schema'
import { methodNotAllowed } from '~/platform/http/api.server'
import { requireApiUserWithPermission } from '~/platform/auth/auth.server'
import { userActor } from '~/platform/auth/actor.server'
import { receivePdfUpload } from '~/features/documents/upload.server'
import { UploadError } from '~/platform/uploads.server'
import { getStorage } from '~/platform/storage.server'
import { apiRoute } from '~/platform/http/errors.server'

/** POST /api/documents/simple-upload — multipart `file` (a PDF, at most 50MB) and `category`. */
export const action = apiRoute('document', async ({ request }: ActionFunctionArgs) => {
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
  const document = await createDocument(file, parsed.data, { ...userActor(request, user), userName: user.name })
  return json({ success: true, error: null, document: documentToJson(document) }, { status: 201 })
})
