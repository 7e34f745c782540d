import { describe, expect, test } from 'vitest'
import { loader as listLoader } from '~/routes/_app.patients'
import { action as newAction, loader as newLoader } from '~/routes/_app.patients.new'
import { action as stepAction, loader as stepLoader } from '~/routes/_app.patients.register.$patientId.$step'
import { action as profileAction, loader as profileLoader } from '~/routes/_app.patients_.$patientId'
import { action as profileStepAction, loader as profileStepLoader } from '~/routes/_app.patients_.$patientId.register.$step'
import { loader as leadLoader } from '~/routes/_app.leads_.$leadId'
import { prisma } from '~/platform/db.server'
import { DEMO_PATIENT_COUNT, seedDemoData } from '~/features/demo-data.server'
import { digitsOf } from '~/lib/search'
import { callRoute, failDatabaseWrites, makeRequest, signedInUser, toastOf } from '#tests/support/fixtures'
import { expectConsoleErrors } from '#tests/support/console-errors'

const personal = {
  firstName: 'Edith',
  lastName: 'Clarke',
  dateOfBirth: '1941-02-10',
  gender: 'female',
  phone: '(646) 555-0142',
  email: 'edith.clarke@example.com',
  city: 'Albany',
  state: 'NY',
  zipCode: '12207',
}

type ListResult = {
  total: number
  patients: Array<{ id: string; firstName: string; lastName: string; registrationStatus: string; progress: number }>
}

async function list(cookie: string, query = '') {
  const response = await callRoute(listLoader, makeRequest(`/patients${query}`, { cookie }))
  return (await response.json()) as ListResult
}

async function register(cookie: string, form: Record<string, string> = personal, url = '/patients/new', params: Record<string, string> = {}) {
  const response = await callRoute(newAction, makeRequest(url, { cookie, form: { ...form, intent: 'next' } }), params)
  const patient = await prisma.patient.findFirst({ where: { email: form.email ?? null }, orderBy: { createdAt: 'desc' } })
  return { response, patient }
}

function saveStep(cookie: string, id: string, slug: string, form: Record<string, string | string[]>, query = '') {
  return callRoute(
    stepAction,
    makeRequest(`/patients/register/${id}/${slug}${query}`, { cookie, form }),
    { patientId: id, step: slug },
  )
}

/** Saves steps 2 to 5 with valid values. */
async function completeAllSteps(cookie: string, id: string) {
  await saveStep(cookie, id, 'medical-history', { conditions: 'Arthritis', intent: 'next' })
  await saveStep(cookie, id, 'insurance', { provider: 'Medicare', memberId: 'A1', intent: 'next' })
  await saveStep(cookie, id, 'emergency-contacts', { 'contacts[0].name': 'Sam Clarke', 'contacts[0].phone': '555-0100', intent: 'next' })
  return saveStep(cookie, id, 'care-preferences', { careType: 'elderly-care', preferredDays: ['monday', 'friday'], intent: 'next' })
}

