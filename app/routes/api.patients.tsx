import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node'
import { json } from '@remix-run/node'
import {
  createPatientFromApi,
  listPatientsForApi,
  patientToJson,
} from '~/features/patients/patients.server'
import { parsePatientListQuery, patientApiSchema } from '~/features/patients/schema'
import { methodNotAllowed, parseJsonBody } from '~/platform/http/api.server'
import { requireApiUserWithPermission } from '~/platform/auth/auth.server'
import { getEnv } from '~/platform/env.server'
import { userActor } from '~/platform/auth/actor.server'
import { apiRoute } from '~/platform/http/errors.server'

const API_PAGE_SIZE = 50

/**
 * GET /api/patients?q=&status=&date=&careType=&page=&pageSize= — an array,
 * newest first; X-Total-Count has the total.
 */
export const loader = apiRoute('patient', async ({ request }: LoaderFunctionArgs) => {
  const user = await requireApiUserWithPermission(request, 'records:read')
  const query = parsePatientListQuery(new URL(request.url).searchParams, { pageSize: API_PAGE_SIZE })
  const { total, patients } = await listPatientsForApi(query, userActor(request, user), getEnv().AGENCY_TIME_ZONE)
  return json(patients, { headers: { 'X-Total-Count': String(total) } })
})

/** POST /api/patients — a registration with its personal info and any later steps. */
export const action = apiRoute('patient', async ({ request }: ActionFunctionArgs) => {
  const user = await requireApiUserWithPermission(request, 'records:write')
  if (request.method !== 'POST') return methodNotAllowed(['GET', 'POST'])
  const input = await parseJsonBody(request, patientApiSchema(getEnv().AGENCY_TIME_ZONE), 'patient')
  const patient = await createPatientFromApi(input, userActor(request, user))
  return json(patientToJson(patient), { status: 201 })
})
