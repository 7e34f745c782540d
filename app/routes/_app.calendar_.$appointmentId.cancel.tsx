import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { json } from '@remix-run/node'
import { useActionData, useLoaderData } from '@remix-run/react'
import { RouteDialog } from '~/components/route-dialog'
import { cancelAppointments, viewAppointment } from '~/features/calendar/appointments.server'
import { CancelForm } from '~/features/calendar/cancel-form'
import { cancelSchema } from '~/features/calendar/forms.server'
import { APPOINTMENT_DETAILS_ID, finishedMessage } from '~/features/calendar/options'
import { isAllowed } from '~/features/calendar/rules'
import { parseWithZod } from '~/lib/form-input.server'
import { formRules } from '~/lib/form-rules.server'
import { formatTimeRange } from '~/lib/time'
import { userActor } from '~/platform/auth/actor.server'
import { requireUserWithPermission } from '~/platform/auth/auth.server'
import { getEnv } from '~/platform/env.server'
import { formFailure } from '~/platform/http/errors.server'
import { dialogExitPath } from '~/platform/http/request.server'
import { redirectWithToast } from '~/platform/http/toast.server'

export const meta: MetaFunction = () => [{ title: 'Cancel Appointment | Healthcare Portal' }]

export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireUserWithPermission(request, 'records:write')
  const appointment = await viewAppointment(params.appointmentId ?? '', userActor(request, user))
  if (!appointment) throw new Response('Appointment not found', { status: 404 })
  const closeTo = dialogExitPath(request, `/calendar/${appointment.id}`)
  if (!isAllowed(appointment.status, 'cancel')) {
    throw await redirectWithToast(closeTo, { type: 'destructive', title: 'Error', description: finishedMessage(appointment.status, 'cancelled') })
  }
  return json({
    closeTo,
    title: appointment.title,
    when: formatTimeRange(appointment.startTime, appointment.endTime, getEnv().AGENCY_TIME_ZONE),
    rules: formRules(cancelSchema),
    inSeries: appointment.seriesId !== null,
  })
}

export async function action({ request, params }: ActionFunctionArgs) {
  const user = await requireUserWithPermission(request, 'records:write')
  const id = params.appointmentId ?? ''
  const submission = parseWithZod(await request.formData(), { schema: cancelSchema })
  if (submission.status !== 'success') return json(submission.reply(), { status: 400 })
  let cancelled
  try {
    cancelled = await cancelAppointments(id, submission.value.scope, submission.value.cancelReason, userActor(request, user))
  } catch (error) {
    return formFailure(error, submission, 'Failed to cancel appointment')
  }
  return redirectWithToast(`${dialogExitPath(request, `/calendar/${id}`)}#${APPOINTMENT_DETAILS_ID}`, {
    title: cancelled.length > 1 ? `${cancelled.length} visits cancelled` : 'Appointment cancelled',
  })
}

export default function CancelAppointment() {
  const { closeTo, title, when, rules, inSeries } = useLoaderData<typeof loader>()
  const lastResult = useActionData<typeof action>()
  return (
    <RouteDialog title="Cancel Appointment" closeTo={closeTo}>
      <p className="mb-4 text-sm text-slate-700">
        {title}, {when}. The appointment stays on the calendar as cancelled, and the caregiver&apos;s time is free again.
      </p>
      <CancelForm rules={rules} lastResult={lastResult} cancelTo={closeTo} inSeries={inSeries} />
    </RouteDialog>
  )
}
