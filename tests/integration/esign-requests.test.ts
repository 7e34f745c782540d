import { beforeEach, describe, expect, test } from 'vitest'
import { jobHandlers } from '~/features/job-handlers.server'
import { requestLeadSignature, requestTestSignature } from '~/features/esign/requests.server'
import { esignSendSchema } from '~/features/esign/schema'
import { saveGoformzSettings } from '~/integrations/goformz/settings.server'
import { prisma } from '~/platform/db.server'
import { ConflictError, NotFoundError } from '~/platform/errors'
import { enqueueJob, runDueJobs } from '~/platform/jobs.server'
import { createTestUser, failDatabaseWrites, testActor } from '#tests/support/fixtures'
import { expectConsoleErrors } from '#tests/support/console-errors'
import { useFakeGoformz } from '#tests/support/goformz'
import { useFakeBoldsign } from '#tests/support/boldsign'

const fake = useFakeGoformz()
const bold = useFakeBoldsign()

let actor: ReturnType<typeof testActor>

beforeEach(async () => {
  await prisma.job.deleteMany()
  await prisma.esignRequest.deleteMany()
  bold.boldsign.documents.length = 0
  await saveGoformzSettings({
    accountName: 'Sunrise Home Care',
    apiKey: fake.goformz.clientId,
    apiSecret: fake.goformz.clientSecret,
    baseUrl: fake.goformz.apiUrl,
    oauthUrl: fake.goformz.tokenUrl,
    isActive: true,
    defaultExpiryDays: 21,
    enableEmailNotifications: true,
    enableESignatureReminders: true,
    assigneeType: 'Group',
    assigneeId: 'intake-team',
  })
  actor = testActor((await createTestUser('coordinator')).id)
})

async function lead() {
  return prisma.lead.create({
    data: { firstName: 'Maria', lastName: 'Garcia', email: 'maria@example.com', phone: '(201) 555-1000', searchText: 'maria garcia', phoneDigits: '2015551000' },
  })
}

const input = (values: Record<string, unknown>) => esignSendSchema.parse(values)

/** Runs the queued jobs now, as the worker would once their time comes. */
async function runJobsNow() {
  await prisma.job.updateMany({ where: { status: 'pending' }, data: { runAt: new Date(Date.now() - 1000) } })
  await runDueJobs(jobHandlers)
}

async function timeline(requestId: string) {
  return (await prisma.esignRequestEvent.findMany({ where: { requestId }, orderBy: { occurredAt: 'asc' } })).map((event) => event.type)
}

