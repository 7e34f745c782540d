import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node'
import { json } from '@remix-run/node'
import { appointmentToJson, createAppointment, getAppointment } from '~/features/calendar/appointments.server'
import { appointmentCreateApiSchema } from '~/features/calendar/forms.server'
import { userActor } from '~/platform/auth/actor.server'
import { requireApiUserWithPermission } from '~/platform/auth/auth.server'
import { getEnv } from '~/platform/env.server'
import { methodNotAllowed, parseJsonBody } from '~/platform/http/api.server'
import { apiRoute } from '~/platform/http/errors.server'

/** Appointments are listed at GET /api/appointments/upcoming. */
export const loader = apiRoute('appointment', async ({ request }: LoaderFunctionArgs) => {
  await requireApiUserWithPermission(request, 'records:read')
  return methodNotAllowed(['POST'])
})

/**
 * POST /api/appointments: the spec's fields. A new appointment is scheduled
 * (or confirmed); it lasts an hour when endTime is absent; a caregiver
 * already booked at that time answers 409 naming the clash.
 */
export const action = apiRoute('appointment', async ({ request }: ActionFunctionArgs) => {
  const user = await requireApiUserWithPermission(request, 'records:write')
  if (request.method !== 'POST') return methodNotAllowed(['POST'])
  const { input, status } = await parseJsonBody(request, appointmentCreateApiSchema(getEnv().AGENCY_TIME_ZONE), 'appointment')
  const appointment = await createAppointment(input, { id: user.id, name: user.name }, userActor(request, user), {
    status: status === 'confirmed' ? 'confirmed' : 'scheduled',
  })
  return json(appointmentToJson((await getAppointment(appointment.id)) ?? appointment), { status: 201 })
})
