import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { json } from '@remix-run/node'
import { Form, useLoaderData, useNavigation, useOutlet } from '@remix-run/react'
import { BackLink } from '~/components/back-link'
import { Link } from '~/components/link'
import { dialogHref, useDialogOutletOnly } from '~/components/dialog-links'
import { keepPageUnderDialogs } from '~/components/keep-page-under-dialogs'
import { PageHeader } from '~/components/page-header'
import { RecordHistory } from '~/components/record-history'
import { Button, buttonClassName } from '~/components/ui/button'
import { AppointmentStatusBadge, AppointmentTypeBadge } from '~/features/calendar/appointment-badges'
import { Assignments } from '~/features/calendar/appointment-list'
import { changeAppointmentStatus, listAppointmentHistory, viewAppointment } from '~/features/calendar/appointments.server'
import { APPOINTMENT_DETAILS_ID, durationLabel } from '~/features/calendar/options'
import { type StatusAction, allowedActions } from '~/features/calendar/rules'
import { formatDateTime, formatTimeRange, zoneAbbreviation } from '~/lib/time'
import { useFragmentFocus } from '~/lib/use-fragment-focus'
import { userActor } from '~/platform/auth/actor.server'
import { requireUserWithPermission } from '~/platform/auth/auth.server'
import { useCan, useTimeZone } from '~/platform/auth/user'
import { redirectWithFailure } from '~/platform/http/errors.server'
import { redirectWithToast } from '~/platform/http/toast.server'

// Titles name the kind of record, never the person: they stay in browser history on shared tablets.
export const meta: MetaFunction = () => [{ title: 'Appointment | Healthcare Portal' }]

export const shouldRevalidate = keepPageUnderDialogs((params) => `/calendar/${params.appointmentId}`)

export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireUserWithPermission(request, 'records:read')
  const appointment = await viewAppointment(params.appointmentId ?? '', userActor(request, user))
  if (!appointment) throw new Response('Appointment not found', { status: 404 })
  const history = await listAppointmentHistory(appointment.id)
  return json({ appointment, history, actions: allowedActions(appointment.status) })
}

/** The buttons that act at once; cancelling asks for a reason in its own dialog. */
const INSTANT_ACTIONS = ['confirm', 'complete', 'no_show'] as const satisfies readonly StatusAction[]
const DONE: Record<(typeof INSTANT_ACTIONS)[number], string> = {
  confirm: 'Appointment confirmed',
  complete: 'Appointment completed',
  no_show: 'Appointment marked as a no-show',
}
const LABELS: Record<(typeof INSTANT_ACTIONS)[number], string> = { confirm: 'Confirm', complete: 'Complete', no_show: 'No-Show' }

/** intent=confirm | complete | no_show */
export async function action({ request, params }: ActionFunctionArgs) {
  const user = await requireUserWithPermission(request, 'records:write')
  const id = params.appointmentId ?? ''
  const intent = (await request.formData()).get('intent')
  const action = INSTANT_ACTIONS.find((candidate) => candidate === intent)
  if (!action) throw new Response('Unknown intent', { status: 400 })
  const here = `/calendar/${id}`
  try {
    await changeAppointmentStatus(id, action, userActor(request, user))
  } catch (error) {
    return redirectWithFailure(error, here, 'Failed to update appointment')
  }
  return redirectWithToast(`${here}#${APPOINTMENT_DETAILS_ID}`, { title: DONE[action] })
}

