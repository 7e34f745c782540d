/**
 * Calendar days in the agency's time zone (AGENCY_TIME_ZONE), with Intl only.
 * Safe for the browser too: nothing here reads the environment.
 */

import { handOver, recordingFormattedTexts, serverText } from '~/lib/formatted-texts'

const DATE_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/

/** Like Date.UTC, without its reading of years 0-99 as 1900-1999. */
function utcTime(year: number, month: number, day: number, hour = 0, minute = 0, second = 0) {
  const date = new Date(0)
  date.setUTCFullYear(year, month - 1, day)
  date.setUTCHours(hour, minute, second, 0)
  return date.getTime()
}

function parseDateString(dateString: string) {
  const match = DATE_PATTERN.exec(dateString)
  if (!match) throw new RangeError(`Not a YYYY-MM-DD date: ${dateString}`)
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])]
  const utcMidnight = utcTime(year, month, day)
  // 2024-02-30 rolls over into March; a real date survives the round trip.
  const check = new Date(utcMidnight)
  if (check.getUTCFullYear() !== year || check.getUTCMonth() !== month - 1 || check.getUTCDate() !== day) {
    throw new RangeError(`Not a calendar date: ${dateString}`)
  }
  return { year, month, day, utcMidnight }
}

/** True for a real calendar date written YYYY-MM-DD. */
export function isDateString(value: string) {
  try {
    parseDateString(value)
    return true
  } catch {
    return false
  }
}

/** The wall clock with every field numeric, in a fixed order (month, day, year, hour, minute, second). */
const WALL_CLOCK_FIELDS = {
  hourCycle: 'h23',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
} as const satisfies Intl.DateTimeFormatOptions

const cachedFormatters = new Map<string, Intl.DateTimeFormat>()

/**
 * An en-US formatter for `timeZone` with these options, made once: making
 * one costs far more than formatting with it, and a list formats a date on
 * every row.
 */
function formatter(key: string, timeZone: string, options: Intl.DateTimeFormatOptions) {
  let made = cachedFormatters.get(key)
  if (!made) cachedFormatters.set(key, (made = new Intl.DateTimeFormat('en-US', { timeZone, ...options })))
  return made
}

/**
 * Every date and time this module shows is formatted here: in the browser
 * from what the server formatted for the page when it can (ADR 0026).
 */
function formatText(timeZone: string, options: Intl.DateTimeFormatOptions, instant: number) {
  // One key for the formatter made once and for the texts handed over.
  const key = formatKey(timeZone, options)
  const handedOver = serverText(key, instant)
  if (handedOver !== undefined) return handedOver
  // Each text made is kept: Intl's formatting is most of what a page's dates
  // cost, and a busy list or the dashboard shows the same dates on every request.
  let texts = madeTexts.get(key)
  if (!texts) madeTexts.set(key, (texts = new Map()))
  let text = texts.get(instant)
  if (text === undefined) {
    if (++textsKept > TEXTS_KEPT) {
      for (const kept of madeTexts.values()) kept.clear()
      textsKept = 1
    }
    texts.set(instant, (text = formatter(key, timeZone, options).format(instant)))
  }
  handOver(key, instant, text)
  return text
}

/** The texts made, by format and instant: at most TEXTS_KEPT, all forgotten past it. */
const madeTexts = new Map<string, Map<number, string>>()
const TEXTS_KEPT = 10_000
let textsKept = 0

/**
 * A format's key ('America/New_York|{"month":"short"}'), kept per options
 * object: most callers pass a constant, and writing the options as JSON on
 * every date shown was a good part of what a list's dates cost.
 */
function formatKey(timeZone: string, options: Intl.DateTimeFormatOptions) {
  let byZone = formatKeys.get(options)
  if (!byZone) formatKeys.set(options, (byZone = new Map()))
  let key = byZone.get(timeZone)
  if (key === undefined) byZone.set(timeZone, (key = `${timeZone}|${JSON.stringify(options)}`))
  return key
}
const formatKeys = new WeakMap<Intl.DateTimeFormatOptions, Map<string, string>>()

/** The wall clock in `timeZone` at `instant`, as if that wall clock were UTC. */
function wallClockAsUtc(instant: number, timeZone: string) {
  // en-US: "03/10/2024, 01:05:03"; some engines write midnight as 24.
  const [month, day, year, hour, minute, second] = formatText(timeZone, WALL_CLOCK_FIELDS, instant).match(/\d+/g)!.map(Number)
  return utcTime(year!, month!, day!, hour! % 24, minute!, second!)
}

/** The zone's offset from UTC at `instant`, in milliseconds (east positive). */
function offsetAt(instant: number, timeZone: string) {
  const whole = instant - (((instant % 1000) + 1000) % 1000)
  return wallClockAsUtc(whole, timeZone) - whole
}