describe('patient list', () => {
  test('twelve per page; status, care type and search filter in the database', async () => {
    const { cookie } = await signedInUser('viewer')
    await seedDemoData()
    const all = await list(cookie)
    expect(all.total).toBe(DEMO_PATIENT_COUNT)
    expect(all.patients).toHaveLength(12)
    expect((await list(cookie, '?page=2')).patients).toHaveLength(DEMO_PATIENT_COUNT - 12)

    const complete = await list(cookie, '?status=complete')
    expect(complete.total).toBe(4)
    expect(complete.patients.every((patient) => patient.registrationStatus === 'complete')).toBe(true)
    const pending = await list(cookie, '?status=pending-review')
    expect(pending.total).toBe(4)
    // 'In Progress' covers new registrations, which display the same way.
    const inProgress = await list(cookie, '?status=in-progress')
    expect(inProgress.total).toBe(DEMO_PATIENT_COUNT - 8)
    expect(new Set(inProgress.patients.map((patient) => patient.registrationStatus))).toEqual(new Set(['new', 'in-progress']))

    const elderly = await list(cookie, '?careType=elderly-care')
    expect(elderly.total).toBe(2)
    const withStatus = await list(cookie, '?careType=elderly-care&status=complete')
    expect(withStatus.total).toBe(1)
  })

  test('search matches names and e-mail case-insensitively and phone digits', async () => {
    const { cookie } = await signedInUser('coordinator')
    await register(cookie)
    for (const q of ['edith', 'CLARKE', 'edith clarke', 'clarke@exam', '646 555', '(646) 555-01', '5550142']) {
      const result = await list(cookie, `?q=${encodeURIComponent(q)}`)
      expect(result.patients.map((patient) => patient.lastName), q).toEqual(['Clarke'])
    }
    expect((await list(cookie, '?q=clarkex')).total).toBe(0)
  })

  test('the registration date filter counts from today, this week and this month in the agency time zone', async () => {
    const { cookie } = await signedInUser('coordinator')
    const { patient: recent } = await register(cookie, { ...personal, email: 'recent@example.com' })
    const { patient: old } = await register(cookie, { ...personal, email: 'old@example.com' })
    await prisma.patient.update({ where: { id: old!.id }, data: { createdAt: new Date(Date.now() - 40 * 24 * 3600_000) } })
    for (const date of ['today', 'week', 'month']) {
      const ids = (await list(cookie, `?date=${date}`)).patients.map((patient) => patient.id)
      expect(ids, date).toContain(recent!.id)
      expect(ids, date).not.toContain(old!.id)
    }
    expect((await list(cookie, '?pageSize=100')).patients.map((patient) => patient.id)).toEqual(expect.arrayContaining([recent!.id, old!.id]))
  })
})

