import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { json, redirect } from '@remix-run/node'
import { useActionData, useLoaderData, useLocation } from '@remix-run/react'
import { RouteDialog } from '~/components/route-dialog'
import { AppointmentForm } from '~/features/calendar/appointment-form'
import { asCreateFailure, createAppointment, createAppointmentSeries } from '~/features/calendar/appointments.server'
import { appointmentCreateSchema } from '~/features/calendar/forms.server'
import { createFailureMessage } from '~/features/calendar/options'
import { peopleOptions } from '~/features/calendar/people.server'
import { schedulePageBehind } from '~/features/calendar/schedule-links'
import { findPeopleQuery, newAppointmentDefaults, unrunFindPath, withoutPrefill } from '~/features/calendar/prefill'
import { parseWithZod } from '~/lib/form-input.server'
import { formRules } from '~/lib/form-rules.server'
import { describeTimeZone, formatTimeRange } from '~/lib/time'
import { userActor } from '~/platform/auth/actor.server'
import { requireUserWithPermission } from '~/platform/auth/auth.server'
import { getEnv } from '~/platform/env.server'
import { formFailure } from '~/platform/http/errors.server'
import { dialogExitPath } from '~/platform/http/request.server'
import { redirectWithToast } from '~/platform/http/toast.server'

export const meta: MetaFunction = () => [{ title: 'Create Appointment | Healthcare Portal' }]

function exitPath(request: Request, params: LoaderFunctionArgs['params']) {
  return dialogExitPath(withoutPrefill(new URL(request.url).searchParams), schedulePageBehind(params))
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireUserWithPermission(request, 'records:write')
  const timeZone = getEnv().AGENCY_TIME_ZONE
  const query = new URL(request.url).searchParams
  const defaults = newAppointmentDefaults(query)
  const people = await peopleOptions(defaults, userActor(request, user), findPeopleQuery(query))
  return json({
    closeTo: exitPath(request, params),
    rules: formRules(`appointment-create|${timeZone}`, () => appointmentCreateSchema(timeZone)),
    defaults,
    people,
    zoneLabel: `Times are ${describeTimeZone(timeZone)}`,
  })
}

export async function action({ request, params }: ActionFunctionArgs) {
  const user = await requireUserWithPermission(request, 'records:write')
  const timeZone = getEnv().AGENCY_TIME_ZONE
  const formData = await request.formData()
  const findPath = unrunFindPath(formData, new URL(request.url))
  if (findPath) return redirect(findPath, 303)
  const submission = parseWithZod(formData, { schema: appointmentCreateSchema(timeZone) })
  if (submission.status !== 'success') return json(submission.reply(), { status: 400 })
  const { input, visits, confirmAvailability } = submission.value
  const createdBy = { id: user.id, name: user.name }
  let appointments
  try {
    appointments = visits
      ? await createAppointmentSeries(input, visits, createdBy, userActor(request, user), { confirmAvailability })
      : [await createAppointment(input, createdBy, userActor(request, user), { confirmAvailability })]
  } catch (error) {
    return formFailure(asCreateFailure(error), submission, createFailureMessage())
  }
  const [first] = appointments
  return redirectWithToast(`${exitPath(request, params)}#appointment-${first!.id}`, {
    title: 'Appointment created successfully!',
    description:
      appointments.length > 1
        ? `${first!.title}: ${appointments.length} visits from ${formatTimeRange(first!.startTime, first!.endTime, timeZone)}`
        : `${first!.title}: ${formatTimeRange(first!.startTime, first!.endTime, timeZone)}`,
  })
}

export default function NewAppointment() {
  const lastResult = useActionData<typeof action>()
  const { closeTo, rules, defaults, people, zoneLabel } = useLoaderData<typeof loader>()
  const { search } = useLocation()
  return (
    <RouteDialog title="Create Appointment" closeTo={closeTo} size="lg">
      <AppointmentForm
        key={search}
        returnTo={closeTo}
        rules={rules}
        defaults={defaults}
        people={people}
        zoneLabel={zoneLabel}
        lastResult={lastResult}
        cancelTo={closeTo}
        submitLabel="Create Appointment"
        repeat
      />
    </RouteDialog>
  )
}
