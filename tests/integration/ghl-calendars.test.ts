import { describe, expect, test } from 'vitest'
import { loadGoHighLevelCalendarSummary } from '~/features/calendar-sync/ghl-calendars.server'
import { loader as apiLoader } from '~/routes/api.ghl.calendars'
import { GHL_NOT_CONFIGURED } from '~/integrations/gohighlevel/client.server'
import { prisma } from '~/platform/db.server'
import { resetEnvCache } from '~/platform/env.server'
import { callRoute, makeRequest, signedInUser } from '#tests/support/fixtures'
import { expectConsoleErrors } from '#tests/support/console-errors'
import { useFakeGhl } from '#tests/support/ghl'

// Long enough that a loaded CI machine still gets a refusal back before the client gives up.
const fake = useFakeGhl({ timeoutMs: 2000 })

async function withEnv(values: Record<string, string | undefined>, fn: () => Promise<void>) {
  const saved = Object.fromEntries(Object.keys(values).map((name) => [name, process.env[name]]))
  const apply = (next: Record<string, string | undefined>) => {
    for (const [name, value] of Object.entries(next)) {
      if (value === undefined) delete process.env[name]
      else process.env[name] = value
    }
    resetEnvCache()
  }
  apply(values)
  try {
    await fn()
  } finally {
    apply(saved)
  }
}

describe('the GoHighLevel calendars card (loadGoHighLevelCalendarSummary)', () => {
  test('connected: every calendar, three names and how many more', async () => {
    expect(await loadGoHighLevelCalendarSummary()).toEqual({
      state: 'connected',
      calendars: [
        { id: 'fake-calendar', name: 'Intake Visits' },
        { id: 'fake-calendar-assessments', name: 'Assessments' },
        { id: 'fake-calendar-reviews', name: 'Care Reviews' },
        { id: 'fake-calendar-shifts', name: 'Caregiver Shifts' },
      ],
      names: ['Intake Visits', 'Assessments', 'Care Reviews'],
      more: 1,
    })
  })

  test('connected to a location without calendars', async () => {
    fake.ghl.calendars = []
    expect(await loadGoHighLevelCalendarSummary()).toEqual({ state: 'connected', calendars: [], names: [], more: 0 })
  })

  test.each([
    ['unauthorized', 'refused', 'GoHighLevel rejected the credentials (401)'],
    ['forbidden', 'refused', 'GoHighLevel rejected the credentials (403): The token is not authorized for this scope.'],
    ['server-error', 'unavailable', 'GoHighLevel is unavailable (500): Internal server error'],
    ['disconnect', 'unavailable', 'GoHighLevel could not be reached'],
    ['timeout', 'timeout', 'GoHighLevel did not answer within 2 seconds'],
  ] as const)('%s: unavailable with the reason, never thrown', async (mode, reason, message) => {
    fake.ghl.setMode(mode)
    expect(await loadGoHighLevelCalendarSummary()).toEqual({ state: 'unavailable', reason, message })
  })

  test('not configured: unavailable, without asking GoHighLevel', async () => {
    const before = fake.ghl.requests.length
    await withEnv({ GHL_API_TOKEN: undefined }, async () => {
      expect(await loadGoHighLevelCalendarSummary()).toEqual({ state: 'unavailable', reason: 'not_configured', message: GHL_NOT_CONFIGURED })
    })
    expect(fake.ghl.requests.length).toBe(before)
  })

  test('a GoHighLevel that hangs holds the page for at most 5 seconds, whatever GHL_TIMEOUT_MS says', async () => {
    fake.ghl.setMode('timeout')
    await withEnv({ GHL_TIMEOUT_MS: '60000' }, async () => {
      expect(await loadGoHighLevelCalendarSummary()).toEqual({
        state: 'unavailable',
        reason: 'timeout',
        message: 'GoHighLevel did not answer within 5 seconds',
      })
    })
  })

  test('a fault of ours (credentials that cannot be decrypted) is logged, and the card still renders', async () => {
    const logged = expectConsoleErrors()
    await prisma.integrationSetting.create({
      data: { provider: 'gohighlevel', config: { locationId: fake.ghl.locationId, baseUrl: fake.ghl.url, isActive: true }, secrets: 'v1.garbled' },
    })
    try {
      expect(await loadGoHighLevelCalendarSummary()).toEqual({
        state: 'unavailable',
        reason: 'error',
        message: 'GoHighLevel calendars could not be loaded',
      })
      expect(logged).toHaveBeenCalledTimes(1)
    } finally {
      await prisma.integrationSetting.deleteMany()
    }
  })
})

