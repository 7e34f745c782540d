import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node'
import { json } from '@remix-run/node'
import { deleteDocumentType, documentTypeToJson, getDocumentType, updateDocumentType } from '~/features/document-types/document-types.server'
import { documentTypeApiError, documentTypeSchema } from '~/features/document-types/schema'
import { apiError, methodNotAllowed, readJsonBody } from '~/platform/http/api.server'
import { apiRoute } from '~/platform/http/errors.server'
import { requireApiUserWithPermission } from '~/platform/auth/auth.server'
import { userActor } from '~/platform/auth/actor.server'

export const loader = apiRoute('document type', async ({ request, params }: LoaderFunctionArgs) => {
  await requireApiUserWithPermission(request, 'records:read')
  const documentType = await getDocumentType(params.documentTypeId ?? '')
  if (!documentType) throw apiError(404, 'Document type not found')
  return json(documentTypeToJson(documentType))
})

/** PUT /api/document-types/{id} (the whole type, as on create) and DELETE /api/document-types/{id}. */
export const action = apiRoute('document type', async ({ request, params }: ActionFunctionArgs) => {
  const user = await requireApiUserWithPermission(request, 'records:write')
  const actor = userActor(request, user)
  const id = params.documentTypeId ?? ''
  if (request.method === 'DELETE') {
    await deleteDocumentType(id, actor)
    return json({ success: true, id })
  }
  if (request.method !== 'PUT') return methodNotAllowed(['GET', 'PUT', 'DELETE'])
  const parsed = documentTypeSchema.safeParse(await readJsonBody(request))
  if (!parsed.success) {
    const { error, fieldErrors } = documentTypeApiError(parsed.error)
    throw apiError(400, error, { fieldErrors })
  }
  return json(documentTypeToJson(await updateDocumentType(id, parsed.data, actor)))
})
