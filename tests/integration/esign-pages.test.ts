import { beforeEach, describe, expect, test } from 'vitest'
import * as listPage from '~/routes/_app.e-signatures'
import * as requestPage from '~/routes/_app.e-signatures_.$requestId'
import * as testPage from '~/routes/_app.esign-test'
import * as testTab from '~/routes/_app.settings.esign-test'
import * as settingsIndex from '~/routes/_app.settings._index'
import { requestDirectSignature, requestLeadSignature, sendStoredRequestNow } from '~/features/esign/requests.server'
import { esignSendSchema } from '~/features/esign/schema'
import { esignProviderLabel } from '~/features/esign/request-list'
import { preparePortalRequest } from '~/features/portal-signing/signing.server'
import { prisma } from '~/platform/db.server'
import { callRoute, makeRequest, signedInUser, testActor, toastOf } from '#tests/support/fixtures'
import { useFakeBoldsign } from '#tests/support/boldsign'
import { flatPdf, libraryDocument } from '#tests/support/portal-signing'

const bold = useFakeBoldsign()
let cookie: string
let actor: ReturnType<typeof testActor>

beforeEach(async () => {
  await prisma.job.deleteMany()
  await prisma.esignRequest.deleteMany()
  bold.boldsign.documents.length = 0
  const signedIn = await signedInUser('coordinator')
  cookie = signedIn.cookie
  actor = testActor(signedIn.user.id)
})

async function leadRequest(firstName: string, { send = true } = {}) {
  const lead = await prisma.lead.create({
    data: { firstName, lastName: 'Garcia', email: `${firstName}@example.com`, phone: '2015551000', searchText: `${firstName} garcia`, phoneDigits: '2015551000' },
  })
  const stored = await requestLeadSignature(lead.id, esignSendSchema.parse({ provider: 'boldsign', templateId: 'bs-tmpl-consent' }), actor)
  return send ? (await sendStoredRequestNow(stored.id)).request : stored
}

type ListData = {
  query: { page: number; status?: string; provider?: string; lead: string }
  total: number
  requests: Array<{ id: string; title: string; provider: string; status: string; isTest: boolean; recipientName: string; leadId: string | null }>
}

async function list(query = '', requestCookie = cookie) {
  const response = await callRoute(listPage.loader, makeRequest(`/e-signatures${query}`, { cookie: requestCookie }))
  expect(response.status).toBe(200)
  return (await response.json()) as ListData
}

