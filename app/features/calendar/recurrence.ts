import { WEEKDAYS, type Weekday, addDays, isDateString } from '~/lib/time'

/**
 * A weekly pattern of visits as the create form has it: the days of the week
 * and an end (a number of weeks from the first date, or a last date). Which
 * dates it makes is plain calendar arithmetic, so the page and the schema
 * check a pattern with these same functions and words (no time zone: turning
 * each date and the time of day into an instant is schema.ts's job).
 */

export const MAX_SERIES_WEEKS = 52
/** A year of five visits a week: enough for any care plan, few enough to check and save at once. */
export const MAX_SERIES_VISITS = 260

export const REPEAT_ENDS = ['weeks', 'until'] as const
export type RepeatEnd = (typeof REPEAT_ENDS)[number]

export const PATTERN_MESSAGES = {
  noDay: 'Choose at least one day of the week',
  weeks: `Repeat for 1 to ${MAX_SERIES_WEEKS} weeks`,
  untilRequired: 'Enter the date of the last visit',
  untilMalformed: 'Enter the date as YYYY-MM-DD',
  untilBeforeStart: 'The end date must be on or after the first date',
  untilTooFar: `The end date must be within ${MAX_SERIES_WEEKS} weeks of the first date`,
  noVisit: 'No chosen day falls between the first date and the end',
  tooMany: (count: number) => `That makes ${count} visits: a series can have at most ${MAX_SERIES_VISITS}. Choose fewer days or weeks.`,
} as const

export type PatternValues = {
  date: string
  repeat: boolean
  repeatDays: readonly string[]
  repeatEnds: string
  repeatWeeks: string
  repeatUntil: string
}

export type PatternField = 'repeatDays' | 'repeatWeeks' | 'repeatUntil'

/** The day of the week of a YYYY-MM-DD date, as records store it ('monday'). */
export function weekdayOf(date: string): Weekday {
  const sundayFirst = new Date(`${date}T00:00:00Z`).getUTCDay()
  return WEEKDAYS[(sundayFirst + 6) % 7]!
}

/** Every date from `first` to `last` (both included) whose day of the week is one of `days`. */
export function visitDates(first: string, last: string, days: readonly string[]) {
  const dates: string[] = []
  for (let date = first; date <= last; date = addDays(date, 1)) {
    if (days.includes(weekdayOf(date))) dates.push(date)
  }
  return dates
}

/** The last date a pattern can reach: `weeks` whole weeks from the first date, or the end date. */
function lastDate(values: PatternValues): string | { field: PatternField; message: string } {
  if (values.repeatEnds === 'until') {
    const until = values.repeatUntil.trim()
    if (!until) return { field: 'repeatUntil', message: PATTERN_MESSAGES.untilRequired }
    if (!isDateString(until)) return { field: 'repeatUntil', message: PATTERN_MESSAGES.untilMalformed }
    if (until < values.date) return { field: 'repeatUntil', message: PATTERN_MESSAGES.untilBeforeStart }
    if (until > addDays(values.date, MAX_SERIES_WEEKS * 7 - 1)) return { field: 'repeatUntil', message: PATTERN_MESSAGES.untilTooFar }
    return until
  }
  const weeks = Number(values.repeatWeeks.trim())
  if (!values.repeatWeeks.trim() || !Number.isInteger(weeks) || weeks < 1 || weeks > MAX_SERIES_WEEKS) {
    return { field: 'repeatWeeks', message: PATTERN_MESSAGES.weeks }
  }
  return addDays(values.date, weeks * 7 - 1)
}

/**
 * The pattern's dates, or what is wrong with it, by field. Nothing is checked
 * while repeating is off or the first date is not a date (its own field says so).
 */
export function patternDates(values: PatternValues): { dates: string[] } | { problems: Partial<Record<PatternField, string>> } | null {
  if (!values.repeat || !isDateString(values.date)) return null
  const problems: Partial<Record<PatternField, string>> = {}
  const days = values.repeatDays.filter((day): day is Weekday => (WEEKDAYS as readonly string[]).includes(day))
  if (days.length === 0) problems.repeatDays = PATTERN_MESSAGES.noDay
  const last = lastDate(values)
  if (typeof last !== 'string') problems[last.field] = last.message
  if (Object.keys(problems).length > 0 || typeof last !== 'string') return { problems }
  const dates = visitDates(values.date, last, days)
  if (dates.length === 0) return { problems: { repeatDays: PATTERN_MESSAGES.noVisit } }
  if (dates.length > MAX_SERIES_VISITS) return { problems: { repeatDays: PATTERN_MESSAGES.tooMany(dates.length) } }
  return { dates }
}

/** The page's check across the pattern's fields (FormChecks.form), in the schema's words. */
export function patternProblems(values: { text(name: string): string; list(name: string): unknown[] }) {
  const result = patternDates({
    date: values.text('date'),
    repeat: values.text('repeat') === 'on',
    repeatDays: values.list('repeatDays').filter((day): day is string => typeof day === 'string'),
    repeatEnds: values.text('repeatEnds') || 'weeks',
    repeatWeeks: values.text('repeatWeeks'),
    repeatUntil: values.text('repeatUntil'),
  })
  return result && 'problems' in result ? result.problems : null
}
