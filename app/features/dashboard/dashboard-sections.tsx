import { Link } from '~/components/link'
import { useId } from 'react'
import { StatusBadge } from '~/components/status-badge'
import { recordLinkClassName } from '~/components/ui/button'
import { AppointmentStatusBadge } from '~/features/calendar/appointment-badges'
import {
  RECENT_SHOWN,
  type ActivityMarking,
  appointmentTypeLabel,
  daysSince,
} from '~/features/dashboard/options'
import { taskCountLabel, WORK_QUEUE_COUNT_CAP, WORK_QUEUE_LIMIT, type TaskPriority, type WorkQueueTask } from '~/features/dashboard/work-queue'
import { typeBadgeClass } from '~/features/calendar/options'
import { cn, formatCount } from '~/lib/misc'
import { formatIn, formatShortDate } from '~/lib/time'

const cardClassName = 'rounded-lg border border-slate-200 bg-white p-4 shadow-sm'
const badgeClassName = 'badge'
/** A finger's 44 px on touch screens: the sections' links are lines of text, 19 px tall. */
const touchLinkClassName = 'coarse:inline-flex coarse:min-h-11 coarse:items-center'

/** A titled card; its heading labels it for assistive technology. */
export function Section({
  id: sectionId,
  title,
  badge,
  children,
  className,
}: {
  /** Where a link can point (`#work-queue`). */
  id?: string
  title: string
  badge?: React.ReactNode
  children: React.ReactNode
  className?: string
}) {
  const id = useId()
  return (
    <section id={sectionId} aria-labelledby={id} className={cn(cardClassName, 'scroll-mt-4 max-sm:scroll-mt-[4.5rem]', className)}>
      <div className="mb-3 flex flex-wrap items-center justify-between gap-2">
        <h2 id={id} className="text-lg font-semibold text-slate-900">
          {title}
        </h2>
        {badge}
      </div>
      {children}
    </section>
  )
}

export function EmptyState({ title, description }: { title: string; description?: string }) {
  return (
    <div className="rounded-md border border-dashed border-slate-300 p-4 text-center">
      <p className="text-sm font-medium text-slate-800">{title}</p>
      {description ? <p className="mt-1 text-sm text-slate-600">{description}</p> : null}
    </div>
  )
}

// ---------------------------------------------------------------------------

type Overview = { totalLeads: number; activePatients: number; availableCaregivers: number }

