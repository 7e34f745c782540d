import { describe, expect, test } from 'vitest'
import { loader as listLoader } from '~/routes/_app.leads'
import { action as newAction } from '~/routes/_app.leads.new'
import { action as editAction, loader as editLoader } from '~/routes/_app.leads.edit.$leadId'
import { action as deleteAction, loader as deleteLoader } from '~/routes/_app.leads.delete.$leadId'
import { loader as leadLoader } from '~/routes/_app.leads_.$leadId'
import { action as newCommunicationAction } from '~/routes/_app.leads_.$leadId.communications.new'
import { action as editCommunicationAction } from '~/routes/_app.leads_.$leadId.communications.$communicationId.edit'
import { action as deleteCommunicationAction } from '~/routes/_app.leads_.$leadId.communications.$communicationId.delete'
import { prisma } from '~/platform/db.server'
import { seedDemoData } from '~/features/demo-data.server'
import { callRoute, makeRequest, signedInUser, toastOf } from '#tests/support/fixtures'

const leadForm = {
  firstName: 'Grace',
  lastName: 'Hopper',
  email: 'grace.hopper@example.com',
  phone: '(555) 123-4567',
  city: 'Arlington',
  state: 'VA',
  zipCode: '22201',
  status: 'contacted',
  source: 'referral',
}


async function list(cookie: string, query = '') {
  const response = await callRoute(listLoader, makeRequest(`/leads${query}`, { cookie }))
  return (await response.json()) as {
    query: { page: number }
    total: number
    leads: Array<{ id: string; firstName: string; lastName: string; email: string; phone: string; status: string; source: string | null }>
  }
}

describe('lead list', () => {
  test('search, filters and paging run in the database', async () => {
    const { cookie } = await signedInUser('viewer')
    await seedDemoData()
    const all = await list(cookie)
    expect(all.total).toBe(60)
    expect(all.leads).toHaveLength(12)
    const page5 = await list(cookie, '?page=5')
    expect(page5.leads).toHaveLength(12)

    const byStatus = await list(cookie, '?status=qualified')
    expect(byStatus.total).toBe(12)
    expect(byStatus.leads.map((lead) => lead.status)).toEqual(Array(12).fill('qualified'))
    const fromCrm = await prisma.lead.count({ where: { source: 'gohighlevel' } })
    expect(fromCrm).toBeGreaterThan(0)
    expect(fromCrm).toBeLessThan(all.total)
    const bySource = await list(cookie, `?source=gohighlevel&pageSize=${fromCrm}`)
    expect(bySource.total).toBe(fromCrm)
    expect(bySource.leads.map((lead) => lead.source)).toEqual(Array(fromCrm).fill('gohighlevel'))
  })

  test('a page past the end shows the last page, not an empty one', async () => {
    const { cookie } = await signedInUser('viewer')
    await seedDemoData()
    const total = await prisma.lead.count()
    const lastPage = Math.ceil(total / 12)
    const last = await list(cookie, `?page=${lastPage}`)
    for (const page of [lastPage + 1, 99]) {
      const beyond = await list(cookie, `?page=${page}`)
      expect(beyond.query.page).toBe(lastPage)
      expect(beyond.leads.map((lead) => lead.id)).toEqual(last.leads.map((lead) => lead.id))
    }
  })

  test('search matches names and e-mail case-insensitively and phone digits', async () => {
    const { cookie } = await signedInUser('coordinator')
    await callRoute(newAction, makeRequest('/leads/new', { cookie, form: leadForm }))
    for (const q of ['grace', 'HOPPER', 'grace hopper', 'hopper@exam', '555 123', '(555) 123-45', '1234567']) {
      const result = await list(cookie, `?q=${encodeURIComponent(q)}`)
      expect(result.leads.map((lead) => lead.email), q).toContain('grace.hopper@example.com')
    }
    expect((await list(cookie, '?q=hopperx')).total).toBe(0)
    expect((await list(cookie, '?q=%25')).leads.map((lead) => lead.email)).not.toContain('grace.hopper@example.com')
  })
})