describe('the five-step registration', () => {
  test('step 1 creates the registration as new, audits it and moves on to step 2', async () => {
    const { cookie, user } = await signedInUser('coordinator')
    const { response, patient } = await register(cookie, personal, '/patients/new?status=complete&page=2')
    expect(response.status).toBe(302)
    expect(response.headers.get('location')).toBe(`/patients/register/${patient!.id}/medical-history?status=complete&page=2#registration-step`)
    expect(await toastOf(response)).toMatchObject({ title: 'Patient registered successfully' })
    expect(patient).toMatchObject({ registrationStatus: 'new', completedSteps: ['personal'], phoneDigits: digitsOf(personal.phone) })
    expect(patient!.dateOfBirth.toISOString()).toBe('1941-02-10T00:00:00.000Z')
    const audit = await prisma.auditLog.findFirst({ where: { entityType: 'Patient', entityId: patient!.id, action: 'create' } })
    expect(audit?.userId).toBe(user.id)
  })

  test('invalid personal info comes back with the messages and saves nothing', async () => {
    const { cookie } = await signedInUser('coordinator')
    const before = await prisma.patient.count()
    const response = await callRoute(
      newAction,
      makeRequest('/patients/new', { cookie, form: { firstName: '', lastName: 'X', dateOfBirth: '', gender: '', phone: '', email: 'nope' } }),
    )
    expect(response.status).toBe(400)
    const reply = (await response.json()) as { error: Record<string, string[]> }
    expect(reply.error).toMatchObject({
      firstName: ['First name is required'],
      dateOfBirth: ['Date of birth is required'],
      gender: ['Gender is required'],
      phone: ['Phone is required'],
      email: ['Invalid email address'],
    })
    expect(await prisma.patient.count()).toBe(before)
  })

  test('each step is saved as the user moves on; status goes new → in-progress → pending-review', async () => {
    const { cookie } = await signedInUser('coordinator')
    const { patient } = await register(cookie)
    const id = patient!.id
    const medical = await saveStep(cookie, id, 'medical-history', { allergies: 'Latex', physicianName: 'Dr. Osler', intent: 'next' })
    expect(medical.headers.get('location')).toBe(`/patients/register/${id}/insurance#registration-step`)
    let saved = await prisma.patient.findUniqueOrThrow({ where: { id } })
    expect(saved).toMatchObject({ registrationStatus: 'in-progress', completedSteps: ['personal', 'medical'], medicalHistory: { allergies: 'Latex', physicianName: 'Dr. Osler' } })

    const final = await completeAllSteps(cookie, id)
    expect(final.headers.get('location')).toBe(`/patients/${id}#registration-status`)
    expect(await toastOf(final)).toMatchObject({ title: 'Patient updated successfully', description: 'The registration is ready for review.' })
    saved = await prisma.patient.findUniqueOrThrow({ where: { id } })
    expect(saved).toMatchObject({
      registrationStatus: 'pending-review',
      careType: 'elderly-care',
      emergencyContacts: [{ name: 'Sam Clarke', phone: '555-0100' }],
      carePreferences: { careType: 'elderly-care', preferredDays: ['monday', 'friday'], preferredTimes: [], caregiverGender: 'no-preference' },
    })
    expect(saved.completedSteps).toHaveLength(5)
  })

  test('a registration can be left and resumed: the step form starts from what was saved', async () => {
    const { cookie } = await signedInUser('coordinator')
    const { patient } = await register(cookie)
    const id = patient!.id
    const close = await saveStep(cookie, id, 'medical-history', { medications: 'Aspirin', intent: 'close' }, '?view=cards')
    expect(close.headers.get('location')).toBe('/patients?view=cards')
    expect(await toastOf(close)).toMatchObject({ title: 'Patient updated successfully' })
    const resumed = await callRoute(stepLoader, makeRequest(`/patients/register/${id}/medical-history`, { cookie }), { patientId: id, step: 'medical-history' })
    expect(await resumed.json()).toMatchObject({ defaultValue: { medications: 'Aspirin' }, completedSteps: ['personal', 'medical'] })
  })

  test('back saves the step and returns to the one before; redirectTo brings the user back where they came from', async () => {
    const { cookie } = await signedInUser('coordinator')
    const { patient } = await register(cookie)
    const id = patient!.id
    const back = await saveStep(cookie, id, 'medical-history', { notes: 'Uses a walker', intent: 'back' })
    expect(back.headers.get('location')).toBe(`/patients/register/${id}/personal-info#registration-step`)
    expect((await prisma.patient.findUniqueOrThrow({ where: { id } })).medicalHistory).toEqual({ notes: 'Uses a walker' })
    const here = encodeURIComponent(`/patients/${id}`)
    const close = await saveStep(cookie, id, 'personal-info', { ...personal, firstName: 'Edie', intent: 'close' }, `?redirectTo=${here}`)
    expect(close.headers.get('location')).toBe(`/patients/${id}#registration-status`)
    expect((await prisma.patient.findUniqueOrThrow({ where: { id } })).firstName).toBe('Edie')
  })

  test("opened over the patient's profile, the steps go on over the profile, and a step closed without redirectTo returns to it", async () => {
    const { cookie } = await signedInUser('coordinator')
    const { patient } = await register(cookie)
    const id = patient!.id
    const profile = `/patients/${id}`
    const overProfile = (slug: string, form: Record<string, string>, query = '') =>
      callRoute(profileStepAction, makeRequest(`${profile}/register/${slug}${query}`, { cookie, form }), { patientId: id, step: slug })
    const next = await overProfile('medical-history', { conditions: 'Gout', intent: 'next' }, `?redirectTo=${encodeURIComponent(profile)}`)
    expect(next.headers.get('location')).toBe(`${profile}/register/insurance?redirectTo=${encodeURIComponent(profile)}#registration-step`)
    const closed = await overProfile('insurance', { provider: 'Medicare', memberId: 'C3', intent: 'close' })
    expect(closed.headers.get('location')).toBe(`${profile}#registration-status`)
    const page = await callRoute(profileStepLoader, makeRequest(`${profile}/register/insurance`, { cookie }), { patientId: id, step: 'insurance' })
    expect(((await page.json()) as { closeTo: string }).closeTo).toBe(profile)
  })

  test('back from a step never saved and left empty saves nothing and checks nothing', async () => {
    const { cookie } = await signedInUser('coordinator')
    const { patient } = await register(cookie)
    const id = patient!.id
    const back = await saveStep(cookie, id, 'medical-history', { conditions: '', allergies: ' ', notes: '', intent: 'back' })
    expect(back.headers.get('location')).toBe(`/patients/register/${id}/personal-info#registration-step`)
    const stored = await prisma.patient.findUniqueOrThrow({ where: { id } })
    expect(stored.completedSteps).toEqual(['personal'])
    expect(stored.medicalHistory).toBeNull()

    await completeAllSteps(cookie, id)
    // A saved step is saved again on Back, so an emptied required step is refused.
    const emptied = await saveStep(cookie, id, 'care-preferences', { careType: '', intent: 'back' })
    expect(emptied.status).toBe(400)
  })

  test("a step of the progress saves the open step's changes, then opens that step", async () => {
    const { cookie } = await signedInUser('coordinator')
    const { patient } = await register(cookie)
    const id = patient!.id
    await completeAllSteps(cookie, id)
    const moved = await saveStep(cookie, id, 'insurance', { provider: 'Aetna', memberId: 'B2', intent: 'step:personal-info' }, '?page=2')
    expect(moved.headers.get('location')).toBe(`/patients/register/${id}/personal-info?page=2#registration-step`)
    expect((await prisma.patient.findUniqueOrThrow({ where: { id } })).insuranceInfo).toEqual({ provider: 'Aetna', memberId: 'B2' })
    // Changes that break a rule keep the user on the step, with the reason.
    const refused = await saveStep(cookie, id, 'care-preferences', { careType: '', intent: 'step:insurance' })
    expect(refused.status).toBe(400)
    expect((await prisma.patient.findUniqueOrThrow({ where: { id } })).careType).toBe('elderly-care')
  })

  test('a step never saved and left empty goes to the chosen step without being saved; a step not yet open leads to the next one', async () => {
    const { cookie } = await signedInUser('coordinator')
    const { patient } = await register(cookie)
    const id = patient!.id
    const moved = await saveStep(cookie, id, 'medical-history', { conditions: '', notes: '', intent: 'step:personal-info' })
    expect(moved.headers.get('location')).toBe(`/patients/register/${id}/personal-info#registration-step`)
    expect((await prisma.patient.findUniqueOrThrow({ where: { id } })).completedSteps).toEqual(['personal'])
    const ahead = await saveStep(cookie, id, 'medical-history', { conditions: 'Asthma', intent: 'step:care-preferences' })
    expect(ahead.headers.get('location')).toBe(`/patients/register/${id}/insurance#registration-step`)
    expect((await prisma.patient.findUniqueOrThrow({ where: { id } })).completedSteps).toEqual(['personal', 'medical'])
  })

  test('a saved step sent again unchanged is not a change: no audit entry, no event', async () => {
    const { cookie } = await signedInUser('coordinator')
    const { patient } = await register(cookie)
    const id = patient!.id
    await completeAllSteps(cookie, id)
    const updates = () => prisma.auditLog.count({ where: { action: 'update', entityType: 'Patient', entityId: id } })
    const before = await updates()
    // The same values in another order, with empty optional fields: as stored.
    await saveStep(cookie, id, 'insurance', { memberId: 'A1', groupNumber: '', provider: 'Medicare', intent: 'next' })
    await saveStep(cookie, id, 'personal-info', { ...personal, address: '', intent: 'step:care-preferences' })
    await saveStep(cookie, id, 'care-preferences', { careType: 'elderly-care', preferredDays: ['monday', 'friday'], intent: 'back' })
    expect(await updates()).toBe(before)
    await saveStep(cookie, id, 'insurance', { provider: 'Medicare', memberId: 'A2', intent: 'next' })
    expect(await updates()).toBe(before + 1)
  })

  test('opening a registration step is in the viewer trail', async () => {
    const { cookie, user } = await signedInUser('coordinator')
    const { patient } = await register(cookie)
    const id = patient!.id
    const page = await callRoute(stepLoader, makeRequest(`/patients/register/${id}/medical-history`, { cookie }), { patientId: id, step: 'medical-history' })
    expect(page.status).toBe(200)
    expect(await prisma.auditLog.count({ where: { action: 'view', entityType: 'Patient', entityId: id, userId: user.id } })).toBe(1)
  })

  test('steps cannot be skipped', async () => {
    const { cookie } = await signedInUser('coordinator')
    const { patient } = await register(cookie)
    const id = patient!.id
    const skipped = await callRoute(stepLoader, makeRequest(`/patients/register/${id}/care-preferences?page=2`, { cookie }), { patientId: id, step: 'care-preferences' })
    expect(skipped.status).toBe(302)
    expect(skipped.headers.get('location')).toBe(`/patients/register/${id}/medical-history?page=2`)
    const posted = await saveStep(cookie, id, 'care-preferences', { careType: 'home-care', intent: 'next' })
    expect(posted.status).toBe(409)
    const unknownStep = await callRoute(stepLoader, makeRequest(`/patients/register/${id}/billing`, { cookie }), { patientId: id, step: 'billing' })
    expect(unknownStep.status).toBe(404)
  })

  test('emergency contacts: at least one is required; adding a row without JavaScript saves nothing', async () => {
    const { cookie } = await signedInUser('coordinator')
    const { patient } = await register(cookie)
    const id = patient!.id
    await saveStep(cookie, id, 'medical-history', { intent: 'next' })
    await saveStep(cookie, id, 'insurance', { intent: 'next' })
    const none = await saveStep(cookie, id, 'emergency-contacts', { intent: 'next' })
    expect(none.status).toBe(400)
    expect(((await none.json()) as { error: Record<string, string[]> }).error.contacts).toEqual(['Add at least one emergency contact'])

    const addRow = await saveStep(cookie, id, 'emergency-contacts', {
      'contacts[0].name': 'Sam',
      'contacts[0].phone': '555',
      __intent__: JSON.stringify({ type: 'insert', payload: { name: 'contacts', defaultValue: {} } }),
    })
    expect(addRow.status).toBe(200)
    const reply = (await addRow.json()) as { initialValue: { contacts: unknown[] } }
    expect(reply.initialValue.contacts).toHaveLength(2)
    expect((await prisma.patient.findUniqueOrThrow({ where: { id } })).completedSteps).not.toContain('contacts')
  })

  test('a complete registration stays complete when edited later', async () => {
    const { cookie } = await signedInUser('coordinator')
    const { patient } = await register(cookie)
    const id = patient!.id
    await completeAllSteps(cookie, id)
    await callRoute(profileAction, makeRequest(`/patients/${id}`, { cookie, form: { intent: 'approve' } }), { patientId: id })
    await saveStep(cookie, id, 'insurance', { provider: 'Aetna', intent: 'close' })
    expect(await prisma.patient.findUniqueOrThrow({ where: { id } })).toMatchObject({ registrationStatus: 'complete', insuranceInfo: { provider: 'Aetna' } })
  })
  test('when the database fails: an Error toast, the form error, nothing saved', async () => {
    const { cookie } = await signedInUser('coordinator')
    const { patient } = await register(cookie, { ...personal, email: 'outage@example.com' })
    const id = patient!.id
    const before = await prisma.patient.count()
    const loggedErrors = expectConsoleErrors()
    const restore = failDatabaseWrites()
    try {
      const create = await callRoute(newAction, makeRequest('/patients/new', { cookie, form: { ...personal, email: 'never@example.com' } }))
      expect(create.status).toBe(500)
      expect(await toastOf(create)).toMatchObject({ type: 'destructive', title: 'Error', description: 'Failed to register patient' })
      expect(((await create.json()) as { error: Record<string, string[]> }).error).toEqual({ '': ['Failed to register patient'] })

      const update = await saveStep(cookie, id, 'medical-history', { allergies: 'Latex', intent: 'next' })
      expect(update.status).toBe(500)
      expect(await toastOf(update)).toMatchObject({ type: 'destructive', title: 'Error', description: 'Failed to update patient' })
    } finally {
      restore()
    }
    expect(loggedErrors).toHaveBeenCalled()
    expect(await prisma.patient.count()).toBe(before)
    expect((await prisma.patient.findUniqueOrThrow({ where: { id } })).completedSteps).toEqual(['personal'])
  })
})

