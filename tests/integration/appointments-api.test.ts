import { describe, expect, test } from 'vitest'
import { action as appointmentsAction, loader as appointmentsLoader } from '~/routes/api.appointments'
import { loader as upcomingLoader } from '~/routes/api.appointments.upcoming'
import { action as appointmentAction, loader as appointmentLoader } from '~/routes/api.appointments.$appointmentId'
import { appointmentToJson } from '~/features/calendar/appointments.server'
import { prisma } from '~/platform/db.server'
import { callRoute, makeRequest, signedInUser } from '#tests/support/fixtures'

const DAY = 24 * 60 * 60 * 1000
const inDays = (days: number, hour = 14) => {
  const date = new Date(Date.now() + days * DAY)
  date.setUTCHours(hour, 0, 0, 0)
  return date.toISOString()
}

let made = 0
async function caregiver(fullName: string) {
  made += 1
  return prisma.caregiver.create({
    data: { fullName, phone: '2015550100', licenseNumber: `API-${made}`, yearsExperience: '1-2', searchText: fullName.toLowerCase(), phoneDigits: '2015550100' },
  })
}

async function post(cookie: string, body: unknown) {
  const response = await callRoute(appointmentsAction, makeRequest('/api/appointments', { cookie, json: body }))
  return { response, body: (await response.json()) as Record<string, unknown> & { id: string } }
}

