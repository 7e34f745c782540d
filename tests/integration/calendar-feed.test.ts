import ICAL from 'ical.js'
import { describe, expect, test } from 'vitest'
import * as feedRoute from '~/routes/calendar.feed.$file'
import * as subscribeRoute from '~/routes/_app.calendar.subscribe'
import { changeAppointmentStatus, createAppointment, rescheduleAppointment } from '~/features/calendar/appointments.server'
import type { AppointmentInput } from '~/features/calendar/schema'
import { systemActor } from '~/platform/actor'
import { prisma } from '~/platform/db.server'
import { callRoute, makeRequest, signedInUser, toastOf } from '#tests/support/fixtures'

const booker = { id: null, name: 'Feed Test' }
const HOUR = 60 * 60 * 1000
/** Appointments start on the minute (iCalendar keeps whole seconds). */
const inDays = (days: number) => new Date(Math.floor((Date.now() + days * 24 * HOUR) / 60_000) * 60_000)

function visit(overrides: Partial<AppointmentInput> = {}): AppointmentInput {
  const start = inDays(2)
  return {
    title: 'Home visit',
    startTime: start,
    endTime: new Date(start.getTime() + HOUR),
    timeZone: 'America/New_York',
    appointmentType: 'consultation',
    location: 'Healthcare Center',
    notes: null,
    patientId: null,
    caregiverId: null,
    leadId: null,
    ...overrides,
  }
}

/** Creates a feed through the subscribe dialog's action, as the person would; returns its URL. */
async function subscribe(cookie: string) {
  const response = await callRoute(subscribeRoute.action, makeRequest('/calendar/subscribe', { cookie, form: { intent: 'create' } }))
  expect(response.status).toBe(200)
  const { feedUrl } = (await response.json()) as { feedUrl: string }
  return new URL(feedUrl)
}

async function fetchFeed(url: URL) {
  const file = url.pathname.slice('/calendar/feed/'.length)
  return callRoute(feedRoute.loader, makeRequest(url.pathname), { file })
}

/** The feed's events as a standard parser reads them. */
function parse(text: string) {
  const calendar = new ICAL.Component(ICAL.parse(text))
  return calendar.getAllSubcomponents('vevent').map((vevent) => {
    const event = new ICAL.Event(vevent)
    return {
      uid: event.uid,
      summary: event.summary,
      location: event.location,
      start: event.startDate.toJSDate().toISOString(),
      end: event.endDate.toJSDate().toISOString(),
      startIsUtc: event.startDate.zone?.tzid === 'UTC',
      status: vevent.getFirstPropertyValue('status'),
      sequence: event.sequence,
      lastModified: vevent.getFirstPropertyValue('last-modified')?.toString() ?? null,
      description: event.description,
    }
  })
}