describe('creating, editing and deleting a lead', () => {
  test('create saves the lead, audits it and toasts the local-only outcome', async () => {
    const { cookie, user } = await signedInUser('coordinator')
    const response = await callRoute(newAction, makeRequest('/leads/new?q=x', { cookie, form: { ...leadForm, email: 'create@example.com' } }))
    expect(response.status).toBe(302)
    expect(response.headers.get('location')).toBe('/leads?q=x')
    expect(await toastOf(response)).toMatchObject({ title: 'Lead created successfully and created locally only!' })
    const lead = await prisma.lead.findFirstOrThrow({ where: { email: 'create@example.com' } })
    expect(lead).toMatchObject({ firstName: 'Grace', status: 'contacted', ghlSyncStatus: 'not_configured' })
    const audit = await prisma.auditLog.findFirst({ where: { entityId: lead.id, action: 'create', userId: user.id } })
    expect(audit?.entityType).toBe('Lead')
  })

  test('invalid input returns every message and saves nothing', async () => {
    const { cookie } = await signedInUser('coordinator')
    const before = await prisma.lead.count()
    const response = await callRoute(
      newAction,
      makeRequest('/leads/new', { cookie, form: { firstName: '', lastName: 'x', email: 'bad', phone: '123', state: 'NYC', zipCode: '1' } }),
    )
    expect(response.status).toBe(400)
    const body = await response.json()
    expect(body.error).toMatchObject({
      firstName: ['First name is required'],
      email: ['Valid email is required'],
      phone: ['Phone number must be at least 10 digits'],
      state: ['State must be 2 characters'],
      zipCode: ['Invalid ZIP code format'],
    })
    expect(await prisma.lead.count()).toBe(before)
  })

  test('edit updates the lead and returns where asked', async () => {
    const { cookie } = await signedInUser('coordinator')
    await callRoute(newAction, makeRequest('/leads/new', { cookie, form: { ...leadForm, email: 'edit@example.com' } }))
    const lead = await prisma.lead.findFirstOrThrow({ where: { email: 'edit@example.com' } })
    const page = await callRoute(editLoader, makeRequest(`/leads/edit/${lead.id}`, { cookie }), { leadId: lead.id })
    expect(((await page.json()) as { lead: { email: string } }).lead.email).toBe('edit@example.com')
    const response = await callRoute(
      editAction,
      makeRequest(`/leads/${lead.id}/edit?redirectTo=${encodeURIComponent(`/leads/${lead.id}`)}`, {
        cookie,
        form: { ...leadForm, email: 'edit@example.com', lastName: 'Brewster', status: 'qualified' },
      }),
      { leadId: lead.id },
    )
    expect(response.headers.get('location')).toBe(`/leads/${lead.id}`)
    expect(await toastOf(response)).toMatchObject({ title: 'Lead updated successfully!' })
    const saved = await prisma.lead.findUniqueOrThrow({ where: { id: lead.id } })
    expect(saved).toMatchObject({ lastName: 'Brewster', status: 'qualified', searchText: 'grace brewster edit@example.com' })
  })

  test('the edit dialog closes to a page of this site only: an outside redirectTo falls back to the list', async () => {
    const { cookie } = await signedInUser('coordinator')
    await callRoute(newAction, makeRequest('/leads/new', { cookie, form: { ...leadForm, email: 'close@example.com' } }))
    const lead = await prisma.lead.findFirstOrThrow({ where: { email: 'close@example.com' } })
    const closeTo = async (redirectTo: string) => {
      const query = `?${new URLSearchParams({ redirectTo })}`
      const page = await callRoute(editLoader, makeRequest(`/leads/edit/${lead.id}${query}`, { cookie }), { leadId: lead.id })
      return ((await page.json()) as { closeTo: string }).closeTo
    }
    expect(await closeTo(`/leads/${lead.id}`)).toBe(`/leads/${lead.id}`)
    expect(await closeTo('https://evil.example/')).toBe('/leads')
    expect(await closeTo('//evil.example/')).toBe('/leads')
  })

  test('an unknown lead is a 404', async () => {
    const { cookie } = await signedInUser('coordinator')
    const id = '11111111-1111-4111-8111-111111111111'
    expect((await callRoute(editLoader, makeRequest(`/leads/edit/${id}`, { cookie }), { leadId: id })).status).toBe(404)
    expect((await callRoute(leadLoader, makeRequest('/leads/not-a-uuid', { cookie }), { leadId: 'not-a-uuid' })).status).toBe(404)
  })

  test('delete removes the lead and its communications', async () => {
    const { cookie } = await signedInUser('coordinator')
    await callRoute(newAction, makeRequest('/leads/new', { cookie, form: { ...leadForm, email: 'delete@example.com' } }))
    const lead = await prisma.lead.findFirstOrThrow({ where: { email: 'delete@example.com' } })
    await callRoute(newCommunicationAction, makeRequest(`/leads/${lead.id}/communications/new`, { cookie, form: { type: 'phone' } }), { leadId: lead.id })
    const response = await callRoute(deleteAction, makeRequest(`/leads/delete/${lead.id}`, { method: 'POST', cookie }), { leadId: lead.id })
    expect(await toastOf(response)).toMatchObject({ title: 'Lead deleted', description: 'Lead has been successfully deleted.' })
    expect(await prisma.lead.count({ where: { id: lead.id } })).toBe(0)
    expect(await prisma.communication.count({ where: { leadId: lead.id } })).toBe(0)
  })
})

