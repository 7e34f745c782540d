import { describe, expect, test } from 'vitest'
import { action as newAction } from '~/routes/_app.calendar.new'
import { action as editAction, loader as editLoader } from '~/routes/_app.calendar_.$appointmentId.edit'
import { action as rescheduleAction } from '~/routes/_app.calendar_.$appointmentId.reschedule'
import { action as cancelAction, loader as cancelLoader } from '~/routes/_app.calendar_.$appointmentId.cancel'
import { prisma } from '~/platform/db.server'
import { callRoute, makeRequest, signedInUser, toastOf } from '#tests/support/fixtures'

const ZONE = 'America/New_York'
const DAY = 24 * 60 * 60 * 1000

let made = 0
async function caregiver(fullName: string, availableDays: string[] = []) {
  made += 1
  return prisma.caregiver.create({
    data: { fullName, availableDays, phone: '2015550100', licenseNumber: `SR-${made}`, yearsExperience: '1-2', searchText: fullName.toLowerCase(), phoneDigits: '2015550100' },
  })
}

/** The Monday at least `weeks` weeks from today (YYYY-MM-DD), so every visit is in the future. */
function mondayIn(weeks: number) {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: ZONE }).format(new Date())
  const noon = Date.parse(`${today}T12:00:00Z`) + weeks * 7 * DAY
  const weekday = new Date(noon).getUTCDay()
  return new Date(noon + ((8 - weekday) % 7) * DAY).toISOString().slice(0, 10)
}

function addDays(date: string, days: number) {
  return new Date(Date.parse(`${date}T12:00:00Z`) + days * DAY).toISOString().slice(0, 10)
}

const wallTime = (instant: Date) => new Intl.DateTimeFormat('en-GB', { timeZone: ZONE, hour: '2-digit', minute: '2-digit' }).format(instant)
const wallDate = (instant: Date) => new Intl.DateTimeFormat('en-CA', { timeZone: ZONE }).format(instant)

async function book(cookie: string, form: Record<string, string | string[]>) {
  return callRoute(newAction, makeRequest('/calendar/new', { cookie, form: { durationMinutes: '240', ...form } }))
}

async function series(title: string) {
  return prisma.appointment.findMany({ where: { title }, orderBy: { startTime: 'asc' } })
}