describe('/api/appointments', () => {
  test('POST creates a scheduled appointment with the spec defaults and answers 201', async () => {
    const { cookie, user } = await signedInUser('coordinator')
    const { response, body } = await post(cookie, { title: 'API visit', startTime: '2027-03-10T14:00:00.000Z', notes: 'Gate code 1234' })
    expect(response.status).toBe(201)
    expect(body).toEqual({
      id: expect.any(String),
      title: 'API visit',
      startTime: '2027-03-10T14:00:00.000Z',
      endTime: '2027-03-10T15:00:00.000Z',
      appointmentType: 'consultation',
      status: 'scheduled',
      location: 'Healthcare Center',
      timezone: 'America/New_York',
      notes: 'Gate code 1234',
      patientId: null,
      caregiverId: null,
      leadId: null,
      cancelReason: null,
      seriesId: null,
      createdBy: user.name,
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
    })
    expect(await prisma.auditLog.count({ where: { entityType: 'Appointment', entityId: body.id, action: 'create', actorKind: 'api' } })).toBe(1)
  })

  test('a time without an offset is New York wall clock; the clocks are not guessed at', async () => {
    const { cookie } = await signedInUser('coordinator')
    const { body } = await post(cookie, { title: 'Summer', startTime: '2027-07-01T09:00', endTime: '2027-07-01T09:45' })
    expect(body).toMatchObject({ startTime: '2027-07-01T13:00:00.000Z', endTime: '2027-07-01T13:45:00.000Z' })
    const gap = await post(cookie, { title: 'Gap', startTime: '2027-03-14T02:30' })
    expect(gap.response.status).toBe(400)
    expect(gap.body).toEqual({
      error: 'Invalid appointment',
      fieldErrors: { startTime: ['2:30 AM does not exist on that day: clocks go forward from 2:00 AM to 3:00 AM. Choose another time.'] },
    })
    const twice = await post(cookie, { title: 'Twice', startTime: '2027-11-07T01:30' })
    expect(twice.response.status).toBe(400)
    const withOffset = await post(cookie, { title: 'Twice, said which', startTime: '2027-11-07T01:30:00-05:00' })
    expect(withOffset.body).toMatchObject({ startTime: '2027-11-07T06:30:00.000Z' })
  })

  test('invalid bodies answer 400 with a message per field and save nothing', async () => {
    const { cookie } = await signedInUser('coordinator')
    const before = await prisma.appointment.count()
    const { response, body } = await post(cookie, { startTime: 'soon', appointmentType: 'surgery', caregiverId: 'Ana' })
    expect(response.status).toBe(400)
    expect(body).toEqual({
      error: 'Invalid appointment',
      fieldErrors: {
        title: ['Title is required'],
        startTime: ['Start time must be an ISO 8601 date and time'],
        appointmentType: ['Type must be one of: consultation, initial_assessment, follow_up, check_up, therapy, care_review'],
        caregiverId: ['Choose a caregiver from the list'],
      },
    })
    const unknownPerson = await post(cookie, { title: 'Nobody', startTime: inDays(3), patientId: '00000000-0000-4000-8000-000000000000' })
    expect(unknownPerson.response.status).toBe(400)
    expect(unknownPerson.body).toEqual({ error: 'Invalid appointment', fieldErrors: { patientId: ['That patient is no longer in the portal: choose another'] } })
    expect(await prisma.appointment.count()).toBe(before)
  })

  test('an overlap for the same caregiver answers 409 naming the clash', async () => {
    const { cookie } = await signedInUser('coordinator')
    const carer = await caregiver('Gloria Mensah')
    await post(cookie, { title: 'Morning care', startTime: '2027-04-05T13:00:00Z', endTime: '2027-04-05T15:00:00Z', caregiverId: carer.id })
    const { response, body } = await post(cookie, { title: 'Clash', startTime: '2027-04-05T14:00:00Z', caregiverId: carer.id })
    expect(response.status).toBe(409)
    expect(body).toEqual({ error: 'Gloria Mensah is already booked for "Morning care" (Apr 5, 2027, 9:00 AM – 11:00 AM). Choose another time or caregiver.' })
    // Back to back is fine.
    expect((await post(cookie, { title: 'After', startTime: '2027-04-05T15:00:00Z', caregiverId: carer.id })).response.status).toBe(201)
  })

  test('two overlapping creates racing each other: exactly one wins, the other is 409', async () => {
    const { cookie } = await signedInUser('coordinator')
    const carer = await caregiver('Henry Park')
    const answers = await Promise.all(
      ['Coordinator A', 'Coordinator B'].map((title) =>
        callRoute(appointmentsAction, makeRequest('/api/appointments', { cookie, json: { title, startTime: '2027-04-06T14:00:00Z', caregiverId: carer.id } })),
      ),
    )
    expect(answers.map((answer) => answer.status).sort()).toEqual([201, 409])
    expect(await prisma.appointment.count({ where: { caregiverId: carer.id } })).toBe(1)
  })

  test('GET /upcoming: the next 30 days unless asked, 1 to 365, in start order', async () => {
    const { cookie } = await signedInUser('viewer')
    const writer = await signedInUser('coordinator')
    const soon = await post(writer.cookie, { title: 'Soon', startTime: inDays(2) })
    const sooner = await post(writer.cookie, { title: 'Sooner', startTime: inDays(1) })
    const later = await post(writer.cookie, { title: 'Later \u00e9t\u00e9', startTime: inDays(45), notes: 'Ring twice, "loudly"\\\nthen wait', location: 'Client home' })
    const past = await post(writer.cookie, { title: 'Past', startTime: inDays(-3) })
    const ids = async (query: string) => {
      const response = await callRoute(upcomingLoader, makeRequest(`/api/appointments/upcoming${query}`, { cookie }))
      expect(response.status).toBe(200)
      return ((await response.json()) as Array<{ id: string }>).map((appointment) => appointment.id)
    }
    const month = await ids('?days=30')
    expect(month).toEqual(await ids(''))
    expect(month.indexOf(sooner.body.id)).toBeLessThan(month.indexOf(soon.body.id))
    expect(month).toContain(soon.body.id)
    expect(month).not.toContain(later.body.id)
    expect(month).not.toContain(past.body.id)
    expect(await ids('?days=60')).toContain(later.body.id)
    for (const days of ['0', '366', '1.5', 'many']) {
      const response = await callRoute(upcomingLoader, makeRequest(`/api/appointments/upcoming?days=${days}`, { cookie }))
      expect(response.status, days).toBe(400)
      expect(await response.json()).toEqual({ error: 'Invalid query', fieldErrors: { days: ['days must be a whole number from 1 to 365'] } })
    }
    // The database writes the JSON: exactly what the API's other answers write for the same rows.
    const response = await callRoute(upcomingLoader, makeRequest('/api/appointments/upcoming?days=60', { cookie }))
    expect(response.headers.get('content-type')).toBe('application/json; charset=utf-8')
    const listed = (await response.json()) as Array<{ id: string }>
    const rows = await prisma.appointment.findMany({ where: { id: { in: listed.map((one) => one.id) } }, orderBy: [{ startTime: 'asc' }, { id: 'asc' }] })
    expect(listed).toEqual(rows.map(appointmentToJson))
    expect(listed.find((one) => one.id === later.body.id)).toEqual(later.body)
    // The read is on the trail with the ids it returned.
    const entry = await prisma.auditLog.findFirst({ where: { action: 'view', entityType: 'Appointment', actorKind: 'api' }, orderBy: { createdAt: 'desc' } })
    expect(JSON.stringify(entry?.details)).toContain(soon.body.id)
  })

  test('a long upcoming list is on the trail whole: every id and every person named, no entry cut short', async () => {
    const { cookie } = await signedInUser('viewer')
    // 150 visits a few minutes apart, each for a lead of its own: far more people than one entry holds.
    const start = Date.now() + 90 * 60 * 1000
    const leads = Array.from({ length: 150 }, () => ({ id: crypto.randomUUID(), firstName: 'Trail', lastName: 'Lead', email: `${crypto.randomUUID()}@example.com`, phone: '2015550100', searchText: 'trail lead', phoneDigits: '2015550100' }))
    await prisma.lead.createMany({ data: leads })
    await prisma.appointment.createMany({
      data: leads.map((lead, index) => ({
        title: `Trail visit ${index}`,
        startTime: new Date(start + index * 60_000),
        endTime: new Date(start + index * 60_000 + 30 * 60_000),
        timeZone: 'America/New_York',
        leadId: lead.id,
        createdBy: 'Test',
      })),
    })
    const before = new Date()
    const response = await callRoute(upcomingLoader, makeRequest('/api/appointments/upcoming?days=1', { cookie }))
    const listed = ((await response.json()) as Array<{ id: string; leadId: string | null }>).filter((one) => one.leadId && leads.some((lead) => lead.id === one.leadId))
    expect(listed).toHaveLength(150)

    const entries = await prisma.auditLog.findMany({ where: { action: 'view', entityType: 'Appointment', createdAt: { gte: before } } })
    const details = entries.map((entry) => entry.details as { ids?: string[]; leadIds?: string[]; truncated?: boolean })
    expect(details.filter((detail) => detail.truncated)).toEqual([])
    expect(entries.length).toBeGreaterThan(1)
    const shownIds = new Set(details.flatMap((detail) => detail.ids ?? []))
    const shownLeads = new Set(details.flatMap((detail) => detail.leadIds ?? []))
    for (const one of listed) {
      expect(shownIds.has(one.id)).toBe(true)
      expect(shownLeads.has(one.leadId!)).toBe(true)
    }
  })

  test('GET reads, PUT replaces and moves the status on by the rules, DELETE removes; unknown ids are 404', async () => {
    const { cookie } = await signedInUser('coordinator')
    const { body: created } = await post(cookie, { title: 'Replace me', startTime: '2027-05-03T14:00:00Z' })
    const params = { appointmentId: created.id }
    const put = (json: unknown) => callRoute(appointmentAction, makeRequest(`/api/appointments/${created.id}`, { method: 'PUT', cookie, json }), params)

    const get = await callRoute(appointmentLoader, makeRequest(`/api/appointments/${created.id}`, { cookie }), params)
    expect(await get.json()).toMatchObject({ id: created.id, title: 'Replace me' })

    const renamed = await put({ title: 'Replaced', startTime: '2027-05-03T15:00:00Z', appointmentType: 'care_review', status: 'confirmed' })
    expect(renamed.status).toBe(200)
    expect(await renamed.json()).toMatchObject({ title: 'Replaced', startTime: '2027-05-03T15:00:00.000Z', endTime: '2027-05-03T16:00:00.000Z', status: 'confirmed', appointmentType: 'care_review' })
    const events = await prisma.domainEvent.findMany({ where: { entityId: created.id }, select: { type: true } })
    expect(events.map((event) => event.type).sort()).toEqual(['appointment.confirmed', 'appointment.created', 'appointment.rescheduled'])

    const noReason = await put({ title: 'Replaced', startTime: '2027-05-03T15:00:00Z', status: 'cancelled' })
    expect(noReason.status).toBe(400)
    expect(await noReason.json()).toEqual({ error: 'Invalid appointment', fieldErrors: { cancelReason: ['Give a reason for cancelling'] } })
    const cancelled = await put({ title: 'Replaced', startTime: '2027-05-03T15:00:00Z', appointmentType: 'care_review', status: 'cancelled', cancelReason: 'Moved away' })
    expect(await cancelled.json()).toMatchObject({ status: 'cancelled', cancelReason: 'Moved away' })
    const backAgain = await put({ title: 'Replaced', startTime: '2027-05-03T15:00:00Z', appointmentType: 'care_review', status: 'scheduled' })
    expect(backAgain.status).toBe(400)
    expect(await backAgain.json()).toEqual({ error: 'Invalid appointment', fieldErrors: { status: ['An appointment that is cancelled cannot become scheduled'] } })
    const edited = await put({ title: 'Edited after', startTime: '2027-05-03T15:00:00Z', status: 'cancelled' })
    expect(edited.status).toBe(409)
    expect(await edited.json()).toEqual({ error: 'This appointment is cancelled: it can no longer be changed.' })

    const deleted = await callRoute(appointmentAction, makeRequest(`/api/appointments/${created.id}`, { method: 'DELETE', cookie }), params)
    expect(await deleted.json()).toEqual({ success: true, id: created.id })
    const again = await callRoute(appointmentAction, makeRequest(`/api/appointments/${created.id}`, { method: 'DELETE', cookie }), params)
    expect(again.status).toBe(404)
    expect(await again.json()).toEqual({ error: 'Appointment not found' })
    const missing = await callRoute(appointmentLoader, makeRequest('/api/appointments/nope', { cookie }), { appointmentId: 'nope' })
    expect(missing.status).toBe(404)
  })

  test('anonymous callers get 401, viewers writing 403, other methods 405', async () => {
    const anonymous = await callRoute(upcomingLoader, makeRequest('/api/appointments/upcoming'))
    expect(anonymous.status).toBe(401)
    expect(await anonymous.json()).toEqual({ error: 'Authentication required' })
    const { cookie } = await signedInUser('viewer')
    expect((await post(cookie, { title: 'No', startTime: inDays(1) })).response.status).toBe(403)
    const list = await callRoute(appointmentsLoader, makeRequest('/api/appointments', { cookie }))
    expect(list.status).toBe(405)
    expect(list.headers.get('allow')).toBe('POST')
    const writer = await signedInUser('coordinator')
    const patch = await callRoute(appointmentAction, makeRequest('/api/appointments/x', { method: 'PATCH', cookie: writer.cookie, json: {} }), { appointmentId: 'x' })
    expect(patch.status).toBe(405)
  })
})
