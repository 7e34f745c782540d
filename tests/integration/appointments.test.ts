import { describe, expect, test } from 'vitest'
import { loader as calendarLoader } from '~/routes/_app.calendar'
import { action as newAction, loader as newLoader } from '~/routes/_app.calendar.new'
import { action as pageAction, loader as pageLoader } from '~/routes/_app.calendar_.$appointmentId'
import { action as editAction, loader as editLoader } from '~/routes/_app.calendar_.$appointmentId.edit'
import { action as rescheduleAction, loader as rescheduleLoader } from '~/routes/_app.calendar_.$appointmentId.reschedule'
import { action as cancelAction } from '~/routes/_app.calendar_.$appointmentId.cancel'
import { demoAppointments, seedDemoData } from '~/features/demo-data.server'
import { prisma } from '~/platform/db.server'
import { callRoute, failDatabaseWrites, makeRequest, signedInUser, toastOf } from '#tests/support/fixtures'
import { expectConsoleErrors } from '#tests/support/console-errors'

const DAY = 24 * 60 * 60 * 1000
const ZONE = 'America/New_York'

/** A day (YYYY-MM-DD) `offset` days from today in New York. */
function dayFromToday(offset: number) {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: ZONE }).format(new Date())
  return new Date(Date.parse(`${today}T12:00:00Z`) + offset * DAY).toISOString().slice(0, 10)
}

/** A form's values as a browser posts them: empty fields as ''. */
function given(values: Record<string, string | null>) {
  return Object.fromEntries(Object.entries(values).map(([name, value]) => [name, value ?? '']))
}

let made = 0
async function caregiver(fullName: string, status = 'active') {
  made += 1
  return prisma.caregiver.create({
    data: { fullName, status, phone: '2015550100', licenseNumber: `PG-${made}`, yearsExperience: '1-2', searchText: fullName.toLowerCase(), phoneDigits: '2015550100' },
  })
}

async function book(cookie: string, form: Record<string, string>, query = '') {
  return callRoute(newAction, makeRequest(`/calendar/new${query}`, { cookie, form: { durationMinutes: '60', ...form } }))
}

async function bookId(cookie: string, form: Record<string, string>) {
  const response = await book(cookie, form)
  expect(response.status, await response.clone().text()).toBe(302)
  return response.headers.get('location')!.split('#appointment-')[1]!
}

type ListData = {
  total: number
  appointments: Array<{ id: string; title: string; caregiver: { fullName: string } | null }>
  person: { name: string } | null
  weekStart: string | null
}

async function list(cookie: string, query = '') {
  const response = await callRoute(calendarLoader, makeRequest(`/calendar${query}`, { cookie }))
  expect(response.status).toBe(200)
  return (await response.json()) as ListData
}

