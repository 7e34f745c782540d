import type { LoaderFunctionArgs } from '@remix-run/node'
import { json } from '@remix-run/node'
import { runListQuerySchema } from '~/features/workflows/forms.server'
import { viewRuns } from '~/features/workflows/runs.server'
import { userActor } from '~/platform/auth/actor.server'
import { requireApiUserWithPermission } from '~/platform/auth/auth.server'
import { apiRoute } from '~/platform/http/errors.server'

/** GET /api/workflow/runs[?entityType&entityId][&stageId][&status] — newest scheduled first, at most 200. */
export const loader = apiRoute('workflow run', async ({ request }: LoaderFunctionArgs) => {
  const user = await requireApiUserWithPermission(request, 'records:read')
  const filter = runListQuerySchema.parse(Object.fromEntries(new URL(request.url).searchParams))
  return json(await viewRuns(filter, userActor(request, user)))
})
