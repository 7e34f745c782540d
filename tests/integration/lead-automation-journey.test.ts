import crypto from 'node:crypto'
import { beforeEach, describe, expect, test } from 'vitest'
import { action as formWebhook } from '~/routes/api.webhook.ghl.form'
import { loader as leadPageLoader } from '~/routes/_app.leads_.$leadId'
import { loader as intakePageLoader } from '~/routes/intake-form.$token'
import { eventSubscribers, jobHandlers } from '~/features/job-handlers.server'
import { runWorkflowRun } from '~/features/workflows/runs.server'
import { upsertGhlContact } from '~/integrations/gohighlevel/client.server'
import { getGhlConfig } from '~/integrations/settings.server'
import { saveEmailSettings } from '~/integrations/smtp/settings.server'
import { prisma } from '~/platform/db.server'
import { runWorkerPass } from '~/platform/worker.server'
import { callRoute, makeRequest, signedInUser } from '#tests/support/fixtures'
import { useFakeGhl } from '#tests/support/ghl'
import { ghlDelivery, useGhlWebhookKeys } from '#tests/support/ghl-webhooks'
import { useFakeSmtp } from '#tests/support/smtp'

/**
 * The whole automation, as an agency meets it: a website form reaches
 * GoHighLevel, its signed webhook creates the lead, the lead's workflow
 * stage waits for its delay and then sends the matching intake template,
 * with a personal intake-form link, once, through SMTP or through
 * GoHighLevel, and the lead's page shows the delivery.
 */
const smtp = useFakeSmtp()
const ghl = useFakeGhl()
const keys = useGhlWebhookKeys()

const HOUR = 60 * 60 * 1000
const unique = () => crypto.randomBytes(4).toString('hex')

/** What the worker does over time: dispatch events, run due jobs, until nothing is left to do now. */
async function workUntilQuiet() {
  for (let pass = 0; pass < 10; pass++) {
    await runWorkerPass({ jobHandlers, eventSubscribers })
    const pendingEvents = await prisma.domainEvent.count({ where: { dispatchedAt: null } })
    const dueJobs = await prisma.job.count({ where: { status: 'pending', runAt: { lte: new Date() } } })
    if (pendingEvents === 0 && dueJobs === 0) return
  }
}

/** The stage's delay passing: its job becomes due. */
async function letHoursPass(runId: string) {
  await prisma.job.updateMany({ where: { dedupeKey: `workflow-run:${runId}` }, data: { runAt: new Date() } })
}

async function setUpAutomation() {
  await prisma.workflowRun.deleteMany()
  await prisma.workflowStage.deleteMany()
  await prisma.emailTemplate.updateMany({ data: { isActive: false } })
  await prisma.onlineForm.create({
    data: {
      title: 'Client intake',
      fields: [{ name: 'full_name', type: 'text', label: 'Full name', required: true }],
      formType: 'intake',
      status: 'published',
      provider: 'portal',
      webhookId: crypto.randomUUID(),
      publishedAt: new Date(),
    },
  })
  const template = await prisma.emailTemplate.create({
    data: {
      name: 'Website intake',
      subject: 'Your intake form, {{firstName}}',
      htmlContent: '<p>Hello {{firstName}},</p><p><a href="{{intakeFormUrl}}">Start your intake form</a></p><p>{{providerName}}</p>',
      formType: 'intake',
      triggerConditions: { source: 'Website' },
    },
  })
  const stage = await prisma.workflowStage.create({
    data: { type: 'lead', name: 'Intake e-mail', order: 1, delayHours: 2, trigger: 'lead_created', emailTemplateId: template.id },
  })
  // Switched off: it must send nothing.
  await prisma.workflowStage.create({
    data: { type: 'lead', name: 'Old welcome', order: 2, delayHours: 0, trigger: 'lead_created', emailTemplateId: template.id, isActive: false },
  })
  return { stage, template }
}

async function leadFromWebsiteForm() {
  const email = `family-${unique()}@example.com`
  // The form was filled in on GoHighLevel, which made the contact before telling the portal.
  const { contactId } = await upsertGhlContact((await getGhlConfig())!, { firstName: 'Rosa', lastName: 'Delgado', email, phone: '5552013344' })
  const body = {
    webhookId: `wh-${unique()}`,
    timestamp: new Date().toISOString(),
    contact_id: contactId,
    first_name: 'Rosa',
    last_name: 'Delgado',
    email,
    phone: '555-201-3344',
    source: 'Website',
  }
  const response = await callRoute(formWebhook, ghlDelivery('/api/webhook/ghl/form', body, keys))
  expect(response.status).toBe(202)
  await workUntilQuiet()
  return prisma.lead.findFirstOrThrow({ where: { email } })
}

