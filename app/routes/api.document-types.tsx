import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node'
import { json } from '@remix-run/node'
import { createDocumentType, documentTypeToJson, listDocumentTypes } from '~/features/document-types/document-types.server'
import { documentTypeApiError, documentTypeSchema } from '~/features/document-types/schema'
import { apiError, methodNotAllowed, readJsonBody } from '~/platform/http/api.server'
import { requireApiUserWithPermission } from '~/platform/auth/auth.server'
import { userActor } from '~/platform/auth/actor.server'
import { apiRoute } from '~/platform/http/errors.server'

/** GET /api/document-types — an array, by display order then name. */
export const loader = apiRoute('document type', async ({ request }: LoaderFunctionArgs) => {
  await requireApiUserWithPermission(request, 'records:read')
  const documentTypes = await listDocumentTypes()
  return json(documentTypes.map(documentTypeToJson))
})

/** POST /api/document-types — 201 with the saved type (tag normalised). */
export const action = apiRoute('document type', async ({ request }: ActionFunctionArgs) => {
  const user = await requireApiUserWithPermission(request, 'records:write')
  if (request.method !== 'POST') return methodNotAllowed(['GET', 'POST'])
  const parsed = documentTypeSchema.safeParse(await readJsonBody(request))
  if (!parsed.success) {
    const { error, fieldErrors } = documentTypeApiError(parsed.error)
    throw apiError(400, error, { fieldErrors })
  }
  const documentType = await createDocumentType(parsed.data, userActor(request, user))
  return json(documentTypeToJson(documentType), { status: 201 })
})
