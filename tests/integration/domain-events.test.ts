import { beforeEach, describe, expect, test } from 'vitest'
import { createLead, deleteLead, updateLead } from '~/features/leads/leads.server'
import type { LeadInput } from '~/features/leads/schema'
import { createPatient, saveRegistrationStep } from '~/features/patients/patients.server'
import { carePreferencesSchema, emergencyContactsSchema, insuranceSchema, medicalHistorySchema } from '~/features/patients/schema'
import { recordAudit } from '~/platform/audit.server'
import { prisma } from '~/platform/db.server'
import { type DomainEvent, type EventSubscriber, DELIVER_EVENT_JOB, dispatchDomainEvents } from '~/platform/events.server'
import { runWorkerPass } from '~/platform/worker.server'
import { createTestUser, testActor } from '#tests/support/fixtures'

let counter = 0
function leadInput(overrides: Partial<LeadInput> = {}): LeadInput {
  counter++
  return {
    firstName: 'Grace',
    lastName: `Hopper${counter}`,
    email: `grace${counter}@example.com`,
    phone: '(555) 123-4567',
    status: 'new',
    ...overrides,
  } as LeadInput
}

async function staffActor() {
  return testActor((await createTestUser()).id)
}

function eventsOf(entityId: string) {
  return prisma.domainEvent.findMany({ where: { entityId }, orderBy: { sequence: 'asc' } })
}

/** Makes retries due now instead of after their backoff. */
async function makeJobsDue() {
  await prisma.job.updateMany({ where: { status: 'pending' }, data: { runAt: new Date(Date.now() - 1000) } })
}

/** Refuses every new domain event, as a database failure half-way through a change would. */
async function refuseDomainEvents<T>(run: () => Promise<T>) {
  await prisma.$executeRawUnsafe(`
    CREATE FUNCTION test_refuse_domain_event() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN RAISE EXCEPTION 'domain events are refused'; END $$`)
  await prisma.$executeRawUnsafe(`
    CREATE TRIGGER test_refuse_domain_event BEFORE INSERT ON "DomainEvent"
    FOR EACH ROW EXECUTE FUNCTION test_refuse_domain_event()`)
  try {
    return await run()
  } finally {
    await prisma.$executeRawUnsafe('DROP TRIGGER test_refuse_domain_event ON "DomainEvent"')
    await prisma.$executeRawUnsafe('DROP FUNCTION test_refuse_domain_event()')
  }
}

