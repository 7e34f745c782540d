import crypto from 'node:crypto'
import { describe, expect, test, vi } from 'vitest'
import * as auditLogRoute from '~/routes/_app.settings.audit-log'
import { AUDIT_PAGE_SIZE, readStatements, recordAudit, recordListView, recordPageView, recordView } from '~/platform/audit.server'
import { prisma } from '~/platform/db.server'
import { callRoute, createTestUser, makeRequest, signedInUser, testActor } from '#tests/support/fixtures'
import { systemActor } from '~/platform/actor'
import { createLead, deleteLead, listLeads, markLeadLost, updateLead } from '~/features/leads/leads.server'
import { leadSchema } from '~/features/leads/schema'
import { communicationSchema } from '~/features/leads/communication-schema'
import { createCommunication } from '~/features/leads/communications.server'

type AuditRecord = { name: string; href: string | null; deleted: boolean }
type Entry = {
  id: string
  who: string
  action: string
  entityType: string
  entityId: string | null
  when: string
  ipAddress: string | null
  record: AuditRecord | null
  summary: string | null
  listed: Array<AuditRecord & { id: string }>
}

async function auditPage(cookie: string, query = '') {
  const response = await callRoute(auditLogRoute.loader, makeRequest(`/settings/audit-log${query}`, { cookie }))
  return { status: response.status, data: await response.json() }
}

describe('who may read the audit log', () => {
  test.each(['coordinator', 'viewer'] as const)('a %s gets 403', async (role) => {
    const { cookie } = await signedInUser(role)
    const response = await callRoute(auditLogRoute.loader, makeRequest('/settings/audit-log', { cookie }))
    expect(response.status).toBe(403)
  })

  test('the page is read-only: no action to post to', () => {
    expect('action' in auditLogRoute).toBe(false)
  })
})

describe('browsing entries', () => {
  test('newest first, with who, action, entity, client address and the time in the agency zone', async () => {
    const { cookie } = await signedInUser('admin')
    const actor = await createTestUser('coordinator', { name: 'Fox Mulder' })
    await prisma.auditLog.createMany({
      data: [
        { createdAt: new Date('2024-03-10T06:05:03Z'), userId: actor.id, action: 'update', entityType: 'ShowTest', entityId: 'lead-1', ipAddress: '203.0.113.5' },
        { createdAt: new Date('2024-07-04T16:00:00Z'), actorEmail: 'stranger@example.com', action: 'login_failed', entityType: 'ShowTest' },
        { createdAt: new Date('2024-01-02T12:00:00Z'), action: 'create', entityType: 'ShowTest' },
      ],
    })
    const { status, data } = await auditPage(cookie, '?entityType=ShowTest')
    expect(status).toBe(200)
    expect(data.total).toBe(3)
    const entries: Entry[] = data.entries
    expect(entries.map((entry) => entry.who)).toEqual(['stranger@example.com', 'Fox Mulder', 'System'])
    expect(entries[0]).toMatchObject({ action: 'Login Failed', ipAddress: null })
    expect(entries[1]).toMatchObject({ action: 'Update', entityType: 'ShowTest', entityId: 'lead-1', ipAddress: '203.0.113.5' })
    // 06:05 UTC on 10 March 2024 is 1:05 AM in New York (still EST); July is EDT.
    expect(entries[1]!.when).toMatch(/^Mar 10, 2024, 1:05:03\sAM EST$/)
    expect(entries[0]!.when).toMatch(/^Jul 4, 2024, 12:00:00\sPM EDT$/)
  })

  test('the filter form offers every action, the entity types in the log and every user', async () => {
    const { user, cookie } = await signedInUser('admin')
    await recordAudit({ actor: testActor(user.id), action: 'view', entityType: 'OptionsTest' })
    const { data } = await auditPage(cookie)
    expect(data.options.actions.map((option: { value: string }) => option.value)).toEqual([
      'create', 'update', 'delete', 'view', 'login', 'login_failed', 'logout',
      'mfa_enabled', 'mfa_disabled', 'mfa_recovery_codes_regenerated', 'mfa_reset', 'mfa_verification_failed', 'mfa_recovery_code_used', 'access_denied',
    ])
    expect(data.options.actions).toContainEqual({ value: 'mfa_reset', label: 'MFA Reset' })
    expect(data.options.entityTypes).toContainEqual({ value: 'OptionsTest', label: 'OptionsTest' })
    expect(data.options.users.map((option: { value: string }) => option.value)).toContain(user.id)
  })
})