describe('the GoHighLevel box on a lead', () => {
  test('with GoHighLevel not set up, the page is told so, and offers no sync', async () => {
    const { cookie } = await signedInUser('coordinator')
    await callRoute(newAction, makeRequest('/leads/new', { cookie, form: { ...leadForm, email: 'no-ghl@example.com' } }))
    const lead = await prisma.lead.findFirstOrThrow({ where: { email: 'no-ghl@example.com' } })
    const response = await callRoute(leadLoader, makeRequest(`/leads/${lead.id}`, { cookie }), { leadId: lead.id })
    expect(await response.json()).toMatchObject({ ghlAvailable: false, lead: { ghlSyncStatus: 'not_configured' } })
  })
})

describe('deleting a converted lead', () => {
  async function convertedLeadWithCommunications(cookie: string, email: string) {
    await callRoute(newAction, makeRequest('/leads/new', { cookie, form: { ...leadForm, email } }))
    const lead = await prisma.lead.findFirstOrThrow({ where: { email } })
    for (const type of ['phone', 'email']) {
      await callRoute(newCommunicationAction, makeRequest(`/leads/${lead.id}/communications/new`, { cookie, form: { type } }), { leadId: lead.id })
    }
    const patient = await prisma.patient.create({
      data: {
        firstName: 'Grace',
        lastName: 'Hopper',
        dateOfBirth: new Date('1950-05-05'),
        gender: 'female',
        phone: '(555) 123-4567',
        searchText: 'grace hopper',
        phoneDigits: '5551234567',
        leadId: lead.id,
      },
    })
    await prisma.lead.update({ where: { id: lead.id }, data: { status: 'converted' } })
    return { lead, patient }
  }

  test('the confirmation is told what goes with the lead: its communications, and the link of its patient', async () => {
    const { cookie } = await signedInUser('coordinator')
    const { lead } = await convertedLeadWithCommunications(cookie, 'converted-delete@example.com')
    const response = await callRoute(deleteLoader, makeRequest(`/leads/delete/${lead.id}`, { cookie }), { leadId: lead.id })
    expect(await response.json()).toMatchObject({ name: 'Grace Hopper', status: 'converted', communications: 2, hasPatient: true })
  })

  test('"Mark as lost instead" sets the status, audited, keeps the communications and the patient link, and deletes nothing', async () => {
    const { cookie } = await signedInUser('coordinator')
    const { lead, patient } = await convertedLeadWithCommunications(cookie, 'mark-lost@example.com')
    const response = await callRoute(
      deleteAction,
      makeRequest(`/leads/${lead.id}/delete?redirectTo=/leads/${lead.id}`, { cookie, form: { intent: 'mark-lost' } }),
      { leadId: lead.id },
    )
    expect(response.headers.get('location')).toBe(`/leads/${lead.id}`)
    expect(await toastOf(response)).toMatchObject({ title: 'Lead marked as lost' })
    expect((await prisma.lead.findUniqueOrThrow({ where: { id: lead.id } })).status).toBe('lost')
    expect(await prisma.communication.count({ where: { leadId: lead.id } })).toBe(2)
    expect((await prisma.patient.findUniqueOrThrow({ where: { id: patient.id } })).leadId).toBe(lead.id)
    const audit = await prisma.auditLog.findFirstOrThrow({ where: { entityType: 'Lead', entityId: lead.id, action: 'update' }, orderBy: { createdAt: 'desc' } })
    expect(audit.details).toEqual({ changed: ['status'], from: 'converted', to: 'lost' })
    expect(await prisma.auditLog.count({ where: { entityType: 'Lead', entityId: lead.id, action: 'delete' } })).toBe(0)
  })
})

