import { beforeEach, describe, expect, test } from 'vitest'
import * as dialog from '~/routes/_app.leads_.$leadId.esign'
import * as leadPage from '~/routes/_app.leads_.$leadId'
import * as goformzSend from '~/routes/api.goformz.esign-request'
import * as boldsignSend from '~/routes/api.boldsign.send'
import { saveGoformzSettings } from '~/integrations/goformz/settings.server'
import { prisma } from '~/platform/db.server'
import { callRoute, makeRequest, signedInUser, toastOf } from '#tests/support/fixtures'
import { useFakeGoformz } from '#tests/support/goformz'
import { useFakeBoldsign } from '#tests/support/boldsign'

const fake = useFakeGoformz()
const bold = useFakeBoldsign()

let cookie: string
let leadId: string

async function configureGoformz(assigneeId: string | null = 'intake-team') {
  await saveGoformzSettings({
    accountName: 'Sunrise Home Care',
    apiKey: fake.goformz.clientId,
    apiSecret: fake.goformz.clientSecret,
    baseUrl: fake.goformz.apiUrl,
    oauthUrl: fake.goformz.tokenUrl,
    isActive: true,
    defaultExpiryDays: 30,
    enableEmailNotifications: true,
    enableESignatureReminders: true,
    assigneeType: 'Group',
    assigneeId,
  })
}

beforeEach(async () => {
  await prisma.job.deleteMany()
  await prisma.esignRequest.deleteMany()
  await prisma.integrationSetting.deleteMany({ where: { provider: 'goformz' } })
  bold.boldsign.documents.length = 0
  ;({ cookie } = await signedInUser('coordinator'))
  const lead = await prisma.lead.create({
    data: { firstName: 'Maria', lastName: 'Garcia', email: 'maria@example.com', phone: '(201) 555-1000', searchText: 'maria garcia', phoneDigits: '2015551000' },
  })
  leadId = lead.id
})

type DialogData = Awaited<ReturnType<typeof dialog.loader>> extends { json(): Promise<infer T> } ? T : never

async function openDialog(query = '') {
  const response = await callRoute(dialog.loader, makeRequest(`/leads/${leadId}/esign${query}`, { cookie }), { leadId })
  expect(response.status).toBe(200)
  return (await response.json()) as DialogData
}

function send(form: Record<string, string>, query = '') {
  return callRoute(dialog.action, makeRequest(`/leads/${leadId}/esign${query}`, { cookie, form }), { leadId })
}

