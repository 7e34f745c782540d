import { describe, expect, test } from 'vitest'
import { action as patientsAction, loader as patientsLoader } from '~/routes/api.patients'
import { action as patientAction, loader as patientLoader } from '~/routes/api.patients.$patientId'
import { prisma } from '~/platform/db.server'
import { callRoute, makeRequest, signedInUser } from '#tests/support/fixtures'

const body = {
  firstName: 'Ada',
  lastName: 'Byron',
  dateOfBirth: '1945-12-10',
  gender: 'female',
  phone: '(201) 555-0110',
  email: 'ada.byron@example.com',
}

const laterSteps = {
  medicalHistory: { conditions: 'COPD', allergies: 'None known' },
  insuranceInfo: { provider: 'Medicare', memberId: '1EG4' },
  emergencyContacts: [{ name: 'Sam Byron', relationship: 'Son', phone: '555-0100' }],
  carePreferences: { careType: 'medical-care', preferredDays: ['tuesday'], preferredTimes: ['evening'], language: 'English' },
}

type PatientJson = Record<string, unknown> & { id: string; registrationStatus: string; progress: number; completedSteps: string[] }

async function post(cookie: string, json: unknown) {
  const response = await callRoute(patientsAction, makeRequest('/api/patients', { cookie, json }))
  return { response, patient: (await response.json()) as PatientJson }
}

function put(cookie: string, id: string, json: unknown) {
  return callRoute(patientAction, makeRequest(`/api/patients/${id}`, { cookie, method: 'PUT', json }), { patientId: id })
}

