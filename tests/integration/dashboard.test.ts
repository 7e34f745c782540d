import { randomUUID } from 'node:crypto'
import { describe, expect, test } from 'vitest'
import { loader as dashboardLoader } from '~/routes/_app._index'
import { loader as metricsLoader } from '~/routes/api.dashboard.metrics'
import { loader as workQueueLoader } from '~/routes/api.work-queue'
import { loader as pendingSignaturesLoader } from '~/routes/api.pending-esignatures'
import { loader as upcomingLoader } from '~/routes/api.appointments.upcoming'
import { loader as pendingDocumentsLoader } from '~/routes/api.documents.pending'
import { computeWorkQueue } from '~/features/dashboard/dashboard.server'
import { taskDueAt } from '~/features/dashboard/work-queue.server'
import { taskCountLabel, WORK_QUEUE_COUNT_CAP, type WorkQueueTask } from '~/features/dashboard/work-queue'
import { prisma } from '~/platform/db.server'
import { callRoute, createTestUser, makeRequest, signedInUser } from '#tests/support/fixtures'

const DAY = 24 * 60 * 60 * 1000
const TZ = 'America/New_York'

function unique(label: string) {
  return `${label}${randomUUID().slice(0, 8)}`
}

async function createLead(fields: { status?: string; createdAt?: Date; assignedTo?: string | null; firstName?: string } = {}) {
  const firstName = fields.firstName ?? unique('Lead')
  return prisma.lead.create({
    data: {
      firstName,
      lastName: 'Queue',
      email: `${firstName.toLowerCase()}@example.com`,
      phone: '(555) 010-0000',
      status: fields.status ?? 'new',
      assignedTo: fields.assignedTo ?? null,
      createdAt: fields.createdAt ?? new Date(),
      searchText: firstName.toLowerCase(),
      phoneDigits: '5550100000',
    },
  })
}

async function createPatient(registrationStatus: string) {
  const firstName = unique('Patient')
  return prisma.patient.create({
    data: {
      firstName,
      lastName: 'Queue',
      dateOfBirth: new Date('1950-01-01'),
      gender: 'female',
      phone: '(555) 010-0001',
      registrationStatus,
      searchText: firstName.toLowerCase(),
      phoneDigits: '5550100001',
    },
  })
}

async function createCaregiver(fields: { status?: string; backgroundCheckStatus?: string; licenseExpiresOn?: Date; certificationExpiresOn?: Date } = {}) {
  const fullName = unique('Caregiver ')
  return prisma.caregiver.create({
    data: {
      fullName,
      phone: '(555) 010-0002',
      licenseNumber: 'L-1',
      yearsExperience: '1-2',
      status: fields.status ?? 'active',
      backgroundCheckStatus: fields.backgroundCheckStatus ?? 'cleared',
      licenseExpiresOn: fields.licenseExpiresOn,
      certificationExpiresOn: fields.certificationExpiresOn,
      searchText: fullName.toLowerCase(),
      phoneDigits: '5550100002',
    },
  })
}

async function queue(user: { id: string; name: string; email: string; role: string }) {
  return computeWorkQueue(user, { limit: 10_000 })
}

function taskOf(tasks: WorkQueueTask[], id: string) {
  return tasks.find((task) => task.id === id)
}

type DashboardJson = {
  overview: { totalLeads: number; activePatients: number; availableCaregivers: number }
  workQueue: { tasks: WorkQueueTask[]; total: number; totalCapped: boolean }
  recentLeads: Array<{ id: string }>
  recentActivity: Array<{ id: string; action: string; entity: string; type: string }>
  appointments: Array<{ id: string; title: string }>
  verifications: Array<{ id: string }>
  pendingSignatures: Array<{ id: string }>
}

async function dashboard(cookie: string) {
  const response = await callRoute(dashboardLoader, makeRequest('/', { cookie }))
  expect(response.status).toBe(200)
  return (await response.json()) as DashboardJson
}

