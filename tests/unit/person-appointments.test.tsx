import { renderToStaticMarkup } from 'react-dom/server'
import { describe, expect, test } from 'vitest'
import { PersonAppointments, type PersonAppointment } from '~/features/calendar/person-appointments'

const visit = (id: string, status: string): PersonAppointment => ({
  id,
  title: `Visit ${id}`,
  startTime: '2027-03-10T14:00:00.000Z',
  endTime: '2027-03-10T15:00:00.000Z',
  status,
})

function heading(appointments: PersonAppointment[], total: number, booked: number) {
  const html = renderToStaticMarkup(
    <PersonAppointments appointments={appointments} total={total} booked={booked} timeZone="America/New_York" calendarHref="/calendar" />,
  )
  return /<h2[^>]*>([^<]*)<\/h2>/.exec(html)![1]!.replace(/<!-- -->/g, '')
}

describe("a person's 'Upcoming appointments' heading", () => {
  test('counts the visits that still stand, and says how many listed are cancelled', () => {
    expect(heading([visit('a', 'scheduled'), visit('b', 'confirmed')], 2, 2)).toBe('Upcoming appointments (2)')
    expect(heading([visit('a', 'scheduled'), visit('b', 'cancelled')], 2, 1)).toBe('Upcoming appointments (1, 1 cancelled)')
    expect(heading([visit('a', 'cancelled'), visit('b', 'cancelled')], 2, 0)).toBe('Upcoming appointments (0, 2 cancelled)')
    expect(heading([], 0, 0)).toBe('Upcoming appointments (0)')
  })
})
