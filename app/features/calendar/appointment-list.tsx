import { Link } from '~/components/link'
import { recordLinkClassName } from '~/components/ui/button'
import { AppointmentStatusBadge, AppointmentTypeBadge } from '~/features/calendar/appointment-badges'
import { formatTimeRange, formatIn } from '~/lib/time'

/** An appointment as a page's loader sends it (instants as ISO strings). */
export type AppointmentItem = {
  id: string
  title: string
  startTime: string
  endTime: string
  appointmentType: string
  status: string
  location: string | null
  patient: { id: string; firstName: string; lastName: string } | null
  caregiver: { id: string; fullName: string } | null
  lead: { id: string; firstName: string; lastName: string } | null
}

export function appointmentElementId(id: string) {
  return `appointment-${id}`
}

/** Whom it is for, each named with a link to their page: 'Patient Assignment: Maria Garcia'. */
export function Assignments({ appointment, className }: { appointment: AppointmentItem; className?: string }) {
  const { patient, caregiver, lead } = appointment
  const rows = [
    patient ? { label: 'Patient Assignment', name: `${patient.firstName} ${patient.lastName}`, to: `/patients/${patient.id}` } : null,
    caregiver ? { label: 'Caregiver Assignment', name: caregiver.fullName, to: `/caregivers/${caregiver.id}` } : null,
    lead ? { label: 'Lead Assignment', name: `${lead.firstName} ${lead.lastName}`, to: `/leads/${lead.id}` } : null,
  ].filter((row) => row !== null)
  if (rows.length === 0) return null
  return (
    <ul className={className}>
      {rows.map((row) => (
        <li key={row.label}>
          <span className="text-slate-600">{row.label}:</span>{' '}
          <Link to={row.to} className={recordLinkClassName}>
            {row.name}
          </Link>
        </li>
      ))}
    </ul>
  )
}

const MONTH = { month: 'short' } as const
const DAY_OF_MONTH = { day: 'numeric' } as const

/**
 * The upcoming list: each appointment with its day of the month, title (a
 * link to its page), when in the agency's zone, where, whom it is for, and
 * its status and type.
 */
export function AppointmentList({ appointments, timeZone }: { appointments: readonly AppointmentItem[]; timeZone: string }) {
  return (
    <ol className="flex flex-col gap-3">
      {appointments.map((appointment) => (
        <li
          key={appointment.id}
          id={appointmentElementId(appointment.id)}
          tabIndex={-1}
          className="flex scroll-mt-[40vh] gap-4 rounded-lg border border-slate-200 bg-white p-4 shadow-sm"
        >
          {/* The date is in the text beside it too: this is its glanceable form. */}
          <div aria-hidden="true" className="flex h-14 w-14 shrink-0 flex-col items-center justify-center rounded-md bg-blue-50 text-blue-900">
            <span className="text-xs font-medium uppercase">{formatIn(appointment.startTime, timeZone, MONTH)}</span>
            <span className="text-xl font-bold leading-none">{formatIn(appointment.startTime, timeZone, DAY_OF_MONTH)}</span>
          </div>
          <div className="min-w-0 flex-1">
            <div className="flex flex-wrap items-start justify-between gap-2">
              <h3 className="font-semibold">
                <Link to={`/calendar/${appointment.id}`} className={recordLinkClassName}>
                  {appointment.title}
                </Link>
              </h3>
              <div className="flex flex-wrap gap-1">
                <AppointmentStatusBadge status={appointment.status} />
                <AppointmentTypeBadge type={appointment.appointmentType} />
              </div>
            </div>
            <p className="mt-1 text-sm text-slate-700">
              <time dateTime={appointment.startTime}>{formatTimeRange(appointment.startTime, appointment.endTime, timeZone)}</time>
            </p>
            {appointment.location ? <p className="text-sm text-slate-700">{appointment.location}</p> : null}
            <Assignments appointment={appointment} className="mt-1 flex flex-col gap-0.5 text-sm" />
          </div>
        </li>
      ))}
    </ol>
  )
}

/** Three placeholders while the list reloads (only with JavaScript: without it the page simply arrives). */
export function AppointmentListSkeleton() {
  return (
    <ul aria-hidden="true" className="flex flex-col gap-3">
      {[0, 1, 2].map((row) => (
        <li key={row} className="h-24 animate-pulse rounded-lg bg-slate-200" />
      ))}
    </ul>
  )
}