describe('booking through the form', () => {
  test('the form starts from the spec defaults and what the link fills in', async () => {
    const { cookie } = await signedInUser('coordinator')
    const carer = await caregiver('Imani Carter')
    const retired = await caregiver('Oscar Silva', 'inactive')
    const response = await callRoute(newLoader, makeRequest(`/calendar/new?caregiverId=${retired.id}&title=Assessment%20visit&leadId=not-an-id&q=x`, { cookie }))
    const data = (await response.json()) as {
      closeTo: string
      defaults: Record<string, string | undefined>
      people: { caregivers: Array<{ value: string; label: string }> }
      rules: { whenRequiredMissing: string[] }
      zoneLabel: string
    }
    expect(data.defaults).toMatchObject({
      title: 'Assessment visit',
      caregiverId: retired.id,
      appointmentType: 'consultation',
      durationMinutes: '60',
      location: 'Healthcare Center',
    })
    expect(data.defaults.leadId).toBeUndefined()
    // Active caregivers are offered, and the one the link names even when no longer active.
    const offered = data.people.caregivers.map((option) => option.value)
    expect(offered).toContain(carer.id)
    expect(offered).toContain(retired.id)
    expect(data.rules.whenRequiredMissing).toEqual(['Please fill in all required fields (Title, Date, Time)'])
    expect(data.zoneLabel).toBe('Times are Eastern Time (America/New_York)')
    // Back to the calendar as it was, without what only filled in the form.
    expect(data.closeTo).toBe(`/calendar?caregiverId=${retired.id}&leadId=not-an-id&q=x`)
  })

  test('a save goes back to the list at the new appointment, with a toast', async () => {
    const { cookie, user } = await signedInUser('coordinator')
    const response = await book(cookie, { title: 'Saved visit', date: dayFromToday(3), time: '10:30', appointmentType: 'follow_up', location: '' }, '?status=scheduled')
    expect(response.status).toBe(302)
    const [path, fragment] = response.headers.get('location')!.split('#')
    expect(path).toBe('/calendar?status=scheduled')
    const saved = await prisma.appointment.findUniqueOrThrow({ where: { id: fragment!.replace('appointment-', '') } })
    expect(saved).toMatchObject({ status: 'scheduled', appointmentType: 'follow_up', location: null, createdBy: user.name, createdById: user.id, timeZone: ZONE })
    expect(await toastOf(response)).toMatchObject({ title: 'Appointment created successfully!' })
  })

  test('missing fields answer 400 with the alert and each field; a double booking 409 with the failure text', async () => {
    const { cookie } = await signedInUser('coordinator')
    const empty = await book(cookie, {})
    expect(empty.status).toBe(400)
    expect(await empty.json()).toMatchObject({
      error: {
        '': ['Please fill in all required fields (Title, Date, Time)'],
        title: ['Title is required'],
        date: ['Date is required'],
        time: ['Time is required'],
      },
    })
    const carer = await caregiver('Jorge Alvarez')
    const day = dayFromToday(5)
    await bookId(cookie, { title: 'Holds the time', date: day, time: '09:00', caregiverId: carer.id })
    const clash = await book(cookie, { title: 'Clashes', date: day, time: '09:30', caregiverId: carer.id })
    expect(clash.status).toBe(409)
    const message = expect.stringMatching(/^Error creating appointment: Jorge Alvarez is already booked for "Holds the time" \(.+, 9:00 AM – 10:00 AM\)\. Choose another time or caregiver\.$/)
    expect(await clash.json()).toMatchObject({ error: { '': [message] } })
    expect(await toastOf(clash)).toMatchObject({ type: 'destructive', description: message })
  })

  test('a database outage saves nothing and says so', async () => {
    const { cookie } = await signedInUser('coordinator')
    const loggedErrors = expectConsoleErrors()
    const restore = failDatabaseWrites()
    try {
      const response = await book(cookie, { title: 'Lost', date: dayFromToday(2), time: '09:00' })
      expect(response.status).toBe(500)
      expect(await response.json()).toMatchObject({ error: { '': ['Error creating appointment: Please try again.'] } })
      expect(await toastOf(response)).toMatchObject({ type: 'destructive', title: 'Error', description: 'Error creating appointment: Please try again.' })
      expect(String(loggedErrors.mock.calls[0]?.[0])).toContain('database is down')
    } finally {
      restore()
    }
    expect(await prisma.appointment.count({ where: { title: 'Lost' } })).toBe(0)
  })

  test('viewers may look but not book', async () => {
    const { cookie } = await signedInUser('viewer')
    expect((await callRoute(newLoader, makeRequest('/calendar/new', { cookie }))).status).toBe(403)
    expect((await book(cookie, { title: 'No', date: dayFromToday(1), time: '09:00' })).status).toBe(403)
  })
})

