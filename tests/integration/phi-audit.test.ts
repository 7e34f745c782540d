import { describe, expect, test } from 'vitest'
import { prisma } from '~/platform/db.server'
import { recordListView } from '~/platform/audit.server'
import { callRoute, createTestUser, makeRequest, signedInUser, testActor } from '#tests/support/fixtures'
import { concretePath, seedRecords, type SeedNames } from '#tests/support/records'
import { listAppRoutes } from '#tests/support/routes'

/**
 * Walks every page and API read the app defines, as a fresh admin each
 * time, with real records behind every id: wherever a response shows a
 * record holding PHI (its id or its name), the audit log must have an entry
 * of that person naming the record. A new route that shows a patient and
 * forgets the trail fails here without editing this file.
 */
type Handler = Parameters<typeof callRoute>[0]
type RouteModule = { loader?: Handler }

const routes = await Promise.all(
  listAppRoutes().map(async (route) => ({ ...route, module: (await import(route.file)) as RouteModule })),
)

/** Loaders that run before anyone is signed in; they show nobody's records. */
const PUBLIC_LOADERS = new Set(['root', 'routes/login', 'routes/login_.verify', 'routes/logout', 'routes/forms-documents'])
/** Downloads of files the portal makes up itself, naming nobody (the converter's sample PDF). */
const SAMPLE_FILES = new Set(['routes/pdf-to-form.healthcare-intake-form[.]pdf'])
/** Query strings a route needs to show what it is for. */
const QUERIES: Record<string, (ids: Record<string, string>) => string> = {
  'routes/_app.patients.new': (ids) => `?leadId=${ids.leadId}`,
}

const NAMES: SeedNames = {
  lead: { firstName: 'Quillon', lastName: 'Marchetti' },
  communication: 'Zephyrine consultation',
  patient: { firstName: 'Ysolde', lastName: 'Fairweather' },
  caregiver: 'Thaddeus Brightwater',
  document: 'Wrenfield consent',
  caregiverFile: 'Oakhurst resume',
  appointment: 'Marigold home visit',
}

const admin = await signedInUser('admin')
const ids = await seedRecords(admin.cookie, admin.user.id, NAMES)

/** What gives a record away in a response, and which ids an audit entry may name it by. */
const RECORDS = [
  { what: 'lead', shownBy: [ids.leadId!, 'Quillon', 'Marchetti'], namedBy: [ids.leadId!] },
  // A communication is part of its lead's record: opening it is a view of the lead.
  { what: 'communication', shownBy: [ids.communicationId!, 'Zephyrine'], namedBy: [ids.communicationId!, ids.leadId!] },
  { what: 'patient', shownBy: [ids.patientId!, 'Ysolde', 'Fairweather'], namedBy: [ids.patientId!] },
  { what: 'caregiver', shownBy: [ids.caregiverId!, 'Brightwater'], namedBy: [ids.caregiverId!] },
  { what: 'caregiver file', shownBy: [ids.fileId!, 'Oakhurst'], namedBy: [ids.fileId!, ids.caregiverId!] },
  { what: 'document', shownBy: [ids.documentId!, 'Wrenfield'], namedBy: [ids.documentId!] },
  { what: 'appointment', shownBy: [ids.appointmentId!, 'Marigold'], namedBy: [ids.appointmentId!] },
]

async function read(route: (typeof routes)[number]) {
  const viewer = await signedInUser('admin')
  const { path, params } = concretePath(route.urlPath, route.params, ids)
  const query = QUERIES[route.id]?.(ids) ?? ''
  const response = await callRoute(route.module.loader!, makeRequest(path + query, { cookie: viewer.cookie }), params)
  const entries = await prisma.auditLog.findMany({ where: { userId: viewer.user.id, action: 'view' } })
  return { response, trail: JSON.stringify(entries) }
}

describe('every read of PHI is on the audit log', () => {
  const readers = routes.filter((route) => route.module.loader && !PUBLIC_LOADERS.has(route.id) && !SAMPLE_FILES.has(route.id))
  const showing = new Set<string>()

  test.each(readers.map((route) => [route.id, route]))('GET %s', async (_id, route) => {
    const { response, trail } = await read(route)
    const download = response.headers.get('content-disposition')
    if (download) {
      // A download shows the record its path names.
      showing.add(route.id)
      const named = Object.keys(route.params).map((name) => ids[name])
      expect(named.some((id) => id && trail.includes(id)), `${route.urlPath} sent a file without an audit entry`).toBe(true)
      return
    }
    const body = await response.text()
    const unlogged: string[] = []
    for (const record of RECORDS) {
      if (!record.shownBy.some((mark) => body.includes(mark))) continue
      showing.add(route.id)
      if (!record.namedBy.some((id) => trail.includes(id))) unlogged.push(record.what)
    }
    expect(unlogged, `${route.urlPath} (${response.status}) showed these without an audit entry`).toEqual([])
  })

  test('the walk reached the pages and API reads that show records', () => {
    for (const id of [
      'routes/_app.leads',
      'routes/_app.leads_.$leadId',
      'routes/_app.patients',
      'routes/_app.patients_.$patientId',
      'routes/_app.caregivers',
      'routes/_app.caregivers_.$caregiverId',
      'routes/_app.documents-new',
      'routes/api.leads',
      'routes/api.patients',
      'routes/api.caregivers',
      'routes/api.documents',
      'routes/caregivers.$caregiverId.files.$fileId',
      'routes/api.documents.$documentId.download',
      'routes/_app.settings.audit-log',
      'routes/_app.calendar',
      'routes/_app.calendar_.$appointmentId',
      'routes/api.appointments.upcoming',
      'routes/api.appointments.$appointmentId',
    ]) {
      expect(showing, id).toContain(id)
    }
  })
})