describe('work-queue rules', () => {
  test('a new lead not contacted within a day, until it is contacted', async () => {
    const admin = await createTestUser('admin')
    const fresh = await createLead({ createdAt: new Date(Date.now() - 2 * 60 * 60 * 1000) })
    const stale = await createLead({ createdAt: new Date(Date.now() - 2 * DAY), assignedTo: 'Dana Scully' })
    const { tasks } = await queue(admin)
    expect(taskOf(tasks, `lead-not-contacted:${fresh.id}`)).toBeUndefined()
    expect(taskOf(tasks, `lead-not-contacted:${stale.id}`)).toMatchObject({
      task: `Contact new lead ${stale.firstName} Queue`,
      assignee: 'Dana Scully',
      href: `/leads/${stale.id}`,
      priority: 'medium',
    })
    await prisma.lead.update({ where: { id: stale.id }, data: { status: 'contacted' } })
    expect(taskOf((await queue(admin)).tasks, `lead-not-contacted:${stale.id}`)).toBeUndefined()
  })

  test('a scheduled task communication that is due, until it is completed', async () => {
    const admin = await createTestUser('admin')
    const lead = await createLead({ status: 'contacted' })
    const common = { leadId: lead.id, type: 'task', status: 'scheduled', createdBy: 'Fox Mulder' }
    const due = await prisma.communication.create({ data: { ...common, subject: 'Call back about care plan', scheduledDate: '2020-01-02T09:00' } })
    const later = await prisma.communication.create({ data: { ...common, subject: 'Later', scheduledDate: '2999-01-01' } })
    const note = await prisma.communication.create({ data: { ...common, type: 'note', scheduledDate: '2020-01-02' } })
    const { tasks } = await queue(admin)
    expect(taskOf(tasks, `task-due:${due.id}`)).toMatchObject({
      task: `Call back about care plan (${lead.firstName} Queue)`,
      priority: 'high',
      assignee: 'Fox Mulder',
      href: `/leads/${lead.id}#communication-${due.id}`,
    })
    expect(taskOf(tasks, `task-due:${later.id}`)).toBeUndefined()
    expect(taskOf(tasks, `task-due:${note.id}`)).toBeUndefined()
    await prisma.communication.update({ where: { id: due.id }, data: { status: 'completed' } })
    expect(taskOf((await queue(admin)).tasks, `task-due:${due.id}`)).toBeUndefined()
  })

  test('a scheduled date is read in the agency zone', () => {
    const created = new Date('2027-01-01T00:00:00Z')
    expect(taskDueAt('2027-03-10T09:30', created, TZ).toISOString()).toBe('2027-03-10T14:30:00.000Z')
    expect(taskDueAt('2027-03-10', created, TZ).toISOString()).toBe('2027-03-10T05:00:00.000Z')
    expect(taskDueAt('', created, TZ)).toEqual(created)
    expect(taskDueAt('next tuesday-ish', created, TZ)).toEqual(created)
  })

  test('a registration pending review, until it is complete', async () => {
    const admin = await createTestUser('admin')
    const patient = await createPatient('pending-review')
    const other = await createPatient('in-progress')
    const { tasks } = await queue(admin)
    expect(taskOf(tasks, `registration-review:${patient.id}`)).toMatchObject({ href: `/patients/${patient.id}`, assignee: 'Unassigned' })
    expect(taskOf(tasks, `registration-review:${other.id}`)).toBeUndefined()
    await prisma.patient.update({ where: { id: patient.id }, data: { registrationStatus: 'complete' } })
    expect(taskOf((await queue(admin)).tasks, `registration-review:${patient.id}`)).toBeUndefined()
  })

  test('a caregiver application pending review and background checks pending or in progress', async () => {
    const admin = await createTestUser('admin')
    const applicant = await createCaregiver({ status: 'pending', backgroundCheckStatus: 'pending' })
    const checking = await createCaregiver({ backgroundCheckStatus: 'in_progress' })
    const cleared = await createCaregiver({ backgroundCheckStatus: 'cleared' })
    const { tasks } = await queue(admin)
    expect(taskOf(tasks, `application-review:${applicant.id}`)).toMatchObject({ href: `/caregivers/${applicant.id}` })
    expect(taskOf(tasks, `background-check:${applicant.id}`)?.task).toBe(`Start background check of ${applicant.fullName}`)
    expect(taskOf(tasks, `background-check:${checking.id}`)?.task).toBe(`Follow up background check of ${checking.fullName}`)
    expect(taskOf(tasks, `background-check:${cleared.id}`)).toBeUndefined()
    await prisma.caregiver.update({ where: { id: applicant.id }, data: { status: 'active', backgroundCheckStatus: 'cleared' } })
    const after = (await queue(admin)).tasks
    expect(taskOf(after, `application-review:${applicant.id}`)).toBeUndefined()
    expect(taskOf(after, `background-check:${applicant.id}`)).toBeUndefined()
  })

  test('licences and certifications expired or expiring within 30 days', async () => {
    const admin = await createTestUser('admin')
    const day = (offset: number) => new Date(`${new Date(Date.now() + offset * DAY).toISOString().slice(0, 10)}T00:00:00Z`)
    const expired = await createCaregiver({ licenseExpiresOn: day(-3) })
    const soon = await createCaregiver({ certificationExpiresOn: day(20) })
    const later = await createCaregiver({ licenseExpiresOn: day(60) })
    const retired = await createCaregiver({ status: 'inactive', licenseExpiresOn: day(-3) })
    const { tasks } = await queue(admin)
    expect(taskOf(tasks, `credential-expiry:licenseExpiresOn:${expired.id}`)).toMatchObject({ priority: 'high', href: `/caregivers/${expired.id}` })
    expect(taskOf(tasks, `credential-expiry:licenseExpiresOn:${expired.id}`)?.task).toMatch(/^License of .* expired /)
    expect(taskOf(tasks, `credential-expiry:certificationExpiresOn:${soon.id}`)).toMatchObject({ priority: 'medium' })
    expect(taskOf(tasks, `credential-expiry:licenseExpiresOn:${later.id}`)).toBeUndefined()
    expect(taskOf(tasks, `credential-expiry:licenseExpiresOn:${retired.id}`)).toBeUndefined()
    await prisma.caregiver.update({ where: { id: expired.id }, data: { licenseExpiresOn: day(365) } })
    expect(taskOf((await queue(admin)).tasks, `credential-expiry:licenseExpiresOn:${expired.id}`)).toBeUndefined()
  })

  test('a signature request waiting more than 3 days, until signed or reminded', async () => {
    const admin = await createTestUser('admin')
    const lead = await createLead({ status: 'contacted' })
    const request = (sentAt: Date, extra: object = {}) =>
      prisma.esignRequest.create({
        data: {
          leadId: lead.id,
          provider: 'boldsign',
          templateId: 't',
          title: 'Service agreement',
          expirationDays: 30,
          recipientName: 'R',
          recipientEmail: 'r@example.com',
          status: 'sent',
          sentAt,
          sentById: admin.id,
          ...extra,
        },
      })
    const old = await request(new Date(Date.now() - 4 * DAY))
    const recent = await request(new Date(Date.now() - 1 * DAY))
    const test = await request(new Date(Date.now() - 9 * DAY), { isTest: true })
    const { tasks } = await queue(admin)
    expect(taskOf(tasks, `signature-waiting:${old.id}`)).toMatchObject({
      task: `Remind ${lead.firstName} Queue to sign Service agreement`,
      assignee: admin.name,
      mine: true,
      href: `/e-signatures/${old.id}`,
    })
    expect(taskOf(tasks, `signature-waiting:${recent.id}`)).toBeUndefined()
    expect(taskOf(tasks, `signature-waiting:${test.id}`)).toBeUndefined()
    await prisma.esignRequest.update({ where: { id: old.id }, data: { lastReminderAt: new Date() } })
    expect(taskOf((await queue(admin)).tasks, `signature-waiting:${old.id}`)).toBeUndefined()
    await prisma.esignRequest.update({ where: { id: old.id }, data: { lastReminderAt: null, status: 'completed' } })
    expect(taskOf((await queue(admin)).tasks, `signature-waiting:${old.id}`)).toBeUndefined()
  })

  test('a portal request whose first signer has signed waits on the next: counted from that signer\'s invitation', async () => {
    const admin = await createTestUser('admin')
    const lead = await createLead({ status: 'contacted' })
    const portalRequest = async (nextInvitedDaysAgo: number) => {
      const request = await prisma.esignRequest.create({
        data: {
          leadId: lead.id,
          provider: 'portal',
          templateId: 'portal',
          title: 'Consent to care',
          expirationDays: 30,
          recipientName: 'R',
          recipientEmail: 'r@example.com',
          status: 'signed',
          sentAt: new Date(Date.now() - 10 * DAY),
          sentById: admin.id,
        },
      })
      const signer = (order: number, status: string, sentAt: Date) =>
        prisma.esignSigner.create({
          data: { requestId: request.id, order, name: `Signer ${order}`, email: `s${order}@example.com`, tokenHash: randomUUID(), tokenEncrypted: 'x', status, sentAt },
        })
      await signer(1, 'signed', new Date(Date.now() - 10 * DAY))
      const next = await signer(2, 'sent', new Date(Date.now() - nextInvitedDaysAgo * DAY))
      return { request, next }
    }
    const waiting = await portalRequest(4)
    const justInvited = await portalRequest(1)
    const { tasks } = await queue(admin)
    expect(taskOf(tasks, `signature-waiting:${waiting.request.id}`)).toMatchObject({ task: `Remind ${lead.firstName} Queue to sign Consent to care`, mine: true })
    expect(taskOf(tasks, `signature-waiting:${justInvited.request.id}`)).toBeUndefined()
    // The second signer signs: nobody is waited on any more.
    await prisma.esignSigner.update({ where: { id: waiting.next.id }, data: { status: 'signed' } })
    await prisma.esignRequest.update({ where: { id: waiting.request.id }, data: { status: 'completed' } })
    expect(taskOf((await queue(admin)).tasks, `signature-waiting:${waiting.request.id}`)).toBeUndefined()
  })

  test("today's unconfirmed appointments, until confirmed", async () => {
    const admin = await createTestUser('admin')
    const now = new Date()
    const appointment = (startTime: Date, status = 'scheduled') =>
      prisma.appointment.create({
        data: { title: unique('Visit '), startTime, endTime: new Date(startTime.getTime() + 60 * 60 * 1000), timeZone: TZ, status, createdBy: admin.name, createdById: admin.id },
      })
    // Within today in the agency's zone whatever the hour the test runs: the day's start, plus a minute.
    const { zonedDayStart, dateIn } = await import('~/lib/time')
    const todayStart = zonedDayStart(dateIn(now, TZ), TZ)
    const today = await appointment(new Date(todayStart.getTime() + 60 * 1000))
    const confirmed = await appointment(new Date(todayStart.getTime() + 2 * 60 * 1000), 'confirmed')
    const tomorrow = await appointment(new Date(todayStart.getTime() + 25 * 60 * 60 * 1000))
    const { tasks } = await queue(admin)
    expect(taskOf(tasks, `appointment-unconfirmed:${today.id}`)).toMatchObject({ priority: 'high', mine: true, href: `/calendar/${today.id}` })
    expect(taskOf(tasks, `appointment-unconfirmed:${confirmed.id}`)).toBeUndefined()
    expect(taskOf(tasks, `appointment-unconfirmed:${tomorrow.id}`)).toBeUndefined()
    // For someone else too, the visit today comes before the high-priority backlog: a lead waiting a month.
    const stale = await createLead({ createdAt: new Date(now.getTime() - 30 * DAY) })
    const someoneElse = await createTestUser('coordinator')
    const order = (await queue(someoneElse)).tasks.map((task) => task.id)
    expect(order.indexOf(`appointment-unconfirmed:${today.id}`)).toBeGreaterThanOrEqual(0)
    expect(order.indexOf(`appointment-unconfirmed:${today.id}`)).toBeLessThan(order.indexOf(`lead-not-contacted:${stale.id}`))
    await prisma.appointment.update({ where: { id: today.id }, data: { status: 'confirmed' } })
    expect(taskOf((await queue(admin)).tasks, `appointment-unconfirmed:${today.id}`)).toBeUndefined()
  })

  test('failed jobs are tasks for admins only, until retried', async () => {
    const admin = await createTestUser('admin')
    const coordinator = await createTestUser('coordinator')
    const lead = await createLead({ status: 'contacted' })
    const job = await prisma.job.create({ data: { type: 'ghl.sync-lead', payload: { leadId: lead.id }, status: 'failed', lastError: 'boom' } })
    expect(taskOf((await queue(admin)).tasks, `job-failed:${job.id}`)).toMatchObject({ task: 'Background job failed: ghl.sync-lead', href: `/leads/${lead.id}` })
    expect(taskOf((await queue(coordinator)).tasks, `job-failed:${job.id}`)).toBeUndefined()
    await prisma.job.update({ where: { id: job.id }, data: { status: 'pending' } })
    expect(taskOf((await queue(admin)).tasks, `job-failed:${job.id}`)).toBeUndefined()
  })

  test("a coordinator's own tasks come first, and the page lists at most 10 of all, saying so", async () => {
    const { user, cookie } = await signedInUser('coordinator')
    for (let index = 0; index < 12; index += 1) await createLead({ createdAt: new Date(Date.now() - 30 * DAY - index * 1000) })
    // Assigned To is free text: the name in any case, with stray spaces, is still theirs.
    const mixedCase = [...user.name].map((letter, index) => (index % 2 ? letter.toUpperCase() : letter.toLowerCase())).join('')
    const mine = await createLead({ createdAt: new Date(Date.now() - 2 * DAY), assignedTo: ` ${mixedCase} ` })
    const data = await dashboard(cookie)
    expect(data.workQueue.tasks).toHaveLength(10)
    expect(data.workQueue.total).toBeGreaterThan(10)
    expect(data.workQueue.tasks[0]).toMatchObject({ id: `lead-not-contacted:${mine.id}`, mine: true })
  })

  test("'Show all' lists every task the rules count (up to 100), without JavaScript as a link to /?tasks=all", async () => {
    const { cookie } = await signedInUser('coordinator')
    for (let index = 0; index < 14; index += 1) await createLead({ createdAt: new Date(Date.now() - 40 * DAY - index * 1000) })
    const few = await dashboard(cookie)
    expect(few.workQueue.tasks).toHaveLength(10)
    const response = await callRoute(dashboardLoader, makeRequest('/?tasks=all', { cookie }))
    const all = (await response.json()) as DashboardJson & { allTasks: boolean }
    expect(all.allTasks).toBe(true)
    expect(all.workQueue.tasks).toHaveLength(Math.min(all.workQueue.total, WORK_QUEUE_COUNT_CAP))
    expect(all.workQueue.tasks.length).toBeGreaterThanOrEqual(24)
    // The same order, continued.
    expect(all.workQueue.tasks.slice(0, 10).map((task) => task.id)).toEqual(few.workQueue.tasks.map((task) => task.id))
  })
})

