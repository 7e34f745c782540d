import { describe, expect, test } from 'vitest'
import { appointmentCreateSchema } from '~/features/calendar/schema'
import { MAX_SERIES_VISITS, PATTERN_MESSAGES, patternDates, patternProblems, visitDates, weekdayOf } from '~/features/calendar/recurrence'
import { expandSeries } from '~/features/calendar/series'

const ZONE = 'America/New_York'
const base = { repeat: true, repeatDays: ['monday', 'wednesday', 'friday'], repeatEnds: 'weeks', repeatWeeks: '12', repeatUntil: '' }

function values(fields: Record<string, string | string[]>) {
  return {
    text: (name: string) => (typeof fields[name] === 'string' ? (fields[name] as string) : ''),
    list: (name: string) => (fields[name] === undefined ? [] : ([] as unknown[]).concat(fields[name])),
  }
}

describe('the weekly pattern', () => {
  test('days of the week and the dates they fall on', () => {
    expect(weekdayOf('2027-03-08')).toBe('monday')
    expect(weekdayOf('2027-03-14')).toBe('sunday')
    expect(visitDates('2027-03-08', '2027-03-14', ['monday', 'friday'])).toEqual(['2027-03-08', '2027-03-12'])
  })

  test('Monday, Wednesday and Friday for 12 weeks: 36 visits, from the first date', () => {
    const result = patternDates({ date: '2027-03-01', ...base })
    expect(result && 'dates' in result && result.dates.length).toBe(36)
    expect(result && 'dates' in result && result.dates.slice(0, 4)).toEqual(['2027-03-01', '2027-03-03', '2027-03-05', '2027-03-08'])
    expect(result && 'dates' in result && result.dates.at(-1)).toBe('2027-05-21')
  })

  test('an end date instead of weeks: the last visit is on or before it', () => {
    const result = patternDates({ date: '2027-03-01', ...base, repeatEnds: 'until', repeatUntil: '2027-03-10' })
    expect(result).toEqual({ dates: ['2027-03-01', '2027-03-03', '2027-03-05', '2027-03-08', '2027-03-10'] })
    // The first date need not be one of the days: the series starts at the first that is.
    expect(patternDates({ date: '2027-03-02', ...base, repeatEnds: 'until', repeatUntil: '2027-03-04' })).toEqual({ dates: ['2027-03-03'] })
  })

  test('a bad pattern is refused beside the field at fault', () => {
    const problems = (extra: Record<string, unknown>) => {
      const result = patternDates({ date: '2027-03-01', ...base, ...extra } as never)
      return result && 'problems' in result ? result.problems : result
    }
    expect(problems({ repeatDays: [] })).toEqual({ repeatDays: PATTERN_MESSAGES.noDay })
    expect(problems({ repeatWeeks: '0' })).toEqual({ repeatWeeks: 'Repeat for 1 to 52 weeks' })
    expect(problems({ repeatWeeks: '53' })).toEqual({ repeatWeeks: 'Repeat for 1 to 52 weeks' })
    expect(problems({ repeatWeeks: '' })).toEqual({ repeatWeeks: 'Repeat for 1 to 52 weeks' })
    expect(problems({ repeatEnds: 'until', repeatUntil: '' })).toEqual({ repeatUntil: 'Enter the date of the last visit' })
    expect(problems({ repeatEnds: 'until', repeatUntil: '2027-02-28' })).toEqual({ repeatUntil: 'The end date must be on or after the first date' })
    expect(problems({ repeatEnds: 'until', repeatUntil: '2028-03-01' })).toEqual({ repeatUntil: 'The end date must be within 52 weeks of the first date' })
    expect(problems({ repeatEnds: 'until', repeatUntil: '2027-03-02', repeatDays: ['friday'] })).toEqual({ repeatDays: PATTERN_MESSAGES.noVisit })
    // Every day for 52 weeks is 364 visits: too many.
    expect(problems({ repeatDays: ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'], repeatWeeks: '52' })).toEqual({
      repeatDays: `That makes 364 visits: a series can have at most ${MAX_SERIES_VISITS}. Choose fewer days or weeks.`,
    })
    // Five days a week for a year is allowed.
    const weekdays = patternDates({ date: '2027-03-01', ...base, repeatDays: ['monday', 'tuesday', 'wednesday', 'thursday', 'friday'], repeatWeeks: '52' })
    expect(weekdays && 'dates' in weekdays && weekdays.dates.length).toBe(MAX_SERIES_VISITS)
  })

  test('nothing is checked while repeating is off', () => {
    expect(patternDates({ date: '2027-03-01', ...base, repeat: false, repeatDays: [] })).toBeNull()
    expect(patternProblems(values({ date: '2027-03-01' }))).toBeNull()
  })

  test('the page checks with the same words as the server', () => {
    expect(patternProblems(values({ date: '2027-03-01', repeat: 'on', repeatWeeks: '4' }))).toEqual({ repeatDays: PATTERN_MESSAGES.noDay })
    const schema = appointmentCreateSchema(ZONE)
    const result = schema.safeParse({ title: 'Care', date: '2027-03-01', time: '09:00', repeat: 'on', repeatWeeks: '4' })
    expect(result.success).toBe(false)
    expect(result.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([['repeatDays', PATTERN_MESSAGES.noDay]])
  })
})

describe('expanding a series in the agency zone', () => {
  test('9:00 AM stays 9:00 AM across the spring change (EST then EDT)', () => {
    const series = expandSeries({ date: '2027-03-08', time: '09:00', durationMinutes: 240, ...base, repeatDays: ['monday'], repeatWeeks: '2' }, ZONE)
    expect(series).toEqual({
      ok: true,
      visits: [
        { startTime: new Date('2027-03-08T14:00:00Z'), endTime: new Date('2027-03-08T18:00:00Z') },
        { startTime: new Date('2027-03-15T13:00:00Z'), endTime: new Date('2027-03-15T17:00:00Z') },
      ],
    })
  })

  test('and across the autumn change (EDT then EST)', () => {
    const series = expandSeries({ date: '2027-11-01', time: '09:00', durationMinutes: 60, ...base, repeatDays: ['monday'], repeatWeeks: '2' }, ZONE)
    expect(series && series.ok && series.visits.map((visit) => visit.startTime.toISOString())).toEqual(['2027-11-01T13:00:00.000Z', '2027-11-08T14:00:00.000Z'])
  })

  test('a time the clocks skip on one visit is refused, naming the visit', () => {
    const series = expandSeries({ date: '2027-03-07', time: '02:30', durationMinutes: 60, ...base, repeatDays: ['sunday'], repeatWeeks: '2' }, ZONE)
    // The first Sunday exists; the second (Mar 14) is the night the clocks go forward.
    expect(series).toEqual({ ok: false, problems: { time: expect.stringMatching(/^Visit on Sunday, Mar 14: 2:30 AM does not exist on that day/) } })
  })

  test('a time the clocks repeat on a later visit asks which one; chosen, it is kept', () => {
    const values = { date: '2027-10-31', time: '01:30', durationMinutes: 60, ...base, repeatDays: ['sunday'], repeatWeeks: '2' }
    expect(expandSeries(values, ZONE)).toEqual({ ok: false, problems: { fold: expect.stringMatching(/^Visit on Sunday, Nov 7: 1:30 AM happens twice/) } })
    const later = expandSeries({ ...values, fold: 'later' }, ZONE)
    expect(later && later.ok && later.visits[1]!.startTime.toISOString()).toBe('2027-11-07T06:30:00.000Z')
  })

  test('the create form returns the visits and the confirmation', () => {
    const parsed = appointmentCreateSchema(ZONE).parse({
      title: 'Care visit',
      date: '2027-03-01',
      time: '09:00',
      durationMinutes: '240',
      repeat: 'on',
      repeatDays: ['monday', 'wednesday', 'friday'],
      repeatWeeks: '12',
      confirmAvailability: 'on',
    })
    expect(parsed.visits).toHaveLength(36)
    expect(parsed.confirmAvailability).toBe(true)
    expect(parsed.input.startTime).toEqual(new Date('2027-03-01T14:00:00Z'))
    expect(appointmentCreateSchema(ZONE).parse({ title: 'One', date: '2027-03-01', time: '09:00' }).visits).toBeNull()
  })
})