describe('the calendar page', () => {
  test('the next 30 days in start order; search, filters and one person narrow it in the database', async () => {
    const { cookie } = await signedInUser('coordinator')
    const carer = await caregiver('Keisha Holmes')
    const ids = {
      soon: await bookId(cookie, { title: 'Pagefind soon', date: dayFromToday(2), time: '09:00', appointmentType: 'therapy', caregiverId: carer.id }),
      sooner: await bookId(cookie, { title: 'Pagefind sooner', date: dayFromToday(1), time: '09:00', appointmentType: 'care_review' }),
      later: await bookId(cookie, { title: 'Pagefind later', date: dayFromToday(40), time: '09:00' }),
    }
    const all = await list(cookie, '?q=pagefind')
    expect(all.appointments.map((row) => row.id)).toEqual([ids.sooner, ids.soon])
    expect((await list(cookie, '?q=pagefind&days=60')).appointments.map((row) => row.id)).toEqual([ids.sooner, ids.soon, ids.later])
    expect((await list(cookie, `?q=pagefind&from=${dayFromToday(40)}&days=1`)).appointments.map((row) => row.id)).toEqual([ids.later])
    // The type's words find it as well as the title's.
    expect((await list(cookie, '?q=care%20review')).appointments.map((row) => row.id)).toContain(ids.sooner)
    expect((await list(cookie, '?q=pagefind&type=therapy')).appointments.map((row) => row.id)).toEqual([ids.soon])
    expect((await list(cookie, '?q=pagefind&who=caregiver')).appointments.map((row) => row.id)).toEqual([ids.soon])
    expect((await list(cookie, '?q=pagefind&status=cancelled')).total).toBe(0)
    const hers = await list(cookie, `?caregiverId=${carer.id}`)
    expect(hers.person).toMatchObject({ name: 'Keisha Holmes' })
    expect(hers.appointments.map((row) => row.id)).toEqual([ids.soon])
    expect(hers.appointments[0]!.caregiver).toMatchObject({ fullName: 'Keisha Holmes' })
  })

  test('the count takes a visit in progress and leaves out one that has ended or starts after the window', async () => {
    const { cookie } = await signedInUser('viewer')
    const hour = 60 * 60 * 1000
    const at = (fromNow: number, hours: number) => ({ startTime: new Date(Date.now() + fromNow), endTime: new Date(Date.now() + fromNow + hours * hour) })
    const visit = (title: string, times: { startTime: Date; endTime: Date }) =>
      prisma.appointment.create({ data: { title, ...times, timeZone: 'America/New_York', createdBy: 'Test' } })
    const inProgress = await visit('Tallycheck in progress', at(-2 * hour, 3))
    await visit('Tallycheck ended', at(-3 * hour, 2))
    const upcoming = await visit('Tallycheck upcoming', at(26 * hour, 1))
    await visit('Tallycheck too late', at(31 * 24 * hour, 1))
    const page = await list(cookie, '?q=tallycheck')
    expect(page.appointments.map((row) => row.id)).toEqual([inProgress.id, upcoming.id])
    expect(page.total).toBe(2)
  })

  test('the week view: the seven days from Sunday that hold the day asked for', async () => {
    const { cookie } = await signedInUser('viewer')
    const writer = await signedInUser('coordinator')
    const day = dayFromToday(14)
    const id = await bookId(writer.cookie, { title: 'Weekview visit', date: day, time: '23:30', durationMinutes: '60' })
    const week = await list(cookie, `?view=week&from=${day}&q=weekview`)
    expect(new Date(`${week.weekStart}T00:00:00Z`).getUTCDay()).toBe(0)
    expect(week.appointments.map((row) => row.id)).toEqual([id])
    // Booked or deleted after the week was read, it is there or gone at the next read.
    const second = await bookId(writer.cookie, { title: 'Weekview second', date: day, time: '08:00', durationMinutes: '60' })
    expect((await list(cookie, `?view=week&from=${day}&q=weekview`)).appointments.map((row) => row.id)).toEqual([second, id])
    await prisma.appointment.delete({ where: { id: second } })
    expect((await list(cookie, `?view=week&from=${day}&q=weekview`)).appointments.map((row) => row.id)).toEqual([id])
    const following = await list(cookie, `?view=week&from=${dayFromToday(21)}&q=weekview`)
    // It runs past midnight, into the next week only when it is Saturday.
    const saturday = new Date(`${day}T00:00:00Z`).getUTCDay() === 6
    expect(following.appointments.length).toBe(saturday ? 1 : 0)
  })

  test('the week grid lays out a day of up to 20; a busier day gives its count instead, and its own list shows them all', async () => {
    const { cookie } = await signedInUser('viewer')
    const busyDay = dayFromToday(10)
    const quietDay = dayFromToday(11)
    const visits = (day: string, count: number, label: string) =>
      Array.from({ length: count }, (_, index) => {
        const start = Date.parse(`${day}T14:00:00Z`) + index * 10 * 60 * 1000
        return { title: `Busyday ${label} ${String(index).padStart(2, '0')}`, startTime: new Date(start), endTime: new Date(start + 30 * 60 * 1000), timeZone: ZONE, appointmentType: 'check_up', status: 'scheduled', createdBy: 'Test' }
      })
    await prisma.appointment.createMany({ data: [...visits(busyDay, 21, 'busy'), ...visits(quietDay, 20, 'quiet')] })
    const week = (await list(cookie, `?view=week&from=${busyDay}&q=busyday`)) as ListData & { days: Array<{ day: string; ids: string[]; total: number }> }
    const dayOf = (day: string) => week.days.find((weekDay) => weekDay.day === day)
    expect(dayOf(busyDay)).toMatchObject({ ids: [], total: 21 })
    // The quiet day is in this week unless the busy one is its Saturday.
    const sameWeek = new Date(`${busyDay}T00:00:00Z`).getUTCDay() !== 6
    if (sameWeek) {
      expect(dayOf(quietDay)!.total).toBe(20)
      expect(week.appointments.map((row) => row.title)).toEqual(visits(quietDay, 20, 'quiet').map((visit) => visit.title))
    } else {
      expect(week.appointments).toEqual([])
    }
    // The busy day's link: its list, with every one of them.
    const dayList = await list(cookie, `?from=${busyDay}&days=1&q=busyday`)
    expect(dayList.total).toBe(21)
  })

  test('every list read is on the trail with the people it named', async () => {
    const { cookie, user } = await signedInUser('viewer')
    const writer = await signedInUser('coordinator')
    const carer = await caregiver('Liam Trail')
    const id = await bookId(writer.cookie, { title: 'Trailed visit', date: dayFromToday(2), time: '08:00', caregiverId: carer.id })
    await list(cookie, '?q=trailed')
    const entry = await prisma.auditLog.findFirstOrThrow({ where: { userId: user.id, action: 'view', entityType: 'Appointment' } })
    expect(entry.details).toMatchObject({ q: 'trailed', ids: [id], caregiverIds: [carer.id] })
  })
})

