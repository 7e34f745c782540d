import crypto from 'node:crypto'
import { beforeEach, describe, expect, test } from 'vitest'
import { loader as tabLoader } from '~/routes/_app.settings.workflows'
import { action as newAction, loader as newLoader } from '~/routes/_app.settings.workflows.new'
import { action as editAction } from '~/routes/_app.settings.workflows.$stageId.edit'
import { action as deleteAction } from '~/routes/_app.settings.workflows.$stageId.delete'
import { action as toggleAction } from '~/routes/_app.settings.workflows.$stageId.toggle'
import { action as apiListAction, loader as apiListLoader } from '~/routes/api.workflow.stages'
import { action as apiOneAction } from '~/routes/api.workflow.stages.$stageId'
import { loader as runsLoader } from '~/routes/api.workflow.runs'
import { action as patientMilestoneAction } from '~/routes/_app.patients_.$patientId.milestone'
import { loader as leadPageLoader } from '~/routes/_app.leads_.$leadId'
import { createLead, updateLead } from '~/features/leads/leads.server'
import { leadSchema } from '~/features/leads/schema'
import { setCaregiverStates } from '~/features/caregivers/caregivers.server'
import { runWorkflowRun, startWorkflowRuns, workflowOverview, workflowSubscriber } from '~/features/workflows/runs.server'
import { prisma } from '~/platform/db.server'
import type { DomainEvent } from '~/platform/events.server'
import { callRoute, makeRequest, signedInUser, testActor, toastOf } from '#tests/support/fixtures'

const PATH = '/settings/workflows'
const HOUR = 60 * 60 * 1000

const unique = (label: string) => `${label} ${crypto.randomBytes(3).toString('hex')}`

beforeEach(async () => {
  // Stages are global: each test starts from none, so only its own stages run.
  await prisma.workflowRun.deleteMany()
  await prisma.workflowStage.deleteMany()
})

async function template(subject = 'Hello {{firstName}}') {
  return prisma.emailTemplate.create({
    data: { name: unique('Template'), subject, htmlContent: '<p>Dear {{firstName}} {{lastName}}, welcome.</p>', formType: 'welcome' },
  })
}

async function stage(data: { type: string; trigger: string; delayHours?: number; isActive?: boolean; emailTemplateId?: string | null }) {
  return prisma.workflowStage.create({ data: { name: unique('Stage'), order: 1, delayHours: 0, ...data } })
}

/** The domain events recorded for a record, oldest first, as the worker hands them to subscribers. */
async function eventsOf(entityId: string, type?: string): Promise<DomainEvent[]> {
  return prisma.domainEvent.findMany({
    where: { entityId, type },
    orderBy: { sequence: 'asc' },
    select: { id: true, type: true, entityType: true, entityId: true, actorKind: true, actorUserId: true, payload: true, occurredAt: true },
  })
}

const leadInput = (extra: Record<string, string> = {}) =>
  leadSchema.parse({ firstName: 'Rosa', lastName: unique('Lead').replace(' ', ''), email: `${crypto.randomUUID()}@example.com`, phone: '2015550100', status: 'new', ...extra })

async function newPatient(email: string | null = `${crypto.randomUUID()}@example.com`) {
  return prisma.patient.create({
    data: { firstName: 'Pat', lastName: unique('Patient'), dateOfBirth: new Date('1950-01-01'), gender: 'female', phone: '2015550101', email, searchText: 'pat', phoneDigits: '2015550101' },
  })
}

async function newCaregiver() {
  return prisma.caregiver.create({
    data: { fullName: `Carla ${unique('Giver')}`, email: `${crypto.randomUUID()}@example.com`, phone: '2015550102', licenseNumber: 'L1', yearsExperience: '3', searchText: 'carla', phoneDigits: '2015550102' },
  })
}