describe('recurring visits', () => {
  test('Monday, Wednesday and Friday for 4 weeks: 12 appointments sharing a series, each audited', async () => {
    const { cookie } = await signedInUser('coordinator')
    const carer = await caregiver('Series Carer One')
    const start = mondayIn(2)
    const response = await book(cookie, {
      title: 'MWF care',
      date: start,
      time: '09:00',
      caregiverId: carer.id,
      repeat: 'on',
      repeatDays: ['monday', 'wednesday', 'friday'],
      repeatEnds: 'weeks',
      repeatWeeks: '4',
    })
    expect(response.status, await response.clone().text()).toBe(302)
    expect(await toastOf(response)).toMatchObject({ title: 'Appointment created successfully!', description: expect.stringMatching(/^MWF care: 12 visits from /) })
    const visits = await series('MWF care')
    expect(visits).toHaveLength(12)
    expect(new Set(visits.map((visit) => visit.seriesId)).size).toBe(1)
    expect(visits[0]!.seriesId).not.toBeNull()
    expect(visits.every((visit) => wallTime(visit.startTime) === '09:00' && visit.endTime.getTime() - visit.startTime.getTime() === 4 * 60 * 60 * 1000)).toBe(true)
    expect(visits.map((visit) => wallDate(visit.startTime)).slice(0, 3)).toEqual([start, addDays(start, 2), addDays(start, 4)])
    expect(await prisma.auditLog.count({ where: { entityType: 'Appointment', action: 'create', entityId: { in: visits.map((visit) => visit.id) } } })).toBe(12)
  })

  test('a clash on any visit saves none, and the message names the clashing visits', async () => {
    const { cookie } = await signedInUser('coordinator')
    const carer = await caregiver('Series Carer Two')
    const start = mondayIn(3)
    // Already booked on the second Wednesday and the third Monday.
    for (const date of [addDays(start, 9), addDays(start, 14)]) {
      const single = await book(cookie, { title: 'Existing shift', date, time: '10:00', durationMinutes: '60', caregiverId: carer.id })
      expect(single.status).toBe(302)
    }
    const response = await book(cookie, {
      title: 'Clashing series',
      date: start,
      time: '09:00',
      caregiverId: carer.id,
      repeat: 'on',
      repeatDays: ['monday', 'wednesday'],
      repeatEnds: 'until',
      repeatUntil: addDays(start, 27),
    })
    expect(response.status).toBe(409)
    const body = (await response.json()) as { error: Record<string, string[]> }
    const message = body.error['']![0]!
    expect(message).toMatch(/^Error creating appointment: Series Carer Two is already booked at 2 of these visits: /)
    expect(message).toContain('clashes with "Existing shift"')
    expect(message).toContain('Nothing was booked.')
    expect(await series('Clashing series')).toHaveLength(0)
  })

  test('a bad pattern is answered beside its field', async () => {
    const { cookie } = await signedInUser('coordinator')
    const start = mondayIn(2)
    const response = await book(cookie, { title: 'Bad', date: start, time: '09:00', repeat: 'on', repeatEnds: 'until', repeatUntil: addDays(start, -1) })
    expect(response.status).toBe(400)
    expect(((await response.json()) as { error: Record<string, string[]> }).error).toMatchObject({
      repeatDays: ['Choose at least one day of the week'],
      repeatUntil: ['The end date must be on or after the first date'],
    })
  })

  test("rescheduling 'this and all following' moves each later visit to the new time on its own day; 'this visit' moves one", async () => {
    const { cookie } = await signedInUser('coordinator')
    const start = mondayIn(2)
    expect((await book(cookie, { title: 'Move series', date: start, time: '09:00', repeat: 'on', repeatDays: ['monday'], repeatWeeks: '4' })).status).toBe(302)
    const visits = await series('Move series')
    const second = visits[1]!
    const params = { appointmentId: second.id }
    const form = { date: wallDate(second.startTime), time: '11:30', durationMinutes: '120', scope: 'following' }
    const moved = await callRoute(rescheduleAction, makeRequest(`/calendar/${second.id}/reschedule`, { cookie, form }), params)
    expect(moved.status, await moved.clone().text()).toBe(302)
    const after = await series('Move series')
    expect(after.map((visit) => wallTime(visit.startTime))).toEqual(['09:00', '11:30', '11:30', '11:30'])
    expect(after.map((visit) => wallDate(visit.startTime))).toEqual(visits.map((visit) => wallDate(visit.startTime)))
    expect(after[3]!.endTime.getTime() - after[3]!.startTime.getTime()).toBe(2 * 60 * 60 * 1000)
    const audits = await prisma.auditLog.findMany({ where: { entityId: { in: after.slice(1).map((visit) => visit.id) }, action: 'update' } })
    expect(audits).toHaveLength(3)
    expect(audits.every((entry) => (entry.details as { scope?: string }).scope === 'following')).toBe(true)

    const one = await callRoute(
      rescheduleAction,
      makeRequest(`/calendar/${after[2]!.id}/reschedule`, { cookie, form: { date: wallDate(after[2]!.startTime), time: '15:00', durationMinutes: '60', scope: 'this' } }),
      { appointmentId: after[2]!.id },
    )
    expect(one.status).toBe(302)
    expect((await series('Move series')).map((visit) => wallTime(visit.startTime))).toEqual(['09:00', '11:30', '15:00', '11:30'])
  })

  test("editing 'this and all following' changes what was edited on each, and a clash on a later visit changes none", async () => {
    const { cookie } = await signedInUser('coordinator')
    const carer = await caregiver('Series Carer Three')
    const start = mondayIn(2)
    expect((await book(cookie, { title: 'Edit series', date: start, time: '09:00', repeat: 'on', repeatDays: ['monday'], repeatWeeks: '3' })).status).toBe(302)
    const visits = await series('Edit series')
    const first = visits[0]!
    const loaded = (await (await callRoute(editLoader, makeRequest(`/calendar/${first.id}/edit`, { cookie }), { appointmentId: first.id })).json()) as {
      inSeries: boolean
      defaults: Record<string, string | null>
    }
    expect(loaded.inSeries).toBe(true)
    const form = Object.fromEntries(Object.entries(loaded.defaults).map(([name, value]) => [name, value ?? '']))
    // The caregiver is busy on the third Monday: nothing changes.
    expect((await book(cookie, { title: 'Other job', date: addDays(start, 14), time: '10:00', durationMinutes: '60', caregiverId: carer.id })).status).toBe(302)
    const refused = await callRoute(
      editAction,
      makeRequest(`/calendar/${first.id}/edit`, { cookie, form: { ...form, caregiverId: carer.id, scope: 'following' } }),
      { appointmentId: first.id },
    )
    expect(refused.status).toBe(409)
    expect(JSON.stringify(await refused.json())).toContain('Series Carer Three is already booked at one of these visits')
    expect((await series('Edit series')).every((visit) => visit.caregiverId === null)).toBe(true)

    const edited = await callRoute(
      editAction,
      makeRequest(`/calendar/${visits[1]!.id}/edit`, { cookie, form: { ...form, date: wallDate(visits[1]!.startTime), notes: 'Bring the lift', scope: 'following' } }),
      { appointmentId: visits[1]!.id },
    )
    expect(edited.status, await edited.clone().text()).toBe(302)
    expect((await series('Edit series')).map((visit) => visit.notes)).toEqual([null, 'Bring the lift', 'Bring the lift'])
  })

  test("cancelling 'this and all following' cancels the visit and the later ones still booked, each audited", async () => {
    const { cookie } = await signedInUser('coordinator')
    const start = mondayIn(2)
    expect((await book(cookie, { title: 'Cancel series', date: start, time: '09:00', repeat: 'on', repeatDays: ['monday', 'thursday'], repeatWeeks: '2' })).status).toBe(302)
    const visits = await series('Cancel series')
    const loaded = (await (await callRoute(cancelLoader, makeRequest(`/calendar/${visits[1]!.id}/cancel`, { cookie }), { appointmentId: visits[1]!.id })).json()) as { inSeries: boolean }
    expect(loaded.inSeries).toBe(true)
    const response = await callRoute(
      cancelAction,
      makeRequest(`/calendar/${visits[1]!.id}/cancel`, { cookie, form: { cancelReason: 'Moved to a facility', scope: 'following' } }),
      { appointmentId: visits[1]!.id },
    )
    expect(response.status).toBe(302)
    expect(await toastOf(response)).toMatchObject({ title: '3 visits cancelled' })
    const after = await series('Cancel series')
    expect(after.map((visit) => visit.status)).toEqual(['scheduled', 'cancelled', 'cancelled', 'cancelled'])
    expect(after[3]!.cancelReason).toBe('Moved to a facility')
    expect(await prisma.domainEvent.count({ where: { type: 'appointment.cancelled', entityId: { in: after.map((visit) => visit.id) } } })).toBe(3)
  })
})