describe('GET /api/ghl/calendars', () => {
  async function get(cookie?: string) {
    const response = await callRoute(apiLoader, makeRequest('/api/ghl/calendars', { cookie }))
    return { status: response.status, body: await response.json() }
  }

  test('every role that reads records gets the calendars as [{ id, name }]', async () => {
    for (const role of ['viewer', 'coordinator', 'admin'] as const) {
      const { cookie } = await signedInUser(role)
      expect(await get(cookie)).toEqual({
        status: 200,
        body: [
          { id: 'fake-calendar', name: 'Intake Visits' },
          { id: 'fake-calendar-assessments', name: 'Assessments' },
          { id: 'fake-calendar-reviews', name: 'Care Reviews' },
          { id: 'fake-calendar-shifts', name: 'Caregiver Shifts' },
        ],
      })
    }
  })

  test('signed out: 401 in the API\'s error format, and GoHighLevel is not asked', async () => {
    const before = fake.ghl.requests.length
    expect(await get()).toEqual({ status: 401, body: { error: 'Authentication required' } })
    expect(fake.ghl.requests.length).toBe(before)
  })

  test.each([
    ['unauthorized', 'GoHighLevel rejected the credentials (401)'],
    ['forbidden', 'GoHighLevel rejected the credentials (403): The token is not authorized for this scope.'],
    ['unprocessable', 'GoHighLevel refused the request (422): calendarId must be a string'],
    ['server-error', 'GoHighLevel is unavailable (500): Internal server error'],
    ['disconnect', 'GoHighLevel could not be reached'],
    ['timeout', 'GoHighLevel did not answer within 2 seconds'],
  ] as const)('%s: 502 with the error', async (mode, error) => {
    const { cookie } = await signedInUser('viewer')
    fake.ghl.setMode(mode)
    expect(await get(cookie)).toEqual({ status: 502, body: { error } })
  })

  test('not configured: 503 with what to do', async () => {
    const { cookie } = await signedInUser('viewer')
    await withEnv({ GHL_LOCATION_ID: undefined }, async () => {
      expect(await get(cookie)).toEqual({ status: 503, body: { error: GHL_NOT_CONFIGURED } })
    })
  })

  test('a fault of ours: 500 Internal error, the details only on the log', async () => {
    const logged = expectConsoleErrors()
    const { cookie } = await signedInUser('viewer')
    await prisma.integrationSetting.create({
      data: { provider: 'gohighlevel', config: { locationId: fake.ghl.locationId, baseUrl: fake.ghl.url, isActive: true }, secrets: 'v1.garbled' },
    })
    try {
      expect(await get(cookie)).toEqual({ status: 500, body: { error: 'Internal error' } })
      expect(logged).toHaveBeenCalledTimes(1)
    } finally {
      await prisma.integrationSetting.deleteMany()
    }
  })
})

describe('the calendar page and GoHighLevel', () => {
  test('lists the connected calendars, and still renders with the notice when GoHighLevel is down', async () => {
    const { loader: calendarLoader } = await import('~/routes/_app.calendar')
    const { cookie } = await signedInUser('viewer')
    const connected = await callRoute(calendarLoader, makeRequest('/calendar', { cookie }))
    expect(connected.status).toBe(200)
    expect(((await connected.json()) as { ghlCalendars: { state: string; names: string[] } }).ghlCalendars).toMatchObject({
      state: 'connected',
      names: ['Intake Visits', 'Assessments', 'Care Reviews'],
    })

    fake.ghl.setMode('server-error')
    const down = await callRoute(calendarLoader, makeRequest('/calendar?view=week', { cookie }))
    expect(down.status).toBe(200)
    expect(((await down.json()) as { ghlCalendars: { state: string } }).ghlCalendars.state).toBe('unavailable')
  })
})