describe('the e-signatures list', () => {
  test('newest first, filtered by status, provider and lead, each row with what its badge and link need', async () => {
    const maria = await leadRequest('Maria')
    const rosa = await leadRequest('Rosa')
    const trial = await requestDirectSignature(
      { provider: 'boldsign', templateId: 'bs-tmpl-consent', recipientName: 'Test Recipient', recipientEmail: 'test@example.com', isTest: true },
      actor,
    )
    await prisma.esignRequest.update({ where: { id: maria.id }, data: { status: 'completed' } })

    const all = await list()
    expect(all.total).toBe(3)
    expect(all.requests.map((row) => row.id)).toEqual([trial.id, rosa.id, maria.id])
    expect(all.requests[0]).toMatchObject({ isTest: true, leadId: null, recipientName: 'Test Recipient', status: 'sending' })
    expect(all.requests[1]).toMatchObject({ title: 'Healthcare Document - Rosa Garcia', recipientName: 'Rosa Garcia', status: 'sent' })

    expect((await list('?status=completed')).requests.map((row) => row.id)).toEqual([maria.id])
    expect((await list('?provider=boldsign')).total).toBe(3)
    expect((await list('?provider=goformz')).total).toBe(0)
    expect((await list('?lead=rosa')).requests.map((row) => row.id)).toEqual([rosa.id])
    expect((await list('?lead=garcia&status=sent')).requests.map((row) => row.id)).toEqual([rosa.id])
    // Unknown values are ignored rather than failing the page.
    expect((await list('?status=bogus&provider=nope')).total).toBe(3)
    // The read is on the audit trail, naming the rows shown.
    const entry = await prisma.auditLog.findFirst({ where: { action: 'view', entityType: 'EsignRequest' }, orderBy: { createdAt: 'desc' } })
    expect(entry).not.toBeNull()
  })

  test('filtered by the Portal: only the portal’s own requests, each labelled Portal', async () => {
    await leadRequest('Maria')
    const document = await libraryDocument(await flatPdf(), 'Service Agreement')
    const portal = await preparePortalRequest(
      {
        documentId: document.id,
        title: 'Service Agreement - Rosa Garcia',
        expirationDays: 14,
        signers: [{ name: 'Rosa Garcia', email: 'rosa@example.com', personType: 'other' }],
        placement: 'signature_page',
        origin: 'http://localhost',
      },
      actor,
    )
    await leadRequest('Ana')

    const filtered = await list('?provider=portal')
    expect(filtered.query.provider).toBe('portal')
    expect(filtered.total).toBe(1)
    expect(filtered.requests).toEqual([expect.objectContaining({ id: portal.request.id, provider: 'portal', recipientName: 'Rosa Garcia', status: 'sent' })])
    // The Provider column and card show this label.
    expect(filtered.requests.map((row) => esignProviderLabel(row.provider))).toEqual(['Portal'])
    // And the providers' filters leave the portal's request out.
    expect((await list('?provider=boldsign')).requests.map((row) => row.provider)).toEqual(['boldsign', 'boldsign'])
    expect((await list()).total).toBe(3)
  })

  test('paged by 12; a page past the end shows the last one; a viewer may read it', async () => {
    for (let index = 0; index < 14; index++) {
      await requestDirectSignature(
        { provider: 'boldsign', templateId: 'bs-tmpl-consent', recipientName: `Person ${index}`, recipientEmail: `p${index}@example.com`, isTest: false },
        actor,
      )
    }
    const first = await list()
    expect(first.total).toBe(14)
    expect(first.requests).toHaveLength(12)
    expect(first.requests[0]!.recipientName).toBe('Person 13')
    const second = await list('?page=2')
    expect(second.requests.map((row) => row.recipientName)).toEqual(['Person 1', 'Person 0'])
    const past = await list('?page=9')
    expect(past.query.page).toBe(2)
    expect(past.requests).toHaveLength(2)
    const viewer = await signedInUser('viewer')
    expect((await list('', viewer.cookie)).total).toBe(14)
  })
})

