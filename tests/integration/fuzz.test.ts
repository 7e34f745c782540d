import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { prisma } from '~/platform/db.server'
import { resetEnvCache } from '~/platform/env.server'
import { callRoute, makeRequest, signedInUser } from '#tests/support/fixtures'
import { listAppRoutes } from '#tests/support/routes'
import { concretePath, seedRecords } from '#tests/support/records'
import { useFakeGhl } from '#tests/support/ghl'

/**
 * Hostile input against every loader and action the app defines, as an admin
 * (so permission checks pass and parsing is reached), with real records
 * behind every id in the path. Nothing may answer 500, and nothing may be
 * created or half-stored. New routes are covered without editing this file;
 * new field names go in FIELDS.
 */
type Handler = Parameters<typeof callRoute>[0]
type RouteModule = { loader?: Handler; action?: Handler }

const routes = await Promise.all(
  listAppRoutes().map(async (route) => ({ ...route, module: (await import(route.file)) as RouteModule })),
)

/** Every field name the portal's forms and API bodies use. */
const FIELDS = [
  'firstName', 'lastName', 'email', 'phone', 'address', 'city', 'state', 'zipCode', 'status', 'source',
  'assignedTo', 'notes', 'type', 'direction', 'subject', 'content', 'scheduledDate', 'completedDate',
  'name', 'description', 'ghlTag', 'displayOrder', 'isActive', 'category', 'documentTypeId',
  'dateOfBirth', 'gender', 'fullName', 'licenseNumber', 'licenseExpiresOn', 'certificationExpiresOn',
  'yearsExperience', 'specializations', 'availability', 'certifications', 'role', 'password',
  'newPassword', 'confirmPassword', 'currentPassword', 'accountName', 'locationId', 'token', 'baseUrl',
  'apiKey', 'webhookSecret', 'redirectTo', 'allergies', 'medications', 'conditions', 'primaryPhysician',
  'insuranceProvider', 'memberId', 'groupNumber', 'careType', 'preferredLanguage', 'backgroundCheckStatus',
  'registrationStatus', 'field', 'value', 'reason', 'documentId', 'templateName',
  'contacts[0].name', 'contacts[0].relationship', 'contacts[0].phone',
  'title', 'date', 'time', 'fold', 'durationMinutes', 'appointmentType', 'location', 'patientId', 'caregiverId',
  'leadId', 'cancelReason', 'startTime', 'endTime', 'timezone',
]
/** Each action is tried with each of these intents (and none), to reach every branch. */
const INTENTS = [
  undefined, 'save', 'test', 'update', 'reset-password', 'deactivate', 'reactivate', 'approve', 'next', 'back',
  'close', 'publish', 'retry-sync', 'set-status', 'set-background-check', 'confirm', 'complete', 'no_show',
]

const NUL = 'Ada\u0000Lovelace'
const LONE_SURROGATE = 'Ada\uD800'
/** Far past every field's limit, while the whole form stays under the server's 1 MB body limit. */
const HUGE = 'a'.repeat(10_000)

function form(value: string, intent?: string) {
  const values: Record<string, string> = Object.fromEntries(FIELDS.map((name) => [name, value]))
  if (intent) values.intent = intent
  return values
}

/** Bodies for the JSON API: hostile values, deep nesting, wrong shapes (raw text is sent as it is). */
function jsonBodies(): unknown[] {
  const deep = { raw: `{"firstName":${'['.repeat(50_000)}"x"${']'.repeat(50_000)}}` }
  return [
    Object.fromEntries(FIELDS.map((name) => [name, NUL])),
    Object.fromEntries(FIELDS.map((name) => [name, LONE_SURROGATE])),
    Object.fromEntries(FIELDS.map((name) => [name, HUGE])),
    Object.fromEntries(FIELDS.map((name) => [name, { nested: [1, 2, 3] }])),
    Object.fromEntries(FIELDS.map((name) => [name, 1e308])),
    deep,
    { raw: '{"firstName": "unterminated' },
    [1, 2, 3],
    'a string',
    null,
  ]
}

const DOMAIN_TABLES = ['lead', 'communication', 'patient', 'caregiver', 'caregiverFile', 'document', 'documentType', 'user', 'appointment'] as const

