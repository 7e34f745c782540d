import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node'
import { json } from '@remix-run/node'
import { appointmentToJson, deleteAppointment, updateAppointmentFromApi, viewAppointment } from '~/features/calendar/appointments.server'
import { appointmentUpdateApiSchema } from '~/features/calendar/forms.server'
import { userActor } from '~/platform/auth/actor.server'
import { requireApiUserWithPermission } from '~/platform/auth/auth.server'
import { getEnv } from '~/platform/env.server'
import { apiError, methodNotAllowed, parseJsonBody } from '~/platform/http/api.server'
import { apiRoute } from '~/platform/http/errors.server'

export const loader = apiRoute('appointment', async ({ request, params }: LoaderFunctionArgs) => {
  const user = await requireApiUserWithPermission(request, 'records:read')
  const appointment = await viewAppointment(params.appointmentId ?? '', userActor(request, user))
  if (!appointment) throw apiError(404, 'Appointment not found')
  return json(appointmentToJson(appointment))
})

/** PUT /api/appointments/{id} (the whole appointment, as on create, and its status) and DELETE /api/appointments/{id}. */
export const action = apiRoute('appointment', async ({ request, params }: ActionFunctionArgs) => {
  const user = await requireApiUserWithPermission(request, 'records:write')
  const actor = userActor(request, user)
  const id = params.appointmentId ?? ''
  if (request.method === 'DELETE') {
    await deleteAppointment(id, actor)
    return json({ success: true, id })
  }
  if (request.method !== 'PUT') return methodNotAllowed(['GET', 'PUT', 'DELETE'])
  const body = await parseJsonBody(request, appointmentUpdateApiSchema(getEnv().AGENCY_TIME_ZONE), 'appointment')
  return json(appointmentToJson(await updateAppointmentFromApi(id, body, actor)))
})