describe('Retry on a failed request', () => {
  const retry = (id: string, requestCookie = cookie) =>
    callRoute(requestPage.action, makeRequest(`/e-signatures/${id}`, { cookie: requestCookie, form: { intent: 'retry' } }), { requestId: id })

  test('sends it again through the provider, on the timeline and the trail', async () => {
    bold.boldsign.setMode('bad-request')
    const failed = await leadRequest('Maria')
    expect(failed.status).toBe('failed')
    bold.boldsign.setMode('ok')

    const response = await retry(failed.id)
    expect(response.status).toBe(302)
    expect(response.headers.get('location')).toBe(`/e-signatures/${failed.id}`)
    expect(await toastOf(response)).toMatchObject({ title: 'E-Signature Request Sent' })
    const sent = await prisma.esignRequest.findUniqueOrThrow({ where: { id: failed.id }, include: { events: { orderBy: { occurredAt: 'asc' } } } })
    expect(sent).toMatchObject({ status: 'sent', lastError: null })
    expect(sent.events.map((event) => event.type)).toEqual(['requested', 'send_failed', 'retried', 'sent'])
    expect(bold.boldsign.documents).toHaveLength(1)
    const audit = await prisma.auditLog.findFirst({ where: { entityId: failed.id, details: { path: ['status'], equals: 'sending' } } })
    expect(audit).toMatchObject({ action: 'update', userId: actor.kind === 'user' ? actor.userId : undefined })
    expect(await prisma.domainEvent.count({ where: { type: 'esign_request.retried' } })).toBe(1)
  })

  test('a retry the provider refuses again stays failed and says why', async () => {
    bold.boldsign.setMode('bad-request')
    const failed = await leadRequest('Maria')
    const response = await retry(failed.id)
    expect(await toastOf(response)).toMatchObject({ type: 'destructive', title: 'E-signature Request Failed', description: failed.lastError })
    expect((await prisma.esignRequest.findUniqueOrThrow({ where: { id: failed.id } })).status).toBe('failed')
  })

  test('a send that timed out before it failed is found at the provider, not sent twice', async () => {
    bold.boldsign.setMode('timeout')
    const request = await leadRequest('Maria')
    // The send reached BoldSign, its answer was lost; then the queue gave up.
    expect(bold.boldsign.documents).toHaveLength(1)
    await prisma.esignRequest.update({ where: { id: request.id }, data: { status: 'failed', lastError: 'BoldSign timed out' } })
    await prisma.job.updateMany({ data: { status: 'gave_up', dedupeKey: null } })
    bold.boldsign.setMode('ok')

    expect(await toastOf(await retry(request.id))).toMatchObject({ title: 'E-Signature Request Sent' })
    const settled = await prisma.esignRequest.findUniqueOrThrow({ where: { id: request.id }, include: { events: true } })
    expect(settled).toMatchObject({ status: 'sent', providerRequestId: bold.boldsign.documents[0]!.documentId })
    expect(settled.events.map((event) => event.type)).toContain('reconciled')
    expect(bold.boldsign.documents).toHaveLength(1)
  })

  test('only a failed request, and only for those who may change records', async () => {
    const sent = await leadRequest('Maria')
    expect(await toastOf(await retry(sent.id))).toMatchObject({ type: 'destructive', description: 'Only a failed request can be retried' })
    const viewer = await signedInUser('viewer')
    expect((await retry(sent.id, viewer.cookie)).status).toBe(403)
  })
})