async function countRows() {
  const counts: Record<string, number> = {}
  for (const table of DOMAIN_TABLES) {
    counts[table] = await (prisma[table] as unknown as { count: () => Promise<number> }).count()
  }
  return counts
}

function jsonRequest(path: string, method: string, cookie: string, body: unknown) {
  const raw = body && typeof body === 'object' && 'raw' in body ? String(body.raw) : JSON.stringify(body)
  return new Request(new URL(path, 'http://localhost'), {
    method,
    headers: { cookie, 'content-type': 'application/json' },
    body: raw,
  })
}

describe('hostile input never answers 500 and stores nothing', () => {
  // GoHighLevel set up (a local fake), so routes that ask it get past "not configured" (a 503).
  useFakeGhl()
  let cookie = ''
  let ids: Record<string, string> = {}
  let before: Record<string, number> = {}
  let createdBefore = 0

  beforeAll(async () => {
    // The webhook checks signatures only once a secret is configured.
    process.env.BOLDSIGN_WEBHOOK_SECRET = 'fuzz-webhook-secret'
    resetEnvCache()
    const admin = await signedInUser('admin')
    cookie = admin.cookie
    ids = await seedRecords(cookie, admin.user.id)
    before = await countRows()
    createdBefore = await prisma.auditLog.count({ where: { action: 'create' } })
  })
  afterAll(() => {
    delete process.env.BOLDSIGN_WEBHOOK_SECRET
    resetEnvCache()
  })

  const QUERIES = [
    '?q=%00', '?q=%ED%A0%80', `?q=${'a'.repeat(5000)}`, '?page=-1', '?page=99999999999999999999', '?page=abc',
    '?status=%00', '?view=%00', '?from=not-a-date&to=%00', '?redirectTo=/%09/evil.example', '?pageSize=100000',
    '?category=%00&type=%00&source=%00&action=%00&entityType=%00&userId=%00&entityId=%00',
  ]
  const loaders = routes.filter((candidate) => candidate.module.loader)
  // Before the actions: posting to delete dialogs removes the records these read.
  test.each(loaders.map((route) => [route.id, route] as const))('%s: hostile query strings', async (_id, route) => {
    const failures: string[] = []
    const { path, params } = concretePath(route.urlPath, route.params, ids)
    for (const query of QUERIES) {
      try {
        const response = await callRoute(route.module.loader!, makeRequest(`${path}${query}`, { cookie }), params)
        if (response.status >= 500) failures.push(`GET ${path}${query} -> ${response.status}`)
      } catch (error) {
        failures.push(`GET ${path}${query} -> threw ${(error as Error).message.slice(0, 120)}`)
      }
    }
    expect(failures).toEqual([])
  })

  const actions = routes.filter((candidate) => candidate.module.action)
  test.each(actions.map((route) => [route.id, route] as const))('%s: hostile forms and JSON bodies', async (_id, route) => {
    const failures: string[] = []
    const record = async (label: string, run: () => Promise<Response>) => {
      try {
        const response = await run()
        if (response.status >= 500) failures.push(`${label} -> ${response.status}`)
      } catch (error) {
        failures.push(`${label} -> threw ${(error as Error).message.slice(0, 120)}`)
      }
    }
    const { path, params } = concretePath(route.urlPath, route.params, ids)
    // DELETE with a real id would simply delete: the races below cover deletes.
    for (const method of ['POST', 'PUT', 'PATCH']) {
      if (route.id.startsWith('routes/api.')) {
        for (const [index, body] of jsonBodies().entries()) {
          await record(`${method} ${path} json#${index}`, () =>
            callRoute(route.module.action!, jsonRequest(path, method, cookie, body), params),
          )
        }
      }
      for (const intent of method === 'POST' ? INTENTS : [undefined]) {
        const variants = method === 'POST' ? ([['NUL', NUL], ['surrogate', LONE_SURROGATE], ['huge', HUGE]] as const) : ([['NUL', NUL]] as const)
        for (const [name, value] of variants) {
          await record(`${method} ${path} ${intent ?? '-'} ${name}`, () =>
            callRoute(route.module.action!, makeRequest(path, { method, cookie, form: form(value, intent) }), params),
          )
        }
      }
      await record(`${method} ${path} sparse list`, () =>
        callRoute(route.module.action!, makeRequest(path, { method, cookie, form: { 'contacts[100000].name': 'x', 'contacts[99999].phone': 'y' } }), params),
      )
    }
    expect(failures).toEqual([])
  })

  test('none of it created anything (delete dialogs delete when posted to)', async () => {
    const after = await countRows()
    for (const table of DOMAIN_TABLES) expect(after[table], table).toBeLessThanOrEqual(before[table]!)
    expect(await prisma.auditLog.count({ where: { action: 'create' } })).toBe(createdBefore)
  })
})

