import crypto from 'node:crypto'
import pg from 'pg'
import { describe, expect, test, vi } from 'vitest'
import { getCaregiver } from '~/features/caregivers/caregivers.server'
import { viewLeadPage } from '~/features/leads/lead-page.server'
import { viewCaregiverPage } from '~/features/caregivers/caregiver-page.server'
import { viewPatientPage } from '~/features/patients/patient-page.server'
import { recordAutomationPart } from '~/features/workflows/runs.server'
import { prisma } from '~/platform/db.server'
import { readTogether } from '~/platform/db/read-together.server'
import { recordViewersPart } from '~/platform/record-history.server'
import { createTestUser, testActor } from '#tests/support/fixtures'

/**
 * A record read with its related rows (`include`) is one SQL statement
 * (Prisma's relationJoins): on the embedded database every statement waits
 * its turn on the one connection, so a record page's related lists each
 * costing a second statement made those pages the slowest.
 */
async function statementsDuring(read: () => Promise<unknown>) {
  const query = vi.spyOn(pg.Client.prototype, 'query')
  try {
    const result = await read()
    const texts = query.mock.calls.map(([config]) => String(typeof config === 'string' ? config : (config as { text?: string }).text).trim())
    const reads = texts.filter((text) => /^SELECT/i.test(text))
    /** The reads that touch any of these tables. */
    const readsOf = (...tables: string[]) => reads.filter((text) => tables.some((table) => text.includes(`"${table}"`)))
    return { result, statements: texts.length, reads: reads.length, readsOf, writes: texts.filter((text) => /^INSERT/i.test(text)).length }
  } finally {
    query.mockRestore()
  }
}

const unique = () => crypto.randomBytes(4).toString('hex')