describe('the Send E-Signature Request dialog', () => {
  test('step by step: the recipient, connected providers only, templates with their E-Sign badge, then the details', async () => {
    const first = await openDialog()
    expect(first.recipient).toEqual({ name: 'Maria Garcia', email: 'maria@example.com', phone: '(201) 555-1000' })
    expect(first.data.providers).toEqual([
      { id: 'goformz', label: 'GoFormz', connected: false },
      { id: 'boldsign', label: 'BoldSign', connected: true },
      { id: 'portal', label: 'Portal', connected: true },
    ])
    expect(first.data.provider).toBeNull()
    // A provider that is not connected cannot be chosen, even by URL.
    expect((await openDialog('?provider=goformz')).data.provider).toBeNull()

    await configureGoformz()
    const second = await openDialog('?provider=goformz')
    expect(second.data.provider).toBe('goformz')
    expect(second.data.templates).toEqual([
      { id: 'tmpl-intake', name: 'Client Intake Packet', hasESignature: true },
      { id: 'tmpl-hipaa', name: 'HIPAA Acknowledgement', hasESignature: true },
      { id: 'tmpl-survey', name: 'Satisfaction Survey', hasESignature: false },
    ])
    expect(second.data.template).toBeNull()
    const third = await openDialog('?provider=goformz&templateId=tmpl-hipaa')
    expect(third.data.template).toMatchObject({ id: 'tmpl-hipaa' })
    expect(third.data.goformzAssignment).toEqual({ type: 'Group', id: 'intake-team' })
    // A template of another provider is not a choice: the steps start again from the template.
    expect((await openDialog('?provider=boldsign&templateId=tmpl-hipaa')).data.template).toBeNull()
  })

  test('the steps are not where the dialog closes to', async () => {
    const here = `/leads/${leadId}`
    expect((await openDialog('?provider=boldsign&templateId=bs-tmpl-consent')).closeTo).toBe(here)
    const fromList = `?${new URLSearchParams({ redirectTo: '/leads?q=maria', provider: 'boldsign' })}`
    expect((await openDialog(fromList)).closeTo).toBe('/leads?q=maria')
  })

  test('a provider whose templates cannot be read says why; an empty account says No Templates Found', async () => {
    await configureGoformz()
    fake.goformz.setMode('server-error')
    const failing = await openDialog('?provider=goformz')
    expect(failing.data.templatesError).toBe('GoFormz sign-in is unavailable (503): Service Unavailable')
    fake.goformz.setMode('ok')
    const saved = fake.goformz.templates.splice(0)
    try {
      expect((await openDialog('?provider=goformz')).data.templates).toEqual([])
    } finally {
      fake.goformz.templates.push(...saved)
    }
  })

  test('Send Request: sent at once, back to the lead at the new request with a toast; the lead page lists it', async () => {
    const response = await send({ provider: 'boldsign', templateId: 'bs-tmpl-consent', templateName: 'Consent to Care', title: 'Healthcare Document - Maria Garcia', expirationDays: '14', message: 'Please sign' })
    expect(response.status).toBe(302)
    const request = await prisma.esignRequest.findFirstOrThrow()
    expect(response.headers.get('location')).toBe(`/leads/${leadId}#esign-request-${request.id}`)
    expect(await toastOf(response)).toMatchObject({
      title: 'E-Signature Request Sent',
      description: "'Healthcare Document - Maria Garcia' was sent to Maria Garcia through BoldSign.",
    })
    expect(request).toMatchObject({ status: 'sent', leadId, expirationDays: 14, message: 'Please sign', templateName: 'Consent to Care' })
    expect(bold.boldsign.documents).toHaveLength(1)

    const page = await callRoute(leadPage.loader, makeRequest(`/leads/${leadId}`, { cookie }), { leadId })
    const { esignRequests } = (await page.json()) as { esignRequests: Array<{ id: string; status: string; title: string }> }
    expect(esignRequests).toEqual([expect.objectContaining({ id: request.id, status: 'sent', title: 'Healthcare Document - Maria Garcia' })])
  })

  test('opened from the list, it returns to the list', async () => {
    const response = await send({ provider: 'boldsign', templateId: 'bs-tmpl-consent' }, `?${new URLSearchParams({ redirectTo: '/leads?page=2' })}`)
    expect(response.headers.get('location')).toBe('/leads?page=2')
  })

  test('without a provider or template: Missing Information, nothing stored', async () => {
    for (const form of [{ templateId: 'bs-tmpl-consent' }, { provider: 'boldsign' }] as Array<Record<string, string>>) {
      const response = await send(form)
      expect(response.status).toBe(400)
      expect(await toastOf(response)).toMatchObject({ type: 'destructive', title: 'Missing Information', description: 'Please select a provider and template' })
      const reply = (await response.json()) as { error: Record<string, string[]> }
      expect(reply.error['']).toEqual(['Missing Information: Please select a provider and template'])
    }
    expect(await prisma.esignRequest.count()).toBe(0)
  })

  test('a refusal: E-signature Request Failed with the provider’s reason; the failed request is kept', async () => {
    bold.boldsign.setMode('bad-request')
    const response = await send({ provider: 'boldsign', templateId: 'bs-tmpl-consent' })
    expect(response.status).toBe(502)
    expect(await toastOf(response)).toMatchObject({
      type: 'destructive',
      title: 'E-signature Request Failed',
      description: 'BoldSign refused the request (400): The Files field is invalid.',
    })
    expect(await prisma.esignRequest.findFirstOrThrow()).toMatchObject({ status: 'failed' })
  })

  test('an outage: kept and queued, said so, and sent by the queue later', async () => {
    bold.boldsign.setMode('server-error')
    const response = await send({ provider: 'boldsign', templateId: 'bs-tmpl-consent' })
    expect(response.status).toBe(302)
    expect(await toastOf(response)).toMatchObject({ title: 'E-Signature Request Queued' })
    expect(await prisma.esignRequest.findFirstOrThrow()).toMatchObject({ status: 'sending' })
    expect(await prisma.job.findFirstOrThrow()).toMatchObject({ status: 'pending', attempts: 1 })
  })

  test('a provider that is not configured is refused with the failure title', async () => {
    const response = await send({ provider: 'goformz', templateId: 'tmpl-intake' })
    expect(response.status).toBe(409)
    expect(await toastOf(response)).toMatchObject({ title: 'E-signature Request Failed', description: 'GoFormz is not configured' })
  })

  test('a viewer may not open or send it', async () => {
    const viewer = await signedInUser('viewer')
    const opened = await callRoute(dialog.loader, makeRequest(`/leads/${leadId}/esign`, { cookie: viewer.cookie }), { leadId })
    expect(opened.status).toBe(403)
    const sent = await callRoute(dialog.action, makeRequest(`/leads/${leadId}/esign`, { cookie: viewer.cookie, form: { provider: 'boldsign', templateId: 'x' } }), { leadId })
    expect(sent.status).toBe(403)
  })
})

