import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest'
import { action as boldsignWebhook } from '~/routes/api.webhook.boldsign'
import { action as goformzWebhook } from '~/routes/api.webhook.goformz.$secret'
import { jobHandlers, recurringJobs } from '~/features/job-handlers.server'
import { requestLeadSignature, sendStoredRequestNow } from '~/features/esign/requests.server'
import { cancelEsignRequest, remindEsignRequest, runEsignSweepJob } from '~/features/esign/tracking.server'
import { esignSendSchema } from '~/features/esign/schema'
import { saveGoformzSettings } from '~/integrations/goformz/settings.server'
import { signBoldsignBody } from '~/integrations/boldsign/webhook.server'
import { prisma } from '~/platform/db.server'
import { resetEnvCache } from '~/platform/env.server'
import { ConflictError } from '~/platform/errors'
import { runDueJobs } from '~/platform/jobs.server'
import { getStorage } from '~/platform/storage.server'
import { scheduleRecurringJobs } from '~/platform/worker.server'
import { callRoute, createTestUser, testActor } from '#tests/support/fixtures'
import { useFakeGoformz } from '#tests/support/goformz'
import { useFakeBoldsign } from '#tests/support/boldsign'

const fake = useFakeGoformz()
const bold = useFakeBoldsign()
const WEBHOOK_SECRET = 'whsec_tracking_secret'
const GOFORMZ_SECRET = 'goformz-hook-0123456789abcdef'
const DAY = 24 * 60 * 60 * 1000

let actor: ReturnType<typeof testActor>

beforeAll(() => {
  process.env.BOLDSIGN_WEBHOOK_SECRET = WEBHOOK_SECRET
  process.env.GOFORMZ_WEBHOOK_SECRET = GOFORMZ_SECRET
  resetEnvCache()
})
afterAll(() => {
  delete process.env.BOLDSIGN_WEBHOOK_SECRET
  delete process.env.GOFORMZ_WEBHOOK_SECRET
  resetEnvCache()
})

async function configureGoformz(reminders = true) {
  await saveGoformzSettings({
    accountName: 'Sunrise Home Care',
    apiKey: fake.goformz.clientId,
    apiSecret: fake.goformz.clientSecret,
    baseUrl: fake.goformz.apiUrl,
    oauthUrl: fake.goformz.tokenUrl,
    isActive: true,
    defaultExpiryDays: 30,
    enableEmailNotifications: true,
    enableESignatureReminders: reminders,
    assigneeType: null,
    assigneeId: null,
  })
}

beforeEach(async () => {
  await prisma.job.deleteMany()
  await prisma.esignRequest.deleteMany()
  await prisma.webhookEvent.deleteMany()
  bold.boldsign.documents.length = 0
  await configureGoformz()
  actor = testActor((await createTestUser('coordinator')).id)
})

async function sentRequest(provider: 'goformz' | 'boldsign') {
  const lead = await prisma.lead.create({
    data: { firstName: 'Maria', lastName: 'Garcia', email: 'maria@example.com', phone: '2015551000', searchText: 'maria garcia', phoneDigits: '2015551000' },
  })
  const input = esignSendSchema.parse({ provider, templateId: provider === 'goformz' ? 'tmpl-intake' : 'bs-tmpl-consent' })
  const stored = await requestLeadSignature(lead.id, input, actor)
  const { request } = await sendStoredRequestNow(stored.id)
  expect(request.status).toBe('sent')
  return request
}

/** Runs every queued job now, as the worker would once their time comes. */
async function runJobsNow() {
  await prisma.job.updateMany({ where: { status: 'pending' }, data: { runAt: new Date(Date.now() - 1000) } })
  await runDueJobs(jobHandlers)
}

