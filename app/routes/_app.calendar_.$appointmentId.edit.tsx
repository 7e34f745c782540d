import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { json, redirect } from '@remix-run/node'
import { useActionData, useLoaderData, useLocation } from '@remix-run/react'
import { RouteDialog } from '~/components/route-dialog'
import { AppointmentForm } from '~/features/calendar/appointment-form'
import { changeFollowingVisits, updateAppointment, viewAppointment, whenDefaults } from '~/features/calendar/appointments.server'
import { appointmentEditSchema } from '~/features/calendar/forms.server'
import { APPOINTMENT_DETAILS_ID, finishedMessage } from '~/features/calendar/options'
import { peopleOptions } from '~/features/calendar/people.server'
import { editAppointmentDefaults, findPeopleQuery, unrunFindPath } from '~/features/calendar/prefill'
import { isAllowed } from '~/features/calendar/rules'
import { parseWithZod } from '~/lib/form-input.server'
import { formRules } from '~/lib/form-rules.server'
import { describeTimeZone } from '~/lib/time'
import { userActor } from '~/platform/auth/actor.server'
import { requireUserWithPermission } from '~/platform/auth/auth.server'
import { getEnv } from '~/platform/env.server'
import { formFailure } from '~/platform/http/errors.server'
import { dialogExitPath } from '~/platform/http/request.server'
import { redirectWithToast } from '~/platform/http/toast.server'

export const meta: MetaFunction = () => [{ title: 'Edit Appointment | Healthcare Portal' }]

export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireUserWithPermission(request, 'records:write')
  const actor = userActor(request, user)
  const appointment = await viewAppointment(params.appointmentId ?? '', actor)
  if (!appointment) throw new Response('Appointment not found', { status: 404 })
  const closeTo = dialogExitPath(request, `/calendar/${appointment.id}`)
  if (!isAllowed(appointment.status, 'edit')) {
    throw await redirectWithToast(closeTo, { type: 'destructive', title: 'Error', description: finishedMessage(appointment.status, 'changed') })
  }
  const timeZone = getEnv().AGENCY_TIME_ZONE
  const query = new URL(request.url).searchParams
  const defaults = editAppointmentDefaults(query, {
    title: appointment.title,
    ...whenDefaults(appointment, timeZone),
    appointmentType: appointment.appointmentType,
    location: appointment.location,
    notes: appointment.notes,
    patientId: appointment.patientId,
    caregiverId: appointment.caregiverId,
    leadId: appointment.leadId,
  })
  return json({
    closeTo,
    rules: formRules(`appointment-edit|${timeZone}`, () => appointmentEditSchema(timeZone)),
    inSeries: appointment.seriesId !== null,
    defaults,
    people: await peopleOptions(defaults, actor, findPeopleQuery(query)),
    zoneLabel: `Times are ${describeTimeZone(timeZone)}`,
  })
}

export async function action({ request, params }: ActionFunctionArgs) {
  const user = await requireUserWithPermission(request, 'records:write')
  const id = params.appointmentId ?? ''
  const formData = await request.formData()
  const findPath = unrunFindPath(formData, new URL(request.url))
  if (findPath) return redirect(findPath, 303)
  const submission = parseWithZod(formData, { schema: appointmentEditSchema(getEnv().AGENCY_TIME_ZONE) })
  if (submission.status !== 'success') return json(submission.reply(), { status: 400 })
  const { input, wallClock, scope, confirmAvailability } = submission.value
  try {
    if (scope === 'following') await changeFollowingVisits(id, { kind: 'edit', input, wallClock }, userActor(request, user), { confirmAvailability })
    else await updateAppointment(id, input, userActor(request, user), { confirmAvailability })
  } catch (error) {
    return formFailure(error, submission, 'Failed to update appointment')
  }
  return redirectWithToast(`${dialogExitPath(request, `/calendar/${id}`)}#${APPOINTMENT_DETAILS_ID}`, { title: 'Appointment updated successfully!' })
}

export default function EditAppointment() {
  const { closeTo, rules, defaults, people, zoneLabel, inSeries } = useLoaderData<typeof loader>()
  const lastResult = useActionData<typeof action>()
  const { search } = useLocation()
  return (
    <RouteDialog title="Edit Appointment" closeTo={closeTo} size="lg">
      <AppointmentForm
        key={search}
        returnTo={closeTo}
        rules={rules}
        defaults={defaults}
        people={people}
        zoneLabel={zoneLabel}
        lastResult={lastResult}
        cancelTo={closeTo}
        submitLabel="Update Appointment"
        inSeries={inSeries}
      />
    </RouteDialog>
  )
}