describe('what an entry names', () => {
  const leadInput = (firstName: string, lastName: string, extra: Record<string, string> = {}) =>
    leadSchema.parse({ firstName, lastName, email: `${firstName.toLowerCase()}@example.com`, phone: '2015550100', status: 'new', ...extra })

  test("the record's current name and a link to it; the fields an update changed, as people name them", async () => {
    const { user, cookie } = await signedInUser('admin')
    const actor = testActor(user.id)
    const lead = await createLead(leadInput('Marisol', 'Quintero'), actor)
    await updateLead(lead.id, leadInput('Marisol', 'Quintero-Vega', { phone: '2015550199' }), actor)
    await markLeadLost(lead.id, actor)

    const { data } = await auditPage(cookie, `?entityType=Lead&userId=${user.id}&action=update`)
    const entries: Entry[] = data.entries
    expect(entries.map((entry) => entry.summary)).toEqual(['Changed: Status (New → Lost)', 'Changed: Last name, Phone'])
    // Named as the record is called now, linked to its page.
    for (const entry of entries) expect(entry.record).toEqual({ name: 'Marisol Quintero-Vega', href: `/leads/${lead.id}`, deleted: false })
  })

  test("a communication is named by its subject, else by its type as the form labels it, and links to its lead", async () => {
    const { user, cookie } = await signedInUser('admin')
    const actor = testActor(user.id)
    const lead = await createLead(leadInput('Teodora', 'Baptiste'), actor)
    await createCommunication(lead.id, communicationSchema.parse({ type: 'phone' }), user.id, actor)
    await createCommunication(lead.id, communicationSchema.parse({ type: 'email', subject: 'Care plan questions' }), user.id, actor)

    const { data } = await auditPage(cookie, `?entityType=Communication&userId=${user.id}`)
    const records = (data.entries as Entry[]).map((entry) => entry.record)
    expect(records).toEqual([
      { name: 'Care plan questions', href: `/leads/${lead.id}`, deleted: false },
      { name: 'Phone Call communication', href: `/leads/${lead.id}`, deleted: false },
    ])
  })

  test('a user change shows from and to; a password change never shows values', async () => {
    const { user, cookie } = await signedInUser('admin')
    const target = await createTestUser('coordinator', { name: 'Dana Scully' })
    await recordAudit({
      actor: testActor(user.id),
      action: 'update',
      entityType: 'User',
      entityId: target.id,
      details: { fields: ['name', 'role'], changes: { name: { from: 'Dana Katherine', to: 'Dana Scully' }, role: { from: 'viewer', to: 'coordinator' } } },
    })
    await recordAudit({ actor: testActor(user.id), action: 'update', entityType: 'User', entityId: target.id, details: { field: 'password' } })
    const entries: Entry[] = (await auditPage(cookie, `?entityType=User&userId=${user.id}&action=update`)).data.entries
    expect(entries.map((entry) => entry.summary)).toEqual(['Changed: Password', 'Changed: Name (Dana Katherine → Dana Scully), Role (Viewer → Coordinator)'])
    expect(entries[0]!.record).toEqual({ name: 'Dana Scully', href: `/settings/users/${target.id}`, deleted: false })
  })

  test('a deleted record: the name its delete entry kept, else "Deleted record" and the short id; no link', async () => {
    const { user, cookie } = await signedInUser('admin')
    const actor = testActor(user.id)
    const lead = await createLead(leadInput('Ottoline', 'Brask'), actor)
    await deleteLead(lead.id, actor)
    // An entry from before delete entries kept the name.
    const forgotten = '0b9d6a52-5d1e-4c3f-9a57-4f1f2c0e8d11'
    await prisma.auditLog.create({ data: { userId: user.id, action: 'update', entityType: 'Lead', entityId: forgotten, details: { changed: ['phone'] } } })

    const entries: Entry[] = (await auditPage(cookie, `?entityType=Lead&userId=${user.id}`)).data.entries
    const of = (id: string) => entries.filter((entry) => entry.entityId === id).map((entry) => entry.record)
    expect(of(lead.id)).toEqual([
      { name: 'Ottoline Brask (deleted)', href: null, deleted: true },
      { name: 'Ottoline Brask (deleted)', href: null, deleted: true },
    ])
    expect(of(forgotten)).toEqual([{ name: 'Deleted record 0b9d6a52', href: null, deleted: true }])
  })

  test('a list read: how many it showed and for what search, with the names behind a disclosure', async () => {
    const { user } = await signedInUser('admin')
    const actor = testActor(user.id)
    const leads = [await createLead(leadInput('Zebulon', 'Aldercott'), actor), await createLead(leadInput('Zinnia', 'Aldercott'), actor)]
    await listLeads({ q: 'Aldercott', status: 'new', source: undefined, page: 1, pageSize: 12 }, actor)

    const reader = await signedInUser('admin')
    const entries: Entry[] = (await auditPage(reader.cookie, `?entityType=Lead&userId=${user.id}&action=view`)).data.entries
    expect(entries).toHaveLength(1)
    expect(entries[0]!.summary).toBe('Viewed a list of 2 leads (search "Aldercott", status New)')
    expect(entries[0]!.record).toBeNull()
    expect(entries[0]!.listed.map((record) => record.name).sort()).toEqual(['Zebulon Aldercott', 'Zinnia Aldercott'])
    expect(entries[0]!.listed.map((record) => record.href).sort()).toEqual(leads.map((lead) => `/leads/${lead.id}`).sort())

    // Showing those names is itself a read: the page's own entry names them.
    const own = await prisma.auditLog.findFirstOrThrow({ where: { userId: reader.user.id, entityType: 'AuditLog' } })
    expect((own.details as { recordIds: string[] }).recordIds).toEqual(expect.arrayContaining(leads.map((lead) => lead.id)))
  })

  test('names come from one query per kind of record, however many entries the page shows', async () => {
    const { user, cookie } = await signedInUser('admin')
    const actor = testActor(user.id)
    for (let index = 0; index < 30; index++) {
      const lead = await createLead(leadInput(`Query${index}`, 'Counter'), actor)
      await recordAudit({ actor, action: 'update', entityType: 'Lead', entityId: lead.id, details: { changed: ['phone'] } })
    }
    const findLeads = prisma.lead.findMany.bind(prisma.lead)
    const leadReads = vi.spyOn(prisma.lead, 'findMany').mockImplementation(((args) => findLeads(args)) as typeof findLeads)
    try {
      const entries: Entry[] = (await auditPage(cookie, `?entityType=Lead&userId=${user.id}&action=update`)).data.entries
      expect(entries).toHaveLength(30)
      expect(entries.every((entry) => entry.record?.name.endsWith(' Counter'))).toBe(true)
      expect(leadReads).toHaveBeenCalledTimes(1)
    } finally {
      leadReads.mockRestore()
    }
  })
})

