import type { ActionFunctionArgs } from '@remix-run/node'
import { json } from '@remix-run/node'
import { testGoformzConnection } from '~/features/esign/goformz-settings.server'
import { goformzTestSchema } from '~/integrations/goformz/settings-schema.server'
import { userActor } from '~/platform/auth/actor.server'
import { requireApiUserWithPermission } from '~/platform/auth/auth.server'
import { methodNotAllowed, parseJsonBody } from '~/platform/http/api.server'
import { apiRoute } from '~/platform/http/errors.server'

/**
 * POST /api/goformz/test — { apiKey?, apiSecret? } (absent: the saved ones) →
 * { success, message } and, on failure, GoFormz's reason as `error`.
 */
export const action = apiRoute('connection test', async ({ request }: ActionFunctionArgs) => {
  const user = await requireApiUserWithPermission(request, 'integrations:manage')
  if (request.method !== 'POST') return methodNotAllowed(['POST'])
  const body = await parseJsonBody(request, goformzTestSchema, 'connection test')
  return json(await testGoformzConnection(body, userActor(request, user)))
})