let eventCount = 0
function boldsignEvent(eventType: string, documentId: string, { secret = WEBHOOK_SECRET, id }: { secret?: string; id?: string } = {}) {
  const raw = JSON.stringify({
    event: { id: id ?? `evt-${++eventCount}-${Math.random()}`, eventType, created: Math.floor(Date.now() / 1000) },
    data: { object: 'document', documentId, status: eventType },
  })
  return callRoute(
    boldsignWebhook,
    new Request('http://localhost/api/webhook/boldsign', {
      method: 'POST',
      body: raw,
      headers: { 'content-type': 'application/json', 'x-boldsign-signature': signBoldsignBody(raw, secret), 'x-boldsign-event': eventType },
    }),
  )
}

function goformzEvent(secret: string, formId: string) {
  return callRoute(
    goformzWebhook,
    new Request(`http://localhost/api/webhook/goformz/${secret}`, {
      method: 'POST',
      body: JSON.stringify({ EventType: 'form.complete', EntityId: formId, Item: { Id: formId, Url: 'https://example.invalid' } }),
      headers: { 'content-type': 'application/json' },
    }),
    { secret },
  )
}

async function current(id: string) {
  return prisma.esignRequest.findUniqueOrThrow({ where: { id }, include: { events: { orderBy: { occurredAt: 'asc' } } } })
}

async function storedCopy(documentId: string | null) {
  expect(documentId).not.toBeNull()
  const document = await prisma.document.findUniqueOrThrow({ where: { id: documentId! } })
  const chunks: Buffer[] = []
  for await (const chunk of getStorage().read(document.storageKey)) chunks.push(chunk as Buffer)
  return { document, head: Buffer.concat(chunks).subarray(0, 5).toString() }
}

describe('BoldSign document webhooks', () => {
  test('viewed, signed, completed: the request follows, the signed PDF goes to the library as an agreement', async () => {
    const request = await sentRequest('boldsign')
    const documentId = request.providerRequestId!
    for (const type of ['Viewed', 'Signed', 'Completed']) expect((await boldsignEvent(type, documentId)).status).toBe(200)
    const after = await current(request.id)
    expect(after).toMatchObject({ status: 'completed' })
    expect(after.viewedAt && after.signedAt && after.completedAt).toBeTruthy()
    expect(after.events.map((event) => event.type)).toEqual(['requested', 'sent', 'viewed', 'signed', 'completed'])

    bold.boldsign.documents[0]!.status = 'Completed'
    await runJobsNow()
    const fetched = await current(request.id)
    const { document, head } = await storedCopy(fetched.signedDocumentId)
    expect(document).toMatchObject({ category: 'agreements', name: 'Healthcare Document - Maria Garcia (signed)', description: 'Signed by Maria Garcia through BoldSign' })
    expect(head).toBe('%PDF-')
    expect(fetched.events.at(-1)?.type).toBe('signed_copy_stored')
    const audited = await prisma.auditLog.findMany({ where: { entityId: request.id, action: 'update' }, select: { details: true } })
    expect(audited.map((entry) => (entry.details as { status?: string } | null)?.status).filter(Boolean)).toEqual(
      expect.arrayContaining(['viewed', 'signed', 'completed']),
    )
  })

  test('a replayed event is acknowledged as a duplicate and changes nothing; a late one does not go back', async () => {
    const request = await sentRequest('boldsign')
    const documentId = request.providerRequestId!
    expect(await (await boldsignEvent('Completed', documentId, { id: 'evt-fixed' })).json()).toEqual({ received: true })
    expect(await (await boldsignEvent('Completed', documentId, { id: 'evt-fixed' })).json()).toEqual({ received: true, duplicate: true })
    await boldsignEvent('Viewed', documentId)
    const after = await current(request.id)
    expect(after.status).toBe('completed')
    expect(after.events.filter((event) => event.type === 'completed')).toHaveLength(1)
    expect(after.events.some((event) => event.type === 'viewed')).toBe(false)
  })

  test('a forged event (wrong secret) is refused and changes nothing', async () => {
    const request = await sentRequest('boldsign')
    const response = await boldsignEvent('Completed', request.providerRequestId!, { secret: 'not-the-secret' })
    expect(response.status).toBe(401)
    expect((await current(request.id)).status).toBe('sent')
    expect(await prisma.webhookEvent.count()).toBe(0)
  })

  test('declined and revoked end the request', async () => {
    const declined = await sentRequest('boldsign')
    await boldsignEvent('Declined', declined.providerRequestId!)
    expect((await current(declined.id)).status).toBe('declined')
    const revoked = await sentRequest('boldsign')
    await boldsignEvent('Revoked', revoked.providerRequestId!)
    expect((await current(revoked.id)).status).toBe('cancelled')
  })
})

