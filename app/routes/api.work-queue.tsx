import type { LoaderFunctionArgs } from '@remix-run/node'
import { json } from '@remix-run/node'
import { listWorkQueue } from '~/features/dashboard/dashboard.server'
import { userActor } from '~/platform/auth/actor.server'
import { requireApiUserWithPermission } from '~/platform/auth/auth.server'
import { apiRoute } from '~/platform/http/errors.server'

/** GET /api/work-queue: { tasks: [{ id, kind, task, priority, assignee, dueDate, href, mine }], total, totalCapped }, the dashboard's list. */
export const loader = apiRoute('work queue', async ({ request }: LoaderFunctionArgs) => {
  const user = await requireApiUserWithPermission(request, 'records:read')
  return json(await listWorkQueue(user, userActor(request, user), { request }))
})
