import type { LoaderFunctionArgs } from '@remix-run/node'
import { json } from '@remix-run/node'
import { listOutbox, outboxJson, parseOutboxQuery } from '~/features/email/settings.server'
import { userActor } from '~/platform/auth/actor.server'
import { requireApiUserWithPermission } from '~/platform/auth/auth.server'
import { apiRoute } from '~/platform/http/errors.server'

const API_PAGE_SIZE = 50

/**
 * GET /api/outbox?status=&entityType=&entityId=&page=&pageSize= — the
 * outgoing e-mails, newest first; X-Total-Count has the total. Admins only.
 */
export const loader = apiRoute('outbound e-mail', async ({ request }: LoaderFunctionArgs) => {
  const user = await requireApiUserWithPermission(request, 'integrations:manage')
  const query = parseOutboxQuery(new URL(request.url).searchParams, API_PAGE_SIZE)
  const { total, rows } = await listOutbox(query, userActor(request, user))
  return json(rows.map(outboxJson), { headers: { 'X-Total-Count': String(total), 'Cache-Control': 'no-store' } })
})
