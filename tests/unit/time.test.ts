import { AsyncLocalStorage } from 'node:async_hooks'
import { afterEach, describe, expect, test, vi } from 'vitest'
import { adoptServerFormattedTexts, formattedTextsOfThisPage, recordFormattedTexts, type FormattedTexts, type PageTexts } from '~/lib/formatted-texts'
import {
  addDays,
  dateIn,
  formatCalendarDate,
  formatDate,
  formatDateTime,
  formatEnteredDateTime,
  formatTimeRange,
  formatTimestamp,
  isDateString,
  rangeStart,
  zonedDayStart,
} from '~/lib/time'

const iso = (dateString: string, timeZone: string) => zonedDayStart(dateString, timeZone).toISOString()
const HOUR = 60 * 60 * 1000
const dayLength = (dateString: string, timeZone: string) =>
  (zonedDayStart(addDays(dateString, 1), timeZone).getTime() - zonedDayStart(dateString, timeZone).getTime()) / HOUR

describe('zonedDayStart', () => {
  test('is local midnight as an instant', () => {
    expect(iso('2024-01-15', 'America/New_York')).toBe('2024-01-15T05:00:00.000Z') // EST, UTC-5
    expect(iso('2024-07-04', 'America/New_York')).toBe('2024-07-04T04:00:00.000Z') // EDT, UTC-4
    expect(iso('2024-07-04', 'America/Los_Angeles')).toBe('2024-07-04T07:00:00.000Z')
    expect(iso('2024-01-15', 'UTC')).toBe('2024-01-15T00:00:00.000Z')
    expect(iso('2024-01-15', 'Asia/Kolkata')).toBe('2024-01-14T18:30:00.000Z') // half-hour offset
    expect(iso('2024-01-15', 'Asia/Kathmandu')).toBe('2024-01-14T18:15:00.000Z') // quarter-hour offset
    expect(iso('2024-01-15', 'Pacific/Auckland')).toBe('2024-01-14T11:00:00.000Z') // east of UTC, in summer time
  })

  test('spring forward in New York: the day starts in EST and lasts 23 hours', () => {
    expect(iso('2024-03-10', 'America/New_York')).toBe('2024-03-10T05:00:00.000Z')
    expect(iso('2024-03-11', 'America/New_York')).toBe('2024-03-11T04:00:00.000Z')
    expect(dayLength('2024-03-10', 'America/New_York')).toBe(23)
  })

  test('fall back in New York: the day starts in EDT and lasts 25 hours', () => {
    expect(iso('2024-11-03', 'America/New_York')).toBe('2024-11-03T04:00:00.000Z')
    expect(iso('2024-11-04', 'America/New_York')).toBe('2024-11-04T05:00:00.000Z')
    expect(dayLength('2024-11-03', 'America/New_York')).toBe(25)
  })

  test('ordinary days are 24 hours long all year', () => {
    for (const day of ['2024-01-01', '2024-02-29', '2024-06-30', '2024-12-31']) {
      expect(dayLength(day, 'America/New_York')).toBe(24)
    }
  })

  test('where the clocks skip midnight, the day starts at the first moment it shows', () => {
    // Santiago moved from UTC-4 to UTC-3 at midnight on 2022-09-11: clocks went 23:59:59 -> 01:00.
    expect(iso('2022-09-11', 'America/Santiago')).toBe('2022-09-11T04:00:00.000Z')
    // Back from UTC-3 to UTC-4 at midnight on 2022-04-03: 23:59:59 -> 23:00 on the 2nd.
    expect(iso('2022-04-03', 'America/Santiago')).toBe('2022-04-03T04:00:00.000Z')
    expect(dayLength('2022-04-02', 'America/Santiago')).toBe(25)
  })

  test('a day the zone skipped altogether starts when the next one does', () => {
    // Samoa jumped from 29 to 31 December 2011.
    expect(iso('2011-12-30', 'Pacific/Apia')).toBe(iso('2011-12-31', 'Pacific/Apia'))
    expect(iso('2011-12-31', 'Pacific/Apia')).toBe('2011-12-30T10:00:00.000Z')
  })

  test('rejects anything but a real YYYY-MM-DD date', () => {
    for (const bad of ['2024-02-30', '2023-02-29', '2024-13-01', '2024-1-5', '03/10/2024', '', 'today']) {
      expect(() => zonedDayStart(bad, 'America/New_York'), bad).toThrow(RangeError)
    }
  })
})

