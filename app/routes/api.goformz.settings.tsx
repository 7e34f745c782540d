import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node'
import { json } from '@remix-run/node'
import { updateGoformzSettings } from '~/features/esign/goformz-settings.server'
import { goformzSettingsApiError, goformzSettingsApiSchema } from '~/integrations/goformz/settings-schema.server'
import { getGoformzSettingsView } from '~/integrations/goformz/settings.server'
import { userActor } from '~/platform/auth/actor.server'
import { requireApiUserWithPermission } from '~/platform/auth/auth.server'
import { apiError, methodNotAllowed, readJsonBody } from '~/platform/http/api.server'
import { apiRoute } from '~/platform/http/errors.server'

/** GET /api/goformz/settings — the settings object, with hasApiKey/hasApiSecret instead of the secrets. */
export const loader = apiRoute('GoFormz settings', async ({ request }: LoaderFunctionArgs) => {
  await requireApiUserWithPermission(request, 'integrations:manage')
  return json(await getGoformzSettingsView())
})

/** POST /api/goformz/settings — saves; a blank or absent key or secret keeps the saved one. */
export const action = apiRoute('GoFormz settings', async ({ request }: ActionFunctionArgs) => {
  const user = await requireApiUserWithPermission(request, 'integrations:manage')
  if (request.method !== 'POST') return methodNotAllowed(['GET', 'POST'])
  const saved = await getGoformzSettingsView()
  const parsed = goformzSettingsApiSchema(saved).safeParse(await readJsonBody(request))
  if (!parsed.success) {
    const { error, fieldErrors } = goformzSettingsApiError(parsed.error)
    throw apiError(400, error, { fieldErrors })
  }
  await updateGoformzSettings(parsed.data, userActor(request, user))
  return json(await getGoformzSettingsView())
})