describe('a record with its related rows, in one statement', () => {
  test("a caregiver's files come with the caregiver", async () => {
    const caregiver = await prisma.caregiver.create({
      data: {
        fullName: `Cara ${unique()}`,
        email: `${crypto.randomUUID()}@example.com`,
        phone: '2015550123',
        licenseNumber: 'RN-1',
        yearsExperience: '3-5',
        searchText: 'cara',
        phoneDigits: '2015550123',
        files: {
          create: [
            { kind: 'resume', fileName: 'resume.pdf', storageKey: `test/${unique()}`, mimeType: 'application/pdf', fileSize: 10, sha256: 'x' },
            { kind: 'license', fileName: 'license.pdf', storageKey: `test/${unique()}`, mimeType: 'application/pdf', fileSize: 10, sha256: 'x' },
          ],
        },
      },
    })
    const { result, statements } = await statementsDuring(() => getCaregiver(caregiver.id))
    expect((result as Awaited<ReturnType<typeof getCaregiver>>)?.files.map((file) => file.kind).sort()).toEqual(['license', 'resume'])
    expect(statements).toBe(1)
  })

  test("a record's automation history comes with each run's e-mail", async () => {
    const lead = await prisma.lead.create({
      data: { firstName: 'Ada', lastName: `Run${unique()}`, email: `${crypto.randomUUID()}@example.com`, phone: '2015550124', status: 'new', searchText: 'ada', phoneDigits: '2015550124' },
    })
    const email = await prisma.outboundEmail.create({
      data: { dedupeKey: `test:${unique()}`, channel: 'smtp', toEmail: lead.email, subject: 'Welcome', html: '<p>Hi</p>', text: 'Hi', status: 'sent', sentAt: new Date() },
    })
    await prisma.workflowRun.create({
      data: {
        stageName: 'Welcome e-mail',
        workflowType: 'email',
        trigger: 'lead_created',
        entityType: 'Lead',
        entityId: lead.id,
        scheduledFor: new Date(),
        ranAt: new Date(),
        status: 'completed',
        outboundEmailId: email.id,
        eventId: crypto.randomUUID(),
      },
    })
    const { result, statements } = await statementsDuring(async () => (await readTogether({ automation: recordAutomationPart('Lead', lead.id) })).automation)
    const [run] = result as Awaited<ReturnType<ReturnType<typeof recordAutomationPart>['read']>>
    expect(run?.stageName).toBe('Welcome e-mail')
    expect(run?.email).toEqual({ text: 'E-mail sent', failed: false })
    expect(statements).toBe(1)
  })

  test("a lead's page reads the lead and every list it shows in one statement, then writes its trail", async () => {
    const lead = await prisma.lead.create({
      data: { firstName: 'Ada', lastName: `Page${unique()}`, email: `${crypto.randomUUID()}@example.com`, phone: '2015550125', status: 'new', searchText: 'ada', phoneDigits: '2015550125' },
    })
    await prisma.communication.create({ data: { leadId: lead.id, type: 'note', direction: 'internal', content: 'Called back', status: 'completed', createdBy: 'test' } })
    const hour = 60 * 60 * 1000
    const visit = (title: string, startsIn: number) =>
      prisma.appointment.create({
        data: { title, leadId: lead.id, startTime: new Date(Date.now() + startsIn), endTime: new Date(Date.now() + startsIn + hour), timeZone: 'America/New_York', createdBy: 'Test' },
      })
    const coming = await visit('Assessment', 24 * hour)
    await visit('Last week', -7 * 24 * hour)
    const { id: userId } = await createTestUser()
    const actor = testActor(userId)
    const { result, reads, writes } = await statementsDuring(() => viewLeadPage(lead.id, actor, { origin: 'http://localhost' }))
    const page = result as NonNullable<Awaited<ReturnType<typeof viewLeadPage>>>
    expect(page.lead.id).toBe(lead.id)
    expect(page.communications.map((communication) => communication.content)).toEqual(['Called back'])
    expect(page).toMatchObject({ patient: null, esignRequests: [], formSubmissions: [], documents: [], upcoming: { total: 1 } })
    expect(page.upcoming.appointments.map((appointment) => appointment.title)).toEqual(['Assessment'])
    // The lead and its lists in one read; its automation runs and appointment count in another, while the trail is written.
    expect(reads).toBe(2)
    expect(page.automation).toEqual([])
    // The trail, in one statement: the lead's view, and the appointment the page showed.
    expect(writes).toBe(1)
    const entries = () => prisma.auditLog.findMany({ where: { userId, action: 'view' }, orderBy: [{ entityType: 'asc' }, { createdAt: 'asc' }] })
    expect((await entries()).map((entry) => [entry.entityType, entry.entityId])).toEqual([
      ['Appointment', null],
      ['Lead', lead.id],
    ])
    expect((await entries())[0]!.details).toMatchObject({ ids: [coming.id], leadIds: [lead.id] })
    // Opened again within five minutes: the lead's view counts once, what the page showed each time.
    await viewLeadPage(lead.id, actor, { origin: 'http://localhost' })
    expect((await entries()).map((entry) => entry.entityType)).toEqual(['Appointment', 'Appointment', 'Lead'])
  })

  test("a patient's and a caregiver's profiles read the record, its lead or files, coming appointments and documents in one statement", async () => {
    const hour = 60 * 60 * 1000
    const visit = (person: { patientId: string } | { caregiverId: string }, title: string) =>
      prisma.appointment.create({
        data: { title, ...person, startTime: new Date(Date.now() + 24 * hour), endTime: new Date(Date.now() + 25 * hour), timeZone: 'America/New_York', createdBy: 'Test' },
      })
    const lead = await prisma.lead.create({
      data: { firstName: 'Edith', lastName: `Lead${unique()}`, email: `${crypto.randomUUID()}@example.com`, phone: '2015550126', status: 'converted', searchText: 'edith', phoneDigits: '2015550126' },
    })
    const patient = await prisma.patient.create({
      data: { firstName: 'Edith', lastName: lead.lastName, dateOfBirth: new Date('1940-02-03'), gender: 'female', phone: '2015550126', searchText: 'edith', phoneDigits: '2015550126', leadId: lead.id },
    })
    await visit({ patientId: patient.id }, 'Home visit')
    const caregiver = await prisma.caregiver.create({
      data: { fullName: `Cara ${unique()}`, email: `${crypto.randomUUID()}@example.com`, phone: '2015550127', licenseNumber: 'RN-2', yearsExperience: '3-5', searchText: 'cara', phoneDigits: '2015550127' },
    })
    await visit({ caregiverId: caregiver.id }, 'Shift')
    const actor = testActor((await createTestUser()).id)

    const patientPage = await statementsDuring(() => viewPatientPage(patient.id, actor))
    const patientResult = patientPage.result as NonNullable<Awaited<ReturnType<typeof viewPatientPage>>>
    expect(patientResult.lead).toEqual({ id: lead.id, name: `Edith ${lead.lastName}` })
    expect(patientResult.upcoming.appointments.map((appointment) => appointment.title)).toEqual(['Home visit'])
    // One read for the patient, its lead, appointments and documents (the profile's history reads the trail apart).
    expect(patientPage.readsOf('Patient', 'Lead', 'Document')).toHaveLength(1)
    expect(patientPage.readsOf('Patient', 'Lead', 'Document')[0]).toContain('"Appointment"')
    // Then one more for its history, who opened it (this opening too) and its automation runs.
    expect(patientPage.reads).toBe(2)
    expect(patientResult.viewers).toMatchObject([{ views: 1 }])
    expect(patientResult).toMatchObject({ activity: [], automation: [] })

    const caregiverPage = await statementsDuring(() => viewCaregiverPage(caregiver.id, actor))
    const caregiverResult = caregiverPage.result as NonNullable<Awaited<ReturnType<typeof viewCaregiverPage>>>
    expect(caregiverResult.upcoming.appointments.map((appointment) => appointment.title)).toEqual(['Shift'])
    expect(caregiverResult.caregiver.files).toEqual([])
    expect(caregiverPage.readsOf('Caregiver', 'CaregiverFile', 'Document')).toHaveLength(1)
    expect(caregiverPage.readsOf('Caregiver', 'CaregiverFile', 'Document')[0]).toContain('"Appointment"')
    // The profile's own history shows the opening just recorded, read with its automation runs.
    expect(caregiverResult.audit.map((entry) => entry.action)).toEqual(['view'])
    expect(caregiverResult.automation).toEqual([])
    expect(caregiverPage.reads).toBe(2)

    // More than the page shows, one of them cancelled: counted in the same read after the view.
    const shift = (title: string, startsIn: number, status = 'scheduled') => ({
      title,
      status,
      caregiverId: caregiver.id,
      startTime: new Date(Date.now() + startsIn * hour),
      endTime: new Date(Date.now() + (startsIn + 1) * hour),
      timeZone: 'America/New_York',
      createdBy: 'Test',
    })
    await prisma.appointment.createMany({
      data: [shift('Second', 26), shift('Third', 28), shift('Fourth', 30), shift('Fifth', 32), shift('Sixth', 34, 'cancelled'), shift('Over', -3)],
    })
    const busyPage = await statementsDuring(() => viewCaregiverPage(caregiver.id, actor))
    const busy = (busyPage.result as NonNullable<Awaited<ReturnType<typeof viewCaregiverPage>>>).upcoming
    expect(busy).toMatchObject({ total: 6, booked: 5 })
    expect(busy.appointments).toHaveLength(5)
    expect(busyPage.reads).toBe(2)

    expect(await viewPatientPage(crypto.randomUUID(), actor)).toBeNull()
    expect(await viewCaregiverPage('not-an-id', actor)).toBeNull()
  })

  test("a record's 'Viewed by' list: who, how often and when last, most recent first, in one statement", async () => {
    const [ana, ben] = [await createTestUser('coordinator', { name: 'Ana Viewer' }), await createTestUser('viewer', { name: 'Ben Viewer' })]
    const entityId = crypto.randomUUID()
    const view = (userId: string | null, minutesAgo: number) =>
      prisma.auditLog.create({
        data: { userId, action: 'view', entityType: 'Patient', entityId, createdAt: new Date(Date.now() - minutesAgo * 60_000) },
      })
    await view(ana.id, 30)
    await view(ben.id, 20)
    await view(ana.id, 10)
    await view(null, 5)
    await prisma.auditLog.create({ data: { userId: ben.id, action: 'update', entityType: 'Patient', entityId } })

    const { result, statements } = await statementsDuring(async () => (await readTogether({ viewers: recordViewersPart({ entityType: 'Patient', entityId }) })).viewers)
    type Viewers = Awaited<ReturnType<ReturnType<typeof recordViewersPart>['read']>>
    expect(statements).toBe(1)
    expect((result as Viewers).map(({ name, email, views }) => ({ name, email, views }))).toEqual([
      { name: 'Unknown user', email: null, views: 1 },
      { name: 'Ana Viewer', email: ana.email, views: 2 },
      { name: 'Ben Viewer', email: ben.email, views: 1 },
    ])
    const [, anaRow] = result as Viewers
    expect(Date.now() - anaRow!.lastViewedAt.getTime()).toBeGreaterThanOrEqual(10 * 60_000)
    expect(Date.now() - anaRow!.lastViewedAt.getTime()).toBeLessThan(11 * 60_000)
  })
})
