import { describe, expect, test } from 'vitest'
import {
  GHL_NOT_CONFIGURED,
  GhlError,
  createCalendarAppointment,
  deleteCalendarAppointment,
  listCalendars,
  listGhlCalendars,
  updateCalendarAppointment,
} from '~/integrations/gohighlevel/client.server'
import { saveGhlSettings } from '~/integrations/settings.server'
import { prisma } from '~/platform/db.server'
import { resetEnvCache } from '~/platform/env.server'
import { useFakeGhl } from '#tests/support/ghl'

// Long enough that a loaded CI machine still gets a refusal back before the client gives up.
const fake = useFakeGhl({ timeoutMs: 2000 })

/** What a call threw, for asserting on its kind and message. */
async function failure(call: Promise<unknown>) {
  try {
    await call
  } catch (error) {
    if (error instanceof GhlError) return { kind: error.kind, message: error.message, status: error.status, retryable: error.retryable }
    throw error
  }
  throw new Error('expected the call to fail')
}

async function withoutEnvCredentials(fn: () => Promise<void>) {
  const saved = { token: process.env.GHL_API_TOKEN, location: process.env.GHL_LOCATION_ID }
  delete process.env.GHL_API_TOKEN
  delete process.env.GHL_LOCATION_ID
  resetEnvCache()
  try {
    await fn()
  } finally {
    Object.assign(process.env, { GHL_API_TOKEN: saved.token, GHL_LOCATION_ID: saved.location })
    resetEnvCache()
  }
}

function aContact() {
  const id = `contact-${fake.ghl.contacts.size + 1}`
  fake.ghl.contacts.set(id, { id, email: `${id}@example.com`, locationId: fake.ghl.locationId })
  return id
}

const visit = (contactId: string) => ({
  calendarId: 'fake-calendar',
  contactId,
  title: 'Initial assessment',
  startTime: new Date('2026-03-09T14:00:00.000Z'),
  endTime: new Date('2026-03-09T15:00:00.000Z'),
  address: '12 Main St, Newark, NJ',
})

describe('listing GoHighLevel calendars', () => {
  test("success: the location's calendars as {id, name}, asked with the calendars API version", async () => {
    expect(await listCalendars()).toEqual([
      { id: 'fake-calendar', name: 'Intake Visits' },
      { id: 'fake-calendar-assessments', name: 'Assessments' },
      { id: 'fake-calendar-reviews', name: 'Care Reviews' },
      { id: 'fake-calendar-shifts', name: 'Caregiver Shifts' },
    ])
    expect(fake.ghl.requests.at(-1)).toMatchObject({
      method: 'GET',
      path: '/calendars/',
      query: `?locationId=${fake.ghl.locationId}`,
      version: '2021-04-15',
    })
  })

  test('an empty location is an empty list, not a failure', async () => {
    fake.ghl.calendars = []
    expect(await listCalendars()).toEqual([])
  })

  test('the credentials saved under Settings are used before the environment', async () => {
    await saveGhlSettings({ accountName: 'Agency', locationId: fake.ghl.locationId, baseUrl: fake.ghl.url, isActive: true, token: 'revoked-token' })
    try {
      expect(await failure(listCalendars())).toMatchObject({ kind: 'refused', status: 401 })
      await saveGhlSettings({ accountName: 'Agency', locationId: fake.ghl.locationId, baseUrl: fake.ghl.url, isActive: true, token: fake.ghl.token })
      expect(await listCalendars()).toHaveLength(4)
    } finally {
      await prisma.integrationSetting.deleteMany()
    }
  })

  test('not configured: no credentials anywhere, or switched off in Settings; nothing is sent', async () => {
    const before = fake.ghl.requests.length
    await withoutEnvCredentials(async () => {
      expect(await failure(listCalendars())).toEqual({ kind: 'not_configured', message: GHL_NOT_CONFIGURED, status: undefined, retryable: false })
    })
    await saveGhlSettings({ accountName: 'Agency', locationId: fake.ghl.locationId, baseUrl: fake.ghl.url, isActive: false, token: fake.ghl.token })
    try {
      expect(await failure(listCalendars())).toMatchObject({ kind: 'not_configured' })
    } finally {
      await prisma.integrationSetting.deleteMany()
    }
    expect(fake.ghl.requests.length).toBe(before)
  })

  test.each([
    ['unauthorized', { kind: 'refused', status: 401, message: 'GoHighLevel rejected the credentials (401)' }],
    [
      'forbidden',
      { kind: 'refused', status: 403, message: 'GoHighLevel rejected the credentials (403): The token is not authorized for this scope.' },
    ],
    ['unprocessable', { kind: 'refused', status: 422, message: 'GoHighLevel refused the request (422): calendarId must be a string' }],
    ['server-error', { kind: 'unavailable', status: 500, message: 'GoHighLevel is unavailable (500): Internal server error' }],
    ['disconnect', { kind: 'unavailable', status: undefined, message: 'GoHighLevel could not be reached' }],
    ['timeout', { kind: 'timeout', status: undefined, message: 'GoHighLevel did not answer within 2 seconds' }],
  ] as const)('%s: a typed failure with the reason', async (mode, expected) => {
    fake.ghl.setMode(mode)
    expect(await failure(listCalendars())).toMatchObject(expected)
  })

  test('connection refused: nothing listens at the address', async () => {
    const config = { baseUrl: 'http://127.0.0.1:1', token: fake.ghl.token, locationId: fake.ghl.locationId, accountName: '' }
    expect(await failure(listGhlCalendars(config))).toMatchObject({ kind: 'unavailable', message: 'GoHighLevel could not be reached' })
  })

  test('a caller may give up sooner than GHL_TIMEOUT_MS', async () => {
    fake.ghl.setMode('timeout')
    expect(await failure(listCalendars({ timeoutMs: 300 }))).toMatchObject({
      kind: 'timeout',
      message: 'GoHighLevel did not answer within 300 ms',
    })
  })
})

