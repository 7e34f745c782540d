import type { LoaderFunctionArgs } from '@remix-run/node'
import { json } from '@remix-run/node'
import { listWorkQueue } from '~/features/dashboard/dashboard.server'
import { workQueueLimitSchema } from '~/features/dashboard/forms.server'
import { userActor } from '~/platform/auth/actor.server'
import { requireApiUserWithPermission } from '~/platform/auth/auth.server'
import { apiError } from '~/platform/http/api.server'
import { apiRoute } from '~/platform/http/errors.server'

/**
 * GET /api/work-queue?limit=10: { tasks: [{ id, kind, task, priority, assignee, dueDate, href, mine }], total, totalCapped },
 * the dashboard's list: the first `limit` tasks (1–100, 10 by default).
 */
export const loader = apiRoute('work queue', async ({ request }: LoaderFunctionArgs) => {
  const user = await requireApiUserWithPermission(request, 'records:read')
  const limit = workQueueLimitSchema.safeParse(new URL(request.url).searchParams.get('limit') || undefined)
  if (!limit.success) throw apiError(400, 'Invalid query', { fieldErrors: { limit: [limit.error.issues[0]!.message] } })
  return json(await listWorkQueue(user, userActor(request, user), { request, limit: limit.data }))
})