describe('filters', () => {
  test('by action, entity type and user, alone and together', async () => {
    const { cookie } = await signedInUser('admin')
    const alice = await createTestUser('coordinator')
    const bob = await createTestUser('coordinator')
    await prisma.auditLog.createMany({
      data: [
        { userId: alice.id, action: 'create', entityType: 'FilterLead' },
        { userId: alice.id, action: 'update', entityType: 'FilterLead' },
        { userId: bob.id, action: 'update', entityType: 'FilterLead' },
        { userId: bob.id, action: 'update', entityType: 'FilterPatient' },
        { userId: bob.id, action: 'delete', entityType: 'FilterPatient' },
      ],
    })
    const count = async (query: string) => (await auditPage(cookie, query)).data.total
    expect(await count('?entityType=FilterLead')).toBe(3)
    expect(await count(`?userId=${bob.id}`)).toBe(3)
    expect(await count(`?userId=${alice.id}&action=update`)).toBe(1)
    expect(await count(`?userId=${bob.id}&action=update&entityType=FilterPatient`)).toBe(1)
    expect(await count(`?userId=${bob.id}&action=create`)).toBe(0)
    // Empty fields mean "all".
    expect(await count(`?action=&entityType=&userId=${alice.id}&from=&to=`)).toBe(2)

    const { data } = await auditPage(cookie, `?userId=${alice.id}&action=update`)
    expect(data.values).toEqual({ action: 'update', entityType: '', userId: alice.id, from: '', to: '' })
  })

  test('an empty result says so', async () => {
    const { cookie } = await signedInUser('admin')
    const { status, data } = await auditPage(cookie, '?entityType=NothingLikeThis')
    expect(status).toBe(200)
    expect(data.total).toBe(0)
    expect(data.entries).toEqual([])
  })

  test('from and to are whole days in the agency time zone, across a DST change', async () => {
    const { cookie } = await signedInUser('admin')
    const times = [
      '2024-03-10T04:59:59Z', // Mar 9, 11:59:59 PM EST
      '2024-03-10T05:00:00Z', // Mar 10, 12:00 AM EST: first moment of the 10th
      '2024-03-11T03:59:59Z', // Mar 10, 11:59:59 PM EDT: last moment of the 10th (a 23-hour day)
      '2024-03-11T04:00:00Z', // Mar 11, 12:00 AM EDT
    ]
    await prisma.auditLog.createMany({
      data: times.map((time) => ({ createdAt: new Date(time), action: 'view', entityType: 'DateTest', entityId: time })),
    })
    const ids = async (query: string) =>
      ((await auditPage(cookie, `?entityType=DateTest${query}`)).data.entries as Entry[]).map((entry) => entry.entityId).sort()

    expect(await ids('&from=2024-03-10&to=2024-03-10')).toEqual([times[1], times[2]])
    expect(await ids('&from=2024-03-10')).toEqual([times[1], times[2], times[3]])
    expect(await ids('&to=2024-03-09')).toEqual([times[0]])
    expect(await ids('&from=2024-03-11&to=2024-03-11')).toEqual([times[3]])
  })

  test('bad filters are explained next to their fields', async () => {
    const { cookie } = await signedInUser('admin')
    const badDate = await auditPage(cookie, '?from=2024-02-30&to=yesterday&action=explode&userId=nobody')
    expect(badDate.status).toBe(400)
    expect(badDate.data.errors).toMatchObject({
      from: ['Enter a date as YYYY-MM-DD'],
      to: ['Enter a date as YYYY-MM-DD'],
      action: ['Choose an action from the list'],
      userId: ['Choose a user from the list'],
    })
    expect(badDate.data.entries).toEqual([])
    expect(badDate.data.values.from).toBe('2024-02-30')

    const reversed = await auditPage(cookie, '?from=2024-03-10&to=2024-03-01')
    expect(reversed.status).toBe(400)
    expect(reversed.data.errors.to).toEqual(['The "to" date must be on or after the "from" date'])
  })
})