export function OverviewStrip({ overview }: { overview: Overview }) {
  const counters = [
    { label: 'Total Leads', value: overview.totalLeads, href: '/leads' },
    { label: 'Active Patients', value: overview.activePatients, href: '/patients?status=complete' },
    { label: 'Available Caregivers', value: overview.availableCaregivers, href: '/caregivers?status=active&backgroundCheckStatus=cleared' },
  ]
  return (
    <section aria-labelledby="overview-heading">
      <h2 id="overview-heading" className="sr-only">
        Overview
      </h2>
      <ul className="grid gap-4 sm:grid-cols-3">
        {counters.map((counter) => (
          <li key={counter.label}>
            <Link
              to={counter.href}
              className={cn(cardClassName, 'block hover:border-blue-300 hover:bg-blue-50 focus-visible:outline focus-visible:outline-2 focus-visible:outline-blue-600 coarse:min-h-11')}
            >
              <span className="block text-sm font-medium text-slate-600">{counter.label}</span>
              <span className="mt-1 block text-3xl font-bold text-slate-900">{formatCount(counter.value)}</span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  )
}

// ---------------------------------------------------------------------------

type UpcomingAppointment = { id: string; title: string; startTime: string; appointmentType: string; status: string; location: string | null }

const MONTH_DAY_TIME = { month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit' } as const

/** 'Mar 10, 9:00 AM' in the agency's zone: an appointment's start, an activity's time. */
function monthDayTime(instant: string, timeZone: string) {
  return formatIn(instant, timeZone, MONTH_DAY_TIME)
}

export function UpcomingAppointments({ appointments, timeZone }: { appointments: UpcomingAppointment[]; timeZone: string }) {
  return (
    <Section title="Upcoming Appointments">
      {appointments.length === 0 ? (
        <EmptyState title="No upcoming appointments scheduled" description="Appointments will appear here when scheduled" />
      ) : (
        // Scrolls by keyboard too: a focusable, named region.
        <div role="region" aria-label="Upcoming appointments list" tabIndex={0} className="max-h-72 overflow-y-auto focus-visible:outline focus-visible:outline-2 focus-visible:outline-blue-600">
          <ul className="divide-y divide-slate-100">
            {appointments.map((appointment) => (
              <li key={appointment.id} className="flex flex-wrap items-start justify-between gap-2 py-2">
                <div className="min-w-0">
                  <Link to={`/calendar/${appointment.id}`} className={cn(recordLinkClassName, touchLinkClassName, 'font-medium')}>
                    {appointment.title}
                  </Link>
                  <p className="text-sm text-slate-600">
                    <time dateTime={appointment.startTime}>{monthDayTime(appointment.startTime, timeZone)}</time>
                    {appointment.location ? <span> · {appointment.location}</span> : null}
                  </p>
                </div>
                <div className="flex flex-wrap gap-1">
                  <AppointmentStatusBadge status={appointment.status} />
                  <span className={cn(badgeClassName, typeBadgeClass(appointment.appointmentType))}>{appointmentTypeLabel(appointment.appointmentType)}</span>
                </div>
              </li>
            ))}
          </ul>
        </div>
      )}
    </Section>
  )
}

// ---------------------------------------------------------------------------

const PRIORITY_CLASSES: Record<TaskPriority, string> = {
  high: 'bg-red-100 text-red-900',
  medium: 'bg-amber-100 text-amber-900',
  low: 'bg-slate-100 text-slate-800',
}

export function WorkQueue({
  tasks,
  total,
  totalCapped = false,
  showingAll = false,
  timeZone,
}: {
  tasks: WorkQueueTask[]
  total: number
  /** The rules found more than they count: `total` is a lower bound. */
  totalCapped?: boolean
  /** Listing as many as the rules count (`/?tasks=all`), not the first few. */
  showingAll?: boolean
  timeZone: string
}) {
  const more = total > tasks.length || totalCapped
  return (
    <Section
      id="work-queue"
      title="Work Queue / Task List"
      badge={<span className={cn(badgeClassName, 'bg-blue-100 text-blue-900')}>{taskCountLabel(tasks.length)}</span>}
    >
      {tasks.length === 0 ? (
        <EmptyState title="No tasks due" description="Tasks appear here when a record needs attention" />
      ) : (
        <>
          {more || showingAll ? (
            <p className="mb-2 text-sm text-slate-600">
              {more ? <>Showing {tasks.length} of {taskCountLabel(total, totalCapped)}, most urgent first. </> : null}
              {/* A plain link: the whole list without JavaScript too, and back. */}
              {showingAll ? (
                <Link to="/#work-queue" className={cn(recordLinkClassName, touchLinkClassName)}>
                  Show the most urgent {WORK_QUEUE_LIMIT}
                </Link>
              ) : (
                <Link to="/?tasks=all#work-queue" className={cn(recordLinkClassName, touchLinkClassName)}>
                  Show all {taskCountLabel(Math.min(total, WORK_QUEUE_COUNT_CAP))}
                </Link>
              )}
            </p>
          ) : null}
          <ul className="divide-y divide-slate-100">
            {tasks.map((task) => (
              <li key={task.id} className="flex flex-wrap items-start justify-between gap-2 py-2">
                <div className="min-w-0">
                  <Link to={task.href} className={cn(recordLinkClassName, touchLinkClassName, 'font-medium')}>
                    {task.task}
                  </Link>
                  <p className="text-sm text-slate-600">
                    <span>Assignee: {task.assignee}</span>
                    {task.mine ? <span> (you)</span> : null}
                    <span> · Due </span>
                    <time dateTime={task.dueDate}>{formatShortDate(task.dueDate, timeZone)}</time>
                  </p>
                </div>
                <span className={cn(badgeClassName, PRIORITY_CLASSES[task.priority])}>
                  <span className="sr-only">Priority: </span>
                  {task.priority.charAt(0).toUpperCase() + task.priority.slice(1)}
                </span>
              </li>
            ))}
          </ul>
        </>
      )}
    </Section>
  )
}

// ---------------------------------------------------------------------------

type PendingSignature = { id: string; leadName: string; documentName: string; status: string; sentDate: string; provider: string }

export function PendingSignatures({ signatures, now }: { signatures: PendingSignature[]; now: Date }) {
  return (
    <Section title="Pending Signatures">
      {signatures.length === 0 ? (
        <EmptyState title="No pending signatures" description="Documents sent for signature will appear here" />
      ) : (
        <ul className="divide-y divide-slate-100">
          {signatures.map((signature) => {
            const days = daysSince(signature.sentDate, now)
            return (
              <li key={signature.id} className="flex flex-wrap items-start justify-between gap-2 py-2">
                <div className="min-w-0">
                  <Link to={`/e-signatures/${signature.id}`} className={cn(recordLinkClassName, touchLinkClassName, 'font-medium')}>
                    {signature.leadName}
                  </Link>
                  <p className="text-sm text-slate-700">{signature.documentName}</p>
                  <p className="text-sm text-slate-600">
                    {/* Days rounded up: a request sent this morning is in its first day of waiting, not "1 day ago". */}
                    {signature.provider || 'Unknown Provider'} · day {days} of waiting
                  </p>
                </div>
                <StatusBadge status={signature.status} />
              </li>
            )
          })}
        </ul>
      )}
    </Section>
  )
}

// ---------------------------------------------------------------------------

type Verification = { id: string; fullName: string; backgroundCheckStatus: string; createdAt: string }

export function PendingVerifications({ verifications, timeZone }: { verifications: Verification[]; timeZone: string }) {
  return (
    <Section title="Pending Background Verifications">
      {verifications.length === 0 ? (
        <EmptyState title="No pending background verifications" description="All caregivers have completed verification" />
      ) : (
        <ul className="divide-y divide-slate-100">
          {verifications.map((caregiver) => (
            <li key={caregiver.id} className="flex flex-wrap items-start justify-between gap-2 py-2">
              <div className="min-w-0">
                <Link to={`/caregivers/${caregiver.id}`} className={cn(recordLinkClassName, touchLinkClassName, 'font-medium')}>
                  {caregiver.fullName}
                </Link>
                <p className="text-sm text-slate-600">
                  Applied <time dateTime={caregiver.createdAt}>{formatShortDate(caregiver.createdAt, timeZone)}</time>
                </p>
              </div>
              <StatusBadge status={caregiver.backgroundCheckStatus === 'in_progress' ? 'in-progress' : caregiver.backgroundCheckStatus} label={caregiver.backgroundCheckStatus === 'in_progress' ? 'In Progress' : 'Pending'} />
            </li>
          ))}
        </ul>
      )}
    </Section>
  )
}

// ---------------------------------------------------------------------------

type Activity = { id: string; action: string; entity: string; timestamp: string; type: ActivityMarking }

const MARKINGS: Record<ActivityMarking, { label: string; className: string }> = {
  success: { label: 'Success', className: 'bg-green-500' },
  warning: { label: 'Warning', className: 'bg-amber-500' },
  info: { label: 'Other', className: 'bg-slate-400' },
}

export function RecentActivity({ activity, timeZone }: { activity: Activity[]; timeZone: string }) {
  const shown = activity.slice(0, RECENT_SHOWN)
  return (
    <Section title="Recent Activity">
      {shown.length === 0 ? (
        <EmptyState title="No recent activity" />
      ) : (
        <ul className="divide-y divide-slate-100">
          {shown.map((item) => (
            <li key={item.id} className="flex items-start gap-3 py-2">
              <span aria-hidden="true" className={cn('mt-1.5 h-2.5 w-2.5 shrink-0 rounded-full', MARKINGS[item.type].className)} />
              <div className="min-w-0">
                <p className="text-sm font-medium text-slate-900">
                  <span className="sr-only">{MARKINGS[item.type].label}: </span>
                  {item.action} · {item.entity}
                </p>
                <p className="text-sm text-slate-600">
                  <time dateTime={item.timestamp}>{monthDayTime(item.timestamp, timeZone)}</time>
                </p>
              </div>
            </li>
          ))}
        </ul>
      )}
    </Section>
  )
}

// ---------------------------------------------------------------------------

type RecentLead = { id: string; firstName: string; lastName: string; email: string; status: string; createdAt: string }

export function RecentLeads({ leads, timeZone }: { leads: RecentLead[]; timeZone: string }) {
  const shown = leads.slice(0, RECENT_SHOWN)
  return (
    <Section title="Recent Leads">
      {shown.length === 0 ? (
        <EmptyState title="No recent leads" />
      ) : (
        <ul className="divide-y divide-slate-100">
          {shown.map((lead) => (
            <li key={lead.id} className="flex flex-wrap items-start justify-between gap-2 py-2">
              <div className="min-w-0">
                <Link to={`/leads/${lead.id}`} className={cn(recordLinkClassName, touchLinkClassName, 'font-medium')}>
                  {lead.firstName} {lead.lastName}
                </Link>
                <p className="break-words text-sm text-slate-600">{lead.email}</p>
                <p className="text-sm text-slate-600">
                  <time dateTime={lead.createdAt}>{formatShortDate(lead.createdAt, timeZone)}</time>
                </p>
              </div>
              <StatusBadge status={lead.status || 'new'} />
            </li>
          ))}
        </ul>
      )}
    </Section>
  )
}
