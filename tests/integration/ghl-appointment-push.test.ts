import { beforeEach, describe, expect, test } from 'vitest'
import { changeAppointmentStatus, createAppointment, deleteAppointment, rescheduleAppointment } from '~/features/calendar/appointments.server'
import type { AppointmentInput } from '~/features/calendar/schema'
import { GHL_APPOINTMENT_PUSH_JOB, NO_SYNCED_LEAD, getGhlPushState, requestGhlPush } from '~/features/calendar-sync/appointment-push.server'
import { eventSubscribers, jobHandlers } from '~/features/job-handlers.server'
import { systemActor } from '~/platform/actor'
import { prisma } from '~/platform/db.server'
import { RuleViolationError } from '~/platform/errors'
import { runWorkerPass } from '~/platform/worker.server'
import { useFakeGhl } from '#tests/support/ghl'
import * as pushDialog from '~/routes/_app.calendar_.$appointmentId.gohighlevel'
import { callRoute, makeRequest, signedInUser, toastOf } from '#tests/support/fixtures'

const fake = useFakeGhl({ timeoutMs: 1000 })
const actor = systemActor('test')
const booker = { id: null, name: 'Push Test' }
const HOUR = 60 * 60 * 1000
let made = 0

/** A lead GoHighLevel knows (its contact is in the fake). */
async function syncedLead() {
  made += 1
  const contactId = `contact-push-${made}`
  fake.ghl.contacts.set(contactId, { id: contactId, email: `push${made}@example.com`, locationId: fake.ghl.locationId })
  return prisma.lead.create({
    data: {
      firstName: 'Rosa',
      lastName: `Lind ${made}`,
      email: `push${made}@example.com`,
      phone: '2015550100',
      searchText: 'rosa lind',
      phoneDigits: '2015550100',
      ghlContactId: contactId,
      ghlSyncStatus: 'synced',
    },
  })
}

async function assessment(leadId: string | null, title = 'Initial assessment') {
  const start = new Date(Math.floor((Date.now() + 3 * 24 * HOUR) / 60_000) * 60_000)
  const input: AppointmentInput = {
    title,
    startTime: start,
    endTime: new Date(start.getTime() + HOUR),
    timeZone: 'America/New_York',
    appointmentType: 'initial_assessment',
    location: '4 Birch Rd',
    notes: 'Diabetic; wound care',
    patientId: null,
    caregiverId: null,
    leadId,
  }
  return createAppointment(input, booker, actor)
}

/** One pass of the worker as it runs in the portal: events dispatched, due jobs run. */
const work = () => runWorkerPass({ jobHandlers, eventSubscribers })

/** A retry waits for its backoff; the test does not. */
async function retryNow() {
  await prisma.job.updateMany({ where: { type: GHL_APPOINTMENT_PUSH_JOB, status: 'pending' }, data: { runAt: new Date(Date.now() - 1000) } })
}

const copiesOf = (contactId: string | null) => [...fake.ghl.appointments.values()].filter((event) => event.contactId === contactId)

beforeEach(async () => {
  // Leftover retries from an earlier test must not run in this one.
  await prisma.job.deleteMany({})
})