describe('communication history', () => {
  test('log, edit and delete, newest first, createdBy is the signed-in user', async () => {
    const { cookie, user } = await signedInUser('coordinator')
    await callRoute(newAction, makeRequest('/leads/new', { cookie, form: { ...leadForm, email: 'comms@example.com' } }))
    const lead = await prisma.lead.findFirstOrThrow({ where: { email: 'comms@example.com' } })
    const params = { leadId: lead.id }

    const first = await callRoute(newCommunicationAction, makeRequest(`/leads/${lead.id}/communications/new`, { cookie, form: {} }), params)
    expect(await toastOf(first)).toMatchObject({ title: 'Communication logged successfully!' })
    await callRoute(
      newCommunicationAction,
      makeRequest(`/leads/${lead.id}/communications/new`, {
        cookie,
        form: { type: 'phone', direction: 'outbound', status: 'scheduled', subject: 'Follow-up call', createdBy: 'Someone Else' },
      }),
      params,
    )
    const page = await callRoute(leadLoader, makeRequest(`/leads/${lead.id}`, { cookie }), params)
    const { communications } = (await page.json()) as { communications: Array<Record<string, string>> }
    expect(communications.map((entry) => entry.subject)).toEqual(['Follow-up call', null])
    expect(communications[1]).toMatchObject({ type: 'note', direction: 'internal', status: 'completed', createdBy: user.name })
    expect(communications[0]!.createdBy).toBe(user.name)
    // Each save returns to the lead's page at what it changed, where focus goes.
    expect(first.headers.get('location')).toBe(`/leads/${lead.id}#communication-${communications[1]!.id}`)

    const id = communications[0]!.id!
    const edited = await callRoute(
      editCommunicationAction,
      makeRequest(`/leads/${lead.id}/communications/${id}/edit`, { cookie, form: { type: 'phone', direction: 'outbound', status: 'completed', subject: 'Called back' } }),
      { ...params, communicationId: id },
    )
    expect(await toastOf(edited)).toMatchObject({ title: 'Communication updated successfully!' })
    expect(edited.headers.get('location')).toBe(`/leads/${lead.id}#communication-${id}`)
    expect((await prisma.communication.findUniqueOrThrow({ where: { id } })).subject).toBe('Called back')

    const deleted = await callRoute(
      deleteCommunicationAction,
      makeRequest(`/leads/${lead.id}/communications/${id}/delete`, { method: 'POST', cookie }),
      { ...params, communicationId: id },
    )
    expect(await toastOf(deleted)).toMatchObject({ title: 'Communication deleted successfully!' })
    expect(deleted.headers.get('location')).toBe(`/leads/${lead.id}#communications-heading`)
    expect(await prisma.communication.count({ where: { id } })).toBe(0)
  })

  test('enumerations are enforced', async () => {
    const { cookie } = await signedInUser('coordinator')
    await callRoute(newAction, makeRequest('/leads/new', { cookie, form: { ...leadForm, email: 'enum@example.com' } }))
    const lead = await prisma.lead.findFirstOrThrow({ where: { email: 'enum@example.com' } })
    const response = await callRoute(
      newCommunicationAction,
      makeRequest(`/leads/${lead.id}/communications/new`, { cookie, form: { type: 'fax', direction: 'sideways', status: 'done' } }),
      { leadId: lead.id },
    )
    expect(response.status).toBe(400)
    const body = await response.json()
    expect(Object.keys(body.error).sort()).toEqual(['direction', 'status', 'type'])
  })
})