describe('the GoFormz webhook', () => {
  test('only at the secret address; its claim is checked with GoFormz before anything changes', async () => {
    const request = await sentRequest('goformz')
    const formId = request.providerRequestId!
    expect((await goformzEvent('wrong-secret-wrong-secret-00', formId)).status).toBe(404)
    expect(await prisma.job.count({ where: { type: 'esign.refresh' } })).toBe(0)

    // The form is still a draft at GoFormz: a delivery claiming completion changes nothing.
    expect((await goformzEvent(GOFORMZ_SECRET, formId)).status).toBe(202)
    await runJobsNow()
    expect((await current(request.id)).status).toBe('sent')

    fake.goformz.forms[0]!.status = 'Complete'
    await goformzEvent(GOFORMZ_SECRET, formId)
    await goformzEvent(GOFORMZ_SECRET, formId)
    // A replay while the first is queued is the same job.
    expect(await prisma.job.count({ where: { type: 'esign.refresh', status: 'pending' } })).toBe(1)
    await runJobsNow()
    await runJobsNow()
    const after = await current(request.id)
    expect(after.status).toBe('completed')
    const { document } = await storedCopy(after.signedDocumentId)
    expect(document).toMatchObject({ category: 'agreements', description: 'Signed by Maria Garcia through GoFormz' })
  })

  test('without a configured secret the address does not exist', async () => {
    delete process.env.GOFORMZ_WEBHOOK_SECRET
    resetEnvCache()
    try {
      expect((await goformzEvent(GOFORMZ_SECRET, 'any')).status).toBe(404)
    } finally {
      process.env.GOFORMZ_WEBHOOK_SECRET = GOFORMZ_SECRET
      resetEnvCache()
    }
  })
})

describe('the sweep', () => {
  test('expires a request at its expiry date', async () => {
    const request = await sentRequest('boldsign')
    await runEsignSweepJob(new Date(request.expiresAt!.getTime() - 1000))
    expect((await current(request.id)).status).toBe('sent')
    await runEsignSweepJob(new Date(request.expiresAt!.getTime() + 1000))
    const after = await current(request.id)
    expect(after.status).toBe('expired')
    expect(after.events.at(-1)).toMatchObject({ type: 'expired', detail: 'The expiry date passed' })
  })

  test('reminders: after 3 days, then weekly, through BoldSign; none when reminders are off', async () => {
    const request = await sentRequest('boldsign')
    const sentAt = request.sentAt!.getTime()
    await runEsignSweepJob(new Date(sentAt + 2 * DAY))
    await runJobsNow()
    expect(bold.boldsign.documents[0]!.reminders).toBe(0)
    await runEsignSweepJob(new Date(sentAt + 3 * DAY + 1000))
    await runJobsNow()
    expect(bold.boldsign.documents[0]!.reminders).toBe(1)
    const reminded = await current(request.id)
    expect(reminded.events.at(-1)).toMatchObject({ type: 'reminder_sent', detail: 'Automatic' })
    // The next sweep, soon after: not again until a week has passed.
    await runEsignSweepJob(new Date(reminded.lastReminderAt!.getTime() + 6 * DAY))
    await runJobsNow()
    expect(bold.boldsign.documents[0]!.reminders).toBe(1)
    await runEsignSweepJob(new Date(reminded.lastReminderAt!.getTime() + 7 * DAY + 1000))
    await runJobsNow()
    expect(bold.boldsign.documents[0]!.reminders).toBe(2)

    await configureGoformz(false)
    const quiet = await sentRequest('boldsign')
    await runEsignSweepJob(new Date(quiet.sentAt!.getTime() + 30 * DAY - 1000))
    await runJobsNow()
    expect(bold.boldsign.documents.find((document) => document.documentId === quiet.providerRequestId)!.reminders).toBe(0)
  })

  test('asks the provider about a request its webhooks never settled; an outage is retried', async () => {
    const request = await sentRequest('boldsign')
    bold.boldsign.documents[0]!.status = 'Completed'
    bold.boldsign.setMode('server-error')
    await runEsignSweepJob(new Date(Date.now() + 60 * 60 * 1000))
    await runJobsNow()
    expect((await current(request.id)).status).toBe('sent')
    expect(await prisma.job.findFirstOrThrow({ where: { type: 'esign.refresh' } })).toMatchObject({ status: 'pending' })
    bold.boldsign.setMode('ok')
    await runJobsNow()
    await runJobsNow()
    const after = await current(request.id)
    expect(after.status).toBe('completed')
    expect(after.signedDocumentId).not.toBeNull()
  })

  test('is queued by the worker once, however often it asks', async () => {
    await scheduleRecurringJobs(recurringJobs)
    await scheduleRecurringJobs(recurringJobs)
    const sweeps = await prisma.job.findMany({ where: { type: 'esign.sweep' } })
    expect(sweeps).toHaveLength(1)
    expect(sweeps[0]!.runAt.getTime()).toBeGreaterThan(Date.now() + 14 * 60 * 1000)
  })
})

