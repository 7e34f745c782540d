import { describe, expect, test, vi } from 'vitest'
import { action as listAction, loader as listLoader } from '~/routes/api.caregivers'
import { action as itemAction, loader as itemLoader } from '~/routes/api.caregivers.$caregiverId'
import { prisma } from '~/platform/db.server'
import { callRoute, makeRequest, signedInUser } from '#tests/support/fixtures'

/** The body the original client sends. */
const body = {
  fullName: 'Ada Mensah',
  licenseNumber: 'CNA-5521',
  yearsExperience: '1-2',
  status: 'active',
  backgroundCheckStatus: 'pending',
  applicationProgress: 'submitted',
  phone: '2015550100',
  email: 'ada.mensah@example.com',
  address: '5 Elm St',
  city: 'Hartford',
  state: 'CT',
  zipCode: '06103',
  hourlyRate: 24.75,
  certifications: ['CPR'],
  specializations: ['Elderly Care', 'Pediatric Care', 'Dementia Care'],
  availability: { days: ['tuesday', 'monday'] },
}

async function create(cookie: string, overrides: Record<string, unknown> = {}) {
  const response = await callRoute(listAction, makeRequest('/api/caregivers', { cookie, json: { ...body, ...overrides } }))
  return { response, caregiver: (await response.json()) as Record<string, unknown> & { id: string } }
}