describe('a change writes its domain event with its audit entry', () => {
  test('lead create, update and delete: one event each, typed, with the actor and the audited field names', async () => {
    const actor = await staffActor()
    const lead = await createLead(leadInput(), actor)
    await updateLead(lead.id, leadInput({ city: 'Arlington', status: 'contacted' }), actor)
    await deleteLead(lead.id, actor)

    const events = await eventsOf(lead.id)
    expect(events.map((event) => event.type)).toEqual(['lead.created', 'lead.updated', 'lead.deleted'])
    for (const event of events) {
      expect(event).toMatchObject({ entityType: 'Lead', actorKind: 'user', actorUserId: actor.userId, dispatchedAt: null })
    }
    // The payload is what the audit entry keeps: field names, not the values typed (a status,
    // an enumeration, rides along so the workflows know where the lead moved).
    const audits = await prisma.auditLog.findMany({ where: { entityId: lead.id }, orderBy: { createdAt: 'asc' } })
    expect(audits.map((entry) => entry.action)).toEqual(['create', 'update', 'delete'])
    expect(events[1]!.payload).toEqual(audits[1]!.details)
    expect(events[1]!.payload).toEqual({ changed: expect.arrayContaining(['lastName', 'email', 'city', 'status']), from: 'new', to: 'contacted' })
    expect(JSON.stringify(events.map((event) => event.payload))).not.toContain('Arlington')
  })

  test('patient step saves: patient.updated, and patient.registration_submitted for the save that completes the steps', async () => {
    const actor = await staffActor()
    const patient = await createPatient(
      { firstName: 'Edith', lastName: 'Clarke', dateOfBirth: '1941-02-10', gender: 'female', phone: '(646) 555-0142' },
      actor,
    )
    await saveRegistrationStep(patient.id, 'medical', medicalHistorySchema.parse({ conditions: 'Arthritis' }), actor)
    await saveRegistrationStep(patient.id, 'insurance', insuranceSchema.parse({ provider: 'Medicare' }), actor)
    await saveRegistrationStep(patient.id, 'contacts', emergencyContactsSchema.parse({ contacts: [{ name: 'Sam Clarke', phone: '555-0100' }] }), actor)
    await saveRegistrationStep(patient.id, 'preferences', carePreferencesSchema.parse({ careType: 'elderly-care', preferredDays: ['monday'] }), actor)

    const events = await eventsOf(patient.id)
    expect(events.map((event) => event.type)).toEqual([
      'patient.created',
      'patient.updated',
      'patient.updated',
      'patient.updated',
      'patient.registration_submitted',
    ])
    expect(events[1]!.payload).toEqual({ step: 'medical', from: 'new', to: 'in-progress' })
    expect(events[4]!.payload).toEqual({ step: 'preferences', from: 'in-progress', to: 'pending-review' })
    expect(JSON.stringify(events.map((event) => event.payload))).not.toMatch(/Arthritis|Medicare|Sam Clarke/)
    expect(await prisma.auditLog.count({ where: { entityId: patient.id, action: { in: ['create', 'update'] } } })).toBe(5)
  })

  test('views and sign-ins record no event', async () => {
    const actor = await staffActor()
    await recordAudit({ actor, action: 'view', entityType: 'Lead', entityId: 'viewed-lead' })
    await recordAudit({ actor, action: 'login', entityType: 'User', entityId: actor.userId })
    expect(await prisma.domainEvent.count({ where: { entityId: { in: ['viewed-lead', actor.userId!] } } })).toBe(0)
  })

  test('entity names become lower-case snake case', async () => {
    const actor = await staffActor()
    await recordAudit({ actor, action: 'update', entityType: 'IntegrationSetting', entityId: 'gohighlevel-naming' })
    const event = await prisma.domainEvent.findFirstOrThrow({ where: { entityId: 'gohighlevel-naming' } })
    expect(event.type).toBe('integration_setting.updated')
  })
})

describe('a change that rolls back leaves neither the entry nor the event', () => {
  test('a failure after the audit entry, inside the change’s transaction', async () => {
    const actor = await staffActor()
    const email = 'rolled.back@example.com'
    await expect(
      prisma.$transaction(async (tx) => {
        const lead = await tx.lead.create({ data: { firstName: 'Rolled', lastName: 'Back', email, phone: '1', searchText: '', phoneDigits: '' } })
        await recordAudit({ actor, action: 'create', entityType: 'Lead', entityId: lead.id }, tx)
        throw new Error('a later step failed')
      }),
    ).rejects.toThrow('a later step failed')
    expect(await prisma.lead.count({ where: { email } })).toBe(0)
    expect(await prisma.auditLog.count({ where: { entityType: 'Lead', userId: actor.userId } })).toBe(0)
    expect(await prisma.domainEvent.count({ where: { entityType: 'Lead', actorUserId: actor.userId } })).toBe(0)
  })

  test('the event cannot be written: the lead, its entry and the event are all absent', async () => {
    const actor = await staffActor()
    const input = leadInput()
    await expect(refuseDomainEvents(() => createLead(input, actor))).rejects.toThrow()
    expect(await prisma.lead.count({ where: { email: input.email } })).toBe(0)
    expect(await prisma.auditLog.count({ where: { userId: actor.userId } })).toBe(0)
  })

  test('an entry recorded without a transaction is written with its event or not at all', async () => {
    const actor = await staffActor()
    const entry = { actor, action: 'update', entityType: 'IntegrationSetting', entityId: 'boldsign-atomic' } as const
    await expect(refuseDomainEvents(() => recordAudit(entry))).rejects.toThrow()
    expect(await prisma.auditLog.count({ where: { entityId: 'boldsign-atomic' } })).toBe(0)
    await recordAudit(entry)
    expect(await prisma.auditLog.count({ where: { entityId: 'boldsign-atomic' } })).toBe(1)
    expect(await prisma.domainEvent.count({ where: { entityId: 'boldsign-atomic' } })).toBe(1)
  })
})

