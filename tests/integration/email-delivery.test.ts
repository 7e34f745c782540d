import crypto from 'node:crypto'
import { beforeEach, describe, expect, test } from 'vitest'
import * as settingsPage from '~/routes/_app.settings.general'
import * as outboxApi from '~/routes/api.outbox'
import type { FormField } from '~/features/online-forms/form-fields'
import { runEmailDeliverJob } from '~/features/email/delivery.server'
import { EMAIL_DELIVER_JOB, queueEmail, type QueueEmailInput } from '~/features/email/outbox.server'
import { eventSubscribers, jobHandlers } from '~/features/job-handlers.server'
import { createOnlineFormDraft } from '~/features/online-forms/online-forms.server'
import { sendFormToLead } from '~/features/online-forms/submissions.server'
import { upsertGhlContact } from '~/integrations/gohighlevel/client.server'
import { getGhlConfig } from '~/integrations/settings.server'
import { prisma } from '~/platform/db.server'
import { resetEnvCache } from '~/platform/env.server'
import { MAX_ATTEMPTS, runJobNow } from '~/platform/jobs.server'
import { runWorkerPass } from '~/platform/worker.server'
import { callRoute, makeRequest, signedInUser, testActor, toastOf } from '#tests/support/fixtures'
import { useFakeGhl } from '#tests/support/ghl'
import { useFakeSmtp } from '#tests/support/smtp'

const fake = useFakeSmtp()
const ghl = useFakeGhl()

const unique = () => crypto.randomBytes(4).toString('hex')

function message(overrides: Partial<QueueEmailInput> = {}): QueueEmailInput {
  const id = unique()
  return {
    dedupeKey: `test:${id}`,
    toEmail: `family-${id}@example.com`,
    toName: 'Rosa Family',
    subject: `Your intake form ${id}`,
    html: `<p>Hello <strong>Rosa</strong> ${id}</p>`,
    text: `Hello Rosa ${id}`,
    entityType: 'Lead',
    entityId: crypto.randomUUID(),
    channel: 'smtp',
    ...overrides,
  }
}

const deliver = (id: string) => runJobNow(`email:${id}`, runEmailDeliverJob)
const row = (id: string) => prisma.outboundEmail.findUniqueOrThrow({ where: { id } })
const work = () => runWorkerPass({ jobHandlers, eventSubscribers })

beforeEach(async () => {
  await prisma.job.deleteMany({})
  await prisma.integrationSetting.deleteMany({ where: { provider: 'email' } })
})

