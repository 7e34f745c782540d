import { Link } from '~/components/link'
import { AppointmentStatusBadge } from '~/features/calendar/appointment-badges'
import type { AppointmentItem } from '~/features/calendar/appointment-list'
import { appointmentLabel } from '~/features/calendar/options'
import { addDays, formatDayHeading, formatTimeOfDay, wallClockIn } from '~/lib/time'
import { cn, formatCount } from '~/lib/misc'

const HOUR_HEIGHT_REM = 3.5
const MINUTES_IN_DAY = 24 * 60

/** What the grid shows of an appointment. */
export type WeekAppointment = Pick<AppointmentItem, 'id' | 'title' | 'startTime' | 'endTime' | 'appointmentType' | 'status'>

type Placed = { appointment: WeekAppointment; top: number; bottom: number; lane: number; lanes: number }

function minutesOf(time: string) {
  const [hours, minutes] = time.split(':').map(Number) as [number, number]
  return hours * 60 + minutes
}

/**
 * Where each of a day's appointments sits: from its start to its end (or the
 * day's end) in wall-clock minutes, side by side with those it overlaps.
 */
function placeDay(day: string, appointments: readonly WeekAppointment[], timeZone: string): Placed[] {
  const placed = appointments.map((appointment) => {
    const start = wallClockIn(appointment.startTime, timeZone)
    const end = wallClockIn(appointment.endTime, timeZone)
    const top = start.date < day ? 0 : minutesOf(start.time)
    const bottom = end.date > day ? MINUTES_IN_DAY : Math.max(minutesOf(end.time), top + 15)
    return { appointment, top, bottom, lane: 0, lanes: 1 }
  })
  // Greedy lanes within each run of overlapping appointments.
  let group: Placed[] = []
  let groupEnd = -1
  const closeGroup = () => {
    const lanes = Math.max(1, ...group.map((item) => item.lane + 1))
    for (const item of group) item.lanes = lanes
    group = []
  }
  for (const item of placed.sort((a, b) => a.top - b.top || a.bottom - b.bottom)) {
    if (item.top >= groupEnd) {
      closeGroup()
      groupEnd = -1
    }
    const laneEnds = new Map<number, number>()
    for (const other of group) laneEnds.set(other.lane, Math.max(laneEnds.get(other.lane) ?? -1, other.bottom))
    let lane = 0
    while ((laneEnds.get(lane) ?? -1) > item.top) lane += 1
    item.lane = lane
    group.push(item)
    groupEnd = Math.max(groupEnd, item.bottom)
  }
  closeGroup()
  return placed
}

/** A day of the week as the server read it: the appointments laid out (ids, in start order; none on a busy day) and how many it holds. */
export type WeekDay = { day: string; ids: string[]; total: number }

/**
 * A week of seven day columns (Sunday first) with the hours down the side.
 * Each day is also a list in time order, so a screen reader or a keyboard
 * goes through the day's appointments in turn; the grid is how they look.
 */
