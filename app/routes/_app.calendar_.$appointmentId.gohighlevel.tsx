import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { json } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { RouteDialog } from '~/components/route-dialog'
import { viewAppointment } from '~/features/calendar/appointments.server'
import { APPOINTMENT_DETAILS_ID } from '~/features/calendar/options'
import { ghlPushContext, requestGhlPush } from '~/features/calendar-sync/appointment-push.server'
import { CALENDAR_CARD_TIMEOUT_MS } from '~/features/calendar-sync/ghl-calendars.server'
import { GhlPushForm } from '~/features/calendar-sync/ghl-push-form'
import { GhlError, listCalendars } from '~/integrations/gohighlevel/client.server'
import { userActor } from '~/platform/auth/actor.server'
import { requireUserWithPermission } from '~/platform/auth/auth.server'
import { useTimeZone } from '~/platform/auth/user'
import { redirectWithFailure } from '~/platform/http/errors.server'
import { dialogExitPath } from '~/platform/http/request.server'
import { redirectWithToast } from '~/platform/http/toast.server'

export const meta: MetaFunction = () => [{ title: 'Send to GoHighLevel | Healthcare Portal' }]

async function loadCalendars() {
  try {
    return { calendars: await listCalendars({ timeoutMs: CALENDAR_CARD_TIMEOUT_MS }), calendarsError: null }
  } catch (error) {
    if (error instanceof GhlError) return { calendars: null, calendarsError: error.message }
    throw error
  }
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireUserWithPermission(request, 'records:write')
  const appointment = await viewAppointment(params.appointmentId ?? '', userActor(request, user))
  if (!appointment) throw new Response('Appointment not found', { status: 404 })
  const context = await ghlPushContext(appointment.id)
  const calendars = context.leadSynced ? await loadCalendars() : { calendars: null, calendarsError: null }
  return json({ closeTo: dialogExitPath(request, `/calendar/${appointment.id}`), title: appointment.title, view: { ...context, ...calendars } })
}

export async function action({ request, params }: ActionFunctionArgs) {
  const user = await requireUserWithPermission(request, 'records:write')
  const id = params.appointmentId ?? ''
  const calendarId = String((await request.formData()).get('calendarId') ?? '')
  const closeTo = dialogExitPath(request, `/calendar/${id}`)
  try {
    await requestGhlPush(id, calendarId, userActor(request, user))
  } catch (error) {
    return redirectWithFailure(error, closeTo, 'Failed to send to GoHighLevel')
  }
  return redirectWithToast(`${closeTo}#${APPOINTMENT_DETAILS_ID}`, {
    title: 'Sending to GoHighLevel',
    description: 'The appointment appears in the chosen calendar within a minute.',
  })
}

export default function SendToGoHighLevel() {
  const { closeTo, title, view } = useLoaderData<typeof loader>()
  return (
    <RouteDialog title="Send to GoHighLevel" closeTo={closeTo}>
      <p className="mb-3 text-sm font-medium">{title}</p>
      <GhlPushForm view={view} timeZone={useTimeZone()} closeTo={closeTo} />
    </RouteDialog>
  )
}
