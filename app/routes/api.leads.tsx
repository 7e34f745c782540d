import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node'
import { json } from '@remix-run/node'
import { createLead, getLead, leadToJson, listLeadsForApi } from '~/features/leads/leads.server'
import { leadListQuerySchema, leadSchema } from '~/features/leads/schema'
import { methodNotAllowed, parseJsonBody } from '~/platform/http/api.server'
import { apiRoute } from '~/platform/http/errors.server'
import { requireApiUserWithPermission } from '~/platform/auth/auth.server'
import { syncLeadNow } from '~/features/leads/ghl-sync.server'
import { userActor } from '~/platform/auth/actor.server'
import { DEFAULT_SORT } from '~/lib/list-sort'

const API_PAGE_SIZE = 50

/** GET /api/leads?q=&status=&source=&sort=&page=&pageSize= — an array, newest first unless `sort` says otherwise; X-Total-Count has the total. */
export const loader = apiRoute('lead', async ({ request }: LoaderFunctionArgs) => {
  const user = await requireApiUserWithPermission(request, 'records:read')
  const params = new URL(request.url).searchParams
  const query = leadListQuerySchema.parse({
    q: params.get('q') ?? '',
    status: params.get('status') || undefined,
    source: params.get('source') || undefined,
    sort: params.get('sort') || DEFAULT_SORT,
    view: 'table',
    page: params.get('page') ?? 1,
    pageSize: params.get('pageSize') ?? API_PAGE_SIZE,
  })
  const { total, leads } = await listLeadsForApi(query, userActor(request, user))
  return json(leads, { headers: { 'X-Total-Count': String(total) } })
})

/** POST /api/leads — saves the lead, then mirrors it to GoHighLevel (ghlSync says how that went). */
export const action = apiRoute('lead', async ({ request }: ActionFunctionArgs) => {
  const user = await requireApiUserWithPermission(request, 'records:write')
  if (request.method !== 'POST') return methodNotAllowed(['GET', 'POST'])
  const input = await parseJsonBody(request, leadSchema, 'lead')
  const lead = await createLead(input, userActor(request, user))
  const ghlSync = await syncLeadNow(lead.id)
  const saved = await getLead(lead.id)
  return json({ ...leadToJson(saved ?? lead), ghlSync }, { status: 201 })
})
