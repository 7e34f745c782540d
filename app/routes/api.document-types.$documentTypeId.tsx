import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node'
import { json } from '@remix-run/node'
import { deleteDocumentType, documentTypeToJson, getDocumentType, updateDocumentType } from '~/features/document-types/document-types.server'
import { documentTypeApiError, documentTypeSchema } from '~/features/document-types/schema'
import { apiError, methodNotAllowed, readJsonBody } from '~/platform/http/api.server'
import { requireApiUserWithPermission } from '~/platform/auth/auth.server'
import { userActor } from '~/platform/auth/actor.server'

const NOT_FOUND = 'Document type not found'

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireApiUserWithPermission(request, 'records:read')
  const documentType = await getDocumentType(params.documentTypeId ?? '')
  if (!documentType) throw apiError(404, NOT_FOUND)
  return json(documentTypeToJson(documentType))
}

/** PUT /api/document-types/{id} (the whole type, as on create) and DELETE /api/document-types/{id}. */
export async function action({ request, params }: ActionFunctionArgs) {
  const user = await requireApiUserWithPermission(request, 'records:write')
  const actor = userActor(request, user)
  const existing = await getDocumentType(params.documentTypeId ?? '')
  if (request.method === 'DELETE') {
    if (!existing || !(await deleteDocumentType(existing.id, actor))) throw apiError(404, NOT_FOUND)
    return json({ success: true, id: existing.id })
  }
  if (request.method !== 'PUT') return methodNotAllowed(['GET', 'PUT', 'DELETE'])
  if (!existing) throw apiError(404, NOT_FOUND)
  const parsed = documentTypeSchema.safeParse(await readJsonBody(request))
  if (!parsed.success) {
    const { error, fieldErrors } = documentTypeApiError(parsed.error)
    throw apiError(400, error, { fieldErrors })
  }
  const documentType = await updateDocumentType(existing.id, parsed.data, actor)
  if (!documentType) throw apiError(404, NOT_FOUND)
  return json(documentTypeToJson(documentType))
}