describe('delivery through SMTP', () => {
  test('the message arrives with subject, html and text, under a Message-ID derived from the row; sent once, with its event', async () => {
    const input = message()
    const queued = await queueEmail(input)
    expect(queued).toMatchObject({ status: 'queued', created: true })
    // A second queueing of the same reason is the same message.
    expect(await queueEmail(input)).toMatchObject({ id: queued.id, created: false })

    expect(await deliver(queued.id)).toMatchObject({ outcome: 'succeeded' })
    expect(fake.smtp.messages).toHaveLength(1)
    const [mail] = fake.smtp.messages
    expect(mail!.to).toEqual([input.toEmail])
    expect(mail!.from).toBe('care@sunrise.example')
    expect(mail!.subject).toBe(input.subject)
    expect(mail!.html).toContain('<strong>Rosa</strong>')
    // A whole document, whose language and title a screen reader announces.
    expect(mail!.html).toMatch(/^<!DOCTYPE html><html lang="en">/)
    expect(mail!.html).toContain(`<title>${input.subject}</title>`)
    expect(mail!.text).toContain(input.text)
    expect(mail!.messageId).toBe(`<outbound-${queued.id}@sunrise.example>`)

    const sent = await row(queued.id)
    expect(sent).toMatchObject({ status: 'sent', attempts: 1, providerMessageId: `outbound-${queued.id}@sunrise.example`, lastError: null })
    expect(sent.sentAt).toBeInstanceOf(Date)
    const event = await prisma.domainEvent.findFirstOrThrow({ where: { type: 'outbound_email.sent', entityId: queued.id } })
    expect(event.payload).toEqual({ outboundEmailId: queued.id, dedupeKey: input.dedupeKey, entityType: 'Lead', entityId: input.entityId })
    expect(event.actorKind).toBe('system')
    const audit = await prisma.auditLog.findFirstOrThrow({ where: { entityType: 'OutboundEmail', entityId: queued.id } })
    expect(audit.userId).toBeNull()

    // Running the job again (a duplicate delivery) never sends a sent row again.
    await runEmailDeliverJob({ outboundEmailId: queued.id })
    expect(fake.smtp.messages).toHaveLength(1)
  })

  test('a 4xx deferral stays queued with the reason and is retried; the retry sends it once', async () => {
    const queued = await queueEmail(message())
    fake.smtp.setMode('temporary')
    expect(await deliver(queued.id)).toMatchObject({ outcome: 'failed' })
    expect(await row(queued.id)).toMatchObject({ status: 'queued', attempts: 1, lastError: expect.stringContaining('451') })
    const job = await prisma.job.findUniqueOrThrow({ where: { dedupeKey: `email:${queued.id}` } })
    expect(job.status).toBe('pending')
    expect(job.runAt.getTime()).toBeGreaterThan(Date.now())
    expect(fake.smtp.messages).toHaveLength(0)

    fake.smtp.setMode('ok')
    expect(await deliver(queued.id)).toMatchObject({ outcome: 'succeeded' })
    expect(fake.smtp.messages).toHaveLength(1)
    expect(await row(queued.id)).toMatchObject({ status: 'sent', attempts: 2, lastError: null })
    expect(await prisma.domainEvent.count({ where: { type: 'outbound_email.sent', entityId: queued.id } })).toBe(1)
  })

  test('a 5xx refusal fails the message for good, with the reason and its event', async () => {
    const input = message()
    const queued = await queueEmail(input)
    fake.smtp.setMode('refuse')
    expect(await deliver(queued.id)).toMatchObject({ outcome: 'gave_up' })
    const failed = await row(queued.id)
    expect(failed).toMatchObject({ status: 'failed', attempts: 1 })
    expect(failed.lastError).toMatch(/refused.*Recipient address rejected/)
    expect(failed.failedAt).toBeInstanceOf(Date)
    const event = await prisma.domainEvent.findFirstOrThrow({ where: { type: 'outbound_email.failed', entityId: queued.id } })
    expect(event.payload).toMatchObject({ outboundEmailId: queued.id, dedupeKey: input.dedupeKey })
  })

  test('a server that cannot be reached loses nothing: the message stays queued for the next attempt', async () => {
    process.env.SMTP_URL = 'smtp://127.0.0.1:1?tls=none'
    resetEnvCache()
    const queued = await queueEmail(message())
    expect(await deliver(queued.id)).toMatchObject({ outcome: 'failed' })
    expect(await row(queued.id)).toMatchObject({ status: 'queued', lastError: expect.stringContaining('could not be reached') })
    expect(await prisma.job.findUniqueOrThrow({ where: { dedupeKey: `email:${queued.id}` } })).toMatchObject({ status: 'pending' })
  })

  test('a dropped connection mid-conversation keeps the message queued', async () => {
    const queued = await queueEmail(message())
    fake.smtp.setMode('disconnect')
    expect(await deliver(queued.id)).toMatchObject({ outcome: 'failed' })
    expect(await row(queued.id)).toMatchObject({ status: 'queued', attempts: 1 })
    expect(fake.smtp.messages).toHaveLength(0)
  })

  test('no SMTP server at the last attempt fails it, saying so', async () => {
    delete process.env.SMTP_URL
    resetEnvCache()
    const queued = await queueEmail(message())
    await prisma.outboundEmail.update({ where: { id: queued.id }, data: { attempts: MAX_ATTEMPTS - 1 } })
    expect(await deliver(queued.id)).toMatchObject({ outcome: 'gave_up' })
    expect(await row(queued.id)).toMatchObject({ status: 'failed', lastError: expect.stringContaining('SMTP is not configured') })
  })
})

describe('delivery through GoHighLevel', () => {
  test('sends to the contact through the conversations API and keeps its message id', async () => {
    const config = (await getGhlConfig())!
    const id = unique()
    const { contactId } = await upsertGhlContact(config, { firstName: 'Rosa', lastName: id, email: `rosa-${id}@example.com`, phone: '2015550100' })
    const queued = await queueEmail(message({ channel: 'gohighlevel', ghlContactId: contactId, toEmail: `rosa-${id}@example.com` }))
    expect(await deliver(queued.id)).toMatchObject({ outcome: 'succeeded' })
    const email = ghl.ghl.emails.find((sent) => sent.contactId === contactId)!
    expect(email).toMatchObject({ emailTo: `rosa-${id}@example.com` })
    expect(ghl.ghl.requests.find((request) => request.path === '/conversations/messages')).toMatchObject({ version: '2021-04-15', body: { type: 'Email' } })
    expect(await row(queued.id)).toMatchObject({ status: 'sent', providerMessageId: email.messageId })
    expect(fake.smtp.messages).toHaveLength(0)
  })

  test('a recipient without a GoHighLevel contact fails with a clear reason', async () => {
    const queued = await queueEmail(message({ channel: 'gohighlevel', ghlContactId: null }))
    expect(await deliver(queued.id)).toMatchObject({ outcome: 'gave_up' })
    expect(await row(queued.id)).toMatchObject({ status: 'failed', lastError: expect.stringContaining('no GoHighLevel contact') })
  })

  test('GoHighLevel down keeps the message queued', async () => {
    const queued = await queueEmail(message({ channel: 'gohighlevel', ghlContactId: 'some-contact' }))
    ghl.ghl.setMode('server-error')
    expect(await deliver(queued.id)).toMatchObject({ outcome: 'failed' })
    expect(await row(queued.id)).toMatchObject({ status: 'queued', lastError: expect.stringContaining('unavailable') })
  })
})

