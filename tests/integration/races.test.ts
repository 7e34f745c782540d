import { describe, expect, test } from 'vitest'
import { prisma } from '~/platform/db.server'
import { callRoute, makeRequest, signedInUser } from '#tests/support/fixtures'
import { concretePath, seedRecords } from '#tests/support/records'
import { routes } from '#tests/support/fuzz'

/** Requests racing each other for the same record: one wins, the others get a 4xx, none a 500. */
describe('races', () => {
  test('parallel deletes of one record: one succeeds, the rest are 404, none 500', async () => {
    const { cookie, user } = await signedInUser('admin')
    const targets = [
      ['routes/api.leads.$leadId', 'leadId'],
      ['routes/api.caregivers.$caregiverId', 'caregiverId'],
      ['routes/api.document-types.$documentTypeId', 'documentTypeId'],
      ['routes/api.leads.$leadId.communications.$communicationId', 'communicationId'],
      ['routes/api.appointments.$appointmentId', 'appointmentId'],
    ] as const
    for (const [routeId, param] of targets) {
      const ids = await seedRecords(cookie, user.id)
      const route = routes.find((candidate) => candidate.id === routeId)!
      const { path, params } = concretePath(route.urlPath, route.params, ids)
      const answers = await Promise.all(
        Array.from({ length: 6 }, () => callRoute(route.module.action!, makeRequest(path, { method: 'DELETE', cookie }), params)),
      )
      const statuses = answers.map((answer) => answer.status).sort()
      expect(statuses.every((status) => status < 500), `${routeId} ${param}: ${statuses}`).toBe(true)
      expect(statuses.filter((status) => status < 300), `${routeId}: ${statuses}`).toHaveLength(1)
    }
  }, 60_000)

  test('a change racing a delete is 404, never 500', async () => {
    const { cookie, user } = await signedInUser('admin')
    const ids = await seedRecords(cookie, user.id)
    const { action: leadApi } = await import('~/routes/api.leads.$leadId')
    const { action: communicationsApi } = await import('~/routes/api.leads.$leadId.communications')
    const params = { leadId: ids.leadId! }
    const answers = await Promise.all([
      callRoute(leadApi, makeRequest(`/api/leads/${ids.leadId}`, { method: 'DELETE', cookie }), params),
      callRoute(leadApi, makeRequest(`/api/leads/${ids.leadId}`, { method: 'PUT', cookie, json: { firstName: 'Racing', lastName: 'Edit', email: 'race@example.com', phone: '2015550109' } }), params),
      callRoute(communicationsApi, makeRequest(`/api/leads/${ids.leadId}/communications`, { cookie, json: { type: 'note', subject: 'Race', content: 'Race' } }), params),
      callRoute(leadApi, makeRequest(`/api/leads/${ids.leadId}`, { method: 'PUT', cookie, json: { firstName: 'Racing', lastName: 'Again', email: 'race@example.com', phone: '2015550109' } }), params),
    ])
    for (const answer of answers) expect(answer.status).toBeLessThan(500)
    expect(await prisma.lead.count({ where: { id: ids.leadId } })).toBe(0)
    expect(await prisma.communication.count({ where: { leadId: ids.leadId } })).toBe(0)
  }, 30_000)

  test('an id that is not an id, or a dot-segment, names nothing', async () => {
    const { cookie } = await signedInUser('admin')
    const { action: communicationApi } = await import('~/routes/api.leads.$leadId.communications.$communicationId')
    const ids = await seedRecords(cookie, (await signedInUser('admin')).user.id)
    for (const communicationId of ['..', '.', '%2e%2e', 'not-a-uuid', `${ids.communicationId}'--`]) {
      const response = await callRoute(
        communicationApi,
        makeRequest(`/api/leads/${ids.leadId}/communications/x`, { method: 'DELETE', cookie }),
        { leadId: ids.leadId!, communicationId },
      )
      expect(response.status, communicationId).toBe(404)
    }
    expect(await prisma.lead.count({ where: { id: ids.leadId } })).toBe(1)
  }, 30_000)
})