describe('the patient profile', () => {
  test('shows every step, the audit trail and who viewed it (each view is recorded)', async () => {
    const writer = await signedInUser('coordinator')
    const viewer = await signedInUser('viewer')
    const { patient } = await register(writer.cookie)
    const id = patient!.id
    await completeAllSteps(writer.cookie, id)
    await callRoute(profileLoader, makeRequest(`/patients/${id}`, { cookie: viewer.cookie }), { patientId: id })
    const response = await callRoute(profileLoader, makeRequest(`/patients/${id}`, { cookie: writer.cookie }), { patientId: id })
    const data = (await response.json()) as {
      patient: { firstName: string; emergencyContacts: unknown[]; carePreferences: { careType: string } }
      activity: Array<{ what: string; who: string }>
      viewers: Array<{ name: string; views: number }>
    }
    expect(data.patient).toMatchObject({ firstName: 'Edith', carePreferences: { careType: 'elderly-care' } })
    expect(data.patient.emergencyContacts).toHaveLength(1)
    expect(data.activity.map((entry) => entry.what)).toEqual([
      'Saved Care Preferences; status in progress → pending review',
      'Saved Emergency Contacts',
      'Saved Insurance',
      'Saved Medical History; status new → in progress',
      'Registration started',
    ])
    expect(data.viewers.map((entry) => [entry.name, entry.views])).toEqual(
      expect.arrayContaining([
        [writer.user.name, 1],
        [viewer.user.name, 1],
      ]),
    )
    expect(await prisma.auditLog.count({ where: { entityId: id, action: 'view' } })).toBe(2)
  })

  test('a coordinator approves a registration pending review; it becomes complete, audited', async () => {
    const { cookie, user } = await signedInUser('coordinator')
    const { patient } = await register(cookie)
    const id = patient!.id
    const early = await callRoute(profileAction, makeRequest(`/patients/${id}`, { cookie, form: { intent: 'approve' } }), { patientId: id })
    expect(await toastOf(early)).toMatchObject({ type: 'destructive', description: 'Only a registration pending review can be approved' })
    expect((await prisma.patient.findUniqueOrThrow({ where: { id } })).registrationStatus).toBe('new')

    await completeAllSteps(cookie, id)
    const approve = await callRoute(profileAction, makeRequest(`/patients/${id}`, { cookie, form: { intent: 'approve' } }), { patientId: id })
    expect(approve.status).toBe(302)
    const saved = await prisma.patient.findUniqueOrThrow({ where: { id } })
    expect(saved).toMatchObject({ registrationStatus: 'complete', reviewedById: user.id })
    const audit = await prisma.auditLog.findFirst({ where: { entityId: id, action: 'update' }, orderBy: { createdAt: 'desc' } })
    expect(audit?.details).toEqual({ field: 'registrationStatus', from: 'pending-review', to: 'complete' })
  })

  test('viewers can read a profile but not approve it', async () => {
    const writer = await signedInUser('coordinator')
    const { cookie } = await signedInUser('viewer')
    const { patient } = await register(writer.cookie)
    const id = patient!.id
    await completeAllSteps(writer.cookie, id)
    const response = await callRoute(profileAction, makeRequest(`/patients/${id}`, { cookie, form: { intent: 'approve' } }), { patientId: id })
    expect(response.status).toBe(403)
    expect((await prisma.patient.findUniqueOrThrow({ where: { id } })).registrationStatus).toBe('pending-review')
  })

  test('an unknown patient is a 404', async () => {
    const { cookie } = await signedInUser('viewer')
    const missing = '00000000-0000-4000-8000-000000000001'
    expect((await callRoute(profileLoader, makeRequest(`/patients/${missing}`, { cookie }), { patientId: missing })).status).toBe(404)
    expect((await callRoute(profileLoader, makeRequest('/patients/not-a-uuid', { cookie }), { patientId: 'not-a-uuid' })).status).toBe(404)
  })
})