describe('GoHighLevel calendar appointments', () => {
  test('create, update and delete one event, with the calendars API version', async () => {
    const contactId = aContact()
    const created = await createCalendarAppointment(visit(contactId))
    expect(created).toMatchObject({
      calendarId: 'fake-calendar',
      contactId,
      title: 'Initial assessment',
      startTime: '2026-03-09T14:00:00.000Z',
      endTime: '2026-03-09T15:00:00.000Z',
      appointmentStatus: 'new',
    })
    expect(fake.ghl.requests.at(-1)).toMatchObject({
      method: 'POST',
      path: '/calendars/events/appointments',
      version: '2021-04-15',
      body: { locationId: fake.ghl.locationId, ignoreFreeSlotValidation: true, address: '12 Main St, Newark, NJ' },
    })
    expect(fake.ghl.appointments.has(created.id)).toBe(true)

    const moved = await updateCalendarAppointment(created.id, {
      startTime: new Date('2026-03-10T14:00:00.000Z'),
      endTime: new Date('2026-03-10T15:00:00.000Z'),
      appointmentStatus: 'confirmed',
    })
    expect(moved).toMatchObject({ id: created.id, startTime: '2026-03-10T14:00:00.000Z', appointmentStatus: 'confirmed', title: 'Initial assessment' })
    expect(fake.ghl.requests.at(-1)).toMatchObject({ method: 'PUT', path: `/calendars/events/appointments/${created.id}`, version: '2021-04-15' })

    expect(await deleteCalendarAppointment(created.id)).toEqual({ eventId: created.id, succeeded: true })
    expect(fake.ghl.requests.at(-1)).toMatchObject({ method: 'DELETE', path: `/calendars/events/${created.id}`, version: '2021-04-15' })
    expect(fake.ghl.appointments.has(created.id)).toBe(false)
  })

  test("refused with GoHighLevel's reason: an unknown contact, or an event already gone", async () => {
    expect(await failure(createCalendarAppointment(visit('no-such-contact')))).toMatchObject({
      kind: 'refused',
      status: 400,
      retryable: false,
      message: 'GoHighLevel refused the request (400): Contact not found',
    })
    expect(await failure(deleteCalendarAppointment('no-such-event'))).toMatchObject({ kind: 'refused', status: 404, message: 'GoHighLevel refused the request (404): Event not found' })
  })

  test.each([
    ['unauthorized', 'refused', true],
    ['forbidden', 'refused', true],
    ['unprocessable', 'refused', false],
    ['server-error', 'unavailable', true],
    ['disconnect', 'unavailable', true],
    ['timeout', 'timeout', true],
  ] as const)('%s: every call fails typed, and says whether a retry is worthwhile', async (mode, kind, retryable) => {
    const contactId = aContact()
    const existing = await createCalendarAppointment(visit(contactId))
    fake.ghl.setMode(mode)
    const failures = await Promise.all([
      failure(createCalendarAppointment(visit(contactId))),
      failure(updateCalendarAppointment(existing.id, { title: 'Renamed' })),
      failure(deleteCalendarAppointment(existing.id)),
    ])
    for (const failed of failures) expect(failed).toMatchObject({ kind, retryable })
    fake.ghl.setMode('ok')
    expect(fake.ghl.appointments.get(existing.id)).toMatchObject({ title: 'Initial assessment' })
  })

  test('not configured: nothing is sent', async () => {
    const before = fake.ghl.requests.length
    await withoutEnvCredentials(async () => {
      expect(await failure(createCalendarAppointment(visit(aContact())))).toMatchObject({ kind: 'not_configured' })
      expect(await failure(updateCalendarAppointment('event', { title: 'x' }))).toMatchObject({ kind: 'not_configured' })
      expect(await failure(deleteCalendarAppointment('event'))).toMatchObject({ kind: 'not_configured' })
    })
    expect(fake.ghl.requests.length).toBe(before)
  })
})