describe('pagination', () => {
  test(`${AUDIT_PAGE_SIZE} entries a page, newest first; a page past the end shows the last one`, async () => {
    const { cookie } = await signedInUser('admin')
    const start = Date.parse('2025-01-01T12:00:00Z')
    await prisma.auditLog.createMany({
      data: Array.from({ length: 120 }, (_, index) => ({
        createdAt: new Date(start + index * 60_000),
        action: 'view',
        entityType: 'PageTest',
        entityId: String(index),
      })),
    })
    const first = (await auditPage(cookie, '?entityType=PageTest&action=view')).data
    expect(first.total).toBe(120)
    expect(first.page).toBe(1)
    // The page's links are built in the browser, which cannot read the server's constant.
    expect(first.pageSize).toBe(AUDIT_PAGE_SIZE)
    expect(first.entries).toHaveLength(50)
    expect(first.entries[0].entityId).toBe('119')

    const second = (await auditPage(cookie, '?entityType=PageTest&action=view&page=2')).data
    expect(second.page).toBe(2)
    expect(second.entries.map((entry: Entry) => entry.entityId)).toEqual(
      Array.from({ length: 50 }, (_, index) => String(69 - index)),
    )

    const third = (await auditPage(cookie, '?entityType=PageTest&action=view&page=3')).data
    expect(third.entries).toHaveLength(20)
    expect(third.entries.at(-1).entityId).toBe('0')

    // An old link past the end: the last page, not 'No audit entries match these filters'.
    const beyond = (await auditPage(cookie, '?entityType=PageTest&page=9')).data
    expect(beyond.page).toBe(3)
    expect(beyond.entries).toEqual(third.entries)

    // A page number that is not one falls back to the first page.
    const junk = (await auditPage(cookie, '?entityType=PageTest&page=abc')).data
    expect(junk.page).toBe(1)
    expect(junk.entries).toHaveLength(50)
  })
})