describe('isDateString', () => {
  test('knows real calendar dates', () => {
    expect(isDateString('2024-02-29')).toBe(true)
    expect(isDateString('2023-02-29')).toBe(false)
    expect(isDateString('2024-04-31')).toBe(false)
    expect(isDateString('2024-04-30T00:00')).toBe(false)
  })
})

describe('addDays', () => {
  test('moves across months, years and leap days', () => {
    expect(addDays('2024-02-28', 1)).toBe('2024-02-29')
    expect(addDays('2023-02-28', 1)).toBe('2023-03-01')
    expect(addDays('2024-12-31', 1)).toBe('2025-01-01')
    expect(addDays('2024-03-01', -1)).toBe('2024-02-29')
    // Calendar days, not 24-hour periods: a DST change makes no difference.
    expect(addDays('2024-03-10', 1)).toBe('2024-03-11')
  })
})

describe('formatting in the agency zone', () => {
  test('shows the local date and time with the zone abbreviation', () => {
    expect(formatTimestamp(new Date('2024-03-10T06:05:03Z'), 'America/New_York')).toMatch(/^Mar 10, 2024, 1:05:03\sAM EST$/)
    expect(formatTimestamp('2024-03-10T07:05:03Z', 'America/New_York')).toMatch(/^Mar 10, 2024, 3:05:03\sAM EDT$/)
    expect(formatDateTime('2024-03-10T07:05:03Z', 'America/New_York')).toMatch(/^Mar 10, 2024, 3:05\sAM$/)
    // Late evening in New York is already the next day in UTC.
    expect(formatDate(new Date('2024-07-05T02:00:00Z'), 'America/New_York')).toBe('Jul 4, 2024')
  })
})

describe('dates as staff entered them', () => {
  test('a date of birth reads like every other date, on the day it was entered whatever the zone', () => {
    expect(formatCalendarDate('1934-01-01')).toBe('Jan 1, 1934')
    expect(formatCalendarDate('2026-11-23')).toBe('Nov 23, 2026')
    expect(() => formatCalendarDate('1934-02-30')).toThrow(RangeError)
  })

  test('a scheduled date and time from a date-and-time field is the wall clock typed, not shifted', () => {
    expect(formatEnteredDateTime('2026-11-25T10:30', 'America/New_York')).toMatch(/^Nov 25, 2026, 10:30\sAM$/)
    expect(formatEnteredDateTime('2026-11-25T23:30', 'Pacific/Kiritimati')).toMatch(/^Nov 25, 2026, 11:30\sPM$/)
  })

  test('an instant is shown in the agency zone; a plain date as a date; other text as written', () => {
    expect(formatEnteredDateTime('2026-11-25T03:30:00Z', 'America/New_York')).toMatch(/^Nov 24, 2026, 10:30\sPM$/)
    expect(formatEnteredDateTime('2026-11-25', 'America/New_York')).toBe('Nov 25, 2026')
    expect(formatEnteredDateTime('next Tuesday', 'America/New_York')).toBe('next Tuesday')
    expect(formatEnteredDateTime('2026-11-25T25:30', 'America/New_York')).toBe('2026-11-25T25:30')
  })
})

describe('rangeStart (the Registration Date filter)', () => {
  const zone = 'America/New_York'
  // Wednesday 2026-11-18, 01:30 in New York (06:30 UTC).
  const now = new Date('2026-11-18T06:30:00Z')

  test('today starts at local midnight', () => {
    expect(rangeStart('today', zone, now).toISOString()).toBe('2026-11-18T05:00:00.000Z')
  })

  test('late evening in New York is already tomorrow in UTC, but still today here', () => {
    const evening = new Date('2026-11-18T04:30:00Z') // 23:30 on the 17th in New York
    expect(dateIn(evening, zone)).toBe('2026-11-17')
    expect(rangeStart('today', zone, evening).toISOString()).toBe('2026-11-17T05:00:00.000Z')
  })

  test('the week starts on Sunday and the month on the 1st', () => {
    expect(rangeStart('week', zone, now).toISOString()).toBe('2026-11-15T05:00:00.000Z')
    expect(rangeStart('month', zone, now).toISOString()).toBe('2026-11-01T04:00:00.000Z')
  })
})

