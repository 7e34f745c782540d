import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node'
import { json } from '@remix-run/node'
import { stageApiError, stageApiSchema } from '~/features/workflows/forms.server'
import { deleteStage, getStage, stageToJson, updateStage } from '~/features/workflows/stages.server'
import { userActor } from '~/platform/auth/actor.server'
import { requireApiUserWithPermission } from '~/platform/auth/auth.server'
import { apiError, methodNotAllowed, readJsonBody } from '~/platform/http/api.server'
import { apiRoute } from '~/platform/http/errors.server'

export const loader = apiRoute('workflow stage', async ({ request, params }: LoaderFunctionArgs) => {
  await requireApiUserWithPermission(request, 'records:read')
  const stage = await getStage(params.stageId ?? '')
  if (!stage) throw apiError(404, 'Workflow stage not found')
  return json(stageToJson(stage))
})

/** PUT /api/workflow/stages/{id} (the whole stage, as on create) and DELETE /api/workflow/stages/{id}. */
export const action = apiRoute('workflow stage', async ({ request, params }: ActionFunctionArgs) => {
  const user = await requireApiUserWithPermission(request, 'records:write')
  const actor = userActor(request, user)
  const id = params.stageId ?? ''
  if (request.method === 'DELETE') {
    await deleteStage(id, actor)
    return json({ success: true, id })
  }
  if (request.method !== 'PUT') return methodNotAllowed(['GET', 'PUT', 'DELETE'])
  const parsed = stageApiSchema.safeParse(await readJsonBody(request))
  if (!parsed.success) {
    const { error, fieldErrors } = stageApiError(parsed.error)
    throw apiError(400, error, { fieldErrors })
  }
  return json(stageToJson(await updateStage(id, parsed.data, actor)))
})