describe('pushing a lead appointment to a GoHighLevel calendar', () => {
  test('success: one event in the chosen calendar, without notes, and its id kept', async () => {
    const lead = await syncedLead()
    const appointment = await assessment(lead.id)
    await requestGhlPush(appointment.id, 'fake-calendar-assessments', actor)
    await work()
    const copies = copiesOf(lead.ghlContactId)
    expect(copies).toHaveLength(1)
    expect(copies[0]).toMatchObject({
      calendarId: 'fake-calendar-assessments',
      title: 'Initial assessment',
      startTime: appointment.startTime.toISOString(),
      endTime: appointment.endTime.toISOString(),
      appointmentStatus: 'new',
      address: '4 Birch Rd',
    })
    expect(JSON.stringify(copies[0])).not.toContain('Diabetic')
    expect(await getGhlPushState(appointment.id)).toMatchObject({ status: 'synced', ghlEventId: copies[0]!.id, lastError: null })
    expect(await prisma.auditLog.count({ where: { entityId: appointment.id, details: { path: ['ghlCalendarId'], equals: 'fake-calendar-assessments' } } })).toBe(1)
  })

  test('updates and cancellations follow; a deletion removes the copy', async () => {
    const lead = await syncedLead()
    const appointment = await assessment(lead.id)
    await requestGhlPush(appointment.id, 'fake-calendar', actor)
    await work()
    const [copy] = copiesOf(lead.ghlContactId)

    const later = { startTime: new Date(appointment.startTime.getTime() + 2 * HOUR), endTime: new Date(appointment.endTime.getTime() + 2 * HOUR), timeZone: 'America/New_York' }
    await rescheduleAppointment(appointment.id, later, actor)
    await work()
    expect(fake.ghl.appointments.get(copy!.id as string)).toMatchObject({ startTime: later.startTime.toISOString(), appointmentStatus: 'new' })

    await changeAppointmentStatus(appointment.id, 'cancel', actor, { reason: 'Moved to hospice' })
    await work()
    expect(fake.ghl.appointments.get(copy!.id as string)).toMatchObject({ appointmentStatus: 'cancelled' })
    expect(JSON.stringify(fake.ghl.appointments.get(copy!.id as string))).not.toContain('hospice')
    expect(copiesOf(lead.ghlContactId)).toHaveLength(1)

    await deleteAppointment(appointment.id, actor)
    await work()
    expect(fake.ghl.appointments.has(copy!.id as string)).toBe(false)
    expect(await getGhlPushState(appointment.id)).toBeNull()
  })

  test("refusal: GoHighLevel's reason is kept and the job is not retried", async () => {
    const lead = await syncedLead()
    const appointment = await assessment(lead.id)
    await requestGhlPush(appointment.id, 'no-such-calendar', actor)
    await work()
    expect(await getGhlPushState(appointment.id)).toMatchObject({ status: 'failed', lastError: 'GoHighLevel refused the request (400): Calendar not found', ghlEventId: null })
    expect(await prisma.job.findFirst({ where: { type: GHL_APPOINTMENT_PUSH_JOB } })).toMatchObject({ status: 'failed' })
    expect(copiesOf(lead.ghlContactId)).toHaveLength(0)
  })

  test('outage, then timeout: retried with backoff until GoHighLevel answers, and one event in the end', async () => {
    const lead = await syncedLead()
    const appointment = await assessment(lead.id)
    await requestGhlPush(appointment.id, 'fake-calendar', actor)

    fake.ghl.setMode('server-error')
    await work()
    expect(await getGhlPushState(appointment.id)).toMatchObject({ status: 'pending', lastError: 'GoHighLevel is unavailable (500): Internal server error' })
    const job = await prisma.job.findFirstOrThrow({ where: { type: GHL_APPOINTMENT_PUSH_JOB } })
    expect(job).toMatchObject({ status: 'pending', attempts: 1 })
    expect(job.runAt.getTime()).toBeGreaterThan(Date.now())

    fake.ghl.setMode('timeout')
    await retryNow()
    await work()
    expect(await getGhlPushState(appointment.id)).toMatchObject({ status: 'pending', lastError: 'GoHighLevel did not answer within 1 second' })

    fake.ghl.setMode('ok')
    await retryNow()
    await work()
    expect(await getGhlPushState(appointment.id)).toMatchObject({ status: 'synced' })
    // The timed-out create may have been made by GoHighLevel: still only one event.
    expect(copiesOf(lead.ghlContactId)).toHaveLength(1)
  })

  test('no duplicate when a create succeeded but its answer was lost: the retry finds it', async () => {
    const lead = await syncedLead()
    const appointment = await assessment(lead.id, 'Lost answer visit')
    await requestGhlPush(appointment.id, 'fake-calendar', actor)
    fake.ghl.setMode('lose-answer')
    await work()
    expect(copiesOf(lead.ghlContactId)).toHaveLength(1)
    expect(await getGhlPushState(appointment.id)).toMatchObject({ status: 'pending', ghlEventId: null })

    fake.ghl.setMode('ok')
    await retryNow()
    await work()
    const copies = copiesOf(lead.ghlContactId)
    expect(copies).toHaveLength(1)
    expect(await getGhlPushState(appointment.id)).toMatchObject({ status: 'synced', ghlEventId: copies[0]!.id })
  })

  test('asking twice queues one push; running it again updates rather than creating', async () => {
    const lead = await syncedLead()
    const appointment = await assessment(lead.id)
    await requestGhlPush(appointment.id, 'fake-calendar', actor)
    await requestGhlPush(appointment.id, 'fake-calendar', actor)
    expect(await prisma.job.count({ where: { type: GHL_APPOINTMENT_PUSH_JOB, status: 'pending' } })).toBe(1)
    await work()
    await requestGhlPush(appointment.id, 'fake-calendar-reviews', actor)
    await work()
    const copies = copiesOf(lead.ghlContactId)
    expect(copies).toHaveLength(1)
    expect(copies[0]).toMatchObject({ calendarId: 'fake-calendar-reviews' })
  })

  test('an appointment without a synced lead is refused before anything is queued', async () => {
    const unsynced = await prisma.lead.create({
      data: { firstName: 'No', lastName: 'Sync', email: 'nosync@example.com', phone: '2015550100', searchText: 'no sync', phoneDigits: '2015550100' },
    })
    for (const appointment of [await assessment(unsynced.id), await assessment(null)]) {
      await expect(requestGhlPush(appointment.id, 'fake-calendar', actor)).rejects.toThrow(new RuleViolationError(NO_SYNCED_LEAD, 'calendarId'))
    }
    expect(await prisma.job.count({ where: { type: GHL_APPOINTMENT_PUSH_JOB } })).toBe(0)
  })

  test('a change to an appointment never pushed calls nobody', async () => {
    const lead = await syncedLead()
    const appointment = await assessment(lead.id)
    const before = fake.ghl.requests.length
    await changeAppointmentStatus(appointment.id, 'confirm', actor)
    await work()
    expect(fake.ghl.requests.length).toBe(before)
  })
})

