import { renderToStaticMarkup } from 'react-dom/server'
import { StaticRouter } from 'react-router-dom/server'
import { describe, expect, test } from 'vitest'
import type { AppointmentItem } from '~/features/calendar/appointment-list'
import { WeekView, type WeekDay } from '~/features/calendar/week-view'

const ZONE = 'America/New_York'

function appointment(index: number, day: string): AppointmentItem {
  const start = Date.parse(`${day}T14:00:00Z`) + index * 10 * 60 * 1000
  return {
    id: `appointment-${day}-${index}`,
    title: `Visit ${index}`,
    startTime: new Date(start).toISOString(),
    endTime: new Date(start + 30 * 60 * 1000).toISOString(),
    appointmentType: 'check_up',
    status: 'scheduled',
    location: null,
    patient: null,
    caregiver: null,
    lead: null,
  }
}

function renderWeek(weekDays: WeekDay[], appointments: AppointmentItem[]) {
  return renderToStaticMarkup(
    <StaticRouter location="/calendar?view=week">
      <WeekView
        weekStart="2026-12-06"
        today="2026-12-07"
        appointments={appointments}
        weekDays={weekDays}
        timeZone={ZONE}
        weekLinks={{ previous: '/calendar?from=2026-11-29', current: '/calendar', next: '/calendar?from=2026-12-13' }}
        dayListHref={(day) => `/calendar?from=${day}&days=1`}
      />
    </StaticRouter>,
  )
}

describe('the week grid', () => {
  test('a day holding more than it shows links to its own list with the count; a day that shows all has no such link', () => {
    const busy = Array.from({ length: 12 }, (_, index) => appointment(index, '2026-12-08'))
    const quiet = [appointment(0, '2026-12-09')]
    const html = renderWeek(
      [
        { day: '2026-12-08', ids: busy.map((one) => one.id), total: 274 },
        { day: '2026-12-09', ids: quiet.map((one) => one.id), total: 1 },
      ],
      [...busy, ...quiet],
    )
    expect(html).toContain('href="/calendar?from=2026-12-08&amp;days=1"')
    expect(html).toContain('All 274<span class="sr-only"> appointments on')
    expect(html).not.toContain('from=2026-12-09&amp;days=1')
    // Each shown appointment is a link to its page, on the day the server put it.
    expect(html.match(/href="\/calendar\/appointment-2026-12-08-/g)).toHaveLength(12)
    expect(html.match(/href="\/calendar\/appointment-2026-12-09-/g)).toHaveLength(1)
  })
})