describe('work-queue counts past the cap', () => {
  test('past 100 tasks of one kind the total stops counting and says "100+"; the list still shows the 10 most urgent', async () => {
    const { cookie } = await signedInUser('admin')
    const before = await dashboard(cookie)
    expect(before.workQueue.totalCapped).toBe(false)
    expect(taskCountLabel(before.workQueue.total, before.workQueue.totalCapped)).toBe(`${before.workQueue.total} tasks`)
    const oldest = Date.now() - 400 * DAY
    const batch = unique('many')
    await prisma.lead.createMany({
      data: Array.from({ length: WORK_QUEUE_COUNT_CAP + 5 }, (_, index) => ({
        firstName: `${batch}${index}`,
        lastName: 'Queue',
        email: `${batch}${index}@example.com`,
        phone: '(555) 010-0000',
        status: 'new',
        createdAt: new Date(oldest + index * 60_000),
        searchText: `${batch}${index}`,
        phoneDigits: '5550100000',
      })),
    })
    const after = await dashboard(cookie)
    expect(after.workQueue.totalCapped).toBe(true)
    expect(after.workQueue.total).toBeGreaterThanOrEqual(WORK_QUEUE_COUNT_CAP)
    expect(taskCountLabel(after.workQueue.total, true)).toBe(`${after.workQueue.total.toLocaleString('en-US')}+ tasks`)
    // The list is still the most urgent 10, the oldest leads of the batch among them.
    expect(after.workQueue.tasks).toHaveLength(10)
    expect(after.workQueue.tasks.some((task) => task.task === `Contact new lead ${batch}0 Queue`)).toBe(true)
    const api = (await (await callRoute(workQueueLoader, makeRequest('/api/work-queue', { cookie }))).json()) as DashboardJson['workQueue']
    expect(api).toMatchObject({ total: after.workQueue.total, totalCapped: true })
    expect(api.tasks).toHaveLength(10)
  })

  test('labels: one task, many tasks, a lower bound', () => {
    expect(taskCountLabel(1)).toBe('1 task')
    expect(taskCountLabel(12)).toBe('12 tasks')
    expect(taskCountLabel(1200, true)).toBe('1,200+ tasks')
  })
})

