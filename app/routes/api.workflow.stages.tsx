import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node'
import { json } from '@remix-run/node'
import { stageApiError, stageApiSchema, stageListQuerySchema } from '~/features/workflows/forms.server'
import { createStage, listStages, stageToJson } from '~/features/workflows/stages.server'
import { userActor } from '~/platform/auth/actor.server'
import { requireApiUserWithPermission } from '~/platform/auth/auth.server'
import { apiError, methodNotAllowed, readJsonBody } from '~/platform/http/api.server'
import { apiRoute } from '~/platform/http/errors.server'

/** GET /api/workflow/stages[?type=lead|patient|caregiver] — an array, by type then order. */
export const loader = apiRoute('workflow stage', async ({ request }: LoaderFunctionArgs) => {
  await requireApiUserWithPermission(request, 'records:read')
  const { type } = stageListQuerySchema.parse(Object.fromEntries(new URL(request.url).searchParams))
  return json((await listStages({ type })).map(stageToJson))
})

/** POST /api/workflow/stages — 201 with the saved stage (order after the others when absent). */
export const action = apiRoute('workflow stage', async ({ request }: ActionFunctionArgs) => {
  const user = await requireApiUserWithPermission(request, 'records:write')
  if (request.method !== 'POST') return methodNotAllowed(['GET', 'POST'])
  const parsed = stageApiSchema.safeParse(await readJsonBody(request))
  if (!parsed.success) {
    const { error, fieldErrors } = stageApiError(parsed.error)
    throw apiError(400, error, { fieldErrors })
  }
  return json(stageToJson(await createStage(parsed.data, userActor(request, user))), { status: 201 })
})