describe("the server's formatted texts, handed to the browser", () => {
  const zone = 'America/New_York'
  const instants = ['2026-03-08T06:59:00Z', '2026-03-08T07:00:00Z', '2026-11-29T15:30:00Z'].map((iso) => new Date(iso))

  afterEach(() => {
    recordFormattedTexts(() => undefined)
    adoptServerFormattedTexts({})
    vi.restoreAllMocks()
  })

  /** Formats as a page would, the way the server does while it renders one. */
  function renderOnTheServer() {
    const page: PageTexts = { texts: {}, count: 0 }
    recordFormattedTexts(() => page)
    const shown = {
      dateTimes: instants.map((instant) => formatDateTime(instant, zone)),
      dates: instants.map((instant) => formatDate(instant, zone)),
      birthDate: formatCalendarDate('1934-01-01'),
      ranges: instants.map((instant) => formatTimeRange(instant, new Date(instant.getTime() + 3_600_000), zone, { withZone: true })),
      days: instants.map((instant) => dateIn(instant, zone)),
    }
    recordFormattedTexts(() => undefined)
    return { page: page.texts, shown }
  }

  test('the browser shows what the server showed without making a formatter of its own', () => {
    const { page, shown } = renderOnTheServer()
    expect(textsIn(page)).toContain('Mar 8, 2026, 1:59 AM')

    // What the handover saves is the browser's first use of Intl's date formatting: here, any use fails.
    adoptServerFormattedTexts(JSON.parse(JSON.stringify(page)) as FormattedTexts)
    vi.spyOn(Intl.DateTimeFormat.prototype as unknown as { format: string }, 'format', 'get').mockImplementation(() => {
      throw new Error('formatted in the browser')
    })
    expect(instants.map((instant) => formatDateTime(instant, zone))).toEqual(shown.dateTimes)
    expect(instants.map((instant) => formatDate(instant, zone))).toEqual(shown.dates)
    expect(formatCalendarDate('1934-01-01')).toBe(shown.birthDate)
    expect(instants.map((instant) => formatTimeRange(instant, new Date(instant.getTime() + 3_600_000), zone, { withZone: true }))).toEqual(shown.ranges)
    expect(instants.map((instant) => dateIn(instant, zone))).toEqual(shown.days)
  })

  test('what the server did not format, the browser formats itself', () => {
    const { page } = renderOnTheServer()
    adoptServerFormattedTexts(page)
    expect(formatDateTime(new Date('2030-01-02T03:04:00Z'), zone).replace('\u202f', ' ')).toBe('Jan 1, 2030, 10:04 PM')
  })

  test("only what a page's render formats is handed over, each page its own, up to a bound", async () => {
    // As entry.server.tsx records: a store for each render.
    const rendering = new AsyncLocalStorage<PageTexts>()
    recordFormattedTexts(() => rendering.getStore())
    formatDate(new Date('2026-01-01T12:00:00Z'), zone) // a loader's, outside any render
    const first: PageTexts = { texts: {}, count: 0 }
    const second: PageTexts = { texts: {}, count: 0 }
    await Promise.all([
      rendering.run(first, async () => {
        await new Promise((resolve) => setImmediate(resolve))
        formatDate(new Date('2026-02-01T12:00:00Z'), zone)
      }),
      rendering.run(second, async () => {
        await new Promise((resolve) => setImmediate(resolve))
        formatDate(new Date('2026-03-01T12:00:00Z'), zone)
        expect(formattedTextsOfThisPage()).toEqual(second.texts)
      }),
    ])
    expect(textsIn(first.texts)).toEqual(['Feb 1, 2026'])
    expect(textsIn(second.texts)).toEqual(['Mar 1, 2026'])

    const busy: PageTexts = { texts: {}, count: 0 }
    rendering.run(busy, () => {
      for (let day = 0; day < 1000; day++) formatDate(new Date(Date.UTC(2026, 0, 1) + day * 86_400_000), zone)
    })
    expect(textsIn(busy.texts)).toHaveLength(400)
  })
})

/** Every text a page handed over, with ICU's narrow space before AM/PM as a plain one. */
function textsIn(page: FormattedTexts) {
  return Object.values(page).flatMap((texts) => Object.values(texts).map((text) => text.replace('\u202f', ' ')))
}