describe('caregiver availability', () => {
  test('a day outside the caregiver\'s stated days warns beside "Book anyway"; confirmed, it books', async () => {
    const { cookie } = await signedInUser('coordinator')
    const carer = await caregiver('Weekday Carer', ['monday', 'wednesday'])
    const tuesday = addDays(mondayIn(2), 1)
    const form = { title: 'Tuesday visit', date: tuesday, time: '09:00', durationMinutes: '60', caregiverId: carer.id }
    const warned = await book(cookie, form)
    expect(warned.status).toBe(400)
    const error = ((await warned.json()) as { error: Record<string, string[]> }).error
    expect(error.confirmAvailability![0]).toMatch(/^Weekday Carer is available on Monday, Wednesday only: Tue, .* is outside that\. Tick "Book anyway"/)
    expect(await series('Tuesday visit')).toHaveLength(0)
    expect((await book(cookie, { ...form, confirmAvailability: 'on' })).status).toBe(302)
    expect(await series('Tuesday visit')).toHaveLength(1)
    // On a stated day there is nothing to confirm.
    expect((await book(cookie, { ...form, title: 'Monday visit', date: mondayIn(2) })).status).toBe(302)
  })

  test('a clash is told before the availability warning: booking anyway would not help', async () => {
    const { cookie } = await signedInUser('coordinator')
    const carer = await caregiver('Busy Weekday Carer', ['monday'])
    const tuesday = addDays(mondayIn(3), 1)
    const first = { title: 'Booked first', date: tuesday, time: '09:00', durationMinutes: '60', caregiverId: carer.id, confirmAvailability: 'on' }
    expect((await book(cookie, first)).status).toBe(302)
    const clash = await book(cookie, { title: 'Booked second', date: tuesday, time: '09:30', durationMinutes: '60', caregiverId: carer.id })
    expect(clash.status).toBe(409)
    const body = (await clash.json()) as { error: Record<string, string[]> }
    expect(Object.values(body.error).flat().join(' ')).toContain('is already booked for "Booked first"')
    expect(body.error.confirmAvailability).toBeUndefined()
    expect(await series('Booked second')).toHaveLength(0)
  })

  test('a series counts the visits outside the stated days; rescheduling onto such a day warns too', async () => {
    const { cookie } = await signedInUser('coordinator')
    const carer = await caregiver('Series Weekday Carer', ['monday'])
    const start = mondayIn(2)
    const form = { title: 'Partly available', date: start, time: '09:00', caregiverId: carer.id, repeat: 'on', repeatDays: ['monday', 'friday'], repeatWeeks: '2' }
    const warned = await book(cookie, form)
    expect(warned.status).toBe(400)
    expect(((await warned.json()) as { error: Record<string, string[]> }).error.confirmAvailability![0]).toMatch(/only: 2 visits are \(Fri, .*; Fri, .*\) outside that/)
    expect((await book(cookie, { ...form, confirmAvailability: 'on' })).status).toBe(302)
    const monday = (await series('Partly available'))[0]!
    const params = { appointmentId: monday.id }
    const moveForm = { date: addDays(start, 1), time: '09:00', durationMinutes: '60' }
    const move = await callRoute(rescheduleAction, makeRequest(`/calendar/${monday.id}/reschedule`, { cookie, form: moveForm }), params)
    expect(move.status).toBe(400)
    const confirmed = await callRoute(rescheduleAction, makeRequest(`/calendar/${monday.id}/reschedule`, { cookie, form: { ...moveForm, confirmAvailability: 'on' } }), params)
    expect(confirmed.status).toBe(302)
  })
})
