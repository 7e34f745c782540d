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

export const routes = await Promise.all(
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

/**
 * The actions are split into `shards` files (each with a database of its own)
 * that run side by side; the loaders run in the file that asks for them.
 */
export function describeHostileInput({ loaders: withLoaders, shard, shards }: { loaders: boolean; shard: number; shards: number }) {
  describe(`hostile input never answers 500 and stores nothing (actions ${shard + 1} of ${shards})`, () => {
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
    const loaders = withLoaders ? routes.filter((candidate) => candidate.module.loader) : []
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

    const actions = routes.filter((candidate) => candidate.module.action).filter((_, index) => index % shards === shard)
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
}
