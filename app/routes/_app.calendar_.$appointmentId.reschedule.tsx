import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { json } from '@remix-run/node'
import { useActionData, useLoaderData } from '@remix-run/react'
import { RouteDialog } from '~/components/route-dialog'
import { changeFollowingVisits, rescheduleAppointment, viewAppointment, whenDefaults } from '~/features/calendar/appointments.server'
import { rescheduleSchema } from '~/features/calendar/forms.server'
import { APPOINTMENT_DETAILS_ID, finishedMessage } from '~/features/calendar/options'
import { RescheduleForm } from '~/features/calendar/reschedule-form'
import { isAllowed } from '~/features/calendar/rules'
import { parseWithZod } from '~/lib/form-input.server'
import { formRules } from '~/lib/form-rules.server'
import { describeTimeZone, formatTimeRange } from '~/lib/time'
import { userActor } from '~/platform/auth/actor.server'
import { requireUserWithPermission } from '~/platform/auth/auth.server'
import { getEnv } from '~/platform/env.server'
import { formFailure } from '~/platform/http/errors.server'
import { dialogExitPath } from '~/platform/http/request.server'
import { redirectWithToast } from '~/platform/http/toast.server'

export const meta: MetaFunction = () => [{ title: 'Reschedule Appointment | Healthcare Portal' }]

export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireUserWithPermission(request, 'records:write')
  const appointment = await viewAppointment(params.appointmentId ?? '', userActor(request, user))
  if (!appointment) throw new Response('Appointment not found', { status: 404 })
  const closeTo = dialogExitPath(request, `/calendar/${appointment.id}`)
  if (!isAllowed(appointment.status, 'reschedule')) {
    throw await redirectWithToast(closeTo, { type: 'destructive', title: 'Error', description: finishedMessage(appointment.status, 'rescheduled') })
  }
  const timeZone = getEnv().AGENCY_TIME_ZONE
  return json({
    closeTo,
    title: appointment.title,
    now: formatTimeRange(appointment.startTime, appointment.endTime, timeZone),
    rules: formRules(`reschedule|${timeZone}`, () => rescheduleSchema(timeZone)),
    inSeries: appointment.seriesId !== null,
    defaults: whenDefaults(appointment, timeZone),
    zoneLabel: `Times are ${describeTimeZone(timeZone)}`,
  })
}

export async function action({ request, params }: ActionFunctionArgs) {
  const user = await requireUserWithPermission(request, 'records:write')
  const id = params.appointmentId ?? ''
  const timeZone = getEnv().AGENCY_TIME_ZONE
  const submission = parseWithZod(await request.formData(), { schema: rescheduleSchema(timeZone) })
  if (submission.status !== 'success') return json(submission.reply(), { status: 400 })
  const { wallClock, scope, confirmAvailability, ...when } = submission.value
  let appointment
  try {
    appointment =
      scope === 'following'
        ? (await changeFollowingVisits(id, { kind: 'reschedule', input: when, wallClock }, userActor(request, user), { confirmAvailability }))[0]!
        : await rescheduleAppointment(id, when, userActor(request, user), { confirmAvailability })
  } catch (error) {
    return formFailure(error, submission, 'Failed to reschedule appointment')
  }
  return redirectWithToast(`${dialogExitPath(request, `/calendar/${id}`)}#${APPOINTMENT_DETAILS_ID}`, {
    title: 'Appointment rescheduled',
    description: formatTimeRange(appointment.startTime, appointment.endTime, timeZone),
  })
}

export default function RescheduleAppointment() {
  const { closeTo, title, now, rules, defaults, zoneLabel, inSeries } = useLoaderData<typeof loader>()
  const lastResult = useActionData<typeof action>()
  return (
    <RouteDialog title="Reschedule Appointment" closeTo={closeTo}>
      <p className="mb-4 text-sm text-slate-700">
        {title}: now {now}.
      </p>
      <RescheduleForm rules={rules} defaults={defaults} lastResult={lastResult} cancelTo={closeTo} zoneLabel={zoneLabel} inSeries={inSeries} />
    </RouteDialog>
  )
}
