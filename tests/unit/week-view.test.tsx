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
  test('a day the server laid out shows each appointment as a link; a busier one gives its count and a link to its list', () => {
    const quiet = Array.from({ length: 3 }, (_, index) => appointment(index, '2026-12-09'))
    const html = renderWeek(
      [
        { day: '2026-12-08', ids: [], total: 274 },
        { day: '2026-12-09', ids: quiet.map((one) => one.id), total: 3 },
      ],
      quiet,
    )
    expect(html).toContain('274 appointments: too many to lay out here.')
    expect(html).toContain('href="/calendar?from=2026-12-08&amp;days=1"')
    expect(html).not.toContain('from=2026-12-09&amp;days=1')
    expect(html.match(/href="\/calendar\/appointment-2026-12-09-/g)).toHaveLength(3)
  })
})