/** A subscriber that keeps what it was given and fails while `failing` says so. */
function recordingSubscriber(name: string, events: string[]) {
  const received: DomainEvent[] = []
  const subscriber = {
    name,
    events,
    failing: false as boolean,
    received,
    handle: async (event: DomainEvent) => {
      if (subscriber.failing) throw new Error(`${name} is down`)
      received.push(event)
    },
  } satisfies EventSubscriber & { failing: boolean; received: DomainEvent[] }
  return subscriber
}

function deliveryJobs(subscriber: string) {
  return prisma.job.findMany({
    where: { type: DELIVER_EVENT_JOB, payload: { path: ['subscriber'], equals: subscriber } },
    include: { runs: { orderBy: { attempt: 'asc' } } },
  })
}

describe('the worker delivers events to their subscribers', () => {
  beforeEach(async () => {
    // Events left by earlier tests go to nobody, so each test sees only its own.
    await dispatchDomainEvents([])
  })

  test('each event, in order, once to each subscriber of its type', async () => {
    const actor = await staffActor()
    const timeline = recordingSubscriber('timeline', ['lead.created', 'lead.updated'])
    const welcome = recordingSubscriber('welcome-mail', ['lead.created'])
    const registry = { jobHandlers: {}, eventSubscribers: [timeline, welcome] }

    const lead = await createLead(leadInput(), actor)
    await updateLead(lead.id, leadInput({ status: 'contacted' }), actor)
    await deleteLead(lead.id, actor)
    await runWorkerPass(registry)

    expect(timeline.received.map((event) => event.type)).toEqual(['lead.created', 'lead.updated'])
    expect(welcome.received.map((event) => event.type)).toEqual(['lead.created'])
    expect(welcome.received[0]).toMatchObject({
      entityType: 'Lead',
      entityId: lead.id,
      actorKind: 'user',
      actorUserId: actor.userId,
      payload: null,
    })
    // Every event is dispatched, including lead.deleted, which nobody subscribes to.
    expect(await prisma.domainEvent.count({ where: { entityId: lead.id, dispatchedAt: null } })).toBe(0)

    await makeJobsDue()
    await runWorkerPass(registry)
    expect(timeline.received).toHaveLength(2)
    expect(welcome.received).toHaveLength(1)
  })

  test('a failing subscriber is retried with backoff, blocks neither the others nor later events, and nobody gets an event twice', async () => {
    const actor = await staffActor()
    const mailer = recordingSubscriber('mailer', ['lead.created'])
    const dashboard = recordingSubscriber('dashboard', ['lead.created'])
    const registry = { jobHandlers: {}, eventSubscribers: [mailer, dashboard] }

    mailer.failing = true
    const first = await createLead(leadInput(), actor)
    await runWorkerPass(registry)
    expect(dashboard.received.map((event) => event.entityId)).toEqual([first.id])
    const [waiting] = await deliveryJobs('mailer')
    expect(waiting).toMatchObject({ status: 'pending', attempts: 1, lastError: 'mailer is down' })
    expect(waiting!.runAt.getTime()).toBeGreaterThan(Date.now() + 20_000)

    // The mailer is back; its first delivery is still backing off, the next event goes through.
    mailer.failing = false
    const second = await createLead(leadInput(), actor)
    await runWorkerPass(registry)
    expect(mailer.received.map((event) => event.entityId)).toEqual([second.id])

    await makeJobsDue()
    await runWorkerPass(registry)
    expect(mailer.received.map((event) => event.entityId)).toEqual([second.id, first.id])
    expect(dashboard.received.map((event) => event.entityId)).toEqual([first.id, second.id])

    const retried = (await deliveryJobs('mailer')).find((job) => job.id === waiting!.id)!
    expect(retried).toMatchObject({ status: 'done', attempts: 2, dedupeKey: null })
    expect(retried.runs.map((run) => [run.attempt, run.outcome, run.error])).toEqual([
      [1, 'failed', 'mailer is down'],
      [2, 'succeeded', null],
    ])
  })

  test('two subscribers may not share a name', async () => {
    const registry = { jobHandlers: {}, eventSubscribers: [recordingSubscriber('twin', []), recordingSubscriber('twin', [])] }
    await expect(runWorkerPass(registry)).rejects.toThrow('Two event subscribers are named twin')
  })
})