describe('converting a lead', () => {
  async function makeLead() {
    return prisma.lead.create({
      data: {
        firstName: 'Nora',
        lastName: 'Quinn',
        email: 'nora.quinn@example.com',
        phone: '(917) 555-0177',
        address: '9 Elm St',
        city: 'Yonkers',
        state: 'NY',
        zipCode: '10701',
        status: 'qualified',
        searchText: 'nora quinn nora.quinn@example.com',
        phoneDigits: '9175550177',
      },
    })
  }

  test("the registration starts from the lead (over the lead's page), is linked to it, goes on over the new profile, and the lead becomes converted", async () => {
    const { cookie } = await signedInUser('coordinator')
    const lead = await makeLead()
    const convert = `/leads/${lead.id}/convert`
    const form = await callRoute(newLoader, makeRequest(convert, { cookie }), { leadId: lead.id })
    expect(await form.json()).toMatchObject({
      lead: { id: lead.id, name: 'Nora Quinn' },
      closeTo: `/leads/${lead.id}`,
      defaultValue: { firstName: 'Nora', lastName: 'Quinn', email: 'nora.quinn@example.com', phone: '(917) 555-0177', city: 'Yonkers', zipCode: '10701' },
    })
    const { response, patient } = await register(
      cookie,
      { firstName: 'Nora', lastName: 'Quinn', email: 'nora.quinn@example.com', phone: '(917) 555-0177', dateOfBirth: '1950-05-05', gender: 'female' },
      convert,
      { leadId: lead.id },
    )
    expect(response.status).toBe(302)
    expect(response.headers.get('location')).toBe(`/patients/${patient!.id}/register/medical-history#registration-step`)
    expect(patient!.leadId).toBe(lead.id)
    expect((await prisma.lead.findUniqueOrThrow({ where: { id: lead.id } })).status).toBe('converted')
    const leadAudit = await prisma.auditLog.findFirst({ where: { entityType: 'Lead', entityId: lead.id, action: 'update' } })
    expect(leadAudit?.details).toEqual({ changed: ['status'], from: 'qualified', to: 'converted' })

    const leadPage = await callRoute(leadLoader, makeRequest(`/leads/${lead.id}`, { cookie }), { leadId: lead.id })
    expect(((await leadPage.json()) as { patient: { id: string } }).patient.id).toBe(patient!.id)
  })

  test('a lead is converted once: the form sends the user to the existing registration, a second save is refused', async () => {
    const { cookie } = await signedInUser('coordinator')
    const lead = await makeLead()
    const { patient } = await register(cookie, { ...personal, email: 'first@example.com' }, `/patients/new?leadId=${lead.id}`)
    const again = await callRoute(newLoader, makeRequest(`/patients/new?leadId=${lead.id}`, { cookie }))
    expect(again.status).toBe(302)
    expect(again.headers.get('location')).toBe(`/patients/${patient!.id}`)
    // In place of the dialog's entry in the history, so Back does not come back to be sent on again.
    expect(again.headers.get('x-remix-replace')).toBe('true')
    const second = await callRoute(
      newAction,
      makeRequest(`/patients/new?leadId=${lead.id}`, { cookie, form: { ...personal, email: 'second@example.com' } }),
    )
    expect(second.status).toBe(409)
    expect(await prisma.patient.count({ where: { leadId: lead.id } })).toBe(1)
    expect(await prisma.patient.count({ where: { email: 'second@example.com' } })).toBe(0)
  })

  test('two people converting one lead at the same moment: one registration, the other is told it exists', async () => {
    const { cookie } = await signedInUser('coordinator')
    const lead = await makeLead()
    const convert = (email: string) =>
      callRoute(newAction, makeRequest(`/patients/new?leadId=${lead.id}`, { cookie, form: { ...personal, email, intent: 'next' } }))
    const results = await Promise.all([convert('one@example.com'), convert('two@example.com')])
    expect(results.map((response) => response.status).sort()).toEqual([302, 409])
    expect(await prisma.patient.count({ where: { leadId: lead.id } })).toBe(1)
  })

  test('an unknown lead is a 404', async () => {
    const { cookie } = await signedInUser('coordinator')
    const response = await callRoute(newLoader, makeRequest('/patients/new?leadId=00000000-0000-4000-8000-000000000002', { cookie }))
    expect(response.status).toBe(404)
  })
})
