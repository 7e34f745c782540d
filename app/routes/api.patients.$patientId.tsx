import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node'
import { json } from '@remix-run/node'
import { getPatient, patientToJson, recordPatientView, updatePatientFromApi } from '~/features/patients/patients.server'
import { patientApiSchema } from '~/features/patients/schema'
import { apiError, methodNotAllowed, parseJsonBody } from '~/platform/http/api.server'
import { apiRoute } from '~/platform/http/errors.server'
import { requireApiUserWithPermission } from '~/platform/auth/auth.server'
import { getEnv } from '~/platform/env.server'
import { userActor } from '~/platform/auth/actor.server'

export const loader = apiRoute('patient', async ({ request, params }: LoaderFunctionArgs) => {
  const user = await requireApiUserWithPermission(request, 'records:read')
  const patient = await getPatient(params.patientId ?? '')
  if (!patient) throw apiError(404, 'Patient not found')
  await recordPatientView(patient.id, userActor(request, user))
  return json(patientToJson(patient))
})

/**
 * PUT /api/patients/{id}: the personal fields replace the stored ones; each
 * step object given (medicalHistory, insuranceInfo, emergencyContacts,
 * carePreferences) replaces that step, and steps left out are kept.
 */
export const action = apiRoute('patient', async ({ request, params }: ActionFunctionArgs) => {
  const user = await requireApiUserWithPermission(request, 'records:write')
  if (request.method !== 'PUT') return methodNotAllowed(['GET', 'PUT'])
  const input = await parseJsonBody(request, patientApiSchema(getEnv().AGENCY_TIME_ZONE), 'patient')
  const patient = await updatePatientFromApi(params.patientId ?? '', input, userActor(request, user))
  return json(patientToJson(patient))
})