describe('the dashboard page', () => {
  test('counts, recent leads and activity come from the records; opening it is one audit entry naming every record shown', async () => {
    const { user, cookie } = await signedInUser('admin')
    const before = await dashboard(cookie)
    await createPatient('complete')
    await createPatient('in-progress')
    await createCaregiver({ status: 'active', backgroundCheckStatus: 'cleared' })
    await createCaregiver({ status: 'active', backgroundCheckStatus: 'pending' })
    const lead = await createLead()
    const after = await dashboard(cookie)
    expect(after.overview.totalLeads).toBe(before.overview.totalLeads + 1)
    expect(after.overview.activePatients).toBe(before.overview.activePatients + 1)
    expect(after.overview.availableCaregivers).toBe(before.overview.availableCaregivers + 1)
    expect(after.recentLeads[0]!.id).toBe(lead.id)
    expect(after.recentLeads.length).toBeLessThanOrEqual(6)
    expect(after.verifications.length).toBeLessThanOrEqual(3)
    const reads = await prisma.auditLog.findMany({ where: { userId: user.id, action: 'view' } })
    // One entry per opening (none for an opening that showed nobody), never one per record.
    expect(reads.length).toBeGreaterThanOrEqual(1)
    expect(reads.length).toBeLessThanOrEqual(2)
    expect(reads.every((entry) => entry.entityType === 'Dashboard')).toBe(true)
    expect(reads.every((entry) => entry.entityId === null)).toBe(true)
    expect(JSON.stringify(reads)).toContain(lead.id)
  })

  test('the overview counters follow status changes and deletions, not only new records', async () => {
    const { cookie } = await signedInUser('admin')
    const patient = await createPatient('pending-review')
    const caregiver = await createCaregiver({ status: 'active', backgroundCheckStatus: 'in_progress' })
    const before = (await dashboard(cookie)).overview
    await prisma.patient.update({ where: { id: patient.id }, data: { registrationStatus: 'complete' } })
    await prisma.caregiver.update({ where: { id: caregiver.id }, data: { backgroundCheckStatus: 'cleared' } })
    const changed = (await dashboard(cookie)).overview
    expect(changed.activePatients).toBe(before.activePatients + 1)
    expect(changed.availableCaregivers).toBe(before.availableCaregivers + 1)
    await prisma.caregiver.update({ where: { id: caregiver.id }, data: { status: 'inactive' } })
    await prisma.patient.delete({ where: { id: patient.id } })
    const after = (await dashboard(cookie)).overview
    expect(after.activePatients).toBe(before.activePatients)
    expect(after.availableCaregivers).toBe(before.availableCaregivers)
    // The kept counters agree with a count of the records.
    expect(after.activePatients).toBe(await prisma.patient.count({ where: { registrationStatus: 'complete' } }))
    expect(after.availableCaregivers).toBe(await prisma.caregiver.count({ where: { status: 'active', backgroundCheckStatus: 'cleared' } }))
  })

  test('recent activity: an admin sees everyone\'s changes, a coordinator only their own; reads are left out', async () => {
    const admin = await signedInUser('admin')
    const coordinator = await signedInUser('coordinator')
    const other = await createTestUser('coordinator')
    const entry = (userId: string, action: string) => prisma.auditLog.create({ data: { userId, action, entityType: 'Lead', entityId: randomUUID() } })
    await entry(other.id, 'delete')
    await entry(coordinator.user.id, 'create')
    await entry(coordinator.user.id, 'view')
    const forCoordinator = await dashboard(coordinator.cookie)
    expect(forCoordinator.recentActivity).toEqual([expect.objectContaining({ action: 'Create', entity: 'Lead', type: 'success' })])
    const forAdmin = (await (await callRoute(metricsLoader, makeRequest('/api/dashboard/metrics', { cookie: admin.cookie }))).json()) as {
      recentActivity: Array<{ action: string; type: string }>
    }
    expect(forAdmin.recentActivity.length).toBeLessThanOrEqual(6)
    expect(forAdmin.recentActivity.map((item) => item.action)).toEqual(expect.arrayContaining(['Delete', 'Create']))
    expect(forAdmin.recentActivity.find((item) => item.action === 'Delete')?.type).toBe('warning')
    expect(forAdmin.recentActivity.map((item) => item.action)).not.toContain('View')
  })

  test('a viewer may open the dashboard (its write links are hidden by role: tests/e2e/dashboard.spec.ts)', async () => {
    const viewer = await signedInUser('viewer')
    expect((await callRoute(dashboardLoader, makeRequest('/', { cookie: viewer.cookie }))).status).toBe(200)
    expect((await callRoute(dashboardLoader, makeRequest('/'))).status).toBe(302)
  })
})

