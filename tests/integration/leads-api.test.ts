import { describe, expect, test } from 'vitest'
import { action as leadsAction, loader as leadsLoader } from '~/routes/api.leads'
import { action as leadAction, loader as leadLoader } from '~/routes/api.leads.$leadId'
import { action as commsAction, loader as commsLoader } from '~/routes/api.leads.$leadId.communications'
import { action as commAction } from '~/routes/api.leads.$leadId.communications.$communicationId'
import { prisma } from '~/platform/db.server'
import { callRoute, makeRequest, signedInUser } from '#tests/support/fixtures'
import { useFakeGhl } from '#tests/support/ghl'

const fake = useFakeGhl()

const body = { firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.com', phone: '2015550100', source: 'website' }

async function createViaApi(cookie: string, overrides: Record<string, unknown> = {}) {
  const response = await callRoute(leadsAction, makeRequest('/api/leads', { cookie, json: { ...body, ...overrides } }))
  return { response, lead: (await response.json()) as Record<string, unknown> & { id: string } }
}

describe('/api/leads', () => {
  test('POST creates the lead, syncs it and answers 201 with ghlSync', async () => {
    const { cookie } = await signedInUser('coordinator')
    const { response, lead } = await createViaApi(cookie, { email: 'api-create@example.com' })
    expect(response.status).toBe(201)
    expect(lead).toMatchObject({ firstName: 'Ada', status: 'new', ghlSync: { success: true, error: null } })
    expect(lead).not.toHaveProperty('searchText')
    expect(fake.ghl.requests.some((request) => request.body.email === 'api-create@example.com')).toBe(true)
  })

  test('POST while GoHighLevel is down still saves the lead and reports the error', async () => {
    const { cookie } = await signedInUser('coordinator')
    fake.ghl.setMode('server-error')
    const { response, lead } = await createViaApi(cookie, { email: 'api-outage@example.com' })
    expect(response.status).toBe(201)
    expect(lead.ghlSync).toEqual({ success: false, error: 'GoHighLevel is unavailable (500): Internal server error' })
    expect(await prisma.lead.count({ where: { email: 'api-outage@example.com' } })).toBe(1)
  })

  test('invalid bodies answer 400 with a message per field and save nothing', async () => {
    const { cookie } = await signedInUser('coordinator')
    const before = await prisma.lead.count()
    const response = await callRoute(leadsAction, makeRequest('/api/leads', { cookie, json: { firstName: '', email: 'x', phone: '1' } }))
    expect(response.status).toBe(400)
    expect(await response.json()).toMatchObject({
      error: 'Invalid lead',
      fieldErrors: {
        firstName: ['First name is required'],
        lastName: ['Last name is required'],
        email: ['Valid email is required'],
        phone: ['Phone number must be at least 10 digits'],
      },
    })
    const broken = await callRoute(
      leadsAction,
      new Request('http://localhost/api/leads', { method: 'POST', headers: { cookie, 'content-type': 'application/json' }, body: '{nope' }),
    )
    expect(broken.status).toBe(400)
    expect(await broken.json()).toEqual({ error: 'Request body must be valid JSON' })
    expect(await prisma.lead.count()).toBe(before)
  })

  test('GET lists newest first with search, filters, paging and X-Total-Count', async () => {
    const { cookie } = await signedInUser('viewer')
    const writer = await signedInUser('coordinator')
    for (const [index, status] of ['new', 'qualified', 'qualified'].entries()) {
      await createViaApi(writer.cookie, { email: `list${index}@example.com`, lastName: `Listing${index}`, status })
    }
    const response = await callRoute(leadsLoader, makeRequest('/api/leads?q=listing&status=qualified&pageSize=1', { cookie }))
    expect(response.headers.get('x-total-count')).toBe('2')
    const leads = (await response.json()) as Array<{ lastName: string }>
    expect(leads.map((lead) => lead.lastName)).toEqual(['Listing2'])
  })

  test('PUT updates, GET reads, DELETE removes; unknown ids answer 404', async () => {
    const { cookie } = await signedInUser('coordinator')
    const { lead } = await createViaApi(cookie, { email: 'api-put@example.com' })
    const params = { leadId: lead.id }
    const put = await callRoute(
      leadAction,
      makeRequest(`/api/leads/${lead.id}`, { method: 'PUT', cookie, json: { ...body, email: 'api-put@example.com', status: 'converted' } }),
      params,
    )
    expect(put.status).toBe(200)
    expect(await put.json()).toMatchObject({ status: 'converted' })
    const get = await callRoute(leadLoader, makeRequest(`/api/leads/${lead.id}`, { cookie }), params)
    expect(await get.json()).toMatchObject({ id: lead.id, status: 'converted' })
    const del = await callRoute(leadAction, makeRequest(`/api/leads/${lead.id}`, { method: 'DELETE', cookie }), params)
    expect(await del.json()).toEqual({ success: true, id: lead.id })
    const again = await callRoute(leadAction, makeRequest(`/api/leads/${lead.id}`, { method: 'DELETE', cookie }), params)
    expect(again.status).toBe(404)
    expect(await again.json()).toEqual({ error: 'Lead not found' })
  })

  test('anonymous callers get 401 and viewers writing get 403, as JSON', async () => {
    const anonymous = await callRoute(leadsLoader, makeRequest('/api/leads'))
    expect(anonymous.status).toBe(401)
    expect(await anonymous.json()).toEqual({ error: 'Authentication required' })
    const { cookie } = await signedInUser('viewer')
    const write = await callRoute(leadsAction, makeRequest('/api/leads', { cookie, json: body }))
    expect(write.status).toBe(403)
  })
})

describe('/api/leads/{leadId}/communications', () => {
  test('create, list, update and delete with the spec bodies', async () => {
    const { cookie, user } = await signedInUser('coordinator')
    const { lead } = await createViaApi(cookie, { email: 'api-comms@example.com' })
    const params = { leadId: lead.id }
    const created = await callRoute(
      commsAction,
      makeRequest(`/api/leads/${lead.id}/communications`, { cookie, json: { type: 'email', direction: 'outbound', subject: 'Hello', createdBy: 'spoofed' } }),
      params,
    )
    expect(created.status).toBe(201)
    const communication = (await created.json()) as { id: string; createdBy: string; status: string }
    expect(communication).toMatchObject({ createdBy: user.name, status: 'completed' })

    const listed = await callRoute(commsLoader, makeRequest(`/api/leads/${lead.id}/communications`, { cookie }), params)
    expect(((await listed.json()) as unknown[]).length).toBe(1)

    const ids = { ...params, communicationId: communication.id }
    const updated = await callRoute(
      commAction,
      makeRequest(`/api/leads/${lead.id}/communications/${communication.id}`, { method: 'PUT', cookie, json: { type: 'email', status: 'failed' } }),
      ids,
    )
    expect(await updated.json()).toMatchObject({ status: 'failed' })
    const invalid = await callRoute(
      commAction,
      makeRequest(`/api/leads/${lead.id}/communications/${communication.id}`, { method: 'PUT', cookie, json: { type: 'fax' } }),
      ids,
    )
    expect(invalid.status).toBe(400)
    const deleted = await callRoute(
      commAction,
      makeRequest(`/api/leads/${lead.id}/communications/${communication.id}`, { method: 'DELETE', cookie }),
      ids,
    )
    expect(deleted.status).toBe(200)
    const missing = await callRoute(commsLoader, makeRequest('/api/leads/x/communications', { cookie }), { leadId: 'x' })
    expect(missing.status).toBe(404)
  })
})