export default function AppointmentPage() {
  const { appointment, history, actions } = useLoaderData<typeof loader>()
  const outlet = useOutlet()
  const canWrite = useCan('records:write')
  const timeZone = useTimeZone()
  const navigation = useNavigation()
  // A change returns here at the details, which say the new time or status.
  useFragmentFocus()
  if (useDialogOutletOnly(outlet)) return outlet

  const here = `/calendar/${appointment.id}`
  const minutes = Math.round((Date.parse(appointment.endTime) - Date.parse(appointment.startTime)) / 60000)
  const can = (action: string) => canWrite && (actions as string[]).includes(action)

  return (
    <>
      <BackLink to="/calendar">Back to calendar</BackLink>
      <PageHeader
        title={appointment.title}
        subtitle={formatTimeRange(appointment.startTime, appointment.endTime, timeZone, { withZone: true })}
        actions={
          <>
            {can('edit') ? (
              <Link to={dialogHref(`${here}/edit`, here)} className={buttonClassName('secondary')}>
                Edit
              </Link>
            ) : null}
            {can('reschedule') ? (
              <Link to={dialogHref(`${here}/reschedule`, here)} className={buttonClassName('secondary')}>
                Reschedule
              </Link>
            ) : null}
            {canWrite && appointment.lead ? <Link to={dialogHref(`${here}/gohighlevel`, here)} className={buttonClassName('secondary')}>GoHighLevel</Link> : null}
            {INSTANT_ACTIONS.filter(can).length > 0 ? (
              <Form method="post" className="flex flex-wrap gap-2">
                {INSTANT_ACTIONS.filter(can).map((action) => (
                  <Button
                    key={action}
                    type="submit"
                    name="intent"
                    value={action}
                    variant={action === 'no_show' ? 'secondary' : 'primary'}
                    disabled={navigation.state === 'submitting'}
                  >
                    {LABELS[action]}
                  </Button>
                ))}
              </Form>
            ) : null}
            {can('cancel') ? (
              <Link to={dialogHref(`${here}/cancel`, here)} className={buttonClassName('destructive')}>
                Cancel Appointment
              </Link>
            ) : null}
          </>
        }
      />
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-3">
        <section
          id={APPOINTMENT_DETAILS_ID}
          tabIndex={-1}
          aria-labelledby="details-heading"
          className="scroll-mt-[40vh] rounded-lg border border-slate-200 bg-white p-5 lg:col-span-2"
        >
          <h2 id="details-heading" className="mb-3 text-lg font-semibold">
            Details
          </h2>
          <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-sm">
            <dt className="text-slate-600">Status</dt>
            <dd>
              <AppointmentStatusBadge status={appointment.status} />
            </dd>
            <dt className="text-slate-600">Type</dt>
            <dd>
              <AppointmentTypeBadge type={appointment.appointmentType} />
            </dd>
            <dt className="text-slate-600">When</dt>
            <dd>
              <time dateTime={appointment.startTime}>{formatTimeRange(appointment.startTime, appointment.endTime, timeZone)}</time> (
              {durationLabel(minutes)}, {zoneAbbreviation(appointment.startTime, timeZone)})
            </dd>
            {appointment.timeZone !== timeZone ? (
              <>
                <dt className="text-slate-600">Booked in</dt>
                <dd>
                  {formatTimeRange(appointment.startTime, appointment.endTime, appointment.timeZone, { withZone: true })} ({appointment.timeZone})
                </dd>
              </>
            ) : null}
            <dt className="text-slate-600">Location</dt>
            <dd>{appointment.location || 'Not specified'}</dd>
            <dt className="text-slate-600">For</dt>
            <dd>
              <Assignments appointment={appointment} className="flex flex-col gap-0.5" />
              {!appointment.patient && !appointment.caregiver && !appointment.lead ? 'No one in particular' : null}
            </dd>
            {appointment.status === 'cancelled' && appointment.cancelReason ? (
              <>
                <dt className="text-slate-600">Cancelled because</dt>
                <dd className="whitespace-pre-wrap">{appointment.cancelReason}</dd>
              </>
            ) : null}
            <dt className="text-slate-600">Booked by</dt>
            <dd>
              {appointment.createdBy}, {formatDateTime(appointment.createdAt, timeZone)}
            </dd>
          </dl>
          {appointment.notes ? (
            <>
              <h3 className="mt-4 text-sm font-semibold">Notes</h3>
              <p className="mt-1 whitespace-pre-wrap text-sm text-slate-700">{appointment.notes}</p>
            </>
          ) : null}
          {actions.length === 0 ? (
            <p className="mt-4 text-sm text-slate-600">This appointment is finished: it is kept as the record of what happened.</p>
          ) : null}
        </section>
        <RecordHistory title="Activity" entries={history} emptyText="No changes recorded yet." />
      </div>
      {outlet}
    </>
  )
}