describe('the calendar feed', () => {
  test('a new feed URL serves the appointments as iCalendar a standard parser reads, without notes', async () => {
    const { cookie, user } = await signedInUser('viewer')
    const booked = await createAppointment(
      visit({ title: 'Feed assessment', location: '12 Elm St', notes: 'Clinical: insulin twice daily, fall risk' }),
      booker,
      systemActor('test'),
    )
    const cancelled = await createAppointment(visit({ title: 'Feed cancelled', startTime: inDays(3), endTime: new Date(inDays(3).getTime() + HOUR) }), booker, systemActor('test'))
    await changeAppointmentStatus(cancelled.id, 'cancel', systemActor('test'), { reason: 'Hospitalised with pneumonia' })

    const url = await subscribe(cookie)
    expect(url.pathname).toMatch(/^\/calendar\/feed\/[A-Za-z0-9_-]{43}\.ics$/)
    const response = await fetchFeed(url)
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toBe('text/calendar; charset=utf-8')
    const text = await response.text()
    expect(text).not.toContain('insulin')
    expect(text).not.toContain('pneumonia')

    const events = parse(text)
    const assessment = events.find((event) => event.summary === 'Feed assessment')!
    expect(assessment).toMatchObject({
      uid: `${booked.id}@localhost`,
      location: '12 Elm St',
      start: booked.startTime.toISOString(),
      end: booked.endTime.toISOString(),
      startIsUtc: true,
      status: 'TENTATIVE',
    })
    expect(assessment.description).not.toContain('insulin')
    expect(events.find((event) => event.summary === 'Feed cancelled')).toMatchObject({ uid: `${cancelled.id}@localhost`, status: 'CANCELLED' })

    // The read is on the trail as the feed's owner, naming what it showed.
    const entry = await prisma.auditLog.findFirst({ where: { userId: user.id, action: 'view', entityType: 'Appointment' }, orderBy: { createdAt: 'desc' } })
    expect(JSON.stringify(entry?.details)).toContain(booked.id)
    expect((await prisma.calendarFeed.findFirstOrThrow({ where: { userId: user.id } })).lastUsedAt).not.toBeNull()
  })

  test('a change keeps the UID and raises SEQUENCE and LAST-MODIFIED', async () => {
    const { cookie } = await signedInUser('coordinator')
    const booked = await createAppointment(visit({ title: 'Feed reschedule', startTime: inDays(5), endTime: new Date(inDays(5).getTime() + HOUR) }), booker, systemActor('test'))
    // Booked an hour ago, so the change is later than the booking by more than iCalendar's second.
    const anHourAgo = new Date(Date.now() - HOUR)
    await prisma.appointment.update({ where: { id: booked.id }, data: { createdAt: anHourAgo, updatedAt: anHourAgo } })
    const url = await subscribe(cookie)
    const before = parse(await (await fetchFeed(url)).text()).find((event) => event.summary === 'Feed reschedule')!
    const moved = await rescheduleAppointment(
      booked.id,
      { startTime: new Date(booked.startTime.getTime() + HOUR), endTime: new Date(booked.endTime.getTime() + HOUR), timeZone: 'America/New_York' },
      systemActor('test'),
    )
    const after = parse(await (await fetchFeed(url)).text()).find((event) => event.summary === 'Feed reschedule')!
    expect(after.uid).toBe(before.uid)
    expect(after.start).toBe(moved.startTime.toISOString())
    expect(after.sequence).toBeGreaterThan(before.sequence)
    expect(after.lastModified).not.toBe(before.lastModified)
  })

  test('revoking makes the old URL answer 404; a new URL replaces the old one', async () => {
    const { cookie, user } = await signedInUser('coordinator')
    const first = await subscribe(cookie)
    expect((await fetchFeed(first)).status).toBe(200)

    const second = await subscribe(cookie)
    expect((await fetchFeed(first)).status).toBe(404)
    expect((await fetchFeed(second)).status).toBe(200)

    const revoke = await callRoute(subscribeRoute.action, makeRequest('/calendar/subscribe', { cookie, form: { intent: 'revoke' } }))
    expect(revoke.status).toBe(302)
    expect((await toastOf(revoke))?.title).toBe('Calendar feed revoked')
    expect((await fetchFeed(second)).status).toBe(404)

    const trail = await prisma.auditLog.findMany({ where: { userId: user.id, entityType: 'CalendarFeed' }, orderBy: { createdAt: 'asc' } })
    expect(trail.map((entry) => entry.action)).toEqual(['create', 'create', 'update'])
    expect(await prisma.domainEvent.count({ where: { type: 'calendar_feed.revoked', actorUserId: user.id } })).toBe(1)
    // The token itself is stored nowhere, only its hash.
    const token = second.pathname.slice('/calendar/feed/'.length, -'.ics'.length)
    expect(JSON.stringify(await prisma.calendarFeed.findMany({ where: { userId: user.id } }))).not.toContain(token)
  })

  test('a made-up token, a malformed name, and a deactivated owner all answer 404', async () => {
    const { cookie, user } = await signedInUser('coordinator')
    const url = await subscribe(cookie)
    expect((await callRoute(feedRoute.loader, makeRequest('/calendar/feed/x.ics'), { file: 'x.ics' })).status).toBe(404)
    const madeUp = `${'A'.repeat(43)}.ics`
    expect((await callRoute(feedRoute.loader, makeRequest(`/calendar/feed/${madeUp}`), { file: madeUp })).status).toBe(404)
    await prisma.user.update({ where: { id: user.id }, data: { isActive: false } })
    expect((await fetchFeed(url)).status).toBe(404)
  })

  test("the subscribe dialog says whether the person has a feed, never showing its URL again", async () => {
    const { cookie } = await signedInUser('viewer')
    const empty = await callRoute(subscribeRoute.loader, makeRequest('/calendar/subscribe', { cookie }))
    expect(((await empty.json()) as { feed: unknown }).feed).toBeNull()
    const url = await subscribe(cookie)
    const after = await callRoute(subscribeRoute.loader, makeRequest('/calendar/subscribe', { cookie }))
    const body = await after.text()
    expect(JSON.parse(body).feed).toMatchObject({ lastUsedAt: null })
    expect(body).not.toContain(url.pathname.slice('/calendar/feed/'.length, -4))
  })
})