describe('/api/patients', () => {
  test('POST with the personal fields creates a new registration, 20% done', async () => {
    const { cookie } = await signedInUser('coordinator')
    const { response, patient } = await post(cookie, body)
    expect(response.status).toBe(201)
    expect(patient).toMatchObject({
      firstName: 'Ada',
      dateOfBirth: '1945-12-10',
      registrationStatus: 'new',
      completedSteps: ['personal'],
      progress: 20,
      emergencyContacts: [],
      medicalHistory: null,
    })
    expect(patient).not.toHaveProperty('searchText')
    const audit = await prisma.auditLog.findFirst({ where: { entityType: 'Patient', entityId: patient.id, action: 'create' } })
    expect(audit).not.toBeNull()
  })

  test('POST with every step is pending review; asking for complete approves it at once', async () => {
    const { cookie } = await signedInUser('coordinator')
    const { patient } = await post(cookie, { ...body, ...laterSteps })
    expect(patient).toMatchObject({ registrationStatus: 'pending-review', progress: 100, carePreferences: { careType: 'medical-care' } })
    const approved = await post(cookie, { ...body, ...laterSteps, email: 'b@example.com', registrationStatus: 'complete' })
    expect(approved.patient.registrationStatus).toBe('complete')
    expect(approved.patient.reviewedAt).toEqual(expect.any(String))
  })

  test('registrationStatus cannot skip steps', async () => {
    const { cookie } = await signedInUser('coordinator')
    const before = await prisma.patient.count()
    const { response, patient } = await post(cookie, { ...body, registrationStatus: 'complete' })
    expect(response.status).toBe(400)
    expect(patient).toEqual({
      error: 'Invalid patient',
      fieldErrors: { registrationStatus: ['A registration can be completed only when all five steps are saved'] },
    })
    expect(await prisma.patient.count()).toBe(before)
  })

  test('invalid bodies answer 400 with a message per field and save nothing', async () => {
    const { cookie } = await signedInUser('coordinator')
    const before = await prisma.patient.count()
    const { response, patient } = await post(cookie, {
      firstName: '',
      email: 'nope',
      emergencyContacts: [{ name: '', phone: '1' }],
      carePreferences: { careType: 'spa' },
    })
    expect(response.status).toBe(400)
    expect(patient).toMatchObject({
      error: 'Invalid patient',
      fieldErrors: {
        firstName: ['First name is required'],
        lastName: ['Last name is required'],
        dateOfBirth: ['Date of birth is required'],
        gender: ['Gender is required'],
        phone: ['Phone is required'],
        email: ['Invalid email address'],
        'emergencyContacts.0.name': ['Contact name is required'],
        'carePreferences.careType': ['Care type is required'],
      },
    })
    expect(await prisma.patient.count()).toBe(before)
  })

  test('GET lists newest first with search, filters, paging and X-Total-Count; viewers may read', async () => {
    const writer = await signedInUser('coordinator')
    const { cookie } = await signedInUser('viewer')
    await post(writer.cookie, { ...body, lastName: 'Listing0', email: 'l0@example.com' })
    await post(writer.cookie, { ...body, ...laterSteps, lastName: 'Listing1', email: 'l1@example.com' })
    await post(writer.cookie, { ...body, ...laterSteps, lastName: 'Listing2', email: 'l2@example.com' })
    const response = await callRoute(patientsLoader, makeRequest('/api/patients?q=listing&status=pending-review&careType=medical-care&date=today&pageSize=1', { cookie }))
    expect(response.status).toBe(200)
    expect(response.headers.get('x-total-count')).toBe('2')
    expect(((await response.json()) as Array<{ lastName: string }>).map((patient) => patient.lastName)).toEqual(['Listing2'])
    const one = await callRoute(patientLoader, makeRequest('/api/patients/x', { cookie }), { patientId: '00000000-0000-4000-8000-000000000009' })
    expect(one.status).toBe(404)
    expect(await one.json()).toEqual({ error: 'Patient not found' })
  })

  test('PUT replaces the personal fields and the steps it names; the others are kept', async () => {
    const { cookie } = await signedInUser('coordinator')
    const { patient } = await post(cookie, body)
    const first = await put(cookie, patient.id, { ...body, medicalHistory: { conditions: 'Asthma' } })
    expect(((await first.json()) as PatientJson).registrationStatus).toBe('in-progress')
    const audit = await prisma.auditLog.findFirst({ where: { entityId: patient.id, action: 'update' } })
    expect(audit?.details).toEqual({ via: 'api', steps: ['personal', 'medical'], from: 'new', to: 'in-progress' })

    const response = await put(cookie, patient.id, { ...body, firstName: 'Augusta', insuranceInfo: {} })
    expect(response.status).toBe(200)
    expect(await response.json()).toMatchObject({
      firstName: 'Augusta',
      medicalHistory: { conditions: 'Asthma' },
      insuranceInfo: {},
      completedSteps: ['personal', 'medical', 'insurance'],
      registrationStatus: 'in-progress',
      progress: 60,
    })
  })

  test('a complete registration keeps its emergency contacts: PUT with none is refused and changes nothing', async () => {
    const { cookie } = await signedInUser('coordinator')
    const { patient } = await post(cookie, { ...body, ...laterSteps, registrationStatus: 'complete' })
    expect(patient.registrationStatus).toBe('complete')
    const response = await put(cookie, patient.id, { ...body, firstName: 'Augusta', emergencyContacts: [] })
    expect(response.status).toBe(400)
    expect(await response.json()).toMatchObject({
      fieldErrors: { emergencyContacts: ['A complete registration keeps at least one emergency contact'] },
    })
    const stored = await prisma.patient.findUniqueOrThrow({ where: { id: patient.id } })
    expect(stored).toMatchObject({ firstName: 'Ada', registrationStatus: 'complete' })
    expect(stored.completedSteps).toContain('contacts')
  })

  test('reading patients through the API is in the audit trail: each record, and the ids each list returned', async () => {
    const { cookie, user } = await signedInUser('viewer')
    const writer = await signedInUser('coordinator')
    const { patient } = await post(writer.cookie, { ...body, email: 'read.trail@example.com' })
    const one = await callRoute(patientLoader, makeRequest(`/api/patients/${patient.id}`, { cookie }), { patientId: patient.id })
    expect(one.status).toBe(200)
    expect(await prisma.auditLog.count({ where: { action: 'view', entityId: patient.id, userId: user.id } })).toBe(1)
    await callRoute(patientsLoader, makeRequest('/api/patients?q=read.trail@example.com', { cookie }))
    const listRead = await prisma.auditLog.findFirst({ where: { action: 'view', entityType: 'Patient', entityId: null, userId: user.id } })
    expect(listRead).toMatchObject({ actorKind: 'api', details: { q: 'read.trail@example.com', ids: [patient.id] } })
  })

  test('PUT errors: 404 for an unknown patient, 400 for a bad body, 405 for other methods', async () => {
    const { cookie } = await signedInUser('coordinator')
    const missing = '00000000-0000-4000-8000-000000000003'
    expect((await put(cookie, missing, body)).status).toBe(404)
    const { patient } = await post(cookie, body)
    const bad = await put(cookie, patient.id, { ...body, zipCode: '123' })
    expect(bad.status).toBe(400)
    expect(await bad.json()).toMatchObject({ fieldErrors: { zipCode: ['Invalid ZIP code format'] } })
    const deleted = await callRoute(patientAction, makeRequest(`/api/patients/${patient.id}`, { cookie, method: 'DELETE' }), { patientId: patient.id })
    expect(deleted.status).toBe(405)
    expect(deleted.headers.get('allow')).toBe('GET, PUT')
  })

  test('anonymous callers get 401 and viewers 403 on writes', async () => {
    const anonymous = await callRoute(patientsLoader, makeRequest('/api/patients'))
    expect(anonymous.status).toBe(401)
    const { cookie } = await signedInUser('viewer')
    const { response } = await post(cookie, body)
    expect(response.status).toBe(403)
  })
})
