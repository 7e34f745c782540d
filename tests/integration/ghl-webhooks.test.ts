import { describe, expect, test } from 'vitest'
import { action as leadUpdates } from '~/routes/api.webhook.ghl.lead-updates'
import { action as formWebhook } from '~/routes/api.webhook.ghl.form'
import { GHL_CONTACT_EVENT_JOB, GHL_FORM_SUBMISSION_JOB, GHL_WEBHOOK_PROVIDER } from '~/features/leads/ghl-webhooks.server'
import { GHL_SYNC_JOB } from '~/features/leads/ghl-sync.server'
import { createLead } from '~/features/leads/leads.server'
import { leadSchema } from '~/features/leads/schema'
import { jobHandlers } from '~/features/job-handlers.server'
import { GHL_WEBHOOK_BODY_LIMIT_BYTES } from '~/features/leads/ghl-webhook-route.server'
import { systemActor } from '~/platform/actor'
import { prisma } from '~/platform/db.server'
import { runDueJobs } from '~/platform/jobs.server'
import { callRoute } from '#tests/support/fixtures'
import { useFakeGhl } from '#tests/support/ghl'
import { ghlDelivery, useGhlWebhookKeys } from '#tests/support/ghl-webhooks'

// GoHighLevel is configured and reachable: a change made here would be sent there.
const fake = useFakeGhl()
const keys = useGhlWebhookKeys()

const unique = () => Math.random().toString(36).slice(2, 10)

async function seedLead(values: Partial<Record<string, string>> = {}) {
  const id = unique()
  return createLead(
    leadSchema.parse({ firstName: 'Ada', lastName: 'Lovelace', email: `ada-${id}@example.com`, phone: '5551234567', status: 'new', ...values }),
    systemActor('test'),
  )
}

function contactEvent(values: Record<string, unknown>) {
  return { type: 'ContactUpdate', webhookId: `wh-${unique()}`, timestamp: new Date().toISOString(), locationId: fake.ghl.locationId, ...values }
}

const postLeadUpdate = (body: unknown, options?: Parameters<typeof ghlDelivery>[3]) =>
  callRoute(leadUpdates, ghlDelivery('/api/webhook/ghl/lead-updates', body, keys, options))
const postForm = (body: unknown, options?: Parameters<typeof ghlDelivery>[3]) => callRoute(formWebhook, ghlDelivery('/api/webhook/ghl/form', body, keys, options))

