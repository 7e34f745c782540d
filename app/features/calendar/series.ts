import { formatDayHeading } from '~/lib/time'
import { type Fold, zonedInstant } from '~/lib/zoned-time'
import { type PatternField, type PatternValues, patternDates } from '~/features/calendar/recurrence'

const MINUTE = 60 * 1000

export type Visit = { startTime: Date; endTime: Date }

export type SeriesProblems = Partial<Record<PatternField | 'time' | 'fold', string>>

/**
 * One visit: the wall clock `time` on `date` in `timeZone`, for `durationMinutes`.
 * Each visit is read on its own day, so 9:00 AM stays 9:00 AM on both sides
 * of a change of the clocks. A time the clocks skip that day is refused; one
 * they repeat needs `fold` (which one), as a single appointment does.
 */
export function visitAt(date: string, time: string, durationMinutes: number, timeZone: string, fold?: Fold) {
  const resolved = zonedInstant(date, time, timeZone, fold)
  if (!resolved.ok) {
    return { ok: false as const, reason: resolved.reason, message: `Visit on ${formatDayHeading(date)}: ${resolved.message}` }
  }
  const visit: Visit = { startTime: resolved.instant, endTime: new Date(resolved.instant.getTime() + durationMinutes * MINUTE) }
  return { ok: true as const, visit }
}

/**
 * The visits of a weekly pattern starting on `values.date` at `time`, or what
 * is wrong with it by field: the pattern's own fields, `time` for a day on
 * which the time does not exist, `fold` for one on which it happens twice.
 */
export function expandSeries(
  values: PatternValues & { time: string; fold?: Fold; durationMinutes: number },
  timeZone: string,
): { ok: true; visits: Visit[] } | { ok: false; problems: SeriesProblems } | null {
  const pattern = patternDates(values)
  if (!pattern) return null
  if ('problems' in pattern) return { ok: false, problems: pattern.problems }
  const visits: Visit[] = []
  const problems: SeriesProblems = {}
  for (const date of pattern.dates) {
    const result = visitAt(date, values.time, values.durationMinutes, timeZone, values.fold)
    if (result.ok) visits.push(result.visit)
    else {
      const field = result.reason === 'ambiguous' ? 'fold' : 'time'
      problems[field] ??= result.message
    }
  }
  return Object.keys(problems).length > 0 ? { ok: false, problems } : { ok: true, visits }
}
