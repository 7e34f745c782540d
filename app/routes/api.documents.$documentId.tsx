import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node'
import { json } from '@remix-run/node'
import { deleteDocument, documentToJson, getDocument, updateDocument } from '~/features/documents/documents.server'
import { documentEditSchema } from '~/features/documents/schema'
import { apiError, methodNotAllowed, parseJsonBody } from '~/platform/http/api.server'
import { requireApiUserWithPermission } from '~/platform/auth/auth.server'
import { userActor } from '~/platform/auth/actor.server'

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireApiUserWithPermission(request, 'records:read')
  const document = await getDocument(params.documentId ?? '')
  if (!document) throw apiError(404, 'Document not found')
  return json(documentToJson(document))
}

/** PUT /api/documents/{id} ({ name, description }) and DELETE /api/documents/{id} (removes the file too). */
export async function action({ request, params }: ActionFunctionArgs) {
  const user = await requireApiUserWithPermission(request, 'records:write')
  const actor = userActor(request, user)
  const id = params.documentId ?? ''
  if (request.method === 'DELETE') {
    if (!(await deleteDocument(id, actor).catch(() => false))) throw apiError(404, 'Document not found')
    return json({ success: true, id })
  }
  if (request.method !== 'PUT') return methodNotAllowed(['GET', 'PUT', 'DELETE'])
  if (!(await getDocument(id))) throw apiError(404, 'Document not found')
  const input = await parseJsonBody(request, documentEditSchema, 'document')
  const document = await updateDocument(id, input, actor)
  if (!document) throw apiError(404, 'Document not found')
  return json(documentToJson(document))
}