/**
 * The first instant of the calendar day `dateString` (YYYY-MM-DD) in
 * `timeZone`. Usually local midnight; where a daylight-saving change skips
 * midnight, the first moment the clocks show that day (and for a day the zone
 * skipped altogether, such as 2011-12-30 in Pacific/Apia, the start of the
 * next one).
 */
export function zonedDayStart(dateString: string, timeZone: string): Date {
  const key = `${timeZone}|${dateString}`
  let start = dayStarts.get(key)
  // Found again while a page renders on the server, so that the texts it formats reach the browser (ADR 0026).
  if (start === undefined || recordingFormattedTexts()) {
    start = findDayStart(dateString, timeZone)
    // Days asked for cluster around today: a bounded memo, emptied when full.
    if (dayStarts.size >= 5000) dayStarts.clear()
    dayStarts.set(key, start)
  }
  return new Date(start)
}

/** Day starts found, by zone and day: finding one formats six instants in the zone. */
const dayStarts = new Map<string, number>()

function findDayStart(dateString: string, timeZone: string): number {
  const { utcMidnight } = parseDateString(dateString)
  const DAY = 24 * 60 * 60 * 1000
  // Every offset the zone uses around that day; one of them is in force at
  // the day's start.
  const offsets = new Set([-DAY, 0, DAY].map((shift) => offsetAt(utcMidnight + shift, timeZone)))
  const starts = [...offsets]
    .map((offset) => utcMidnight - offset)
    .filter((candidate) => wallClockAsUtc(candidate, timeZone) >= utcMidnight)
  if (starts.length === 0) throw new RangeError(`No start found for ${dateString} in ${timeZone}`)
  return Math.min(...starts)
}

/** `dateString` moved by `days` calendar days (YYYY-MM-DD in, YYYY-MM-DD out). */
export function addDays(dateString: string, days: number) {
  const { utcMidnight } = parseDateString(dateString)
  return new Date(utcMidnight + days * 24 * 60 * 60 * 1000).toISOString().slice(0, 10)
}

/** Staff-facing date and time in the agency's zone, US English short form: "Mar 10, 2024, 1:05 AM". */
export function formatDateTime(date: Date | string, timeZone: string) {
  return formatText(timeZone, { month: 'short', day: 'numeric', year: 'numeric', hour: 'numeric', minute: '2-digit' }, new Date(date).getTime())
}

/** To the second, with the zone: for the audit log. */
export function formatTimestamp(date: Date | string, timeZone: string) {
  return formatText(timeZone, { dateStyle: 'medium', timeStyle: 'long' }, new Date(date).getTime())
}

/** e.g. "Mar 10, 2024" in the given zone. */
export function formatDate(date: Date | string, timeZone: string) {
  return formatText(timeZone, { dateStyle: 'medium' }, new Date(date).getTime())
}

/**
 * A calendar date with no time of day (a date of birth: YYYY-MM-DD), as
 * "Jan 1, 1934". Formatted as the same day in UTC, so no zone can move it
 * to the day before.
 */
export function formatCalendarDate(dateString: string) {
  return formatText('UTC', { dateStyle: 'medium' }, parseDateString(dateString).utcMidnight)
}

