import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node'
import { json } from '@remix-run/node'
import { createDocumentType, documentTypeToJson, listDocumentTypes } from '~/models/document-type.server'
import { documentTypeApiError, documentTypeSchema } from '~/schemas/document-type'
import { apiError, methodNotAllowed, readJsonBody } from '~/utils/api.server'
import { requireApiUserWithPermission } from '~/utils/auth.server'

/** GET /api/document-types — an array, by display order then name. */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireApiUserWithPermission(request, 'records:read')
  const documentTypes = await listDocumentTypes()
  return json(documentTypes.map(documentTypeToJson))
}

/** POST /api/document-types — 201 with the saved type (tag normalised). */
export async function action({ request }: ActionFunctionArgs) {
  const user = await requireApiUserWithPermission(request, 'records:write')
  if (request.method !== 'POST') return methodNotAllowed(['GET', 'POST'])
  const parsed = documentTypeSchema.safeParse(await readJsonBody(request))
  if (!parsed.success) {
    const { error, fieldErrors } = documentTypeApiError(parsed.error)
    throw apiError(400, error, { fieldErrors })
  }
  const documentType = await createDocumentType(parsed.data, { request, userId: user.id })
  return json(documentTypeToJson(documentType), { status: 201 })
}
