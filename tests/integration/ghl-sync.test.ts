import { describe, expect, test } from 'vitest'
import { createLead } from '~/features/leads/leads.server'
import { prisma } from '~/platform/db.server'
import { jobHandlers } from '~/features/job-handlers.server'
import { runDueJobs } from '~/platform/jobs.server'
import { GHL_SYNC_JOB, syncLeadNow } from '~/features/leads/ghl-sync.server'
import { callRoute, createTestUser, makeRequest, signedInUser, testActor } from '#tests/support/fixtures'
import { loader as leadLoader } from '~/routes/_app.leads_.$leadId'
import { useFakeGhl } from '#tests/support/ghl'

// Long enough that a loaded CI machine still gets a 401 back before the client gives up.
const fake = useFakeGhl({ timeoutMs: 2000 })

let counter = 0
async function newLead(overrides: Record<string, string> = {}) {
  const user = await createTestUser()
  counter++
  return createLead(
    {
      firstName: 'Ada',
      lastName: `Lovelace${counter}`,
      email: `ada${counter}-${Date.now()}@example.com`,
      phone: '(201) 555-0100',
      status: 'new',
      city: 'Newark',
      ...overrides,
    } as Parameters<typeof createLead>[0],
    testActor(user.id),
  )
}

/** Makes queued retries due now (instead of waiting for the backoff). */
async function makeJobsDue() {
  await prisma.job.updateMany({ where: { status: 'pending' }, data: { runAt: new Date(Date.now() - 1000) } })
}

describe('GoHighLevel sync', () => {
  test('success: the contact is upserted with the API headers and its id stored', async () => {
    const lead = await newLead()
    expect(await syncLeadNow(lead.id)).toEqual({ success: true, error: null })
    const request = fake.ghl.requests.at(-1)!
    expect(request).toMatchObject({ method: 'POST', path: '/contacts/upsert' })
    expect(request.body).toMatchObject({ locationId: fake.ghl.locationId, firstName: 'Ada', email: lead.email, city: 'Newark' })
    const saved = await prisma.lead.findUniqueOrThrow({ where: { id: lead.id } })
    expect(saved.ghlSyncStatus).toBe('synced')
    expect(fake.ghl.contacts.has(saved.ghlContactId!)).toBe(true)
  })

  test('an update of a synced lead is pushed to the same contact', async () => {
    const lead = await newLead()
    await syncLeadNow(lead.id)
    const { ghlContactId } = await prisma.lead.findUniqueOrThrow({ where: { id: lead.id } })
    await prisma.lead.update({ where: { id: lead.id }, data: { city: 'Hoboken' } })
    expect((await syncLeadNow(lead.id)).success).toBe(true)
    expect(fake.ghl.requests.at(-1)).toMatchObject({ method: 'PUT', path: `/contacts/${ghlContactId}` })
    expect(fake.ghl.contacts.get(ghlContactId!)?.city).toBe('Hoboken')
  })

  test.each([
    ['unauthorized', 'GoHighLevel rejected the credentials (401)', 'pending', true],
    ['server-error', 'GoHighLevel is unavailable (500): Internal server error', 'pending', true],
    ['timeout', 'GoHighLevel did not answer within 2 seconds', 'pending', true],
    ['unprocessable', 'GoHighLevel refused the request (422): email must be an email', 'failed', false],
  ] as const)('%s: the lead is kept, the error reported, a retry queued when worthwhile', async (mode, message, state, queued) => {
    fake.ghl.setMode(mode)
    const lead = await newLead()
    const result = await syncLeadNow(lead.id)
    expect(result).toEqual({ success: false, error: message })
    const saved = await prisma.lead.findUniqueOrThrow({ where: { id: lead.id } })
    expect(saved.ghlSyncStatus).toBe(state)
    expect(saved.ghlSyncError).toBe(message)
    const jobs = await prisma.job.count({ where: { type: GHL_SYNC_JOB, payload: { path: ['leadId'], equals: lead.id } } })
    expect(jobs).toBe(queued ? 1 : 0)
  })

  test('a retry after a restart completes the sync, once, without a duplicate contact', async () => {
    fake.ghl.setMode('timeout')
    const lead = await newLead()
    await syncLeadNow(lead.id)
    // A second failure while a retry is pending does not queue another.
    await syncLeadNow(lead.id)
    expect(await prisma.job.count({ where: { status: 'pending', payload: { path: ['leadId'], equals: lead.id } } })).toBe(1)

    // "Restart": nothing in memory survives; the job row does.
    fake.ghl.setMode('ok')
    await makeJobsDue()
    await runDueJobs(jobHandlers)
    const saved = await prisma.lead.findUniqueOrThrow({ where: { id: lead.id } })
    expect(saved.ghlSyncStatus).toBe('synced')
    const job = await prisma.job.findFirstOrThrow({ where: { payload: { path: ['leadId'], equals: lead.id } } })
    expect(job.status).toBe('done')
    const matching = [...fake.ghl.contacts.values()].filter((contact) => contact.email === lead.email)
    expect(matching).toHaveLength(1)
  })

  test('once the queued retry has run, a later failure queues a new one', async () => {
    fake.ghl.setMode('server-error')
    const lead = await newLead()
    await syncLeadNow(lead.id)
    fake.ghl.setMode('ok')
    await makeJobsDue()
    await runDueJobs(jobHandlers)

    fake.ghl.setMode('server-error')
    await syncLeadNow(lead.id)
    const jobs = await prisma.job.findMany({ where: { type: GHL_SYNC_JOB, payload: { path: ['leadId'], equals: lead.id } } })
    expect(jobs.map((job) => job.status).sort()).toEqual(['done', 'pending'])
  })

  test('a timed-out request that GoHighLevel did process still ends with one contact', async () => {
    const lead = await newLead()
    // GoHighLevel created the contact but the answer was lost: the retry upserts by e-mail.
    fake.ghl.contacts.set('existing-contact', { id: 'existing-contact', email: lead.email, locationId: fake.ghl.locationId })
    await syncLeadNow(lead.id)
    const saved = await prisma.lead.findUniqueOrThrow({ where: { id: lead.id } })
    expect(saved.ghlContactId).toBe('existing-contact')
    expect([...fake.ghl.contacts.values()].filter((contact) => contact.email === lead.email)).toHaveLength(1)
  })

  test('failed retries back off and keep the error', async () => {
    fake.ghl.setMode('server-error')
    const lead = await newLead()
    await syncLeadNow(lead.id)
    await makeJobsDue()
    await runDueJobs(jobHandlers)
    const job = await prisma.job.findFirstOrThrow({ where: { payload: { path: ['leadId'], equals: lead.id } } })
    expect(job.status).toBe('pending')
    expect(job.attempts).toBe(1)
    expect(job.runAt.getTime()).toBeGreaterThan(Date.now() + 20_000)
    expect(job.lastError).toMatch(/unavailable \(500\)/)
  })
})

describe('the GoHighLevel box on a lead', () => {
  test('with GoHighLevel set up, the page offers the sync', async () => {
    const lead = await newLead()
    const { cookie } = await signedInUser('coordinator')
    const response = await callRoute(leadLoader, makeRequest(`/leads/${lead.id}`, { cookie }), { leadId: lead.id })
    expect(await response.json()).toMatchObject({ ghlAvailable: true })
  })
})