describe("the appointment's Send to GoHighLevel dialog", () => {
  test('lists the calendars, queues the push for the one chosen, and goes back to the appointment', async () => {
    const { cookie } = await signedInUser('coordinator')
    const lead = await syncedLead()
    const appointment = await assessment(lead.id)
    const path = `/calendar/${appointment.id}/gohighlevel`
    const params = { appointmentId: appointment.id }
    const shown = (await (await callRoute(pushDialog.loader, makeRequest(path, { cookie }), params)).json()) as { closeTo: string; view: { leadSynced: boolean; calendars: unknown } }
    expect(shown.closeTo).toBe(`/calendar/${appointment.id}`)
    expect(shown.view).toMatchObject({ leadSynced: true, calendars: expect.arrayContaining([{ id: 'fake-calendar-reviews', name: 'Care Reviews' }]) })

    const sent = await callRoute(pushDialog.action, makeRequest(path, { cookie, form: { calendarId: 'fake-calendar-reviews' } }), params)
    expect(sent.headers.get('location')).toBe(`/calendar/${appointment.id}#appointment-details`)
    expect((await toastOf(sent))?.title).toBe('Sending to GoHighLevel')
    await work()
    expect(copiesOf(lead.ghlContactId)).toEqual([expect.objectContaining({ calendarId: 'fake-calendar-reviews' })])
  })

  test('GoHighLevel down: the reason instead of a list, and the page still opens', async () => {
    const { cookie } = await signedInUser('coordinator')
    const lead = await syncedLead()
    const appointment = await assessment(lead.id)
    fake.ghl.setMode('server-error')
    const response = await callRoute(pushDialog.loader, makeRequest(`/calendar/${appointment.id}/gohighlevel`, { cookie }), { appointmentId: appointment.id })
    expect(response.status).toBe(200)
    expect(((await response.json()) as { view: unknown }).view).toMatchObject({ calendars: null, calendarsError: 'GoHighLevel is unavailable (500): Internal server error' })
  })

  test('a viewer cannot send', async () => {
    const { cookie } = await signedInUser('viewer')
    const lead = await syncedLead()
    const appointment = await assessment(lead.id)
    const response = await callRoute(pushDialog.action, makeRequest(`/calendar/${appointment.id}/gohighlevel`, { cookie, form: { calendarId: 'fake-calendar' } }), { appointmentId: appointment.id })
    expect(response.status).toBe(403)
    expect(await prisma.job.count({ where: { type: GHL_APPOINTMENT_PUSH_JOB } })).toBe(0)
  })
})
