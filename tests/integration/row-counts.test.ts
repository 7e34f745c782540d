import pg from 'pg'
import { describe, expect, test, vi } from 'vitest'
import { loader as leadsLoader } from '~/routes/_app.leads'
import { loader as patientsLoader } from '~/routes/_app.patients'
import { loader as caregiversLoader } from '~/routes/_app.caregivers'
import { prisma } from '~/platform/db.server'
import { matchesEveryRow } from '~/platform/row-counts.server'
import { seedDemoData } from '~/features/demo-data.server'
import { callRoute, makeRequest, signedInUser } from '#tests/support/fixtures'

/**
 * A list without a search or filter reads its total from the count the
 * database's triggers keep, instead of counting every row: that count must
 * stay exact through every way rows come and go.
 */

async function totalOf(loader: Parameters<typeof callRoute>[0], path: string, cookie: string) {
  const response = await callRoute(loader, makeRequest(path, { cookie }))
  return ((await response.json()) as { total: number }).total
}

const lists = [
  { table: 'Lead', path: '/leads', filtered: '/leads?status=new', loader: leadsLoader, count: () => prisma.lead.count() },
  { table: 'Patient', path: '/patients', filtered: '/patients?status=complete', loader: patientsLoader, count: () => prisma.patient.count() },
  { table: 'Caregiver', path: '/caregivers', filtered: '/caregivers?status=active', loader: caregiversLoader, count: () => prisma.caregiver.count() },
] as const

describe('list totals kept by the database', () => {
  test('stay exact through single and bulk inserts, deletes and a truncate', async () => {
    const { cookie } = await signedInUser('viewer')
    for (const list of lists) expect(await totalOf(list.loader, list.path, cookie)).toBe(await list.count())

    await seedDemoData()
    for (const list of lists) {
      expect(await list.count()).toBeGreaterThan(0)
      expect(await totalOf(list.loader, list.path, cookie)).toBe(await list.count())
    }

    const someLeads = await prisma.lead.findMany({ take: 2, select: { id: true } })
    await prisma.lead.deleteMany({ where: { id: { in: someLeads.map((lead) => lead.id) } } })
    await prisma.lead.createMany({
      data: Array.from({ length: 3 }, (_, index) => ({
        firstName: `Bulk${index}`,
        lastName: 'Row',
        email: `bulk${index}@example.com`,
        phone: '(555) 010-0000',
        status: 'new',
        searchText: `bulk${index} row`,
        phoneDigits: '5550100000',
      })),
    })
    expect(await totalOf(leadsLoader, '/leads', cookie)).toBe(await prisma.lead.count())

    await prisma.$executeRawUnsafe('TRUNCATE "Lead" CASCADE')
    expect(await totalOf(leadsLoader, '/leads', cookie)).toBe(0)
  })

  test('a list without a condition reads the kept count; a search or filter counts its rows', async () => {
    const { cookie } = await signedInUser('viewer')
    await seedDemoData()
    for (const list of lists) {
      const real = await list.count()
      const filtered = await totalOf(list.loader, list.filtered, cookie)
      // Skewed on purpose, to see which figure each list reads.
      await prisma.tableRowCount.update({ where: { tableName: list.table }, data: { rowCount: BigInt(real + 1000) } })
      expect(await totalOf(list.loader, list.path, cookie)).toBe(real + 1000)
      expect(await totalOf(list.loader, list.filtered, cookie)).toBe(filtered)
      await prisma.tableRowCount.update({ where: { tableName: list.table }, data: { rowCount: BigInt(real) } })
    }
  })
})

describe('list totals kept in memory', () => {
  test('a list read again with no change between takes its total from memory, and a change is counted at once', async () => {
    const { cookie } = await signedInUser('viewer')
    await seedDemoData()
    const before = await totalOf(leadsLoader, '/leads', cookie)
    const query = vi.spyOn(pg.Client.prototype, 'query')
    try {
      expect(await totalOf(leadsLoader, '/leads', cookie)).toBe(before)
      const texts = query.mock.calls.map(([config]) => String(typeof config === 'string' ? config : (config as { text?: string }).text))
      expect(texts.filter((text) => text.includes('"TableRowCount"'))).toEqual([])
    } finally {
      query.mockRestore()
    }
    const lead = await prisma.lead.create({
      data: { firstName: 'Kept', lastName: 'Count', email: 'kept.count@example.com', phone: '2015550100', status: 'new', searchText: 'kept count', phoneDigits: '2015550100' },
    })
    expect(await totalOf(leadsLoader, '/leads', cookie)).toBe(before + 1)
    await prisma.lead.delete({ where: { id: lead.id } })
    expect(await totalOf(leadsLoader, '/leads', cookie)).toBe(before)
    // A repair of the kept counts themselves is seen at once too.
    await prisma.$executeRawUnsafe('UPDATE "TableRowCount" SET "rowCount" = "rowCount" + 1000 WHERE "tableName" = \'Lead\'')
    expect(await totalOf(leadsLoader, '/leads', cookie)).toBe(before + 1000)
    await prisma.$executeRawUnsafe('UPDATE "TableRowCount" SET "rowCount" = "rowCount" - 1000 WHERE "tableName" = \'Lead\'')
  })
})

describe('a search or filter kept in memory', () => {
  test('read again with no change between, its total comes from memory; a change of any row is counted at once', async () => {
    const { cookie } = await signedInUser('viewer')
    await seedDemoData()
    for (const list of lists) {
      const before = await totalOf(list.loader, list.filtered, cookie)
      const query = vi.spyOn(pg.Client.prototype, 'query')
      try {
        expect(await totalOf(list.loader, list.filtered, cookie)).toBe(before)
        const texts = query.mock.calls.map(([config]) => String(typeof config === 'string' ? config : (config as { text?: string }).text))
        expect(texts.filter((text) => /SELECT COUNT/i.test(text))).toEqual([])
      } finally {
        query.mockRestore()
      }
    }
    // A row leaving the filter, and a search made of its own words, each counted at once.
    const lead = await prisma.lead.findFirstOrThrow({ where: { status: 'new' } })
    const asNew = await totalOf(leadsLoader, '/leads?status=new', cookie)
    await prisma.lead.update({ where: { id: lead.id }, data: { status: 'contacted' } })
    expect(await totalOf(leadsLoader, '/leads?status=new', cookie)).toBe(asNew - 1)
    expect(await totalOf(leadsLoader, '/leads?q=keptsearch', cookie)).toBe(0)
    await prisma.lead.update({ where: { id: lead.id }, data: { status: 'new', searchText: `${lead.searchText} keptsearch` } })
    expect(await totalOf(leadsLoader, '/leads?status=new', cookie)).toBe(asNew)
    expect(await totalOf(leadsLoader, '/leads?q=keptsearch', cookie)).toBe(1)
  })
})

describe('matchesEveryRow', () => {
  test('only an empty where, or an AND of empty ones, keeps every row', () => {
    expect(matchesEveryRow({})).toBe(true)
    expect(matchesEveryRow({ AND: [{}, {}, { AND: [] }] })).toBe(true)
    expect(matchesEveryRow({ AND: [{}, { status: 'new' }] })).toBe(false)
    expect(matchesEveryRow({ status: undefined })).toBe(true)
    expect(matchesEveryRow({ OR: [] })).toBe(false)
    expect(matchesEveryRow({ searchText: { contains: 'garcia' } })).toBe(false)
  })
})