beforeEach(async () => {
  await prisma.integrationSetting.deleteMany({ where: { provider: 'email' } })
})

describe('a lead from a website form gets the intake e-mail of its stage', () => {
  test('through SMTP: after the delay, exactly once, with a working intake link, shown on the lead', async () => {
    const { stage } = await setUpAutomation()
    const lead = await leadFromWebsiteForm()
    expect(lead.source).toBe('Website')

    // The stage is scheduled for two hours after the lead arrived; nothing is sent before.
    const run = await prisma.workflowRun.findFirstOrThrow({ where: { entityId: lead.id } })
    expect(run).toMatchObject({ stageId: stage.id, status: 'pending', trigger: 'lead_created' })
    expect(run.scheduledFor.getTime() - Date.now()).toBeGreaterThan(1.9 * HOUR)
    expect(await prisma.workflowRun.count({ where: { entityId: lead.id } })).toBe(1)
    expect(smtp.smtp.messages).toHaveLength(0)

    await letHoursPass(run.id)
    await workUntilQuiet()
    expect(smtp.smtp.messages).toHaveLength(1)
    const [mail] = smtp.smtp.messages
    expect(mail!.to).toEqual([lead.email])
    expect(mail!.subject).toBe('Your intake form, Rosa')
    const link = /href="(http[^"]+\/intake-form\/([A-Za-z0-9_-]{43}))"/.exec(mail!.html ?? '')
    expect(link).not.toBeNull()
    expect(mail!.text).toContain(link![1])

    // The link opens the lead's own form.
    const intake = await callRoute(intakePageLoader, makeRequest(`/intake-form/${link![2]}`), { token: link![2] as string })
    expect(intake.status).toBe(200)
    const submission = await prisma.formSubmission.findFirstOrThrow({ where: { leadId: lead.id } })
    expect(submission).toMatchObject({ emailStatus: 'sent', emailSent: true, status: 'viewed' })

    // Restarts and repeated deliveries of the same work send nothing more.
    await runWorkflowRun(run.id)
    await prisma.domainEvent.updateMany({ where: { entityId: lead.id }, data: { dispatchedAt: null } })
    await workUntilQuiet()
    expect(smtp.smtp.messages).toHaveLength(1)
    expect(await prisma.workflowRun.count({ where: { entityId: lead.id } })).toBe(1)

    const { cookie } = await signedInUser('coordinator')
    const page = await callRoute(leadPageLoader, makeRequest(`/leads/${lead.id}`, { cookie }), { leadId: lead.id })
    const { automation } = (await page.json()) as { automation: Array<{ id: string; outcome: string; email: { text: string; failed: boolean } | null }> }
    expect(automation).toHaveLength(1)
    expect(automation[0]).toMatchObject({ id: run.id, outcome: `E-mail queued to ${lead.email}`, email: { failed: false } })
    expect(automation[0]!.email!.text).toMatch(/sent/i)
  })

  test('through GoHighLevel: the message goes to the lead’s synced contact', async () => {
    await setUpAutomation()
    await saveEmailSettings({ channel: 'gohighlevel', tlsMode: 'starttls' })
    const lead = await leadFromWebsiteForm()
    expect(lead.ghlContactId).toBeTruthy()
    const run = await prisma.workflowRun.findFirstOrThrow({ where: { entityId: lead.id } })
    const before = ghl.ghl.emails.length

    await letHoursPass(run.id)
    await workUntilQuiet()
    const sent = ghl.ghl.emails.slice(before)
    expect(sent).toHaveLength(1)
    expect(sent[0]).toMatchObject({ contactId: lead.ghlContactId, subject: 'Your intake form, Rosa' })
    expect(sent[0]!.html).toMatch(/\/intake-form\/[A-Za-z0-9_-]{43}/)
    expect(smtp.smtp.messages).toHaveLength(0)
    const email = await prisma.outboundEmail.findFirstOrThrow({ where: { workflowRuns: { some: { id: run.id } } } })
    expect(email).toMatchObject({ channel: 'gohighlevel', status: 'sent' })
  })

  test('a stage switched off before its time sends nothing', async () => {
    const { stage } = await setUpAutomation()
    const lead = await leadFromWebsiteForm()
    const run = await prisma.workflowRun.findFirstOrThrow({ where: { entityId: lead.id } })
    await prisma.workflowStage.update({ where: { id: stage.id }, data: { isActive: false } })
    await letHoursPass(run.id)
    await workUntilQuiet()
    expect(smtp.smtp.messages).toHaveLength(0)
    expect(await prisma.workflowRun.findUniqueOrThrow({ where: { id: run.id } })).toMatchObject({ status: 'skipped', outcome: 'Stage switched off before its time' })
  })
})