describe('POST /api/goformz/esign-request and /api/boldsign/send', () => {
  const api = (route: typeof goformzSend | typeof boldsignSend, path: string, json: unknown) =>
    callRoute(route.action, makeRequest(path, { cookie, json }))

  test('from a lead: the spec’s body, credentials ignored; answers the stored request', async () => {
    await configureGoformz()
    const response = await api(goformzSend, '/api/goformz/esign-request', {
      apiKey: 'leaked-key',
      apiSecret: 'leaked-secret',
      templateId: 'tmpl-intake',
      recipient: { name: 'Someone Else', email: 'else@example.com' },
      title: 'Intake',
      message: 'Please sign',
      expirationDays: 7,
      formData: { patient_name: 'Maria Garcia', patient_email: 'maria@example.com', patient_phone: '2015551000', lead_id: leadId },
    })
    expect(response.status).toBe(201)
    const body = (await response.json()) as { success: boolean; request: Record<string, unknown> }
    expect(body.success).toBe(true)
    expect(body.request).toMatchObject({
      leadId,
      provider: 'goformz',
      status: 'sent',
      title: 'Intake',
      expirationDays: 7,
      // The lead as stored, not the body's recipient.
      recipient: { name: 'Maria Garcia', email: 'maria@example.com', phone: '(201) 555-1000' },
      isTest: false,
    })
    expect(JSON.stringify(body)).not.toMatch(/leaked|fake-goformz-client/)
    expect(fake.goformz.forms).toHaveLength(1)
  })

  test('the test page’s body makes a test request to the named recipient', async () => {
    await configureGoformz()
    const response = await api(goformzSend, '/api/goformz/esign-request', {
      templateId: 'tmpl-hipaa',
      recipientEmail: 'test@example.com',
      recipientName: 'Test Recipient',
      customMessage: 'Testing',
      formData: { patient_name: 'Test Recipient', patient_email: 'test@example.com', test_mode: true },
    })
    expect(response.status).toBe(201)
    const { request } = (await response.json()) as { request: Record<string, unknown> }
    expect(request).toMatchObject({ leadId: null, isTest: true, message: 'Testing', recipient: { name: 'Test Recipient', email: 'test@example.com' } })
  })

  test('BoldSign: refused is 502 with the reason and the failed request; an outage is 202, queued', async () => {
    bold.boldsign.setMode('bad-request')
    const refused = await api(boldsignSend, '/api/boldsign/send', { templateId: 'bs-tmpl-consent', recipient: { name: 'Ann Lee', email: 'ann@example.com' }, title: 'Consent', message: 'Sign' })
    expect(refused.status).toBe(502)
    expect(await refused.json()).toMatchObject({ error: 'BoldSign refused the request (400): The Files field is invalid.', request: { status: 'failed' } })
    bold.boldsign.setMode('server-error')
    const queued = await api(boldsignSend, '/api/boldsign/send', { templateId: 'bs-tmpl-consent', recipient: { name: 'Ann Lee', email: 'ann@example.com' } })
    expect(queued.status).toBe(202)
    expect(await queued.json()).toMatchObject({ request: { status: 'sending' } })
  })

  test('no template, or no lead and no recipient: 400; an unknown lead: 404', async () => {
    const noTemplate = await api(boldsignSend, '/api/boldsign/send', { recipient: { name: 'Ann Lee', email: 'ann@example.com' } })
    expect(noTemplate.status).toBe(400)
    expect(await noTemplate.json()).toMatchObject({ fieldErrors: { templateId: ['Please select a provider and template'] } })
    const noRecipient = await api(boldsignSend, '/api/boldsign/send', { templateId: 'bs-tmpl-consent' })
    expect(noRecipient.status).toBe(400)
    const unknown = await api(boldsignSend, '/api/boldsign/send', { templateId: 'bs-tmpl-consent', formData: { lead_id: '00000000-0000-4000-8000-000000000000' } })
    expect(unknown.status).toBe(404)
    expect(await prisma.esignRequest.count()).toBe(0)
  })
})