describe('stage CRUD on the Workflows tab', () => {
  test('create defaults the order after the others, toasts, audits; validation speaks the spec', async () => {
    const { cookie } = await signedInUser('coordinator')
    await stage({ type: 'patient', trigger: 'patient_created' })
    const form = await callRoute(newLoader, makeRequest(`${PATH}/new?type=patient`, { cookie }))
    expect(((await form.json()) as { defaultOrder: number }).defaultOrder).toBe(2)

    const bad = await callRoute(newAction, makeRequest(`${PATH}/new?type=patient`, { cookie, form: { type: 'patient', name: ' ', order: '0', delayHours: '-1', trigger: 'patient_created' } }))
    expect(bad.status).toBe(400)
    const errors = ((await bad.json()) as { error: Record<string, string[]> }).error
    expect(errors.name).toEqual(['Stage name is required'])
    expect(errors.order).toEqual(['Order must be at least 1'])
    expect(errors.delayHours).toEqual(['Delay must be 0 or greater'])

    const name = unique('Welcome call')
    const created = await callRoute(
      newAction,
      makeRequest(`${PATH}/new?type=patient`, { cookie, form: { type: 'patient', name, delayHours: '', emailTemplateId: 'none', trigger: 'intake_completed', isActive: 'on' } }),
    )
    expect(created.status).toBe(302)
    expect((await toastOf(created))?.title).toBe('Workflow stage created successfully')
    const saved = await prisma.workflowStage.findFirstOrThrow({ where: { name } })
    expect(saved).toMatchObject({ type: 'patient', order: 2, delayHours: 0, emailTemplateId: null, isActive: true, trigger: 'intake_completed' })
    expect(created.headers.get('location')).toBe(`${PATH}?type=patient#stage-${saved.id}`)
    expect(await prisma.auditLog.count({ where: { entityType: 'WorkflowStage', entityId: saved.id, action: 'create' } })).toBe(1)

    // A trigger of another workflow is refused.
    const wrong = await callRoute(newAction, makeRequest(`${PATH}/new`, { cookie, form: { type: 'patient', name: 'x', trigger: 'lead_created' } }))
    expect(wrong.status).toBe(400)
  })

  test('edit, toggle and delete toast the spec texts and audit; the tab lists stages in order with delays in words', async () => {
    const { cookie } = await signedInUser('coordinator')
    const mail = await template()
    const later = await stage({ type: 'caregiver', trigger: 'training_completed', delayHours: 168 })
    const first = await stage({ type: 'caregiver', trigger: 'caregiver_created' })
    const edited = await callRoute(
      editAction,
      makeRequest(`${PATH}/${first.id}/edit?type=caregiver`, {
        cookie,
        form: { type: 'caregiver', name: 'Welcome', order: '1', delayHours: '4', emailTemplateId: mail.id, trigger: 'welcome_acknowledged', isActive: 'on' },
      }),
      { stageId: first.id },
    )
    expect((await toastOf(edited))?.title).toBe('Workflow stage updated successfully')
    expect(await prisma.workflowStage.findUniqueOrThrow({ where: { id: first.id } })).toMatchObject({ delayHours: 4, emailTemplateId: mail.id, trigger: 'welcome_acknowledged' })
    await prisma.workflowStage.update({ where: { id: later.id }, data: { order: 2 } })

    const toggled = await callRoute(toggleAction, makeRequest(`${PATH}/${later.id}/toggle?type=caregiver`, { cookie, form: { isActive: 'false' } }), { stageId: later.id })
    expect((await toastOf(toggled))?.title).toBe('Workflow stage updated successfully')
    expect((await prisma.workflowStage.findUniqueOrThrow({ where: { id: later.id } })).isActive).toBe(false)

    const tab = await callRoute(tabLoader, makeRequest(`${PATH}?type=caregiver`, { cookie }))
    const data = (await tab.json()) as { stages: Array<{ id: string; delayHours: number; isActive: boolean }>; overview: { stages: { total: number; active: number } } }
    expect(data.stages.map((each) => each.id)).toEqual([first.id, later.id])
    expect(data.overview.stages).toEqual({ total: 2, active: 1 })

    const deleted = await callRoute(deleteAction, makeRequest(`${PATH}/${later.id}/delete?type=caregiver`, { cookie, method: 'POST' }), { stageId: later.id })
    expect((await toastOf(deleted))?.title).toBe('Workflow stage deleted successfully')
    expect(await prisma.workflowStage.findUnique({ where: { id: later.id } })).toBeNull()
    const audits = await prisma.auditLog.findMany({ where: { entityType: 'WorkflowStage', entityId: { in: [first.id, later.id] } }, select: { action: true } })
    expect(audits.map((audit) => audit.action).sort()).toEqual(['delete', 'update', 'update'])
  })
})