const WALL_CLOCK_PATTERN = /^(\d{4}-\d{2}-\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?$/

/**
 * A date and time as staff enter it (a date-and-time field: YYYY-MM-DDTHH:MM,
 * no zone, already the agency's wall clock), as "Nov 25, 2026, 10:30 AM";
 * an instant with a zone or offset is shown in `timeZone`. Anything else
 * (older free text) is shown as it was written.
 */
export function formatEnteredDateTime(value: string, timeZone: string) {
  const wallClock = WALL_CLOCK_PATTERN.exec(value)
  if (wallClock && isDateString(wallClock[1]!)) {
    const { year, month, day } = parseDateString(wallClock[1]!)
    const [hour, minute, second] = [Number(wallClock[2]), Number(wallClock[3]), Number(wallClock[4] ?? 0)]
    if (hour < 24 && minute < 60 && second < 60) {
      return formatDateTime(new Date(utcTime(year, month, day, hour, minute, second)), 'UTC')
    }
  }
  if (isDateString(value)) return formatCalendarDate(value)
  if (/^\d{4}-\d{2}-\d{2}T.+(Z|[+-]\d{2}:?\d{2})$/.test(value) && !Number.isNaN(Date.parse(value))) {
    return formatDateTime(value, timeZone)
  }
  return value
}

/** The calendar date (YYYY-MM-DD) that `instant` falls on in `timeZone`. */
export function dateIn(instant: Date | number, timeZone: string) {
  return new Date(wallClockAsUtc(new Date(instant).getTime(), timeZone)).toISOString().slice(0, 10)
}

/** The days of the week as records store them, in calendar order from Monday. Each area labels them its own way. */
export const WEEKDAYS = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'] as const
export type Weekday = (typeof WEEKDAYS)[number]

export const DATE_RANGES = ['today', 'week', 'month'] as const
export type DateRange = (typeof DATE_RANGES)[number]

/**
 * The first instant of today, of this week (weeks start on Sunday, as on a US
 * calendar) or of this month, in `timeZone`. Records created at or after it
 * are "Today", "This Week" or "This Month".
 */
export function rangeStart(range: DateRange, timeZone: string, now: Date = new Date()) {
  const today = dateIn(now, timeZone)
  if (range === 'today') return zonedDayStart(today, timeZone)
  if (range === 'month') return zonedDayStart(`${today.slice(0, 8)}01`, timeZone)
  const weekday = new Date(`${today}T00:00:00Z`).getUTCDay()
  return zonedDayStart(addDays(today, -weekday), timeZone)
}

// ---------------------------------------------------------------------------
// Appointments: instants shown in a zone, US English short form. Newer ICU
// puts a narrow no-break space before AM/PM and older ICU a plain one; it is
// always a plain space here, so the server's HTML and the browser's agree.

/** An instant in `timeZone` with these Intl options, with plain spaces. */
export function formatIn(instant: Date | string | number, timeZone: string, options: Intl.DateTimeFormatOptions) {
  return formatText(timeZone, options, new Date(instant).getTime()).replace(/[\u202f\u2009]/g, ' ')
}

/** "9:00 AM" */
export function formatTimeOfDay(instant: Date | string | number, timeZone: string) {
  return formatIn(instant, timeZone, { hour: 'numeric', minute: '2-digit' })
}

/** "Mar 10, 2027" */
export function formatShortDate(instant: Date | string | number, timeZone: string) {
  return formatIn(instant, timeZone, { month: 'short', day: 'numeric', year: 'numeric' })
}

/** "Wed, Mar 10, 2027" */
export function formatWeekdayDate(instant: Date | string | number, timeZone: string) {
  return formatIn(instant, timeZone, { weekday: 'short', month: 'short', day: 'numeric', year: 'numeric' })
}

/** The zone's abbreviation at that instant: "EST", "EDT" (or "GMT+1" where there is none). */
export function zoneAbbreviation(instant: Date | string | number, timeZone: string) {
  return formatIn(instant, timeZone, { timeZoneName: 'short' }).split(', ').pop()?.split(' ').pop() ?? timeZone
}

/**
 * When an appointment is: "Mar 10, 2027, 9:00 AM – 10:00 AM", or with both
 * dates when it ends on another day. With `withZone`, the zone's abbreviation
 * at the start ("… 10:00 AM EST").
 */
export function formatTimeRange(start: Date | string, end: Date | string, timeZone: string, { withZone = false } = {}) {
  const from = dateAndTimeIn(start, timeZone)
  const until = dateAndTimeIn(end, timeZone)
  const to = from.date === until.date ? until.time : `${until.date}, ${until.time}`
  return `${from.date}, ${from.time} – ${to}${withZone ? ` ${zoneAbbreviation(start, timeZone)}` : ''}`
}

const DATE_AND_TIME = { month: 'short', day: 'numeric', year: 'numeric', hour: 'numeric', minute: '2-digit' } as const

/**
 * formatShortDate and formatTimeOfDay of one instant from one formatting
 * ("Mar 10, 2027" and "9:00 AM"): a list formats a range on every row.
 */
function dateAndTimeIn(instant: Date | string, timeZone: string) {
  // "Mar 10, 2027, 9:00 AM": the time follows the last comma.
  const text = formatIn(instant, timeZone, DATE_AND_TIME)
  const comma = text.lastIndexOf(', ')
  return { date: text.slice(0, comma), time: text.slice(comma + 2) }
}

/** The wall clock in `timeZone` at `instant`, as a date field and a time field hold it: { date: '2027-03-10', time: '09:00' }. */
export function wallClockIn(instant: Date | string | number, timeZone: string) {
  const wall = new Date(wallClockAsUtc(new Date(instant).getTime(), timeZone)).toISOString()
  return { date: wall.slice(0, 10), time: wall.slice(11, 16) }
}

/** The Sunday that starts the week `dateString` falls in (weeks start on Sunday, as on a US calendar). */
export function weekStartOf(dateString: string) {
  const weekday = new Date(`${dateString}T00:00:00Z`).getUTCDay()
  return addDays(dateString, -weekday)
}

/** "Monday, Mar 8" for a calendar date (YYYY-MM-DD), whatever the zone. */
export function formatDayHeading(dateString: string) {
  return formatText('UTC', { weekday: 'long', month: 'short', day: 'numeric' }, parseDateString(dateString).utcMidnight)
}

/** How a form names the zone its times are in: "Eastern Time (America/New_York)". */
export function describeTimeZone(timeZone: string, at: Date = new Date()) {
  const generic = new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: 'longGeneric' })
    .formatToParts(at)
    .find((part) => part.type === 'timeZoneName')?.value
  return generic && generic !== timeZone ? `${generic} (${timeZone})` : timeZone
}