describe("the dashboard's kept reads", () => {
  test('a change made straight in the database, past the portal\'s code, shows at the next opening', async () => {
    const { user, cookie } = await signedInUser('admin')
    const before = await dashboard(cookie)
    expect((await queue(user)).tasks).toBeDefined()
    const leadId = randomUUID()
    await prisma.$executeRaw`INSERT INTO "Lead" (id, "firstName", "lastName", email, phone, status, "createdAt", "updatedAt", "searchText", "phoneDigits")
      VALUES (${leadId}::uuid, 'Straight', 'Insert', 'straight@example.com', '(555) 010-0009', 'new', now() - interval '2 days', now(), 'straight insert', '5550100009')`
    expect((await dashboard(cookie)).overview.totalLeads).toBe(before.overview.totalLeads + 1)
    expect(taskOf((await queue(user)).tasks, `lead-not-contacted:${leadId}`)).toBeDefined()
    await prisma.$executeRaw`UPDATE "Lead" SET status = 'contacted' WHERE id = ${leadId}::uuid`
    expect(taskOf((await queue(user)).tasks, `lead-not-contacted:${leadId}`)).toBeUndefined()
  })

  test("each reader's own part is kept for that reader alone, and read again when the records change", async () => {
    const first = await signedInUser('coordinator')
    const second = await signedInUser('coordinator')
    await dashboard(first.cookie)
    await dashboard(second.cookie)
    // Straight in the database: a two-day-old lead assigned to the first coordinator, and an entry of their own.
    const leadId = randomUUID()
    await prisma.$executeRaw`INSERT INTO "Lead" (id, "firstName", "lastName", email, phone, status, "assignedTo", "createdAt", "updatedAt", "searchText", "phoneDigits")
      VALUES (${leadId}::uuid, 'Own', 'Lead', 'own@example.com', '(555) 010-0010', 'new', ${first.user.name}, now() - interval '2 days', now(), 'own lead', '5550100010')`
    const entryId = randomUUID()
    await prisma.$executeRaw`INSERT INTO "AuditLog" (id, "userId", action, "entityType", "entityId", "createdAt")
      VALUES (${entryId}::uuid, ${first.user.id}::uuid, 'delete', 'Patient', ${randomUUID()}, now() + interval '1 minute')`
    const forFirst = await dashboard(first.cookie)
    expect(forFirst.workQueue.tasks[0]?.id).toBe(`lead-not-contacted:${leadId}`)
    expect(forFirst.recentActivity[0]).toMatchObject({ id: entryId, action: 'Delete', entity: 'Patient' })
    const forSecond = await dashboard(second.cookie)
    expect(forSecond.recentActivity.some((entry) => entry.id === entryId)).toBe(false)
  })

  test('what turns on the clock alone is read again within a minute: a lead turning a day old is listed', async () => {
    const admin = await createTestUser('admin')
    const now = Date.now()
    const lead = await createLead({ createdAt: new Date(now - DAY + 30_000) })
    const at = (offset: number) => computeWorkQueue(admin, { now: new Date(now + offset), limit: 10_000 })
    expect(taskOf((await at(0)).tasks, `lead-not-contacted:${lead.id}`)).toBeUndefined()
    // Nothing changed in the records; a minute and a half later the lead is a day old.
    expect(taskOf((await at(90_000)).tasks, `lead-not-contacted:${lead.id}`)).toBeDefined()
  })

  test('the change counter moves with each change the dashboard shows, and not with reads or the worker\'s routine', async () => {
    const admin = await createTestUser('admin')
    const version = async () => (await prisma.changeCounter.findUniqueOrThrow({ where: { name: 'dashboard' } })).version
    const moves = async (change: () => Promise<unknown>) => {
      const before = await version()
      await change()
      return (await version()) > before
    }
    const lead = await createLead()
    expect(await moves(() => prisma.lead.update({ where: { id: lead.id }, data: { assignedTo: 'Someone' } }))).toBe(true)
    expect(await moves(() => createPatient('pending-review'))).toBe(true)
    expect(await moves(() => createCaregiver())).toBe(true)
    expect(await moves(() => prisma.communication.create({ data: { leadId: lead.id, type: 'task', status: 'scheduled', content: 'Call', createdBy: admin.name } }))).toBe(true)
    expect(await moves(() => prisma.user.update({ where: { id: admin.id }, data: { name: 'Renamed Admin' } }))).toBe(true)
    expect(await moves(() => prisma.auditLog.create({ data: { userId: admin.id, action: 'delete', entityType: 'Lead', entityId: lead.id } }))).toBe(true)
    expect(await moves(() => prisma.auditLog.create({ data: { userId: admin.id, action: 'view', entityType: 'Lead', entityId: lead.id } }))).toBe(false)
    const job = await prisma.job.create({ data: { type: 'email.deliver', payload: {} } })
    expect(await moves(() => prisma.job.update({ where: { id: job.id }, data: { status: 'running' } }))).toBe(false)
    expect(await moves(() => prisma.job.update({ where: { id: job.id }, data: { status: 'failed' } }))).toBe(true)
    expect(await moves(() => prisma.job.update({ where: { id: job.id }, data: { status: 'pending' } }))).toBe(true)
    // A change rolled back leaves the counter where it was.
    const before = await version()
    await expect(
      prisma.$transaction(async (tx) => {
        await tx.lead.update({ where: { id: lead.id }, data: { status: 'contacted' } })
        throw new Error('undo')
      }),
    ).rejects.toThrow('undo')
    expect(await version()).toBe(before)
    expect((await prisma.lead.findUniqueOrThrow({ where: { id: lead.id } })).status).toBe('new')
  })
})

