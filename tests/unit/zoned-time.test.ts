import { describe, expect, test } from 'vitest'
import { zonedInstant } from '~/lib/zoned-time'
import { formatTimeOfDay, formatTimeRange, wallClockIn, weekStartOf, zoneAbbreviation, formatDayHeading } from '~/lib/time'

const NEW_YORK = 'America/New_York'

function instant(date: string, time: string, timeZone = NEW_YORK, fold?: 'earlier' | 'later') {
  const result = zonedInstant(date, time, timeZone, fold)
  if (!result.ok) throw new Error(result.message)
  return result.instant.toISOString()
}

describe('a typed date and time, read in the agency zone', () => {
  test('winter and summer days land on EST and EDT', () => {
    expect(instant('2027-01-15', '09:00')).toBe('2027-01-15T14:00:00.000Z')
    expect(instant('2027-07-15', '09:00')).toBe('2027-07-15T13:00:00.000Z')
    expect(instant('2027-01-15', '00:00')).toBe('2027-01-15T05:00:00.000Z')
    expect(instant('2027-01-15', '23:59')).toBe('2027-01-16T04:59:00.000Z')
    expect(instant('2027-01-15', '09:00', 'UTC')).toBe('2027-01-15T09:00:00.000Z')
    expect(instant('2027-01-15', '09:00', 'Asia/Kolkata')).toBe('2027-01-15T03:30:00.000Z')
  })

  test('March: either side of the clocks going forward (Sunday, March 8, 2026, 2:00 AM EST → 3:00 AM EDT)', () => {
    expect(instant('2026-03-07', '09:00')).toBe('2026-03-07T14:00:00.000Z')
    expect(instant('2026-03-08', '01:59')).toBe('2026-03-08T06:59:00.000Z')
    expect(instant('2026-03-08', '03:00')).toBe('2026-03-08T07:00:00.000Z')
    expect(instant('2026-03-08', '09:00')).toBe('2026-03-08T13:00:00.000Z')
    expect(instant('2026-03-09', '09:00')).toBe('2026-03-09T13:00:00.000Z')
  })

  test('March: a time the clocks skip is refused with what happens that day, never shifted', () => {
    for (const time of ['02:00', '02:30', '02:59']) {
      const result = zonedInstant('2026-03-08', time, NEW_YORK)
      expect(result).toMatchObject({ ok: false, reason: 'gap' })
    }
    expect(zonedInstant('2026-03-08', '02:30', NEW_YORK)).toEqual({
      ok: false,
      reason: 'gap',
      message: '2:30 AM does not exist on that day: clocks go forward from 2:00 AM to 3:00 AM. Choose another time.',
    })
    // A choice of fold does not make a skipped time exist.
    expect(zonedInstant('2027-03-14', '02:15', NEW_YORK, 'later')).toMatchObject({ ok: false, reason: 'gap' })
  })

  test('November: either side of the clocks going back (Sunday, November 1, 2026, 2:00 AM EDT → 1:00 AM EST)', () => {
    expect(instant('2026-10-31', '09:00')).toBe('2026-10-31T13:00:00.000Z')
    expect(instant('2026-11-01', '00:59')).toBe('2026-11-01T04:59:00.000Z')
    expect(instant('2026-11-01', '02:00')).toBe('2026-11-01T07:00:00.000Z')
    expect(instant('2026-11-01', '09:00')).toBe('2026-11-01T14:00:00.000Z')
    expect(instant('2026-11-02', '09:00')).toBe('2026-11-02T14:00:00.000Z')
  })

  test('November: a time that happens twice asks which one, and takes the one chosen', () => {
    const result = zonedInstant('2026-11-01', '01:30', NEW_YORK)
    expect(result).toMatchObject({
      ok: false,
      reason: 'ambiguous',
      message: '1:30 AM happens twice on that day: clocks go back from 2:00 AM to 1:00 AM. Choose which one you mean.',
    })
    if (result.ok || result.reason !== 'ambiguous') throw new Error('expected a question')
    expect(result.choices.map((choice) => [choice.fold, choice.instant.toISOString(), choice.label])).toEqual([
      ['earlier', '2026-11-01T05:30:00.000Z', '1:30 AM EDT (before the clocks go back)'],
      ['later', '2026-11-01T06:30:00.000Z', '1:30 AM EST (after the clocks go back)'],
    ])
    expect(instant('2026-11-01', '01:30', NEW_YORK, 'earlier')).toBe('2026-11-01T05:30:00.000Z')
    expect(instant('2026-11-01', '01:30', NEW_YORK, 'later')).toBe('2026-11-01T06:30:00.000Z')
    expect(zonedInstant('2026-11-01', '01:00', NEW_YORK)).toMatchObject({ reason: 'ambiguous' })
    // Outside the repeated hour a fold changes nothing.
    expect(instant('2026-11-01', '09:00', NEW_YORK, 'earlier')).toBe('2026-11-01T14:00:00.000Z')
  })

  test('other zones: the change named at its own hour, half-hour changes included', () => {
    expect(zonedInstant('2027-03-28', '01:30', 'Europe/London')).toMatchObject({
      reason: 'gap',
      message: '1:30 AM does not exist on that day: clocks go forward from 1:00 AM to 2:00 AM. Choose another time.',
    })
    // Lord Howe Island moves its clocks by half an hour, at 2:00 AM.
    expect(zonedInstant('2026-10-04', '02:15', 'Australia/Lord_Howe')).toMatchObject({
      reason: 'gap',
      message: '2:15 AM does not exist on that day: clocks go forward from 2:00 AM to 2:30 AM. Choose another time.',
    })
  })

  test('a date or time that is not one is refused', () => {
    for (const [date, time] of [['2027-02-30', '09:00'], ['2027-13-01', '09:00'], ['2027-01-15', '24:00'], ['2027-01-15', '9:00'], ['', ''], ['2027-01-15', '09:60']]) {
      expect(zonedInstant(date!, time!, NEW_YORK)).toMatchObject({ ok: false, reason: 'invalid' })
    }
  })
})