describe('/api/caregivers', () => {
  test('POST creates an application (always active, pending, submitted) and answers 201 with the caregiver', async () => {
    const { cookie, user } = await signedInUser('coordinator')
    const { response, caregiver } = await create(cookie, { status: 'inactive', backgroundCheckStatus: 'cleared', applicationProgress: 'approved' })
    expect(response.status).toBe(201)
    expect(caregiver).toEqual({
      id: expect.any(String),
      fullName: 'Ada Mensah',
      email: 'ada.mensah@example.com',
      phone: '(201) 555-0100',
      licenseNumber: 'CNA-5521',
      licenseExpiresOn: null,
      certificationExpiresOn: null,
      yearsExperience: '1-2',
      certifications: ['CPR'],
      specializations: ['Elderly Care', 'Pediatric Care', 'Dementia Care'],
      hourlyRate: 24.75,
      availability: { days: ['monday', 'tuesday'] },
      address: '5 Elm St',
      city: 'Hartford',
      state: 'CT',
      zipCode: '06103',
      status: 'active',
      backgroundCheckStatus: 'pending',
      applicationProgress: 'submitted',
      // contact, address, experience, specializations, certifications, availability, rate: 7 of 12
      applicationProgressPercent: 58,
      files: [],
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
    })
    expect(await prisma.auditLog.count({ where: { entityId: caregiver.id, action: 'create', userId: user.id } })).toBe(1)
  })

  test('dates are calendar days both ways; availability null means no days', async () => {
    const { cookie } = await signedInUser('coordinator')
    const { caregiver } = await create(cookie, {
      fullName: 'Date Person',
      licenseExpiresOn: '2026-12-31',
      certificationExpiresOn: '2027-03-01',
      availability: null,
    })
    expect(caregiver).toMatchObject({ licenseExpiresOn: '2026-12-31', certificationExpiresOn: '2027-03-01', availability: null })
    const row = await prisma.caregiver.findUniqueOrThrow({ where: { id: caregiver.id } })
    expect(row.licenseExpiresOn?.toISOString()).toBe('2026-12-31T00:00:00.000Z')
    expect(row.availableDays).toEqual([])
  })

  test('invalid bodies answer 400 with a message per field and save nothing', async () => {
    const { cookie } = await signedInUser('coordinator')
    const before = await prisma.caregiver.count()
    const response = await callRoute(
      listAction,
      makeRequest('/api/caregivers', { cookie, json: { fullName: '', email: 'x', hourlyRate: -1, specializations: ['Cooking'] } }),
    )
    expect(response.status).toBe(400)
    expect(await response.json()).toEqual({
      error: 'Invalid caregiver',
      fieldErrors: {
        fullName: ['Full name is required'],
        email: ['Invalid email address'],
        phone: ['Phone is required'],
        licenseNumber: ['License number is required'],
        yearsExperience: ['Years of experience is required'],
        hourlyRate: ['Hourly rate must be 0 or greater'],
        'specializations.0': [expect.stringContaining('Specializations must be among')],
      },
    })
    const broken = await callRoute(listAction, makeRequest('/api/caregivers', { cookie, method: 'POST', headers: { 'content-type': 'application/json' } }))
    expect(broken.status).toBe(400)
    const notJson = new Request('http://localhost/api/caregivers', { method: 'POST', headers: { cookie, 'content-type': 'application/json' }, body: '{nope' })
    expect(await (await callRoute(listAction, notJson)).json()).toEqual({ error: 'Request body must be valid JSON' })
    expect(await prisma.caregiver.count()).toBe(before)
  })

  test('GET lists with the page\'s filters and X-Total-Count', async () => {
    const { cookie } = await signedInUser('coordinator')
    const { caregiver: a } = await create(cookie, { fullName: 'Filter Alpha', email: 'alpha.api@example.com', phone: '(860) 555-0101', specializations: ['Physical Therapy'] })
    const { caregiver: b } = await create(cookie, { fullName: 'Filter Beta', email: 'beta.api@example.com', specializations: ['Mental Health Support'] })
    await callRoute(itemAction, makeRequest(`/api/caregivers/${b.id}`, { cookie, method: 'PATCH', json: { status: 'pending', backgroundCheckStatus: 'in_progress' } }), { caregiverId: b.id })

    const get = async (query: string) => {
      const response = await callRoute(listLoader, makeRequest(`/api/caregivers${query}`, { cookie }))
      expect(response.status).toBe(200)
      return { total: Number(response.headers.get('x-total-count')), ids: ((await response.json()) as Array<{ id: string }>).map((row) => row.id) }
    }
    expect((await get('?q=filter')).ids).toEqual([b.id, a.id])
    expect(await get('?q=860555')).toMatchObject({ ids: [a.id] })
    expect(await get('?specialization=Physical%20Therapy&q=filter')).toMatchObject({ ids: [a.id], total: 1 })
    expect(await get('?status=pending&q=filter')).toMatchObject({ ids: [b.id] })
    expect(await get('?backgroundCheckStatus=in_progress&q=filter')).toMatchObject({ ids: [b.id] })
    expect(await get('?backgroundCheckStatus=cleared&q=filter')).toMatchObject({ ids: [], total: 0 })
    const paged = await get('?q=filter&pageSize=1&page=2')
    expect(paged).toEqual({ total: 2, ids: [a.id] })
  })

  test('GET one, recorded as a view; 404 for unknown ids', async () => {
    const { cookie, user } = await signedInUser('viewer')
    const writer = await signedInUser('coordinator')
    const { caregiver } = await create(writer.cookie, { fullName: 'Single Get' })
    const response = await callRoute(itemLoader, makeRequest(`/api/caregivers/${caregiver.id}`, { cookie }), { caregiverId: caregiver.id })
    expect(await response.json()).toMatchObject({ id: caregiver.id, fullName: 'Single Get' })
    expect(await prisma.auditLog.count({ where: { action: 'view', entityId: caregiver.id, userId: user.id } })).toBe(1)
    for (const id of ['00000000-0000-4000-8000-000000000000', 'not-a-uuid']) {
      const missing = await callRoute(itemLoader, makeRequest(`/api/caregivers/${id}`, { cookie }), { caregiverId: id })
      expect(missing.status).toBe(404)
      expect(await missing.json()).toEqual({ error: 'Caregiver not found' })
    }
  })

  test('PUT replaces the fields and leaves status, background check and progress alone', async () => {
    const { cookie } = await signedInUser('coordinator')
    const { caregiver } = await create(cookie, { fullName: 'Put Person' })
    const { status: _s, backgroundCheckStatus: _b, applicationProgress: _a, ...putBody } = body
    const response = await callRoute(
      itemAction,
      makeRequest(`/api/caregivers/${caregiver.id}`, {
        cookie,
        method: 'PUT',
        json: { ...putBody, fullName: 'Put Person', hourlyRate: 30, email: null, status: 'inactive', backgroundCheckStatus: 'cleared' },
      }),
      { caregiverId: caregiver.id },
    )
    expect(response.status).toBe(200)
    expect(await response.json()).toMatchObject({ fullName: 'Put Person', hourlyRate: 30, email: null, status: 'active', backgroundCheckStatus: 'pending', applicationProgress: 'submitted' })
    const entry = await prisma.auditLog.findFirstOrThrow({ where: { entityId: caregiver.id, action: 'update' } })
    expect(entry.details).toEqual({ changed: ['email', 'hourlyRate'] })

    const invalid = await callRoute(itemAction, makeRequest(`/api/caregivers/${caregiver.id}`, { cookie, method: 'PUT', json: { ...putBody, phone: '' } }), { caregiverId: caregiver.id })
    expect(invalid.status).toBe(400)
    expect((await invalid.json()).fieldErrors).toEqual({ phone: ['Phone is required'] })
  })

  test('PUT without the expiry dates keeps the stored ones; null clears them', async () => {
    const { cookie } = await signedInUser('coordinator')
    const { caregiver } = await create(cookie, { fullName: 'Expiry Keeper', licenseExpiresOn: '2027-01-31', certificationExpiresOn: '2026-12-15' })
    // The spec's PUT body has neither date.
    const { status: _s, backgroundCheckStatus: _b, applicationProgress: _a, ...putBody } = body
    const put = (json: unknown) =>
      callRoute(itemAction, makeRequest(`/api/caregivers/${caregiver.id}`, { cookie, method: 'PUT', json }), { caregiverId: caregiver.id })

    const kept = await put({ ...putBody, fullName: 'Expiry Keeper', hourlyRate: 26 })
    expect(kept.status).toBe(200)
    expect(await kept.json()).toMatchObject({ hourlyRate: 26, licenseExpiresOn: '2027-01-31', certificationExpiresOn: '2026-12-15' })
    const row = await prisma.caregiver.findUniqueOrThrow({ where: { id: caregiver.id } })
    expect(row.licenseExpiresOn?.toISOString()).toBe('2027-01-31T00:00:00.000Z')
    expect(row.certificationExpiresOn?.toISOString()).toBe('2026-12-15T00:00:00.000Z')
    const keptEntry = await prisma.auditLog.findFirstOrThrow({ where: { entityId: caregiver.id, action: 'update' }, orderBy: { createdAt: 'desc' } })
    expect(keptEntry.details).toEqual({ changed: ['hourlyRate'] })

    // A given date replaces; null clears only the one named.
    expect(await (await put({ ...putBody, fullName: 'Expiry Keeper', licenseExpiresOn: '2028-02-29' })).json()).toMatchObject({
      licenseExpiresOn: '2028-02-29',
      certificationExpiresOn: '2026-12-15',
    })
    expect(await (await put({ ...putBody, fullName: 'Expiry Keeper', certificationExpiresOn: null })).json()).toMatchObject({
      licenseExpiresOn: '2028-02-29',
      certificationExpiresOn: null,
    })
    expect(await (await put({ ...putBody, fullName: 'Expiry Keeper', licenseExpiresOn: null })).json()).toMatchObject({
      licenseExpiresOn: null,
      certificationExpiresOn: null,
    })
    const invalid = await put({ ...putBody, licenseExpiresOn: 'soon' })
    expect(invalid.status).toBe(400)
    expect((await invalid.json()).fieldErrors).toEqual({ licenseExpiresOn: ['License expiry must be a date (YYYY-MM-DD)'] })
  })

  test('PATCH changes both or neither: a failure part-way leaves status and background check as they were', async () => {
    const { cookie } = await signedInUser('coordinator')
    const { caregiver } = await create(cookie, { fullName: 'Atomic Patch' })
    // The audit entry of the background check change cannot be written (the status change comes first).
    await prisma.$executeRawUnsafe(`
      CREATE FUNCTION refuse_background_check_audit() RETURNS trigger AS $$
      BEGIN
        IF NEW."details"->>'field' = 'backgroundCheckStatus' THEN RAISE EXCEPTION 'audit refused'; END IF;
        RETURN NEW;
      END $$ LANGUAGE plpgsql`)
    await prisma.$executeRawUnsafe(
      'CREATE TRIGGER refuse_background_check_audit BEFORE INSERT ON "AuditLog" FOR EACH ROW EXECUTE FUNCTION refuse_background_check_audit()',
    )
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {})
    try {
      const request = makeRequest(`/api/caregivers/${caregiver.id}`, { cookie, method: 'PATCH', json: { status: 'inactive', backgroundCheckStatus: 'cleared' } })
      const response = await callRoute(itemAction, request, { caregiverId: caregiver.id })
      expect(response.status).toBe(500)
      expect(await response.json()).toEqual({ error: 'Internal error' })
      expect(logged).toHaveBeenCalledWith(expect.objectContaining({ message: expect.stringMatching(/audit refused/) }))
    } finally {
      vi.restoreAllMocks()
      await prisma.$executeRawUnsafe('DROP TRIGGER refuse_background_check_audit ON "AuditLog"')
      await prisma.$executeRawUnsafe('DROP FUNCTION refuse_background_check_audit()')
    }
    expect(await prisma.caregiver.findUniqueOrThrow({ where: { id: caregiver.id } })).toMatchObject({ status: 'active', backgroundCheckStatus: 'pending' })
    expect(await prisma.auditLog.count({ where: { entityId: caregiver.id, action: 'update' } })).toBe(0)
  })

  test('PATCH moves status and background check, each audited', async () => {
    const { cookie } = await signedInUser('coordinator')
    const { caregiver } = await create(cookie, { fullName: 'Patch Person' })
    const patch = (json: unknown) =>
      callRoute(itemAction, makeRequest(`/api/caregivers/${caregiver.id}`, { cookie, method: 'PATCH', json }), { caregiverId: caregiver.id })
    const response = await patch({ backgroundCheckStatus: 'cleared', status: 'inactive' })
    expect(await response.json()).toMatchObject({ status: 'inactive', backgroundCheckStatus: 'cleared' })
    const entries = await prisma.auditLog.findMany({ where: { entityId: caregiver.id, action: 'update' } })
    expect(entries.map((entry) => entry.details)).toEqual(
      expect.arrayContaining([
        { field: 'status', from: 'active', to: 'inactive' },
        { field: 'backgroundCheckStatus', from: 'pending', to: 'cleared' },
      ]),
    )
    const bad = await patch({ backgroundCheckStatus: 'done' })
    expect(bad.status).toBe(400)
    expect((await bad.json()).fieldErrors).toEqual({ backgroundCheckStatus: ['Background check status must be one of: pending, in_progress, cleared, failed'] })
    expect((await patch({})).status).toBe(400)
  })

  test('DELETE removes it (the trail keeps the name and file count); then 404', async () => {
    const { cookie } = await signedInUser('coordinator')
    const { caregiver } = await create(cookie, { fullName: 'Delete Api' })
    const remove = () => callRoute(itemAction, makeRequest(`/api/caregivers/${caregiver.id}`, { cookie, method: 'DELETE' }), { caregiverId: caregiver.id })
    expect(await (await remove()).json()).toEqual({ success: true, id: caregiver.id })
    const entry = await prisma.auditLog.findFirstOrThrow({ where: { entityId: caregiver.id, action: 'delete' } })
    expect(entry.details).toEqual({ fullName: 'Delete Api', fileCount: 0 })
    expect((await remove()).status).toBe(404)
  })

  test('401 without a session, 403 for viewers on writes, 405 for other methods', async () => {
    expect((await callRoute(listLoader, makeRequest('/api/caregivers'))).status).toBe(401)
    expect(await (await callRoute(listAction, makeRequest('/api/caregivers', { json: body }))).json()).toEqual({ error: 'Authentication required' })
    const viewer = await signedInUser('viewer')
    expect((await callRoute(listLoader, makeRequest('/api/caregivers', { cookie: viewer.cookie }))).status).toBe(200)
    expect((await callRoute(listAction, makeRequest('/api/caregivers', { cookie: viewer.cookie, json: body }))).status).toBe(403)
    const { cookie } = await signedInUser('coordinator')
    const { caregiver } = await create(cookie, { fullName: 'Method Person' })
    for (const method of ['PUT', 'PATCH', 'DELETE']) {
      const refused = await callRoute(itemAction, makeRequest(`/api/caregivers/${caregiver.id}`, { cookie: viewer.cookie, method, json: body }), { caregiverId: caregiver.id })
      expect(refused.status, method).toBe(403)
    }
    const wrong = await callRoute(listAction, makeRequest('/api/caregivers', { cookie, method: 'PUT', json: body }))
    expect(wrong.status).toBe(405)
    expect(wrong.headers.get('allow')).toBe('GET, POST')
    const wrongItem = await callRoute(itemAction, makeRequest(`/api/caregivers/${caregiver.id}`, { cookie, method: 'POST', json: body }), { caregiverId: caregiver.id })
    expect(wrongItem.status).toBe(405)
  })
})