describe('the E-Sign Test page and Settings tab', () => {
  type TestData = { data: { providers: Array<{ id: string; connected: boolean }>; provider: string | null; templates: Array<{ id: string }> } }

  test.each([
    ['/esign-test', testPage],
    ['/settings/esign-test', testTab],
  ] as const)('%s: provider status, then the chosen connected provider’s templates', async (path, route) => {
    const first = (await (await callRoute(route.loader, makeRequest(path, { cookie }))).json()) as TestData
    expect(first.data.providers).toEqual([
      expect.objectContaining({ id: 'goformz', connected: false }),
      expect.objectContaining({ id: 'boldsign', connected: true }),
      expect.objectContaining({ id: 'portal', connected: true }),
    ])
    expect(first.data.provider).toBeNull()
    const chosen = (await (await callRoute(route.loader, makeRequest(`${path}?provider=boldsign`, { cookie }))).json()) as TestData
    expect(chosen.data.provider).toBe('boldsign')
    expect(chosen.data.templates.map((template) => template.id)).toContain('bs-tmpl-consent')
    // Not connected: as if none were chosen.
    const goformz = (await (await callRoute(route.loader, makeRequest(`${path}?provider=goformz`, { cookie }))).json()) as TestData
    expect(goformz.data.provider).toBeNull()
  })

  const sendTest = (form: Record<string, string>, path = '/esign-test') =>
    callRoute(testPage.action, makeRequest(path, { cookie, form }))

  test('Test E-Signature: stored as a test to the typed recipient, sent, Test Successful!', async () => {
    const response = await sendTest(
      {
        provider: 'boldsign',
        templateId: 'bs-tmpl-service',
        templateName: 'Service Agreement',
        recipientName: 'Test Recipient',
        recipientEmail: 'test@example.com',
        message: 'Just a test',
      },
      '/settings/esign-test',
    )
    expect(response.status).toBe(302)
    expect(response.headers.get('location')).toBe('/settings/esign-test?provider=boldsign')
    expect(await toastOf(response)).toMatchObject({ title: 'Test Successful!', description: 'BoldSign e-signature request sent successfully.' })
    const stored = await prisma.esignRequest.findFirstOrThrow()
    expect(stored).toMatchObject({
      isTest: true,
      leadId: null,
      status: 'sent',
      recipientName: 'Test Recipient',
      recipientEmail: 'test@example.com',
      templateName: 'Service Agreement',
      message: 'Just a test',
    })
    expect(bold.boldsign.documents[0]!.roles[0]).toMatchObject({ signerEmail: 'test@example.com' })
    // Tests are never pending work for staff.
    const { listPendingEsignatures } = await import('~/features/esign/queries.server')
    expect(await listPendingEsignatures(actor)).toEqual([])
  })

  test('without provider, template or test details: Missing Information, nothing stored', async () => {
    for (const form of [
      { provider: '', templateId: '', recipientName: '', recipientEmail: '' },
      { provider: 'boldsign', templateId: '', recipientName: 'Test', recipientEmail: 'test@example.com' },
      { provider: 'boldsign', templateId: 'bs-tmpl-consent', recipientName: '', recipientEmail: 'test@example.com' },
    ]) {
      const response = await sendTest(form)
      expect(response.status).toBe(400)
      const body = (await response.json()) as { error: Record<string, string[]> }
      expect(body.error['']).toEqual(['Missing Information: Please select provider, template, and enter test details'])
      expect(await toastOf(response)).toMatchObject({ title: 'Missing Information', description: 'Please select provider, template, and enter test details' })
    }
    expect(await prisma.esignRequest.count()).toBe(0)
  })

  test('a refusal: Test Failed with the provider’s reason; the failed test is kept', async () => {
    bold.boldsign.setMode('bad-request')
    const response = await sendTest({ provider: 'boldsign', templateId: 'bs-tmpl-consent', recipientName: 'Test', recipientEmail: 'test@example.com' })
    expect(response.status).toBe(502)
    const toast = await toastOf(response)
    expect(toast).toMatchObject({ type: 'destructive', title: 'Test Failed' })
    expect(await prisma.esignRequest.findFirstOrThrow()).toMatchObject({ isTest: true, status: 'failed', lastError: toast?.description })
  })

  test('a provider that is not connected: Test Failed, nothing stored; a viewer may look but not send', async () => {
    const response = await sendTest({ provider: 'goformz', templateId: 'tmpl-intake', recipientName: 'Test', recipientEmail: 'test@example.com' })
    expect(await toastOf(response)).toMatchObject({ type: 'destructive', title: 'Test Failed', description: 'GoFormz is not configured' })
    expect(await prisma.esignRequest.count()).toBe(0)
    const viewer = await signedInUser('viewer')
    expect((await callRoute(testPage.loader, makeRequest('/esign-test', { cookie: viewer.cookie }))).status).toBe(200)
    const refused = await callRoute(
      testPage.action,
      makeRequest('/esign-test', { cookie: viewer.cookie, form: { provider: 'boldsign', templateId: 'bs-tmpl-consent', recipientName: 'T', recipientEmail: 't@example.com' } }),
    )
    expect(refused.status).toBe(403)
  })
})

describe('Settings', () => {
  test('opens on GoFormz for those who manage providers, on General for the others, who cannot see GoFormz', async () => {
    const admin = await signedInUser('admin')
    const adminAnswer = await callRoute(settingsIndex.loader, makeRequest('/settings', { cookie: admin.cookie }))
    expect(adminAnswer.headers.get('location')).toBe('/settings/goformz')
    const coordinatorAnswer = await callRoute(settingsIndex.loader, makeRequest('/settings', { cookie }))
    expect(coordinatorAnswer.headers.get('location')).toBe('/settings/general')
  })
})