describe('the log is append-only', () => {
  /**
   * The trigger's error, not some other failure. After a database error the
   * in-memory test database (PGlite over a socket) drops that connection; a
   * short pause lets it go before the pool opens the next one.
   */
  async function expectRefused(operation: () => Promise<unknown>) {
    await expect(operation()).rejects.toThrow(/AuditLog entries cannot be changed or deleted/)
    await new Promise((resolve) => setTimeout(resolve, 50))
  }

  test('no caller can make an entry large: text fields and details are bounded', async () => {
    await recordAudit({
      actor: { kind: 'anonymous', userId: null, email: `${'x'.repeat(100_000)}@example.com`, ipAddress: '192.0.2.1' },
      action: 'login_failed',
      entityType: 'User',
      entityId: 'y'.repeat(10_000),
      details: { note: 'z'.repeat(100_000) },
    })
    const entry = await prisma.auditLog.findFirstOrThrow({ where: { ipAddress: '192.0.2.1' } })
    expect(entry.actorEmail!.length).toBeLessThanOrEqual(254)
    expect(entry.entityId!.length).toBeLessThanOrEqual(254)
    expect(JSON.stringify(entry.details).length).toBeLessThan(1000)
  })

  test('the database refuses to change or delete entries', async () => {
    await recordAudit({ actor: systemActor('test'), action: 'view', entityType: 'Immutable', entityId: 'x' })
    const entry = await prisma.auditLog.findFirstOrThrow({ where: { entityType: 'Immutable' } })
    await expectRefused(() => prisma.auditLog.update({ where: { id: entry.id }, data: { action: 'delete' } }))
    await expectRefused(() => prisma.auditLog.updateMany({ where: { entityType: 'Immutable' }, data: { entityId: 'y' } }))
    await expectRefused(() => prisma.auditLog.delete({ where: { id: entry.id } }))
    await expectRefused(() => prisma.auditLog.deleteMany({ where: { entityType: 'Immutable' } }))
    expect(await prisma.auditLog.findUniqueOrThrow({ where: { id: entry.id } })).toEqual(entry)
  })
})

describe('reads written together (a group commit)', () => {
  const readsOf = (userId: string) =>
    prisma.auditLog.findMany({ where: { userId, action: 'view' }, select: { entityType: true, entityId: true, details: true } })

  test('reads arriving while one is being written go in one statement, and each caller waits for its own', async () => {
    const user = await createTestUser()
    const actor = testActor(user.id)
    const before = readStatements.count
    await Promise.all([
      recordView({ actor, entityType: 'Lead', entityId: crypto.randomUUID() }),
      recordView({ actor, entityType: 'Patient', entityId: crypto.randomUUID() }),
      recordListView({ actor, entityType: 'Caregiver', ids: [crypto.randomUUID(), crypto.randomUUID()] }),
      recordPageView({ actor, entityType: 'Lead', entityId: crypto.randomUUID() }, [{ entityType: 'Appointment', ids: [crypto.randomUUID()] }]),
    ])
    // The first is written at once; the three that came while it was under way, together.
    expect(readStatements.count - before).toBe(2)
    const reads = await readsOf(user.id)
    expect(reads.map((read) => read.entityType).sort()).toEqual(['Appointment', 'Caregiver', 'Lead', 'Lead', 'Patient'])
    expect(reads.find((read) => read.entityType === 'Caregiver')?.details).toMatchObject({ ids: expect.any(Array) })
  })

  test("a caller whose read cannot be stored fails alone; the others' reads are stored", async () => {
    const user = await createTestUser()
    const actor = testActor(user.id)
    const results = await Promise.allSettled([
      recordView({ actor, entityType: 'Lead', entityId: crypto.randomUUID() }),
      recordView({ actor, entityType: 'Patient', entityId: crypto.randomUUID() }),
      // No such user: an entry's user must exist.
      recordView({ actor: testActor(crypto.randomUUID()), entityType: 'Patient', entityId: crypto.randomUUID() }),
      recordView({ actor, entityType: 'Caregiver', entityId: crypto.randomUUID() }),
    ])
    expect(results.map((result) => result.status)).toEqual(['fulfilled', 'fulfilled', 'rejected', 'fulfilled'])
    expect((await readsOf(user.id)).map((read) => read.entityType).sort()).toEqual(['Caregiver', 'Lead', 'Patient'])
  })

  test('a view written with others is still skipped when the same person opened the record within five minutes', async () => {
    const user = await createTestUser()
    const actor = testActor(user.id)
    const leadId = crypto.randomUUID()
    await recordView({ actor, entityType: 'Lead', entityId: leadId })
    const other = testActor((await createTestUser()).id)
    await Promise.all([
      recordView({ actor, entityType: 'Patient', entityId: crypto.randomUUID() }),
      recordView({ actor, entityType: 'Lead', entityId: leadId }),
      recordView({ actor: other, entityType: 'Lead', entityId: leadId }),
    ])
    expect((await readsOf(user.id)).filter((read) => read.entityId === leadId)).toHaveLength(1)
    expect(await prisma.auditLog.count({ where: { entityId: leadId, action: 'view' } })).toBe(2)
  })
})