const FIELDS: FormField[] = [{ name: 'first_name', type: 'text', label: 'First Name', required: true }]

async function leadAndForm() {
  const { user } = await signedInUser('coordinator')
  const draft = await createOnlineFormDraft(
    { schema: { title: 'Home Care Intake', fields: FIELDS, totalPages: 1, extractedAt: new Date().toISOString(), fallbackFields: false }, sourceFileName: 'intake.pdf' },
    testActor(user.id),
  )
  await prisma.onlineForm.update({ where: { id: draft.id }, data: { status: 'published', publishedAt: new Date() } })
  const suffix = unique()
  const lead = await prisma.lead.create({
    data: { firstName: 'Rosa', lastName: `Mail${suffix}`, email: `rosa-${suffix}@example.com`, phone: '(201) 555-0100', searchText: `rosa mail${suffix}`, phoneDigits: '2015550100' },
  })
  return { lead, formId: draft.id, actor: testActor(user.id) }
}

describe('the intake-form link e-mail', () => {
  test('is queued with the link, arrives, and the submission becomes Sent', async () => {
    const { lead, formId, actor } = await leadAndForm()
    const sent = await sendFormToLead({ leadId: lead.id, formId, origin: 'https://portal.example' }, actor)
    expect(sent.emailQueued).toBe(true)
    expect(await prisma.formSubmission.findUniqueOrThrow({ where: { id: sent.submissionId } })).toMatchObject({ emailStatus: 'queued', emailSent: false })
    const outbound = await prisma.outboundEmail.findUniqueOrThrow({ where: { dedupeKey: `form-submission:${sent.submissionId}` } })
    expect(outbound).toMatchObject({ entityType: 'FormSubmission', entityId: sent.submissionId, toEmail: lead.email })

    await work()
    await work()
    const [mail] = fake.smtp.messages
    expect(mail!.to).toEqual([lead.email])
    expect(mail!.subject).toBe('Your intake form from Sunrise Home Care')
    expect(mail!.html).toContain(sent.link)
    expect(mail!.text).toContain('Hello Rosa')
    expect(await prisma.formSubmission.findUniqueOrThrow({ where: { id: sent.submissionId } })).toMatchObject({ emailStatus: 'sent', emailSent: true })
  })

  test('uses the active intake template that suits the lead', async () => {
    const { lead, formId, actor } = await leadAndForm()
    const name = unique()
    await prisma.emailTemplate.create({
      data: { name, subject: `Forms for {{firstName}} ${name}`, htmlContent: '<p>Fill in {{intakeFormUrl}}</p>', formType: 'intake', triggerConditions: { status: 'new' } },
    })
    const sent = await sendFormToLead({ leadId: lead.id, formId, origin: 'https://portal.example' }, actor)
    const outbound = await prisma.outboundEmail.findUniqueOrThrow({ where: { dedupeKey: `form-submission:${sent.submissionId}` } })
    expect(outbound.subject).toBe(`Forms for Rosa ${name}`)
    await prisma.emailTemplate.updateMany({ where: { name }, data: { isActive: false } })
  })

  test('a refused e-mail leaves the submission Failed', async () => {
    const { lead, formId, actor } = await leadAndForm()
    fake.smtp.setMode('refuse')
    const sent = await sendFormToLead({ leadId: lead.id, formId, origin: 'https://portal.example' }, actor)
    await work()
    await work()
    expect(fake.smtp.messages).toHaveLength(0)
    expect(await prisma.formSubmission.findUniqueOrThrow({ where: { id: sent.submissionId } })).toMatchObject({ emailStatus: 'failed', emailSent: false })
  })
})