describe('instants shown in the agency zone, US English short form', () => {
  test('a range on one day, and one that ends the next day', () => {
    expect(formatTimeRange('2027-03-10T14:00:00Z', '2027-03-10T15:00:00Z', NEW_YORK)).toBe('Mar 10, 2027, 9:00 AM – 10:00 AM')
    expect(formatTimeRange('2027-03-11T03:00:00Z', '2027-03-11T05:30:00Z', NEW_YORK)).toBe('Mar 10, 2027, 10:00 PM – Mar 11, 2027, 12:30 AM')
    expect(formatTimeRange('2027-03-10T14:00:00Z', '2027-03-10T15:00:00Z', NEW_YORK, { withZone: true })).toBe('Mar 10, 2027, 9:00 AM – 10:00 AM EST')
  })

  test('either side of both changes, the wall clock a New York scheduler sees', () => {
    expect(formatTimeOfDay('2026-03-08T06:59:00Z', NEW_YORK)).toBe('1:59 AM')
    expect(formatTimeOfDay('2026-03-08T07:00:00Z', NEW_YORK)).toBe('3:00 AM')
    expect(formatTimeOfDay('2026-11-01T05:30:00Z', NEW_YORK)).toBe('1:30 AM')
    expect(formatTimeOfDay('2026-11-01T06:30:00Z', NEW_YORK)).toBe('1:30 AM')
    expect(zoneAbbreviation('2026-11-01T05:30:00Z', NEW_YORK)).toBe('EDT')
    expect(zoneAbbreviation('2026-11-01T06:30:00Z', NEW_YORK)).toBe('EST')
    expect(wallClockIn('2026-03-08T07:00:00Z', NEW_YORK)).toEqual({ date: '2026-03-08', time: '03:00' })
    expect(wallClockIn('2026-11-01T06:30:00Z', NEW_YORK)).toEqual({ date: '2026-11-01', time: '01:30' })
  })

  test('what is typed and what is shown agree for every quarter hour of both change days', () => {
    for (const date of ['2026-03-08', '2026-11-01']) {
      for (let minutes = 0; minutes < 24 * 60; minutes += 15) {
        const time = `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`
        for (const fold of ['earlier', 'later'] as const) {
          const result = zonedInstant(date, time, NEW_YORK, fold)
          if (result.ok) expect(wallClockIn(result.instant, NEW_YORK)).toEqual({ date, time })
        }
      }
    }
  })

  test('weeks start on Sunday; days are headed by their weekday', () => {
    expect(weekStartOf('2027-03-10')).toBe('2027-03-07')
    expect(weekStartOf('2027-03-07')).toBe('2027-03-07')
    expect(weekStartOf('2027-03-13')).toBe('2027-03-07')
    expect(formatDayHeading('2027-03-08')).toBe('Monday, Mar 8')
  })
})
