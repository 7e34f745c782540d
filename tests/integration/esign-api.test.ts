import { beforeEach, describe, expect, test } from 'vitest'
import * as list from '~/routes/api.esign.requests'
import * as one from '~/routes/api.esign.requests.$requestId'
import * as remind from '~/routes/api.esign.requests.$requestId.remind'
import * as cancel from '~/routes/api.esign.requests.$requestId.cancel'
import * as pending from '~/routes/api.pending-esignatures'
import * as page from '~/routes/_app.e-signatures_.$requestId'
import { requestDirectSignature, requestLeadSignature, sendStoredRequestNow } from '~/features/esign/requests.server'
import { esignSendSchema } from '~/features/esign/schema'
import { prisma } from '~/platform/db.server'
import { callRoute, makeRequest, signedInUser, testActor, toastOf } from '#tests/support/fixtures'
import { useFakeBoldsign } from '#tests/support/boldsign'

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

async function leadRequest(firstName: string, templateId = 'bs-tmpl-consent') {
  const lead = await prisma.lead.create({
    data: { firstName, lastName: 'Garcia', email: `${firstName}@example.com`, phone: '2015551000', searchText: `${firstName} garcia`, phoneDigits: '2015551000' },
  })
  const stored = await requestLeadSignature(lead.id, esignSendSchema.parse({ provider: 'boldsign', templateId, message: 'Please sign soon' }), actor)
  return (await sendStoredRequestNow(stored.id)).request
}

const get = (route: { loader: Parameters<typeof callRoute>[0] }, path: string, params: Record<string, string> = {}) =>
  callRoute(route.loader, makeRequest(path, { cookie }), params)
const post = (route: { action: Parameters<typeof callRoute>[0] }, path: string, params: Record<string, string>) =>
  callRoute(route.action, makeRequest(path, { cookie, method: 'POST' }), params)

describe('e-signature requests API', () => {
  test('GET /api/esign/requests: newest first, filtered by status, provider and lead name, with the total', async () => {
    const first = await leadRequest('Maria')
    const second = await leadRequest('Rosa')
    await prisma.esignRequest.update({ where: { id: first.id }, data: { status: 'completed' } })
    const all = await get(list, '/api/esign/requests')
    expect(all.headers.get('X-Total-Count')).toBe('2')
    expect(((await all.json()) as Array<{ id: string }>).map((row) => row.id)).toEqual([second.id, first.id])
    const completed = (await (await get(list, '/api/esign/requests?status=completed')).json()) as Array<{ id: string; leadName: string }>
    expect(completed).toEqual([expect.objectContaining({ id: first.id, leadName: 'Maria Garcia' })])
    expect(await (await get(list, '/api/esign/requests?lead=rosa')).json()).toEqual([expect.objectContaining({ id: second.id })])
    expect(await (await get(list, '/api/esign/requests?provider=goformz')).json()).toEqual([])
    expect(await prisma.auditLog.count({ where: { action: 'view', entityType: 'EsignRequest' } })).toBeGreaterThan(0)
  })

  test('GET /api/esign/requests/{id}: with its timeline; 404 for an unknown id', async () => {
    const request = await leadRequest('Maria')
    const response = await get(one, `/api/esign/requests/${request.id}`, { requestId: request.id })
    const body = (await response.json()) as { status: string; events: Array<{ type: string }>; signedDocument: unknown }
    expect(body).toMatchObject({ status: 'sent', signedDocument: null, recipient: { email: 'Maria@example.com' } })
    expect(body.events.map((event) => event.type)).toEqual(['requested', 'sent'])
    expect((await get(one, '/api/esign/requests/nope', { requestId: 'nope' })).status).toBe(404)
  })

  test('remind and cancel: through BoldSign; 409 once the request is settled', async () => {
    const request = await leadRequest('Maria')
    const reminded = await post(remind, `/api/esign/requests/${request.id}/remind`, { requestId: request.id })
    expect(reminded.status).toBe(200)
    expect(bold.boldsign.documents[0]!.reminders).toBe(1)
    const cancelled = await post(cancel, `/api/esign/requests/${request.id}/cancel`, { requestId: request.id })
    expect(await cancelled.json()).toMatchObject({ success: true, request: { status: 'cancelled' } })
    expect((await post(cancel, `/api/esign/requests/${request.id}/cancel`, { requestId: request.id })).status).toBe(409)
    expect((await post(remind, `/api/esign/requests/${request.id}/remind`, { requestId: request.id })).status).toBe(409)
  })

  test('a reminder BoldSign refuses answers 502 with its reason', async () => {
    const request = await leadRequest('Maria')
    bold.boldsign.setMode('bad-request')
    const response = await post(remind, `/api/esign/requests/${request.id}/remind`, { requestId: request.id })
    expect(response.status).toBe(502)
    expect(await response.json()).toMatchObject({ error: 'BoldSign refused the request (400): The Files field is invalid.' })
  })

  test('a viewer reads but may not remind or cancel', async () => {
    const request = await leadRequest('Maria')
    const viewer = await signedInUser('viewer')
    expect((await callRoute(list.loader, makeRequest('/api/esign/requests', { cookie: viewer.cookie }))).status).toBe(200)
    const refused = await callRoute(cancel.action, makeRequest(`/api/esign/requests/${request.id}/cancel`, { cookie: viewer.cookie, method: 'POST' }), { requestId: request.id })
    expect(refused.status).toBe(403)
  })

  test('GET /api/pending-esignatures: the stored requests still waiting, never tests or settled ones', async () => {
    const waiting = await leadRequest('Maria')
    const done = await leadRequest('Rosa')
    await prisma.esignRequest.update({ where: { id: done.id }, data: { status: 'completed' } })
    await requestDirectSignature({ provider: 'boldsign', templateId: 'bs-tmpl-consent', recipientName: 'Test', recipientEmail: 't@example.com', isTest: true }, actor)
    const body = (await (await get(pending, '/api/pending-esignatures')).json()) as { pending: unknown[] }
    expect(body.pending).toEqual([
      {
        id: waiting.id,
        leadName: 'Maria Garcia',
        documentName: 'Healthcare Document - Maria Garcia',
        status: 'sent',
        sentDate: waiting.sentAt!.toISOString(),
        provider: 'BoldSign',
        customMessage: 'Please sign soon',
      },
    ])
  })
})

describe('the request page', () => {
  test('shows the request and its timeline; Send Reminder and Cancel Request act and say so', async () => {
    const request = await leadRequest('Maria')
    const loaded = (await (await get(page, `/e-signatures/${request.id}`, { requestId: request.id })).json()) as {
      request: { title: string; events: Array<{ type: string }> }
    }
    expect(loaded.request.title).toBe('Healthcare Document - Maria Garcia')
    const act = (intent: string) =>
      callRoute(page.action, makeRequest(`/e-signatures/${request.id}`, { cookie, form: { intent } }), { requestId: request.id })
    expect(await toastOf(await act('remind'))).toMatchObject({ title: 'Reminder sent' })
    expect(await toastOf(await act('cancel'))).toMatchObject({ title: 'E-signature request cancelled' })
    expect(await toastOf(await act('cancel'))).toMatchObject({ type: 'destructive', description: 'A cancelled request cannot be cancelled' })
  })
})