describe('reminding and cancelling by hand', () => {
  test('a reminder through BoldSign, on the timeline and the trail with who asked', async () => {
    const request = await sentRequest('boldsign')
    const result = await remindEsignRequest(request.id, actor)
    expect(result.outcome).toBe('succeeded')
    expect(bold.boldsign.documents[0]!.reminders).toBe(1)
    expect((await current(request.id)).events.at(-1)).toMatchObject({ type: 'reminder_sent', detail: 'Sent by staff' })
    expect(await prisma.auditLog.count({ where: { entityId: request.id, userId: actor.userId, details: { path: ['automatic'], equals: false } } })).toBe(1)
  })

  test('GoFormz has no reminder call: said so, nothing queued', async () => {
    const request = await sentRequest('goformz')
    await expect(remindEsignRequest(request.id, actor)).rejects.toThrow(ConflictError)
    expect(await prisma.job.count({ where: { type: 'esign.remind' } })).toBe(0)
  })

  test('cancel: cancelled here and withdrawn at BoldSign; a settled request cannot be cancelled', async () => {
    const request = await sentRequest('boldsign')
    const cancelled = await cancelEsignRequest(request.id, actor)
    expect(cancelled.status).toBe('cancelled')
    expect(bold.boldsign.documents[0]).toMatchObject({ status: 'Revoked' })
    expect((await current(request.id)).events.map((event) => event.type).slice(-2)).toEqual(['cancelled', 'revoked'])
    await expect(cancelEsignRequest(request.id, actor)).rejects.toThrow(ConflictError)
    await expect(remindEsignRequest(request.id, actor)).rejects.toThrow(ConflictError)
  })

  test('cancelling a request still being sent means it is never sent', async () => {
    const lead = await prisma.lead.create({
      data: { firstName: 'Ann', lastName: 'Lee', email: 'ann@example.com', phone: '2015551001', searchText: 'ann lee', phoneDigits: '2015551001' },
    })
    const stored = await requestLeadSignature(lead.id, esignSendSchema.parse({ provider: 'boldsign', templateId: 'bs-tmpl-consent' }), actor)
    await cancelEsignRequest(stored.id, actor)
    await runJobsNow()
    expect(bold.boldsign.documents).toHaveLength(0)
    expect((await current(stored.id)).status).toBe('cancelled')
  })
})
