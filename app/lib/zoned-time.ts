import { tzOffset, tzScan } from '@date-fns/tz'

/**
 * A date and a time of day as staff type them (YYYY-MM-DD, HH:MM), read as
 * the wall clock of a time zone (the agency's, AGENCY_TIME_ZONE) and turned
 * into the exact instant it names. Twice a year the wall clock does not name
 * exactly one instant: when clocks go forward an hour of times never happens,
 * and when they go back an hour happens twice. Neither is guessed: a time in
 * the gap is refused, and a time in the overlap is accepted only with a
 * choice of which one is meant ('earlier' or 'later'), both with a message
 * that says what the clocks do that day.
 *
 * Pure: no environment, no database. Pages format instants with ~/lib/time
 * (Intl only), so this module and its time zone library stay on the server.
 */

const MINUTE = 60 * 1000
const HOUR = 60 * MINUTE

/** Which of the two instants a time in the overlap means: before or after the clocks go back. */
export const FOLDS = ['earlier', 'later'] as const
export type Fold = (typeof FOLDS)[number]

export type ZonedChoice = { fold: Fold; instant: Date; label: string }

export type ZonedInstant =
  | { ok: true; instant: Date }
  | { ok: false; reason: 'invalid'; message: string }
  | { ok: false; reason: 'gap'; message: string }
  | { ok: false; reason: 'ambiguous'; message: string; choices: [ZonedChoice, ZonedChoice] }

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/
const TIME = /^(\d{2}):(\d{2})$/

/** The wall clock as if it were UTC, in milliseconds; undefined for a date or time that is not one. */
function wallClockMs(date: string, time: string) {
  const day = DATE.exec(date)
  const clock = TIME.exec(time)
  if (!day || !clock) return undefined
  const [year, month, dayOfMonth, hour, minute] = [day[1], day[2], day[3], clock[1], clock[2]].map(Number) as [number, number, number, number, number]
  if (hour > 23 || minute > 59) return undefined
  const value = new Date(0)
  value.setUTCFullYear(year, month - 1, dayOfMonth)
  value.setUTCHours(hour, minute, 0, 0)
  // 2027-02-30 rolls over into March: a real date survives the round trip.
  if (value.getUTCFullYear() !== year || value.getUTCMonth() !== month - 1 || value.getUTCDate() !== dayOfMonth) return undefined
  return value.getTime()
}

const clockFormat = new Intl.DateTimeFormat('en-US', { timeZone: 'UTC', hour: 'numeric', minute: '2-digit' })

/** A wall clock (milliseconds as if UTC) as people say it: '2:30 AM'. */
function clockLabel(wallMs: number) {
  return clockFormat.format(new Date(wallMs)).replace(/\u202f/g, ' ')
}

function zoneName(instant: Date, timeZone: string) {
  const part = new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: 'short' })
    .formatToParts(instant)
    .find((candidate) => candidate.type === 'timeZoneName')
  return part?.value ?? timeZone
}

/** The zone's change of offset nearest the wall clock: when (as an instant) and from which offset to which. */
function changeAround(wallMs: number, timeZone: string) {
  const changes = tzScan(timeZone, { start: new Date(wallMs - 2 * 24 * HOUR), end: new Date(wallMs + 2 * 24 * HOUR) })
  const nearest = changes.sort((a, b) => Math.abs(a.date.getTime() - wallMs) - Math.abs(b.date.getTime() - wallMs))[0]
  if (!nearest) return undefined
  // The scan reports the first whole hour after the change; some zones
  // change on the half hour (Australia/Lord_Howe), so find the minute.
  const from = nearest.offset - nearest.change
  let [before, after] = [nearest.date.getTime() - HOUR, nearest.date.getTime()]
  while (after - before > MINUTE) {
    const middle = before + Math.floor((after - before) / 2 / MINUTE) * MINUTE
    if (tzOffset(timeZone, new Date(middle)) === from) before = middle
    else after = middle
  }
  return { at: after, from, to: nearest.offset }
}

/**
 * The instant that `date` at `time` names in `timeZone`; in the hour the
 * clocks repeat, the one `fold` chooses (without it, the question).
 */
export function zonedInstant(date: string, time: string, timeZone: string, fold?: Fold): ZonedInstant {
  const wallMs = wallClockMs(date, time)
  if (wallMs === undefined) return { ok: false, reason: 'invalid', message: 'Enter a real date and time' }
  // Every offset the zone uses within a day either side; each that maps the
  // wall clock back onto itself gives an instant the wall clock names.
  const offsets = new Set([-24 * HOUR, 0, 24 * HOUR].map((shift) => tzOffset(timeZone, new Date(wallMs + shift))))
  const instants = [...offsets]
    .map((offset) => wallMs - offset * MINUTE)
    .filter((candidate) => tzOffset(timeZone, new Date(candidate)) * MINUTE === wallMs - candidate)
    .sort((a, b) => a - b)
  const said = clockLabel(wallMs)
  if (instants.length === 1) return { ok: true, instant: new Date(instants[0]!) }
  const change = changeAround(wallMs, timeZone)
  if (instants.length === 0) {
    const detail = change ? `: clocks go forward from ${clockLabel(change.at + change.from * MINUTE)} to ${clockLabel(change.at + change.to * MINUTE)}` : ''
    return { ok: false, reason: 'gap', message: `${said} does not exist on that day${detail}. Choose another time.` }
  }
  const [earlier, later] = [new Date(instants[0]!), new Date(instants[instants.length - 1]!)]
  if (fold) return { ok: true, instant: fold === 'earlier' ? earlier : later }
  const detail = change ? `: clocks go back from ${clockLabel(change.at + change.from * MINUTE)} to ${clockLabel(change.at + change.to * MINUTE)}` : ''
  return {
    ok: false,
    reason: 'ambiguous',
    message: `${said} happens twice on that day${detail}. Choose which one you mean.`,
    choices: [
      { fold: 'earlier', instant: earlier, label: `${said} ${zoneName(earlier, timeZone)} (before the clocks go back)` },
      { fold: 'later', instant: later, label: `${said} ${zoneName(later, timeZone)} (after the clocks go back)` },
    ],
  }
}

/** True for an IANA zone name this runtime knows ('America/New_York'). */
export function isTimeZone(zone: string) {
  if (!zone || zone.length > 64) return false
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone })
    return true
  } catch {
    return false
  }
}
