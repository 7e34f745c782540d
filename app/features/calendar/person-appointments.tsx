import { Link } from '~/components/link'
import { recordLinkClassName } from '~/components/ui/button'
import { buttonClassName } from '~/components/ui/button'
import { AppointmentStatusBadge } from '~/features/calendar/appointment-badges'
import { formatTimeRange } from '~/lib/time'

export type PersonAppointment = { id: string; title: string; startTime: string; endTime: string; status: string }

/** The element a save returns to (`#appointment-{id}`), as on the calendar page. */
function elementId(id: string) {
  return `appointment-${id}`
}

/**
 * 'Upcoming appointments' on a person's page: when (in the agency's zone),
 * the title as a link to the appointment, its status; then a link to all of
 * theirs in the calendar, and the page's booking action when there is one.
 * The heading counts the visits that still stand (`booked`); a cancelled one
 * is listed with its status, so that no one wonders where it went.
 */
export function PersonAppointments({
  appointments,
  total,
  booked,
  timeZone,
  calendarHref,
  schedule,
}: {
  appointments: readonly PersonAppointment[]
  total: number
  booked: number
  timeZone: string
  calendarHref: string
  schedule?: { href: string; label: string } | null
}) {
  return (
    <section aria-labelledby="upcoming-appointments-heading" className="rounded-lg border border-slate-200 bg-white p-5">
      <div className="mb-3 flex flex-wrap items-center justify-between gap-2">
        <h2 id="upcoming-appointments-heading" className="text-lg font-semibold">
          Upcoming appointments ({booked === total ? booked : `${booked}, ${total - booked} cancelled`})
        </h2>
        {schedule ? (
          <Link to={schedule.href} className={buttonClassName('secondary', 'sm')}>
            {schedule.label}
          </Link>
        ) : null}
      </div>
      {appointments.length === 0 ? (
        <p className="text-sm text-slate-600">Nothing booked.</p>
      ) : (
        <ul className="flex flex-col divide-y divide-slate-100 text-sm">
          {appointments.map((appointment) => (
            <li key={appointment.id} id={elementId(appointment.id)} tabIndex={-1} className="flex scroll-mt-[40vh] flex-wrap items-center justify-between gap-2 py-2">
              <div className="min-w-0">
                <Link to={`/calendar/${appointment.id}`} className={`${recordLinkClassName} font-medium`}>
                  {appointment.title}
                </Link>
                <p className="text-slate-700">
                  <time dateTime={appointment.startTime}>{formatTimeRange(appointment.startTime, appointment.endTime, timeZone)}</time>
                </p>
              </div>
              <AppointmentStatusBadge status={appointment.status} />
            </li>
          ))}
        </ul>
      )}
      <p className="mt-3 text-sm">
        <Link to={calendarHref} className="text-blue-700 underline">
          {total > appointments.length ? `See all ${total} in the calendar` : 'Open in the calendar'}
        </Link>
      </p>
    </section>
  )
}
