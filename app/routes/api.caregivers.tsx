import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node'
import { json } from '@remix-run/node'
import { caregiverToJson, createCaregiver, getCaregiver, listCaregiversForApi } from '~/features/caregivers/caregivers.server'
import { caregiverApiSchema, parseCaregiverListQuery } from '~/features/caregivers/schema'
import { methodNotAllowed, parseJsonBody } from '~/platform/http/api.server'
import { requireApiUserWithPermission } from '~/platform/auth/auth.server'
import { userActor } from '~/platform/auth/actor.server'
import { apiRoute } from '~/platform/http/errors.server'

const API_PAGE_SIZE = 50

/**
 * GET /api/caregivers?q=&status=&specialization=&backgroundCheckStatus=&page=&pageSize=
 * — an array, newest first; X-Total-Count has the total.
 */
export const loader = apiRoute('caregiver', async ({ request }: LoaderFunctionArgs) => {
  const user = await requireApiUserWithPermission(request, 'records:read')
  const query = parseCaregiverListQuery(new URL(request.url).searchParams, { pageSize: API_PAGE_SIZE })
  const { total, caregivers } = await listCaregiversForApi(query, userActor(request, user))
  return json(caregivers, { headers: { 'X-Total-Count': String(total) } })
})

/** POST /api/caregivers — a new application: always active, background check pending, submitted. */
export const action = apiRoute('caregiver', async ({ request }: ActionFunctionArgs) => {
  const user = await requireApiUserWithPermission(request, 'records:write')
  if (request.method !== 'POST') return methodNotAllowed(['GET', 'POST'])
  const input = await parseJsonBody(request, caregiverApiSchema, 'caregiver')
  const created = await createCaregiver(input, [], userActor(request, user))
  const caregiver = await getCaregiver(created.id)
  return json(caregiverToJson(caregiver!), { status: 201 })
})