describe('races', () => {
  test('parallel deletes of one record: one succeeds, the rest are 404, none 500', async () => {
    const { cookie, user } = await signedInUser('admin')
    const targets = [
      ['routes/api.leads.$leadId', 'leadId'],
      ['routes/api.caregivers.$caregiverId', 'caregiverId'],
      ['routes/api.document-types.$documentTypeId', 'documentTypeId'],
      ['routes/api.leads.$leadId.communications.$communicationId', 'communicationId'],
      ['routes/api.appointments.$appointmentId', 'appointmentId'],
    ] as const
    for (const [routeId, param] of targets) {
      const ids = await seedRecords(cookie, user.id)
      const route = routes.find((candidate) => candidate.id === routeId)!
      const { path, params } = concretePath(route.urlPath, route.params, ids)
      const answers = await Promise.all(
        Array.from({ length: 6 }, () => callRoute(route.module.action!, makeRequest(path, { method: 'DELETE', cookie }), params)),
      )
      const statuses = answers.map((answer) => answer.status).sort()
      expect(statuses.every((status) => status < 500), `${routeId} ${param}: ${statuses}`).toBe(true)
      expect(statuses.filter((status) => status < 300), `${routeId}: ${statuses}`).toHaveLength(1)
    }
  }, 60_000)

  test('a change racing a delete is 404, never 500', async () => {
    const { cookie, user } = await signedInUser('admin')
    const ids = await seedRecords(cookie, user.id)
    const { action: leadApi } = await import('~/routes/api.leads.$leadId')
    const { action: communicationsApi } = await import('~/routes/api.leads.$leadId.communications')
    const params = { leadId: ids.leadId! }
    const answers = await Promise.all([
      callRoute(leadApi, makeRequest(`/api/leads/${ids.leadId}`, { method: 'DELETE', cookie }), params),
      callRoute(leadApi, makeRequest(`/api/leads/${ids.leadId}`, { method: 'PUT', cookie, json: { firstName: 'Racing', lastName: 'Edit', email: 'race@example.com', phone: '2015550109' } }), params),
      callRoute(communicationsApi, makeRequest(`/api/leads/${ids.leadId}/communications`, { cookie, json: { type: 'note', subject: 'Race', content: 'Race' } }), params),
      callRoute(leadApi, makeRequest(`/api/leads/${ids.leadId}`, { method: 'PUT', cookie, json: { firstName: 'Racing', lastName: 'Again', email: 'race@example.com', phone: '2015550109' } }), params),
    ])
    for (const answer of answers) expect(answer.status).toBeLessThan(500)
    expect(await prisma.lead.count({ where: { id: ids.leadId } })).toBe(0)
    expect(await prisma.communication.count({ where: { leadId: ids.leadId } })).toBe(0)
  }, 30_000)

  test('an id that is not an id, or a dot-segment, names nothing', async () => {
    const { cookie } = await signedInUser('admin')
    const { action: communicationApi } = await import('~/routes/api.leads.$leadId.communications.$communicationId')
    const ids = await seedRecords(cookie, (await signedInUser('admin')).user.id)
    for (const communicationId of ['..', '.', '%2e%2e', 'not-a-uuid', `${ids.communicationId}'--`]) {
      const response = await callRoute(
        communicationApi,
        makeRequest(`/api/leads/${ids.leadId}/communications/x`, { method: 'DELETE', cookie }),
        { leadId: ids.leadId!, communicationId },
      )
      expect(response.status, communicationId).toBe(404)
    }
    expect(await prisma.lead.count({ where: { id: ids.leadId } })).toBe(1)
  }, 30_000)
})