describe("an appointment's page", () => {
  test('confirm, then complete; a finished one offers nothing more', async () => {
    const { cookie } = await signedInUser('coordinator')
    const id = await bookId(cookie, { title: 'Page visit', date: dayFromToday(4), time: '09:00' })
    const params = { appointmentId: id }
    const page = async () => (await (await callRoute(pageLoader, makeRequest(`/calendar/${id}`, { cookie }), params)).json()) as { actions: string[]; appointment: { status: string } }
    expect((await page()).actions).toEqual(['edit', 'reschedule', 'confirm', 'complete', 'no_show', 'cancel'])
    const confirm = await callRoute(pageAction, makeRequest(`/calendar/${id}`, { cookie, form: { intent: 'confirm' } }), params)
    expect(confirm.headers.get('location')).toBe(`/calendar/${id}#appointment-details`)
    expect(await toastOf(confirm)).toMatchObject({ title: 'Appointment confirmed' })
    const again = await callRoute(pageAction, makeRequest(`/calendar/${id}`, { cookie, form: { intent: 'confirm' } }), params)
    expect(await toastOf(again)).toMatchObject({ type: 'destructive', description: 'This appointment is already confirmed.' })
    await callRoute(pageAction, makeRequest(`/calendar/${id}`, { cookie, form: { intent: 'complete' } }), params)
    expect(await page()).toMatchObject({ actions: [], appointment: { status: 'completed' } })
    // Its dialogs send a finished appointment back to its page with the reason.
    const edit = await callRoute(editLoader, makeRequest(`/calendar/${id}/edit?redirectTo=/calendar/${id}`, { cookie }), params)
    expect(edit.status).toBe(302)
    expect(await toastOf(edit)).toMatchObject({ description: 'This appointment is completed: it can no longer be changed.' })
    const unknown = await callRoute(pageAction, makeRequest(`/calendar/${id}`, { cookie, form: { intent: 'explode' } }), params)
    expect(unknown.status).toBe(400)
  })

  test('edit keeps the instant of a repeated hour as it was; reschedule moves it and says so', async () => {
    const { cookie } = await signedInUser('coordinator')
    const id = await bookId(cookie, { title: 'Night of the change', date: '2027-11-07', time: '01:30', fold: 'later' })
    const params = { appointmentId: id }
    const loaded = (await (await callRoute(editLoader, makeRequest(`/calendar/${id}/edit`, { cookie }), params)).json()) as { defaults: Record<string, string | null> }
    expect(loaded.defaults).toMatchObject({ date: '2027-11-07', time: '01:30', fold: 'later', durationMinutes: '60' })
    const saved = await callRoute(editAction, makeRequest(`/calendar/${id}/edit`, { cookie, form: { ...given(loaded.defaults), title: 'Renamed', notes: 'Side door' } }), params)
    expect(saved.status).toBe(302)
    expect(await prisma.appointment.findUniqueOrThrow({ where: { id } })).toMatchObject({ title: 'Renamed', notes: 'Side door', startTime: new Date('2027-11-07T06:30:00Z') })

    const form = (await (await callRoute(rescheduleLoader, makeRequest(`/calendar/${id}/reschedule`, { cookie }), params)).json()) as { defaults: Record<string, string> }
    expect(form.defaults).toMatchObject({ date: '2027-11-07', time: '01:30', fold: 'later' })
    const moved = await callRoute(rescheduleAction, makeRequest(`/calendar/${id}/reschedule`, { cookie, form: { date: '2027-11-08', time: '09:15', durationMinutes: '30' } }), params)
    expect(await toastOf(moved)).toMatchObject({ title: 'Appointment rescheduled', description: 'Nov 8, 2027, 9:15 AM – 9:45 AM' })
    expect(await prisma.appointment.findUniqueOrThrow({ where: { id } })).toMatchObject({ startTime: new Date('2027-11-08T14:15:00Z'), endTime: new Date('2027-11-08T14:45:00Z') })
    const gap = await callRoute(rescheduleAction, makeRequest(`/calendar/${id}/reschedule`, { cookie, form: { date: '2027-03-14', time: '02:10' } }), params)
    expect(gap.status).toBe(400)
    expect(await gap.json()).toMatchObject({ error: { time: ['2:10 AM does not exist on that day: clocks go forward from 2:00 AM to 3:00 AM. Choose another time.'] } })
  })

  test('cancel needs a reason, keeps the appointment and frees the caregiver', async () => {
    const { cookie } = await signedInUser('coordinator')
    const carer = await caregiver('Mei Chen')
    const day = dayFromToday(6)
    const id = await bookId(cookie, { title: 'To cancel', date: day, time: '13:00', caregiverId: carer.id })
    const params = { appointmentId: id }
    const blank = await callRoute(cancelAction, makeRequest(`/calendar/${id}/cancel`, { cookie, form: { cancelReason: ' ' } }), params)
    expect(blank.status).toBe(400)
    expect(await blank.json()).toMatchObject({ error: { cancelReason: ['Give a reason for cancelling'] } })
    const done = await callRoute(cancelAction, makeRequest(`/calendar/${id}/cancel?redirectTo=/calendar/${id}`, { cookie, form: { cancelReason: 'Client in hospital' } }), params)
    expect(done.headers.get('location')).toBe(`/calendar/${id}#appointment-details`)
    expect(await prisma.appointment.findUniqueOrThrow({ where: { id } })).toMatchObject({ status: 'cancelled', cancelReason: 'Client in hospital' })
    await bookId(cookie, { title: 'Takes the slot', date: day, time: '13:00', caregiverId: carer.id })
  })

  test('an unknown appointment is the 404 page', async () => {
    const { cookie } = await signedInUser('viewer')
    const response = await callRoute(pageLoader, makeRequest('/calendar/00000000-0000-4000-8000-000000000000', { cookie }), {
      appointmentId: '00000000-0000-4000-8000-000000000000',
    })
    expect(response.status).toBe(404)
  })
})