describe('the JSON API', () => {
  test('POST, GET ?type=, PUT and DELETE; errors like the leads API', async () => {
    const { cookie } = await signedInUser('coordinator')
    const missing = await callRoute(apiListAction, makeRequest('/api/workflow/stages', { cookie, json: { type: 'lead', trigger: 'lead_created' } }))
    expect(missing.status).toBe(400)
    expect(((await missing.json()) as { error: string }).error).toBe('Stage name is required')
    const negative = await callRoute(apiListAction, makeRequest('/api/workflow/stages', { cookie, json: { type: 'lead', name: 'n', delayHours: -2, trigger: 'lead_created' } }))
    expect(((await negative.json()) as { error: string }).error).toBe('Delay must be 0 or greater')

    // The product's clients send the trigger as conditions.trigger; an order that is not a number falls back to 1.
    const created = await callRoute(
      apiListAction,
      makeRequest('/api/workflow/stages', { cookie, json: { type: 'lead', name: 'Contacted follow-up', order: 'abc', emailTemplateId: 'none', conditions: { trigger: 'lead_status_contacted' } } }),
    )
    expect(created.status).toBe(201)
    const body = (await created.json()) as { id: string; order: number; delayHours: number; isActive: boolean; conditions: { trigger: string } }
    expect(body).toMatchObject({ order: 1, delayHours: 0, isActive: true, conditions: { trigger: 'lead_status_contacted' } })

    await stage({ type: 'patient', trigger: 'patient_created' })
    const leads = (await (await callRoute(apiListLoader, makeRequest('/api/workflow/stages?type=lead', { cookie }))).json()) as Array<{ id: string }>
    expect(leads.map((each) => each.id)).toEqual([body.id])

    const put = await callRoute(
      apiOneAction,
      makeRequest(`/api/workflow/stages/${body.id}`, { cookie, method: 'PUT', json: { type: 'lead', name: 'Renamed', order: 3, delayHours: 48, trigger: 'lead_status_qualified', isActive: false } }),
      { stageId: body.id },
    )
    expect(put.status).toBe(200)
    expect(await put.json()).toMatchObject({ name: 'Renamed', order: 3, delayHours: 48, trigger: 'lead_status_qualified', isActive: false })
    const gone = await callRoute(apiOneAction, makeRequest(`/api/workflow/stages/${body.id}`, { cookie, method: 'DELETE' }), { stageId: body.id })
    expect(await gone.json()).toEqual({ success: true, id: body.id })
    const again = await callRoute(apiOneAction, makeRequest(`/api/workflow/stages/${body.id}`, { cookie, method: 'DELETE' }), { stageId: body.id })
    expect(again.status).toBe(404)
  })
})