export function WeekView({
  weekStart,
  today,
  appointments,
  weekDays,
  timeZone,
  weekLinks,
  dayListHref,
  newAppointmentHref,
}: {
  weekStart: string
  today: string
  appointments: readonly WeekAppointment[]
  weekDays: readonly WeekDay[]
  timeZone: string
  weekLinks: { previous: string; current: string; next: string }
  /** The list of one day's appointments, for a day that holds more than its column lays out. */
  dayListHref: (day: string) => string
  /** Where 'New appointment on this day' goes, or nothing for those who cannot book. */
  newAppointmentHref?: (day: string) => string
}) {
  const days = Array.from({ length: 7 }, (_, index) => addDays(weekStart, index))
  const byId = new Map(appointments.map((appointment) => [appointment.id, appointment]))
  const weekDayOf = new Map(weekDays.map((weekDay) => [weekDay.day, weekDay]))
  const byDay = new Map(
    days.map((day) => [day, (weekDayOf.get(day)?.ids ?? []).flatMap((id) => byId.get(id) ?? [])]),
  )
  const placedByDay = new Map(days.map((day) => [day, placeDay(day, byDay.get(day)!, timeZone)]))
  const all = [...placedByDay.values()].flat()
  // Office hours, widened to whatever the week holds.
  const firstHour = Math.min(7, ...all.map((item) => Math.floor(item.top / 60)))
  const lastHour = Math.max(19, ...all.map((item) => Math.ceil(item.bottom / 60)))
  const hours = Array.from({ length: lastHour - firstHour }, (_, index) => firstHour + index)
  const height = `${hours.length * HOUR_HEIGHT_REM}rem`
  const position = (minutes: number) => `${((minutes - firstHour * 60) / 60) * HOUR_HEIGHT_REM}rem`
  const range = `${formatDayHeading(days[0]!)} – ${formatDayHeading(days[6]!)}, ${days[6]!.slice(0, 4)}`

  return (
    <section aria-labelledby="week-heading">
      <div className="mb-3 flex flex-wrap items-center justify-between gap-3">
        <h2 id="week-heading" className="text-lg font-semibold">
          Week of {range}
        </h2>
        <nav aria-label="Weeks" className="flex flex-wrap gap-2">
          <Link to={weekLinks.previous} className={weekLinkClassName}>
            Previous week
          </Link>
          <Link to={weekLinks.current} className={weekLinkClassName}>
            This week
          </Link>
          <Link to={weekLinks.next} className={weekLinkClassName}>
            Next week
          </Link>
        </nav>
      </div>
      <div
        role="region"
        aria-label={`Week of ${range}`}
        tabIndex={0}
        className="scroll-shadow-x relative overflow-x-auto rounded-lg border border-slate-200 bg-white focus-visible:outline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-700"
      >
        <div className="grid min-w-[56rem] grid-cols-[4.5rem_repeat(7,minmax(0,1fr))]">
          <div aria-hidden="true" className="border-b border-slate-200" />
          {days.map((day) => (
            <div key={day} className={cn('border-b border-l border-slate-200 px-2 py-2', day === today && 'bg-blue-50')}>
              <h3 id={`day-${day}`} className="text-sm font-semibold">
                {formatDayHeading(day)}
                {day === today ? <span className="ml-1 text-xs font-normal text-blue-800">(today)</span> : null}
              </h3>
              {newAppointmentHref ? (
                <Link to={newAppointmentHref(day)} className="inline-flex min-h-6 items-center text-xs text-blue-700 underline coarse:min-h-11">
                  Add<span className="sr-only"> an appointment on {formatDayHeading(day)}</span>
                </Link>
              ) : null}
            </div>
          ))}
          {/* The hours down the side: how the grid looks; each appointment says its own time. */}
          <div aria-hidden="true" className="relative" style={{ height }}>
            {hours.map((hour) => (
              <div key={hour} className="absolute right-2 -translate-y-1/2 text-xs text-slate-600" style={{ top: position(hour * 60) }}>
                {hour === firstHour ? '' : formatHour(hour)}
              </div>
            ))}
          </div>
          {days.map((day) => {
            const placed = placedByDay.get(day)!
            // A day holding more than the server laid out: its count, and its list.
            const total = weekDayOf.get(day)?.total ?? 0
            const busy = total > placed.length ? total : 0
            return (
              <section key={day} aria-labelledby={`day-${day}`} className={cn('relative border-l border-slate-200', day === today && 'bg-blue-50/40')} style={{ height }}>
                {hours.map((hour) => (
                  <div key={hour} aria-hidden="true" className="absolute inset-x-0 border-t border-slate-100" style={{ top: position(hour * 60) }} />
                ))}
                {busy > 0 ? (
                  <p className="relative m-1 rounded-md border border-slate-300 bg-white p-2 text-xs shadow-sm">
                    {formatCount(busy)} appointments: too many to lay out here.{' '}
                    <Link to={dayListHref(day)} className="inline-flex min-h-6 items-center text-blue-700 underline coarse:min-h-11">
                      See the day&apos;s list<span className="sr-only"> for {formatDayHeading(day)}</span>
                    </Link>
                  </p>
                ) : placed.length === 0 ? (
                  <p className="sr-only">No appointments</p>
                ) : null}
                <ol>
                  {[...placed]
                    .sort((a, b) => a.top - b.top || a.lane - b.lane)
                    .map(({ appointment, top, bottom, lane, lanes }) => (
                      <li
                        key={appointment.id}
                        className="absolute overflow-hidden p-0.5"
                        style={{ top: position(top), height: `calc(${position(bottom)} - ${position(top)})`, left: `${(lane / lanes) * 100}%`, width: `${100 / lanes}%` }}
                      >
                        <Link
                          to={`/calendar/${appointment.id}`}
                          className={cn(
                            'flex h-full flex-col gap-0.5 overflow-hidden rounded border-l-4 px-1.5 py-1 text-xs hover:shadow focus-visible:z-10',
                            appointment.status === 'cancelled' ? 'border-slate-400 bg-slate-100 text-slate-700 line-through' : 'border-blue-700 bg-blue-100 text-blue-950',
                          )}
                        >
                          <span>
                            <span className="font-semibold">{formatTimeOfDay(appointment.startTime, timeZone)}</span>
                            <span className="sr-only"> to {formatTimeOfDay(appointment.endTime, timeZone)}:</span> {appointment.title}
                          </span>
                          <span className="sr-only">
                            , {appointmentLabel(appointment.appointmentType)}, {appointmentLabel(appointment.status)}
                          </span>
                        </Link>
                      </li>
                    ))}
                </ol>
              </section>
            )
          })}
        </div>
      </div>
      <WeekLegend />
    </section>
  )
}

const weekLinkClassName =
  'inline-flex min-h-10 items-center rounded-md border border-slate-300 bg-white px-3 text-sm font-medium text-slate-800 hover:bg-slate-100 coarse:min-h-11'

function formatHour(hour: number) {
  return `${hour % 12 || 12} ${hour < 12 || hour === 24 ? 'AM' : 'PM'}`
}

function WeekLegend() {
  return (
    <p className="mt-2 flex flex-wrap items-center gap-2 text-xs text-slate-600">
      Cancelled appointments are struck through: <AppointmentStatusBadge status="cancelled" />
    </p>
  )
}