describe('demo data', () => {
  test('a fortnight of appointments of every type and status, no caregiver double-booked, seeded once', async () => {
    await seedDemoData()
    await seedDemoData()
    const planned = demoAppointments()
    const stored = await prisma.appointment.findMany({ where: { id: { in: planned.map((appointment) => appointment.id) } } })
    expect(stored).toHaveLength(planned.length)
    expect(planned.length).toBeGreaterThan(25)
    expect(new Set(stored.map((appointment) => appointment.appointmentType))).toEqual(
      new Set(['consultation', 'initial_assessment', 'follow_up', 'check_up', 'therapy', 'care_review']),
    )
    expect(new Set(stored.map((appointment) => appointment.status))).toEqual(new Set(['scheduled', 'confirmed', 'cancelled', 'completed', 'no_show']))
    const span = Math.max(...stored.map((a) => a.startTime.getTime())) - Math.min(...stored.map((a) => a.startTime.getTime()))
    // Whole days apart at the same hour, 12 or more depending on the weekday it is seeded on.
    expect(span).toBeGreaterThanOrEqual(12 * DAY)
    expect(span).toBeLessThan(15 * DAY)
    // Those already over are not left scheduled.
    for (const appointment of stored.filter((a) => a.endTime.getTime() < Date.now() - 60_000)) {
      expect(['completed', 'no_show', 'cancelled']).toContain(appointment.status)
    }
  })
})
