import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { json } from '@remix-run/node'
import { GoHighLevelCalendarsCard } from '~/features/calendar-sync/ghl-calendars-card'
import { loadGoHighLevelCalendarSummary } from '~/features/calendar-sync/ghl-calendars.server'
import { useLoaderData, useLocation, useNavigation, useOutlet } from '@remix-run/react'
import { Link } from '~/components/link'
import { useDialogOutletOnly } from '~/components/dialog-links'
import { EmptyState } from '~/components/empty-state'
import { FilterForm, type FilterDefinition } from '~/components/filters'
import { PageFrame } from '~/components/page-header'
import { Pagination } from '~/components/pagination'
import { buttonClassName } from '~/components/ui/button'
import { AppointmentList, AppointmentListSkeleton } from '~/features/calendar/appointment-list'
import { listUpcomingAppointments, listWeekAppointments } from '~/features/calendar/appointments.server'
import { parseAppointmentListQuery } from '~/features/calendar/forms.server'
import {
  APPOINTMENT_PAGE_SIZE,
  APPOINTMENT_STATUS_OPTIONS,
  APPOINTMENT_TYPE_OPTIONS,
  APPOINTMENT_WHO_OPTIONS,
  UPCOMING_DAYS,
  WEEK_DAY_LIMIT,
  WEEK_SCAN_LIMIT,
} from '~/features/calendar/options'
import { viewPersonName } from '~/features/calendar/people.server'
import { WeekView } from '~/features/calendar/week-view'
import { addDays, dateIn, formatShortDate, weekStartOf, zonedDayStart } from '~/lib/time'
import { useFragmentFocus } from '~/lib/use-fragment-focus'
import { cn, formatCount } from '~/lib/misc'
import { userActor } from '~/platform/auth/actor.server'
import { requireUserWithPermission } from '~/platform/auth/auth.server'
import { useCan, useTimeZone } from '~/platform/auth/user'
import { getEnv } from '~/platform/env.server'

export const meta: MetaFunction = () => [{ title: 'Calendar & Appointments | Healthcare Portal' }]

const PERSON_KINDS = ['patient', 'caregiver', 'lead'] as const

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUserWithPermission(request, 'records:read')
  const actor = userActor(request, user)
  const query = parseAppointmentListQuery(new URL(request.url).searchParams)
  const timeZone = getEnv().AGENCY_TIME_ZONE
  // Started first and awaited last: it never throws and waits at most a few seconds.
  const ghlCalendarsLoading = loadGoHighLevelCalendarSummary()
  const today = dateIn(new Date(), timeZone)
  // A calendar narrowed to one person (from their page) says whose it is.
  const kind = PERSON_KINDS.find((candidate) => query[`${candidate}Id`])
  const person = kind ? { kind, id: query[`${kind}Id`]!, name: await viewPersonName(kind, query[`${kind}Id`]!, actor) } : null
  if (query.view === 'week') {
    const weekStart = weekStartOf(query.from ?? today)
    const { appointments, days, truncated } = await listWeekAppointments(weekStart, query, actor)
    const ghlCalendars = await ghlCalendarsLoading
    return json({ view: 'week' as const, query, pageSize: WEEK_DAY_LIMIT, today, person, weekStart, appointments, days, truncated, total: appointments.length, window: null, ghlCalendars })
  }
  const { total, page, appointments, window } = await listUpcomingAppointments(query, actor)
  const ghlCalendars = await ghlCalendarsLoading
  return json({
    ghlCalendars,
    view: 'list' as const,
    query: { ...query, page },
    pageSize: APPOINTMENT_PAGE_SIZE,
    today,
    person,
    weekStart: null,
    appointments,
    days: [],
    truncated: false,
    total,
    window: { start: window.start.toISOString(), end: window.end.toISOString() },
  })
}

const DAYS_OPTIONS = [
  { value: '', label: `${UPCOMING_DAYS} days` },
  { value: '7', label: '7 days' },
  { value: '14', label: '14 days' },
  { value: '60', label: '60 days' },
  { value: '90', label: '90 days' },
  { value: '365', label: '365 days' },
]

/** The page's URL with some of its query changed (and the page number dropped). */
function withQuery(search: string, changes: Record<string, string | undefined>) {
  const params = new URLSearchParams(search)
  params.delete('page')
  for (const [name, value] of Object.entries(changes)) {
    if (value) params.set(name, value)
    else params.delete(name)
  }
  return `/calendar?${params}`
}