describe('POST /api/webhook/ghl/lead-updates', () => {
  test('a signed contact update is queued (202), then the job updates the lead, audited, without echoing it back', async () => {
    const lead = await seedLead({ status: 'contacted' })
    await prisma.lead.update({ where: { id: lead.id }, data: { ghlContactId: `contact-${lead.id}`, ghlSyncStatus: 'synced' } })
    const event = contactEvent({
      id: `contact-${lead.id}`,
      firstName: 'Augusta',
      lastName: 'King',
      email: lead.email,
      phone: '+1 555 987 6543',
      tags: ['vip', 'status:qualified'],
    })
    const response = await postLeadUpdate(event)
    expect(response.status).toBe(202)
    expect(await response.json()).toEqual({ received: true })
    // Nothing changes until the queue runs the job.
    expect((await prisma.lead.findUniqueOrThrow({ where: { id: lead.id } })).firstName).toBe('Ada')
    expect(await prisma.job.count({ where: { type: GHL_CONTACT_EVENT_JOB, status: 'pending' } })).toBe(1)

    const requestsBefore = fake.ghl.requests.length
    await runDueJobs(jobHandlers)
    const updated = await prisma.lead.findUniqueOrThrow({ where: { id: lead.id } })
    expect(updated).toMatchObject({ firstName: 'Augusta', lastName: 'King', phone: '(555) 987-6543', status: 'qualified' })
    const audit = await prisma.auditLog.findFirstOrThrow({ where: { entityType: 'Lead', entityId: lead.id, action: 'update' } })
    expect(audit).toMatchObject({ actorKind: 'system', actorLabel: 'ghl-webhook' })
    expect(await prisma.domainEvent.count({ where: { type: 'lead.updated', entityId: lead.id } })).toBe(1)
    // No echo: nothing was sent to GoHighLevel and no sync job waits for this lead.
    expect(fake.ghl.requests.length).toBe(requestsBefore)
    expect(await prisma.job.count({ where: { type: GHL_SYNC_JOB, payload: { path: ['leadId'], equals: lead.id } } })).toBe(0)
  })

  test('a legacy RSA-signed event for an unlinked lead finds it by e-mail and links the contact', async () => {
    const lead = await seedLead()
    const response = await postLeadUpdate(contactEvent({ type: 'ContactTagUpdate', id: `c-${lead.id}`, email: lead.email.toUpperCase(), tags: ['status:lost'] }), { scheme: 'rsa' })
    expect(response.status).toBe(202)
    await runDueJobs(jobHandlers)
    expect(await prisma.lead.findUniqueOrThrow({ where: { id: lead.id } })).toMatchObject({ status: 'lost', ghlContactId: `c-${lead.id}`, firstName: 'Ada' })
  })

  test('a lead linked to another contact is not taken over by a contact with the same e-mail', async () => {
    const lead = await seedLead()
    await prisma.lead.update({ where: { id: lead.id }, data: { ghlContactId: `linked-${lead.id}` } })
    expect((await postLeadUpdate(contactEvent({ id: `other-${lead.id}`, email: lead.email, firstName: 'Impostor' }))).status).toBe(202)
    await runDueJobs(jobHandlers)
    expect(await prisma.lead.findUniqueOrThrow({ where: { id: lead.id } })).toMatchObject({ firstName: 'Ada', ghlContactId: `linked-${lead.id}` })
  })

  test('a repeated webhookId is acknowledged (200) and ignored', async () => {
    const lead = await seedLead()
    const event = contactEvent({ id: `c-${lead.id}`, email: lead.email, firstName: 'First' })
    expect((await postLeadUpdate(event)).status).toBe(202)
    const again = await postLeadUpdate(event)
    expect(again.status).toBe(200)
    expect(await again.json()).toEqual({ received: true, duplicate: true })
    expect(await prisma.webhookEvent.count({ where: { provider: GHL_WEBHOOK_PROVIDER, eventId: event.webhookId } })).toBe(1)
    expect(await prisma.job.count({ where: { type: GHL_CONTACT_EVENT_JOB, dedupeKey: `ghl.webhook:${event.webhookId}` } })).toBe(1)
  })

  test('unsigned, forged, stale and future deliveries are refused (401) and nothing is recorded', async () => {
    const lead = await seedLead()
    const event = contactEvent({ id: `c-${lead.id}`, email: lead.email, firstName: 'Forged' })
    const unsigned = await postLeadUpdate(event, { scheme: 'none' })
    expect(unsigned.status).toBe(401)
    expect((await unsigned.json()).error).toBe('Missing signature')
    // The signature of the original body on an altered one.
    const tampered = await callRoute(
      leadUpdates,
      new Request('http://localhost/api/webhook/ghl/lead-updates', {
        method: 'POST',
        body: JSON.stringify({ ...event, firstName: 'Tampered' }),
        headers: { 'x-ghl-signature': ghlDelivery('/x', event, keys).headers.get('x-ghl-signature')! },
      }),
    )
    expect(tampered.status).toBe(401)
    expect((await tampered.json()).error).toBe('Invalid signature')
    expect(await prisma.webhookEvent.count({ where: { eventId: event.webhookId } })).toBe(0)

    const stale = contactEvent({ id: `c-${lead.id}`, timestamp: new Date(Date.now() - 6 * 60 * 1000).toISOString() })
    expect((await postLeadUpdate(stale)).status).toBe(401)
    const future = contactEvent({ id: `c-${lead.id}`, timestamp: new Date(Date.now() + 10 * 60 * 1000).toISOString() })
    expect((await postLeadUpdate(future)).status).toBe(401)
    expect(await prisma.webhookEvent.count({ where: { eventId: { in: [stale.webhookId, future.webhookId] } } })).toBe(0)
  })

  test('malformed bodies are 400 with a JSON error; too large is 413; other event types are acknowledged and ignored', async () => {
    const notJson = await postLeadUpdate(null, { raw: '{"webhookId": "x",' })
    expect(notJson.status).toBe(400)
    expect(await notJson.json()).toEqual({ error: 'Request body must be valid JSON' })
    const noContact = await postLeadUpdate(contactEvent({}))
    expect(noContact.status).toBe(400)
    expect((await noContact.json()).error).toBe('Invalid contact event')
    const noTimestamp = await postLeadUpdate(contactEvent({ id: 'c-x', timestamp: undefined }))
    expect(noTimestamp.status).toBe(400)
    const array = await postLeadUpdate([1, 2])
    expect(array.status).toBe(400)
    const large = await postLeadUpdate(null, { raw: JSON.stringify(contactEvent({ id: 'c-x', notes: 'x'.repeat(GHL_WEBHOOK_BODY_LIMIT_BYTES) })) })
    expect(large.status).toBe(413)
    const other = contactEvent({ type: 'OpportunityCreate', id: 'opp-1' })
    const ignored = await postLeadUpdate(other)
    expect(ignored.status).toBe(200)
    expect(await ignored.json()).toEqual({ received: true, ignored: true })
    expect(await prisma.webhookEvent.count({ where: { eventId: other.webhookId } })).toBe(0)
  })
})