describe('running stages', () => {
  test('a lead created → one run per active stage → its job at the delay → one queued e-mail, even when everything runs twice', async () => {
    const { user, cookie } = await signedInUser('coordinator')
    const mail = await template()
    const now = await stage({ type: 'lead', trigger: 'lead_created', emailTemplateId: mail.id })
    const later = await stage({ type: 'lead', trigger: 'lead_created', delayHours: 24 })
    await stage({ type: 'lead', trigger: 'lead_created', isActive: false, emailTemplateId: mail.id })
    await stage({ type: 'patient', trigger: 'patient_created', emailTemplateId: mail.id })

    const lead = await createLead(leadInput(), testActor(user.id))
    const [event] = await eventsOf(lead.id, 'lead.created')
    await workflowSubscriber.handle(event!)
    await workflowSubscriber.handle(event!)
    const runs = await prisma.workflowRun.findMany({ where: { entityId: lead.id }, orderBy: { scheduledFor: 'asc' } })
    expect(runs.map((run) => run.stageId)).toEqual([now.id, later.id])
    expect(runs[1]!.scheduledFor.getTime() - event!.occurredAt.getTime()).toBe(24 * HOUR)
    for (const run of runs) {
      const jobs = await prisma.job.findMany({ where: { dedupeKey: `workflow-run:${run.id}` } })
      expect(jobs).toHaveLength(1)
      expect(jobs[0]!.runAt.getTime()).toBe(run.scheduledFor.getTime())
    }

    const run = runs[0]!
    await Promise.all([runWorkflowRun(run.id), runWorkflowRun(run.id)])
    await runWorkflowRun(run.id)
    const emails = await prisma.outboundEmail.findMany({ where: { dedupeKey: `workflow-run:${run.id}` } })
    expect(emails).toHaveLength(1)
    expect(emails[0]).toMatchObject({ toEmail: lead.email, entityType: 'Lead', entityId: lead.id, subject: 'Hello Rosa', templateId: mail.id })
    const done = await prisma.workflowRun.findUniqueOrThrow({ where: { id: run.id } })
    expect(done).toMatchObject({ status: 'completed', outcome: `E-mail queued to ${lead.email}`, outboundEmailId: emails[0]!.id })
    expect(done.ranAt).not.toBeNull()
    // Audited once, by the portal itself, with its domain event.
    const entries = await prisma.auditLog.findMany({ where: { entityType: 'WorkflowRun', entityId: run.id } })
    expect(entries).toHaveLength(1)
    expect(entries[0]).toMatchObject({ actorKind: 'system', action: 'update', details: { status: 'completed', entityId: lead.id, outboundEmailId: emails[0]!.id } })
    expect(await prisma.domainEvent.count({ where: { entityId: run.id, type: 'workflow_run.completed' } })).toBe(1)

    await runWorkflowRun(runs[1]!.id)
    expect(await prisma.workflowRun.findUniqueOrThrow({ where: { id: runs[1]!.id } })).toMatchObject({ status: 'completed', outcome: 'No e-mail template', outboundEmailId: null })

    // The lead's page lists them with the e-mail's delivery status.
    await prisma.outboundEmail.update({ where: { id: emails[0]!.id }, data: { status: 'failed', lastError: 'Mailbox full' } })
    const page = await callRoute(leadPageLoader, makeRequest(`/leads/${lead.id}`, { cookie }), { leadId: lead.id })
    const { automation } = (await page.json()) as { automation: Array<{ id: string; outcome: string; email: { text: string; failed: boolean } | null }> }
    expect(automation.find((each) => each.id === run.id)).toMatchObject({ outcome: `E-mail queued to ${lead.email}`, email: { text: 'E-mail failed: Mailbox full', failed: true } })
    const api = await callRoute(runsLoader, makeRequest(`/api/workflow/runs?entityType=Lead&entityId=${lead.id}`, { cookie }))
    expect(((await api.json()) as unknown[]).length).toBe(2)
  })

  test('a stage switched off or deleted before its time sends nothing', async () => {
    const { user } = await signedInUser('coordinator')
    const mail = await template()
    const off = await stage({ type: 'lead', trigger: 'lead_created', emailTemplateId: mail.id, delayHours: 2 })
    const gone = await stage({ type: 'lead', trigger: 'lead_created', emailTemplateId: mail.id, delayHours: 2 })
    const lead = await createLead(leadInput(), testActor(user.id))
    const [event] = await eventsOf(lead.id, 'lead.created')
    const runs = await startWorkflowRuns(event!)
    expect(runs).toHaveLength(2)
    await prisma.workflowStage.update({ where: { id: off.id }, data: { isActive: false } })
    await prisma.workflowStage.delete({ where: { id: gone.id } })
    for (const run of runs) await runWorkflowRun(run.id)
    const after = await prisma.workflowRun.findMany({ where: { entityId: lead.id }, select: { stageId: true, status: true, outcome: true, stageName: true } })
    expect(after).toEqual(
      expect.arrayContaining([
        { stageId: off.id, status: 'skipped', outcome: 'Stage switched off before its time', stageName: off.name },
        { stageId: null, status: 'skipped', outcome: 'Stage deleted before its time', stageName: gone.name },
      ]),
    )
    expect(await prisma.outboundEmail.count({ where: { entityId: lead.id } })).toBe(0)
  })

  test('lead status, background check cleared and a recorded milestone raise their triggers; a record without e-mail is skipped', async () => {
    const { user, cookie } = await signedInUser('coordinator')
    const actor = testActor(user.id)
    const mail = await template()
    const contacted = await stage({ type: 'lead', trigger: 'lead_status_contacted', emailTemplateId: mail.id })
    const cleared = await stage({ type: 'caregiver', trigger: 'verification_passed', emailTemplateId: mail.id })
    const intake = await stage({ type: 'patient', trigger: 'intake_completed', emailTemplateId: mail.id })

    const lead = await createLead(leadInput(), actor)
    await updateLead(lead.id, leadInput({ firstName: lead.firstName, lastName: lead.lastName, email: lead.email, status: 'contacted' }), actor)
    for (const event of await eventsOf(lead.id)) await startWorkflowRuns(event)
    expect(await prisma.workflowRun.findMany({ where: { entityId: lead.id }, select: { stageId: true } })).toEqual([{ stageId: contacted.id }])

    const caregiver = await newCaregiver()
    await setCaregiverStates(caregiver.id, [{ field: 'backgroundCheckStatus', to: 'in_progress' }], actor)
    await setCaregiverStates(caregiver.id, [{ field: 'backgroundCheckStatus', to: 'cleared' }], actor)
    for (const event of await eventsOf(caregiver.id)) await startWorkflowRuns(event)
    const caregiverRuns = await prisma.workflowRun.findMany({ where: { entityId: caregiver.id } })
    expect(caregiverRuns.map((run) => run.stageId)).toEqual([cleared.id])
    await runWorkflowRun(caregiverRuns[0]!.id)
    expect(await prisma.outboundEmail.findFirst({ where: { entityId: caregiver.id } })).toMatchObject({ toEmail: caregiver.email, subject: 'Hello Carla' })

    const patient = await newPatient(null)
    const recorded = await callRoute(patientMilestoneAction, makeRequest(`/patients/${patient.id}/milestone`, { cookie, form: { milestone: 'intake_completed' } }), { patientId: patient.id })
    expect((await toastOf(recorded))?.title).toBe('Milestone recorded')
    expect(await prisma.auditLog.count({ where: { entityType: 'Patient', entityId: patient.id, action: 'update' } })).toBe(1)
    const [milestone] = await eventsOf(patient.id, 'patient.milestone_recorded')
    const [run] = await startWorkflowRuns(milestone!)
    expect(run).toBeDefined()
    await runWorkflowRun(run!.id)
    expect(await prisma.workflowRun.findUniqueOrThrow({ where: { id: run!.id } })).toMatchObject({ stageId: intake.id, status: 'skipped', outcome: 'No e-mail address on the record' })
  })

  test('the overview counts stages and runs: completed today, pending, average time from trigger, completion rate per type', async () => {
    const { user } = await signedInUser('coordinator')
    const done = await stage({ type: 'lead', trigger: 'lead_created' })
    await stage({ type: 'lead', trigger: 'lead_created', delayHours: 48 })
    await stage({ type: 'patient', trigger: 'patient_created', isActive: false })
    const lead = await createLead(leadInput(), testActor(user.id))
    const [event] = await eventsOf(lead.id, 'lead.created')
    // The trigger happened two hours ago; the immediate stage completes now.
    await prisma.domainEvent.update({ where: { id: event!.id }, data: { occurredAt: new Date(Date.now() - 2 * HOUR) } })
    const runs = await startWorkflowRuns({ ...event!, occurredAt: new Date(Date.now() - 2 * HOUR) })
    const first = await prisma.workflowRun.findFirstOrThrow({ where: { id: { in: runs.map((run) => run.id) }, stageId: done.id } })
    await runWorkflowRun(first.id)
    const overview = await workflowOverview()
    expect(overview.stages).toEqual({ total: 3, active: 2 })
    expect(overview.completedToday).toBe(1)
    expect(overview.pending).toBe(1)
    expect(overview.averageHoursToComplete).toBeCloseTo(2, 1)
    expect(overview.completionRate).toEqual({ lead: 1, patient: null, caregiver: null })
  })
})