export default function CalendarPage() {
  const data = useLoaderData<typeof loader>()
  const { view, query, today, person, total } = data
  const outlet = useOutlet()
  const { pathname, search } = useLocation()
  const navigation = useNavigation()
  const canWrite = useCan('records:write')
  const timeZone = useTimeZone()
  // A save returns here at the appointment it made.
  useFragmentFocus()
  if (useDialogOutletOnly(outlet)) return outlet

  const loading = navigation.state === 'loading' && navigation.location.pathname === '/calendar'
  const searching = Boolean(query.q || query.status || query.type || query.who || person)
  const personQuery = person ? { [`${person.kind}Id`]: person.id } : {}
  const newAppointment = canWrite ? (
    <Link to={`/calendar/new${search}`} preventScrollReset className={buttonClassName('primary')}>
      New Appointment
    </Link>
  ) : null

  const fields: FilterDefinition[] = [
    { type: 'search', placeholder: 'Title or type', value: query.q },
    { type: 'select', name: 'status', label: 'Status', value: query.status, options: [{ value: '', label: 'All statuses' }, ...APPOINTMENT_STATUS_OPTIONS] },
    { type: 'select', name: 'type', label: 'Type', value: query.type, options: [{ value: '', label: 'All types' }, ...APPOINTMENT_TYPE_OPTIONS] },
    { type: 'select', name: 'who', label: 'For', value: query.who, options: APPOINTMENT_WHO_OPTIONS },
    ...(view === 'week'
      ? [{ type: 'date' as const, name: 'from', label: 'Week of', value: query.from ?? '' }]
      : [
          { type: 'date' as const, name: 'from', label: 'From', value: query.from ?? '' },
          { type: 'select' as const, name: 'days', label: 'Period', value: query.days === UPCOMING_DAYS ? '' : String(query.days), options: DAYS_OPTIONS },
        ]),
  ]

  return (
    <PageFrame
      title="Calendar & Appointments"
      subtitle="Visits and meetings for patients, caregivers and leads"
      actions={
        <>
          <Link to={`${pathname}${search}`} preventScrollReset className={buttonClassName('secondary')}>
            Refresh
          </Link>
          <Link to={`/calendar/subscribe${search}`} preventScrollReset className={buttonClassName('secondary')}>Subscribe</Link>
          {newAppointment}
        </>
      }
    >
      <FilterForm label="Search and filter appointments" view={view === 'week' ? 'week' : undefined} fields={fields} submitLabel="Filter" hidden={personQuery} />
      {person ? (
        <p className="mb-4 text-sm">
          {person.name ? `Showing the appointments of ${person.name} (${person.kind}).` : `Showing the appointments of one ${person.kind}.`}{' '}
          <Link to={withQuery(search, { [`${person.kind}Id`]: undefined })} className="text-blue-700 underline">
            Show everyone&apos;s
          </Link>
        </p>
      ) : null}
      <div className="mb-3 flex justify-end">
        <nav aria-label="Calendar view" className="flex shrink-0 gap-0.5 rounded-lg border border-slate-300 bg-white p-0.5">
          {(['list', 'week'] as const).map((option) => (
            <Link
              key={option}
              to={withQuery(search, { view: option === 'list' ? undefined : option })}
              aria-current={view === option ? 'page' : undefined}
              className={cn(
                'inline-flex min-h-10 items-center rounded-md px-3 text-sm font-medium coarse:min-h-11',
                view === option ? 'bg-blue-700 text-white' : 'text-slate-700 hover:bg-slate-100',
              )}
            >
              {option === 'list' ? 'List' : 'Week'}
            </Link>
          ))}
        </nav>
      </div>
      <GoHighLevelCalendarsCard summary={data.ghlCalendars} headingLevel={2} className="mb-4" />
      {data.view === 'week' ? (
        <>
          {data.truncated ? (
            <p role="status" className="mb-3 rounded-md border border-amber-300 bg-amber-50 p-3 text-sm">
              This week has more than {formatCount(WEEK_SCAN_LIMIT)} appointments: the days are counted up to there. Narrow it with a search or filter.
            </p>
          ) : null}
          <WeekView
            weekStart={data.weekStart}
            today={today}
            appointments={data.appointments}
            weekDays={data.days}
            timeZone={timeZone}
            dayListHref={(day) => withQuery(search, { view: undefined, from: day, days: '1' })}
            weekLinks={{
              previous: withQuery(search, { from: addDays(data.weekStart, -7) }),
              current: withQuery(search, { from: undefined }),
              next: withQuery(search, { from: addDays(data.weekStart, 7) }),
            }}
            newAppointmentHref={canWrite ? (day) => `new?${new URLSearchParams({ ...personQuery, date: day })}` : undefined}
          />
          {data.appointments.length === 0 ? (
            <p role="status" className="mt-3 text-sm text-slate-700">
              {searching ? 'No appointments this week match the search or filter.' : 'Nothing is booked this week.'}
            </p>
          ) : null}
        </>
      ) : (
        <section aria-labelledby="upcoming-heading">
          <h2 id="upcoming-heading" className="mb-1 text-lg font-semibold">
            Upcoming Appointments ({total})
          </h2>
          <p className="mb-3 text-sm text-slate-600">
            {query.from
              ? `${query.days} days from ${formatShortDate(zonedDayStart(query.from, timeZone), timeZone)}`
              : `The next ${query.days} days`}
          </p>
          {loading ? (
            <AppointmentListSkeleton />
          ) : data.appointments.length === 0 ? (
            <EmptyState
              filtered={searching}
              clearTo={withQuery('', { from: query.from, days: query.days === UPCOMING_DAYS ? undefined : String(query.days) })}
              noRecords={{
                title: 'No appointments found',
                advice: `Nothing is booked for this period.${canWrite ? ' Book one with New Appointment.' : ''}`,
                action: newAppointment,
              }}
              noMatches={{ title: 'No appointments found', advice: 'Nothing in this period matches the search or filter. Try other words, another status or type, or clear them.' }}
            />
          ) : (
            <>
              <AppointmentList appointments={data.appointments} timeZone={timeZone} />
              <Pagination total={total} page={query.page} pageSize={APPOINTMENT_PAGE_SIZE} noun="appointments" />
            </>
          )}
        </section>
      )}
      {outlet}
    </PageFrame>
  )
}