describe('POST /api/webhook/ghl/form', () => {
  function submission(values: Record<string, unknown>) {
    return { webhookId: `wh-${unique()}`, timestamp: new Date().toISOString(), ...values }
  }

  test('a new e-mail creates a lead (lead.created recorded) with the form source, linked to its contact, not sent back', async () => {
    const email = `new-${unique()}@example.com`
    const response = await postForm(submission({ contact_id: 'contact-new', first_name: 'Grace', last_name: 'Hopper', email, phone: '555-222-3333' }))
    expect(response.status).toBe(202)
    expect(await prisma.lead.count({ where: { email } })).toBe(0)
    const requestsBefore = fake.ghl.requests.length
    await runDueJobs(jobHandlers)
    const lead = await prisma.lead.findFirstOrThrow({ where: { email } })
    expect(lead).toMatchObject({ firstName: 'Grace', lastName: 'Hopper', phone: '(555) 222-3333', status: 'new', source: 'GoHighLevel form', ghlContactId: 'contact-new', ghlSyncStatus: 'synced' })
    expect(await prisma.domainEvent.count({ where: { type: 'lead.created', entityId: lead.id } })).toBe(1)
    expect(await prisma.auditLog.count({ where: { entityId: lead.id, action: 'create', actorLabel: 'ghl-webhook' } })).toBe(1)
    expect(fake.ghl.requests.length).toBe(requestsBefore)
    expect(await prisma.job.count({ where: { type: GHL_SYNC_JOB, payload: { path: ['leadId'], equals: lead.id } } })).toBe(0)
  })

  test('a known e-mail updates that lead (lead.updated) and keeps its source; the payload may name the source', async () => {
    const lead = await seedLead({ source: 'referral' })
    expect((await postForm(submission({ firstName: 'Ada', lastName: 'Byron', email: lead.email, phone: '5551234567', source: 'Spring campaign' }))).status).toBe(202)
    await runDueJobs(jobHandlers)
    expect(await prisma.lead.count({ where: { email: lead.email } })).toBe(1)
    expect(await prisma.lead.findUniqueOrThrow({ where: { id: lead.id } })).toMatchObject({ lastName: 'Byron', source: 'referral' })
    expect(await prisma.domainEvent.count({ where: { type: 'lead.updated', entityId: lead.id } })).toBe(1)

    const email = `named-${unique()}@example.com`
    await postForm(submission({ full_name: 'Katherine Coleman Johnson', email, phone: '5553334444', source: 'Spring campaign' }))
    await runDueJobs(jobHandlers)
    expect(await prisma.lead.findFirstOrThrow({ where: { email } })).toMatchObject({ firstName: 'Katherine', lastName: 'Coleman Johnson', source: 'Spring campaign' })
  })

  test('an incomplete submission is 400 with field errors and nothing is saved or queued', async () => {
    const body = submission({ first_name: 'No', last_name: 'Email', phone: '5551112222' })
    const response = await postForm(body)
    expect(response.status).toBe(400)
    const answer = await response.json()
    expect(answer.error).toBe('Invalid form submission')
    expect(answer.fieldErrors.email).toBeDefined()
    expect(await prisma.webhookEvent.count({ where: { eventId: body.webhookId } })).toBe(0)
    expect(await prisma.job.count({ where: { type: GHL_FORM_SUBMISSION_JOB, dedupeKey: `ghl.webhook:${body.webhookId}` } })).toBe(0)
  })

  test('the form webhook refuses unsigned deliveries and acknowledges repeats', async () => {
    const body = submission({ first_name: 'Rep', last_name: 'Eat', email: `rep-${unique()}@example.com`, phone: '5551112222' })
    expect((await postForm(body, { scheme: 'none' })).status).toBe(401)
    expect((await postForm(body, { scheme: 'rsa' })).status).toBe(202)
    const again = await postForm(body)
    expect(again.status).toBe(200)
    expect(await again.json()).toEqual({ received: true, duplicate: true })
  })
})