describe('the dashboard APIs', () => {
  test('GET /api/dashboard/metrics answers the spec shape and needs a session', async () => {
    const { cookie } = await signedInUser('viewer')
    const response = await callRoute(metricsLoader, makeRequest('/api/dashboard/metrics', { cookie }))
    expect(response.status).toBe(200)
    const body = (await response.json()) as Record<string, unknown>
    expect(Object.keys(body).sort()).toEqual(['activePatients', 'availableCaregivers', 'recentActivity', 'totalLeads'])
    expect((await callRoute(metricsLoader, makeRequest('/api/dashboard/metrics'))).status).toBe(401)
  })

  test('GET /api/work-queue lists the tasks, failed jobs for admins only', async () => {
    const admin = await signedInUser('admin')
    const viewer = await signedInUser('viewer')
    const job = await prisma.job.create({ data: { type: 'email.send', payload: {}, status: 'failed', updatedAt: new Date(Date.now() + DAY) } })
    const read = async (cookie: string) =>
      (await (await callRoute(workQueueLoader, makeRequest('/api/work-queue', { cookie }))).json()) as { tasks: WorkQueueTask[]; total: number }
    const forAdmin = await read(admin.cookie)
    const forViewer = await read(viewer.cookie)
    expect(forAdmin.tasks.length).toBeLessThanOrEqual(10)
    expect(forAdmin.total).toBeGreaterThanOrEqual(forAdmin.tasks.length)
    // The one failed job is the only task an admin has that a viewer has not.
    expect(forAdmin.total - forViewer.total).toBe(await prisma.job.count({ where: { status: 'failed' } }))
    expect(forViewer.tasks.some((task) => task.kind === 'job-failed')).toBe(false)
    expect(job.status).toBe('failed')
    expect((await callRoute(workQueueLoader, makeRequest('/api/work-queue'))).status).toBe(401)
  })

  test('GET /api/work-queue?limit= lists up to 100 tasks, and refuses a limit outside 1–100 with a 400', async () => {
    const { cookie } = await signedInUser('admin')
    for (let index = 0; index < 12; index += 1) await createLead({ createdAt: new Date(Date.now() - 50 * DAY - index * 1000) })
    const read = (query: string) => callRoute(workQueueLoader, makeRequest(`/api/work-queue${query}`, { cookie }))
    const many = (await (await read('?limit=100')).json()) as { tasks: WorkQueueTask[]; total: number }
    expect(many.tasks).toHaveLength(Math.min(many.total, 100))
    expect(many.tasks.length).toBeGreaterThan(10)
    expect(((await (await read('?limit=3')).json()) as { tasks: unknown[] }).tasks).toHaveLength(3)
    for (const bad of ['0', '101', '2.5', 'all']) {
      const response = await read(`?limit=${bad}`)
      expect(response.status, bad).toBe(400)
      expect(await response.json()).toMatchObject({ fieldErrors: { limit: ['limit must be a whole number from 1 to 100'] } })
    }
  })

  test('the other reads the dashboard makes answer as the spec says', async () => {
    const { cookie } = await signedInUser('viewer')
    const pending = (await (await callRoute(pendingSignaturesLoader, makeRequest('/api/pending-esignatures', { cookie }))).json()) as { pending: unknown[] }
    expect(Array.isArray(pending.pending)).toBe(true)
    const upcoming = await callRoute(upcomingLoader, makeRequest('/api/appointments/upcoming', { cookie }))
    expect(upcoming.status).toBe(200)
    expect(Array.isArray(await upcoming.json())).toBe(true)
    const documents = await callRoute(pendingDocumentsLoader, makeRequest('/api/documents/pending', { cookie }))
    expect(documents.status).toBe(200)
    expect(Array.isArray(await documents.json())).toBe(true)
  })
})
