import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node'
import { json } from '@remix-run/node'
import { deleteDocument, documentToJson, updateDocument, viewDocument } from '~/features/documents/documents.server'
import { documentEditSchema } from '~/features/documents/schema'
import { apiError, methodNotAllowed, parseJsonBody } from '~/platform/http/api.server'
import { apiRoute } from '~/platform/http/errors.server'
import { requireApiUserWithPermission } from '~/platform/auth/auth.server'
import { userActor } from '~/platform/auth/actor.server'

export const loader = apiRoute('document', async ({ request, params }: LoaderFunctionArgs) => {
  const user = await requireApiUserWithPermission(request, 'records:read')
  const document = await viewDocument(params.documentId ?? '', userActor(request, user))
  if (!document) throw apiError(404, 'Document not found')
  return json(documentToJson(document))
})

/** PUT /api/documents/{id} ({ name, description }) and DELETE /api/documents/{id} (removes the file too). */
export const action = apiRoute('document', async ({ request, params }: ActionFunctionArgs) => {
  const user = await requireApiUserWithPermission(request, 'records:write')
  const actor = userActor(request, user)
  const id = params.documentId ?? ''
  if (request.method === 'DELETE') {
    await deleteDocument(id, actor)
    return json({ success: true, id })
  }
  if (request.method !== 'PUT') return methodNotAllowed(['GET', 'PUT', 'DELETE'])
  const input = await parseJsonBody(request, documentEditSchema, 'document')
  return json(documentToJson(await updateDocument(id, input, actor)))
})