describe('e-signature requests', () => {
  test('stored with the defaults before GoFormz is called, then sent by the job: a form with the lead’s fields, assigned', async () => {
    const { id: leadId } = await lead()
    fake.goformz.setMode('server-error')
    const request = await requestLeadSignature(leadId, input({ provider: 'goformz', templateId: 'tmpl-intake', templateName: 'Client Intake Packet' }), actor)
    expect(request).toMatchObject({
      status: 'sending',
      leadId,
      title: 'Healthcare Form - Maria Garcia',
      message: 'Please review and sign this healthcare document.',
      expirationDays: 30,
      recipientEmail: 'maria@example.com',
      sentById: actor.userId,
      isTest: false,
      providerRequestId: null,
    })
    expect(fake.goformz.forms).toHaveLength(0)
    const [job] = await prisma.job.findMany()
    expect(job).toMatchObject({ type: 'esign.send', dedupeKey: `esign.send:${request.id}` })
    expect(await prisma.auditLog.count({ where: { entityType: 'EsignRequest', entityId: request.id, action: 'create' } })).toBe(1)

    fake.goformz.setMode('ok')
    await runJobsNow()
    const sent = await prisma.esignRequest.findUniqueOrThrow({ where: { id: request.id } })
    expect(sent).toMatchObject({ status: 'sent', lastError: null, sendAttempts: 1 })
    expect(fake.goformz.forms).toEqual([
      expect.objectContaining({
        formId: sent.providerRequestId,
        templateId: 'tmpl-intake',
        name: `Healthcare Form - Maria Garcia (ref ${request.id.slice(0, 8)})`,
        assignment: { id: 'intake-team', type: 'Group' },
        fields: {
          patient_name: { value: 'Maria Garcia', type: 'Text' },
          patient_email: { value: 'maria@example.com', type: 'Text' },
          patient_phone: { value: '(201) 555-1000', type: 'Text' },
          lead_id: { value: leadId, type: 'Text' },
        },
      }),
    ])
    expect(await timeline(request.id)).toEqual(['requested', 'sent'])
  })

  test('BoldSign: the template sent to the lead as signer with the title, message and expiry, labelled with the request', async () => {
    const { id: leadId } = await lead()
    const request = await requestLeadSignature(
      leadId,
      input({ provider: 'boldsign', templateId: 'bs-tmpl-consent', title: 'Consent', message: 'Please sign', expirationDays: '14' }),
      actor,
    )
    await runJobsNow()
    const sent = await prisma.esignRequest.findUniqueOrThrow({ where: { id: request.id } })
    expect(sent.status).toBe('sent')
    expect(bold.boldsign.documents).toEqual([
      expect.objectContaining({
        documentId: sent.providerRequestId,
        templateId: 'bs-tmpl-consent',
        title: 'Consent',
        message: 'Please sign',
        expiryDays: 14,
        labels: [request.id],
        roles: [expect.objectContaining({ roleIndex: 1, signerName: 'Maria Garcia', signerEmail: 'maria@example.com' })],
      }),
    ])
  })

  test('a refusal fails the request with the provider’s reason, not retried', async () => {
    const { id: leadId } = await lead()
    fake.goformz.setMode('bad-request')
    const request = await requestLeadSignature(leadId, input({ provider: 'goformz', templateId: 'tmpl-intake' }), actor)
    await runJobsNow()
    expect(await prisma.esignRequest.findUniqueOrThrow({ where: { id: request.id } })).toMatchObject({
      status: 'failed',
      lastError: 'GoFormz refused the request (400): Template not found',
    })
    expect(await timeline(request.id)).toEqual(['requested', 'send_failed'])
    expect((await prisma.job.findFirstOrThrow()).status).toBe('failed')
  })

  test('an outage keeps the request and retries it; sent once when the provider is back', async () => {
    const { id: leadId } = await lead()
    bold.boldsign.setMode('server-error')
    const request = await requestLeadSignature(leadId, input({ provider: 'boldsign', templateId: 'bs-tmpl-service' }), actor)
    await runJobsNow()
    expect(await prisma.esignRequest.findUniqueOrThrow({ where: { id: request.id } })).toMatchObject({
      status: 'sending',
      lastError: 'BoldSign is unavailable (500): Internal Server Error',
    })
    expect((await prisma.job.findFirstOrThrow()).status).toBe('pending')
    bold.boldsign.setMode('ok')
    await runJobsNow()
    expect((await prisma.esignRequest.findUniqueOrThrow({ where: { id: request.id } })).status).toBe('sent')
    expect(bold.boldsign.documents).toHaveLength(1)
    expect(await timeline(request.id)).toEqual(['requested', 'send_retrying', 'sent'])
  })

  test.each(['goformz', 'boldsign'] as const)('%s: a send whose answer was lost is found on the retry, never sent twice', async (provider) => {
    const { id: leadId } = await lead()
    const templateId = provider === 'goformz' ? 'tmpl-hipaa' : 'bs-tmpl-consent'
    // The token is fetched first, so only the create times out.
    if (provider === 'goformz') await requestTestSignature({ provider, templateId, recipientName: 'Test', recipientEmail: 'test@example.com' }, actor).then(runJobsNow)
    fake.goformz.forms.length = 0
    const made = () => (provider === 'goformz' ? fake.goformz.forms.length : bold.boldsign.documents.length)
    fake.goformz.setMode('timeout')
    bold.boldsign.setMode('timeout')
    const request = await requestLeadSignature(leadId, input({ provider, templateId }), actor)
    await runJobsNow()
    expect(made()).toBe(1)
    expect((await prisma.esignRequest.findUniqueOrThrow({ where: { id: request.id } })).status).toBe('sending')
    fake.goformz.setMode('ok')
    bold.boldsign.setMode('ok')
    await runJobsNow()
    const settled = await prisma.esignRequest.findUniqueOrThrow({ where: { id: request.id } })
    expect(settled).toMatchObject({ status: 'sent', sendAttempts: 2, lastError: null })
    expect(made()).toBe(1)
    expect(await timeline(request.id)).toEqual(['requested', 'send_retrying', 'reconciled'])
  })

  test('one send job per request: the dedupe key refuses a second', async () => {
    const { id: leadId } = await lead()
    const request = await requestLeadSignature(leadId, input({ provider: 'goformz', templateId: 'tmpl-intake' }), actor)
    expect(await enqueueJob('esign.send', { requestId: request.id }, { dedupeKey: `esign.send:${request.id}` })).toBeNull()
  })

  test('a provider not configured is refused before anything is stored; an unknown lead is not found', async () => {
    const { id: leadId } = await lead()
    await prisma.integrationSetting.deleteMany({ where: { provider: 'goformz' } })
    await expect(requestLeadSignature(leadId, input({ provider: 'goformz', templateId: 'tmpl-intake' }), actor)).rejects.toThrow(
      new ConflictError('GoFormz is not configured'),
    )
    await expect(requestLeadSignature('00000000-0000-4000-8000-000000000000', input({ provider: 'boldsign', templateId: 'x' }), actor)).rejects.toBeInstanceOf(
      NotFoundError,
    )
    expect(await prisma.esignRequest.count()).toBe(0)
  })

  test('a database outage stores neither the request nor its job', async () => {
    const { id: leadId } = await lead()
    expectConsoleErrors()
    const restore = failDatabaseWrites()
    try {
      await expect(requestLeadSignature(leadId, input({ provider: 'boldsign', templateId: 'bs-tmpl-consent' }), actor)).rejects.toThrow('database is down')
    } finally {
      restore()
    }
    expect(await prisma.esignRequest.count()).toBe(0)
    expect(await prisma.job.count()).toBe(0)
  })

  test('a test request has no lead, is marked as a test, and uses GoFormz’s default expiry', async () => {
    const request = await requestTestSignature(
      { provider: 'goformz', templateId: 'tmpl-hipaa', recipientName: 'Test Recipient', recipientEmail: 'test@example.com' },
      actor,
    )
    expect(request).toMatchObject({ isTest: true, leadId: null, expirationDays: 21, title: 'Healthcare Form - Test Recipient' })
    await runJobsNow()
    expect(fake.goformz.forms[0]?.fields).toMatchObject({ test_mode: { value: 'true', type: 'Text' } })
  })
})