describe('Settings → General: E-mail delivery and the outbox', () => {
  const post = (cookie: string, values: Record<string, string>) => callRoute(settingsPage.action, makeRequest('/settings/general', { cookie, form: values }))
  const smtpFields = () => ({
    channel: 'smtp',
    host: fake.smtp.host,
    port: String(fake.smtp.port),
    tlsMode: 'none',
    user: fake.smtp.user,
    password: fake.smtp.password,
    fromAddress: 'office@agency.example',
    fromName: 'Agency Office',
  })

  test('saves the SMTP server with the password encrypted and never sent back; a blank password keeps it', async () => {
    const { cookie } = await signedInUser('admin')
    const saved = await post(cookie, { intent: 'email-save', ...smtpFields() })
    expect(saved.status).toBe(302)
    expect(await toastOf(saved)).toMatchObject({ title: 'E-mail delivery settings saved' })
    const stored = await prisma.integrationSetting.findUniqueOrThrow({ where: { provider: 'email' } })
    expect(stored.secrets).not.toContain(fake.smtp.password)
    expect(JSON.stringify(stored.config)).not.toContain(fake.smtp.password)

    expect((await post(cookie, { intent: 'email-save', ...smtpFields(), password: '' })).status).toBe(302)
    const page = await (await callRoute(settingsPage.loader, makeRequest('/settings/general', { cookie }))).text()
    expect(page).not.toContain(fake.smtp.password)
    expect(JSON.parse(page).email.settings).toMatchObject({ channel: 'smtp', host: fake.smtp.host, hasPassword: true, smtpSource: 'settings' })
    const audit = await prisma.auditLog.findFirstOrThrow({ where: { entityType: 'IntegrationSetting', entityId: 'email' }, orderBy: { createdAt: 'desc' } })
    expect(JSON.stringify(audit.details)).not.toContain(fake.smtp.password)
  })

  test('Send test e-mail delivers to the address through the saved server (with its password)', async () => {
    const { cookie } = await signedInUser('admin')
    const to = `admin-${unique()}@example.com`
    const response = await post(cookie, { intent: 'email-test', ...smtpFields(), testTo: to })
    expect(await toastOf(response)).toMatchObject({ title: 'Test e-mail sent' })
    expect(fake.smtp.messages.map((mail) => mail.to)).toEqual([[to]])
    expect(fake.smtp.messages[0]!.from).toBe('office@agency.example')
  })

  test('through GoHighLevel the test address becomes a contact and the e-mail goes through the conversations API', async () => {
    const { cookie } = await signedInUser('admin')
    const to = `admin-${unique()}@example.com`
    const response = await post(cookie, { intent: 'email-test', channel: 'gohighlevel', tlsMode: 'starttls', testTo: to })
    expect(await toastOf(response)).toMatchObject({ title: 'Test e-mail sent' })
    const contact = [...ghl.ghl.contacts.values()].find((candidate) => candidate.email === to)!
    expect(ghl.ghl.emails.find((email) => email.contactId === contact.id)).toMatchObject({ emailTo: to, subject: 'Test e-mail from the Healthcare Portal' })
    expect(fake.smtp.messages).toHaveLength(0)
  })

  test('a test without an address, or a bad port, is refused next to the field', async () => {
    const { cookie } = await signedInUser('admin')
    const response = await post(cookie, { intent: 'email-test', ...smtpFields(), port: '99999' })
    expect(response.status).toBe(400)
    const body = await response.json()
    expect(body.error).toMatchObject({ testTo: [expect.any(String)], port: ['A port is between 1 and 65535'] })
    expect(JSON.stringify(body)).not.toContain(fake.smtp.password)
  })

  test('GET /api/outbox: admins only, filtered by status and entity, paged', async () => {
    const entityId = crypto.randomUUID()
    const first = await queueEmail(message({ entityType: 'Patient', entityId }))
    await queueEmail(message({ entityType: 'Patient', entityId }))
    await deliver(first.id)
    const { cookie: coordinator } = await signedInUser('coordinator')
    expect((await callRoute(outboxApi.loader, makeRequest('/api/outbox', { cookie: coordinator }))).status).toBe(403)

    const { cookie } = await signedInUser('admin')
    const all = await callRoute(outboxApi.loader, makeRequest(`/api/outbox?entityType=Patient&entityId=${entityId}&pageSize=1`, { cookie }))
    expect(all.status).toBe(200)
    expect(all.headers.get('X-Total-Count')).toBe('2')
    expect(await all.json()).toHaveLength(1)
    const sent = await callRoute(outboxApi.loader, makeRequest(`/api/outbox?status=sent&entityId=${entityId}`, { cookie }))
    const rows = await sent.json()
    expect(rows).toEqual([expect.objectContaining({ id: first.id, status: 'sent', channel: 'smtp', entityType: 'Patient', sentAt: expect.any(String) })])
    expect(rows[0]).not.toHaveProperty('html')
  })
})

// The job name other areas rely on.
test('the deliverer is registered for EMAIL_DELIVER_JOB', () => {
  expect(jobHandlers[EMAIL_DELIVER_JOB]).toBe(runEmailDeliverJob)
})