describe('what the trail keeps', () => {
  test('a search keeps the words, the filters and the ids it showed, in one entry', async () => {
    const { loader } = await import('~/routes/_app.leads')
    const viewer = await signedInUser('coordinator')
    const response = await callRoute(loader, makeRequest('/leads?q=Quillon&status=new', { cookie: viewer.cookie }))
    expect(response.status).toBe(200)
    const entries = await prisma.auditLog.findMany({ where: { userId: viewer.user.id } })
    expect(entries).toHaveLength(1)
    expect(entries[0]).toMatchObject({ action: 'view', entityType: 'Lead', entityId: null, actorKind: 'user' })
    expect(entries[0]!.details).toEqual({ q: 'Quillon', status: 'new', page: 1, ids: [ids.leadId] })
  })

  test('an API list is kept as read through the API', async () => {
    const { loader } = await import('~/routes/api.caregivers')
    const viewer = await signedInUser('viewer')
    await callRoute(loader, makeRequest('/api/caregivers?q=Brightwater', { cookie: viewer.cookie }))
    const entry = await prisma.auditLog.findFirstOrThrow({ where: { userId: viewer.user.id } })
    expect(entry).toMatchObject({ action: 'view', entityType: 'Caregiver', actorKind: 'api' })
    expect(entry.details).toMatchObject({ q: 'Brightwater', ids: [ids.caregiverId] })
  })

  test('reading the audit log is itself on the log, with the records the page named', async () => {
    const { loader } = await import('~/routes/_app.settings.audit-log')
    const viewer = await signedInUser('admin')
    const response = await callRoute(loader, makeRequest(`/settings/audit-log?entityType=Patient`, { cookie: viewer.cookie }))
    expect(response.status).toBe(200)
    const entry = await prisma.auditLog.findFirstOrThrow({ where: { userId: viewer.user.id } })
    expect(entry).toMatchObject({ action: 'view', entityType: 'AuditLog' })
    expect(entry.details).toMatchObject({ filters: { entityType: 'Patient', page: 1 }, recordIds: [ids.patientId] })
  })

  test('an empty result names nobody and writes nothing', async () => {
    const { loader } = await import('~/routes/_app.patients')
    const viewer = await signedInUser('coordinator')
    await callRoute(loader, makeRequest('/patients?q=nobody-by-this-name', { cookie: viewer.cookie }))
    expect(await prisma.auditLog.count({ where: { userId: viewer.user.id } })).toBe(0)
  })
})

describe('long lists on the trail', () => {
  test('a list with a long search and many people keeps every id and person, no entry cut short', async () => {
    const user = await createTestUser('viewer')
    const ids = Array.from({ length: 300 }, () => crypto.randomUUID())
    const people = ids.map(() => crypto.randomUUID())
    // Seven filters of 100 characters that JSON writes six characters each: about 4 KB of the entry's 8 KB.
    const details = Object.fromEntries(['q', 'status', 'type', 'who', 'from', 'page', 'view'].map((key) => [key, '\u0001'.repeat(100)]))
    await recordListView({ actor: testActor(user.id), entityType: 'Appointment', ids, details, named: { patientIds: people } })
    const entries = await prisma.auditLog.findMany({ where: { userId: user.id, action: 'view', entityType: 'Appointment' } })
    const kept = entries.map((entry) => entry.details as { ids?: string[]; patientIds?: string[]; truncated?: boolean; q?: string })
    expect(kept.filter((entry) => entry.truncated)).toEqual([])
    expect(kept.every((entry) => entry.q === details.q)).toBe(true)
    expect(new Set(kept.flatMap((entry) => entry.ids ?? []))).toEqual(new Set(ids))
    expect(new Set(kept.flatMap((entry) => entry.patientIds ?? []))).toEqual(new Set(people))
  })
})

describe('refused attempts', () => {
  test('a viewer refused a page write or an API write is on the log, with the path but not the query', async () => {
    const viewer = await signedInUser('viewer')
    const { action: deleteLead } = await import('~/routes/_app.leads.delete.$leadId')
    const page = await callRoute(deleteLead, makeRequest(`/leads/delete/${ids.leadId}?q=Quillon`, { cookie: viewer.cookie, form: {} }), { leadId: ids.leadId! })
    expect(page.status).toBe(403)
    const { action: createLead } = await import('~/routes/api.leads')
    const api = await callRoute(createLead, makeRequest('/api/leads', { cookie: viewer.cookie, json: { firstName: 'No' } }))
    expect(api.status).toBe(403)

    const entries = await prisma.auditLog.findMany({ where: { userId: viewer.user.id, action: 'access_denied' }, orderBy: { createdAt: 'asc' } })
    expect(entries.map((entry) => [entry.actorKind, entry.entityType, entry.entityId, entry.details])).toEqual([
      ['user', 'Permission', 'records:write', { method: 'POST', path: `/leads/delete/${ids.leadId}` }],
      ['api', 'Permission', 'records:write', { method: 'POST', path: '/api/leads' }],
    ])
    expect(await prisma.lead.count({ where: { firstName: 'No' } })).toBe(0)
  })
})
