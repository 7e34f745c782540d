import crypto from 'node:crypto'
import { QueryCompiler } from '@prisma/client/runtime/query_compiler_bg.postgresql.mjs'
import { describe, expect, test, vi } from 'vitest'
import { Prisma } from '~/generated/prisma/client'
import { prisma } from '~/platform/db.server'
import { heldShapes, queryPlanCacheStats } from '~/platform/db/query-plan-cache.server'

/**
 * Reads of one shape share a compiled plan with their values filled in. The
 * tests run with every filled-in plan checked against a fresh compile, so
 * these assert what a caller relies on: each read gets its own rows.
 */
const unique = () => crypto.randomBytes(4).toString('hex')

async function lead(overrides: Partial<Prisma.LeadUncheckedCreateInput> = {}) {
  const tag = unique()
  return prisma.lead.create({
    data: { firstName: `Plan${tag}`, lastName: 'Cache', email: `plan${tag}@example.com`, phone: '2015550100', searchText: `plan${tag}`, phoneDigits: '2015550100', ...overrides },
  })
}

/** Runs each read in turn and returns how many were served from a kept plan. */
async function hitsDuring(reads: Array<() => Promise<unknown>>) {
  const before = queryPlanCacheStats.hits
  const results = []
  for (const read of reads) results.push(await read())
  return { hits: queryPlanCacheStats.hits - before, results }
}

describe('the query plan cache', () => {
  test('a read by id gets the record asked for once its shape is kept', async () => {
    const [a, b, c] = [await lead(), await lead(), await lead()]
    const byId = (id: string) => () => prisma.lead.findUnique({ where: { id }, select: { id: true, firstName: true } })
    const { hits, results } = await hitsDuring([byId(a.id), byId(b.id), byId(c.id), byId(a.id)])
    // The first read is compiled as it is, the second checks the shape, the later ones fill it in
    // (all of them, when an earlier test of this worker already read this shape).
    expect(hits).toBeGreaterThanOrEqual(2)
    expect(results).toEqual([a, b, c, a].map(({ id, firstName }) => ({ id, firstName })))
  })

  test('records read by id at the same moment each get their own, from the kept plan, with no batch compiled', async () => {
    const leads = [await lead(), await lead(), await lead()]
    const byId = (id: string) => prisma.lead.findUnique({ where: { id }, select: { id: true, firstName: true } })
    await byId(leads[0]!.id)
    await byId(leads[1]!.id)
    const compileBatch = vi.spyOn(QueryCompiler.prototype, 'compileBatch')
    const before = queryPlanCacheStats.hits
    try {
      // Requests opening records at once: Prisma would gather these into one batch, compiled afresh each time.
      const results = await Promise.all([...leads, leads[0]!].map((row) => byId(row.id)))
      expect(results).toEqual([...leads, leads[0]!].map(({ id, firstName }) => ({ id, firstName })))
      expect(compileBatch).not.toHaveBeenCalled()
      expect(queryPlanCacheStats.hits - before).toBe(4)
    } finally {
      compileBatch.mockRestore()
    }
    // A transaction's reads still go together.
    const [first, second] = await prisma.$transaction([byId(leads[0]!.id), byId(leads[1]!.id)])
    expect([first?.id, second?.id]).toEqual([leads[0]!.id, leads[1]!.id])
  })

  test('dates, booleans, numbers and nested relation filters are filled in per read', async () => {
    const source = unique()
    const early = await lead({ source, createdAt: new Date('2026-01-05T10:00:00Z'), status: 'contacted' })
    const late = await lead({ source, createdAt: new Date('2026-03-05T10:00:00Z'), status: 'contacted' })
    await prisma.communication.create({ data: { leadId: late.id, type: 'phone', subject: 'First call', createdBy: 'Plan Cache' } })
    const since = (date: string, subject: string) => () =>
      prisma.lead.findMany({
        where: { source, createdAt: { gte: new Date(date) }, status: 'contacted', communications: { none: { subject } } },
        orderBy: { createdAt: 'asc' },
        select: { id: true },
      })
    const { hits, results } = await hitsDuring([since('2026-01-01', 'x'), since('2026-02-01', 'x'), since('2026-01-01', 'First call'), since('2026-04-01', 'x')])
    expect(hits).toBeGreaterThanOrEqual(2)
    expect(results).toEqual([[{ id: early.id }, { id: late.id }], [{ id: late.id }], [{ id: early.id }], []])
  })

  test('searched text is filled in per read, exactly as typed, and a limit is compiled with the read', async () => {
    const tag = unique()
    const first = await lead({ searchText: `alpha${tag}` })
    const second = await lead({ searchText: `beta${tag}` })
    const search = (text: string, take: number) => () =>
      prisma.lead.findMany({ where: { searchText: { contains: text }, id: { in: [first.id, second.id] } }, orderBy: { searchText: 'asc' }, take, select: { id: true } })
    const { hits, results } = await hitsDuring([search(`alpha${tag}`, 5), search(`beta${tag}`, 5), search(tag, 5), search(tag, 1), search(tag, 5)])
    expect(hits).toBeGreaterThanOrEqual(2)
    expect(results).toEqual([[{ id: first.id }], [{ id: second.id }], [{ id: first.id }, { id: second.id }], [{ id: first.id }], [{ id: first.id }, { id: second.id }]])

    // LIKE's own wildcards and a replacement pattern's $& reach the database as they were typed.
    const odd = await lead({ searchText: `odd%_$&${tag}`, phoneDigits: `9${tag.length}${tag}` })
    const insensitive = (field: 'contains' | 'startsWith' | 'endsWith', text: string) => () =>
      prisma.lead.findMany({ where: { searchText: { [field]: text, mode: 'insensitive' }, id: { in: [first.id, second.id, odd.id] } }, select: { id: true } })
    // Each third read of a kind is filled into the kept plan: those carry the characters that matter.
    const shown = await hitsDuring([
      insensitive('contains', `ALPHA${tag}`),
      insensitive('contains', `BETA${tag}`),
      insensitive('contains', `%_$&${tag.toUpperCase()}`),
      insensitive('startsWith', 'beta'),
      insensitive('startsWith', 'alpha'),
      insensitive('startsWith', 'ODD%'),
      insensitive('endsWith', `A${tag}`),
      insensitive('endsWith', `$&${tag}`),
      insensitive('endsWith', `$'${tag}`),
    ])
    expect(shown.results).toEqual([[{ id: first.id }], [{ id: second.id }], [{ id: odd.id }], [{ id: second.id }], [{ id: first.id }], [{ id: odd.id }], [{ id: first.id }, { id: second.id }], [{ id: odd.id }], []])
    expect(shown.hits).toBeGreaterThanOrEqual(3)
    for (const shape of heldShapes()) expect(shape).not.toContain(tag)
  })

  test('null and a value in the same place are different shapes', async () => {
    const tag = unique()
    const unassigned = await lead({ source: tag })
    const assigned = await lead({ source: tag, assignedTo: 'Dana' })
    const byAssignee = (assignedTo: string | null) => () => prisma.lead.findMany({ where: { source: tag, assignedTo }, select: { id: true } })
    const { results } = await hitsDuring([byAssignee(null), byAssignee('Dana'), byAssignee(null), byAssignee('Dana'), byAssignee('Kim'), byAssignee(null)])
    expect(results).toEqual([[{ id: unassigned.id }], [{ id: assigned.id }], [{ id: unassigned.id }], [{ id: assigned.id }], [], [{ id: unassigned.id }]])
  })

  test('a read without values is kept as it is and still reads the rows as they are now', async () => {
    const count = () => prisma.lead.count()
    const { results } = await hitsDuring([count, count, count])
    await lead()
    const after = await hitsDuring([count])
    expect(after.hits).toBe(1)
    expect(after.results[0]).toBe((results[2] as number) + 1)
  })

  test('a value of the wrong kind is still refused by Prisma after the shape is kept', async () => {
    const { id } = await lead()
    const byId = (value: unknown) => prisma.lead.findUnique({ where: { id: value as string }, select: { id: true } })
    for (let read = 0; read < 3; read++) expect(await byId(id)).toEqual({ id })
    await expect(byId(5)).rejects.toThrow(Prisma.PrismaClientValidationError)
  })

  test('a list of values is filled in item by item, its length part of the shape', async () => {
    const [a, b, c] = [await lead(), await lead(), await lead()]
    const among = (...ids: string[]) => () => prisma.lead.findMany({ where: { id: { in: ids } }, orderBy: { createdAt: 'asc' }, select: { id: true } })
    const { hits, results } = await hitsDuring([among(a.id, b.id), among(b.id, c.id), among(a.id, c.id), among(c.id), among(a.id, b.id, c.id)])
    expect(hits).toBeGreaterThanOrEqual(1)
    expect(results).toEqual([[a, b], [b, c], [a, c], [c], [a, b, c]].map((rows) => rows.map(({ id }) => ({ id }))))
    for (const shape of heldShapes()) expect(shape).not.toContain(a.id)
  })

  test('a list with a search mode or a date given as text is compiled as before, and no searched text is held', async () => {
    const tag = unique()
    const found = await lead({ searchText: `gamma${tag}` })
    const search = () => prisma.lead.findMany({ where: { searchText: { contains: `gamma${tag}` } }, select: { id: true } })
    const ids = () => prisma.lead.findMany({ where: { searchText: { in: [`gamma${tag}`], mode: 'insensitive' } }, select: { id: true } })
    const textDate = (date: string) => () => prisma.lead.findMany({ where: { id: found.id, createdAt: { gte: date as never } }, select: { id: true } })
    const literal = await hitsDuring([ids, ids, ids, textDate('2020-01-01T00:00:00.000Z'), textDate('2020-01-01T00:00:00.000Z'), textDate('2020-01-01T00:00:00.000Z')])
    expect(literal.hits).toBe(0)
    const searched = await hitsDuring([search, search, search])
    expect(searched.hits).toBeGreaterThanOrEqual(1)
    const results = [...literal.results, ...searched.results]
    expect(results).toEqual([...Array(9)].map(() => [{ id: found.id }]))
    // Prisma still checks a date given as text on every read.
    await expect(textDate('2020-01-01')()).rejects.toThrow(Prisma.PrismaClientValidationError)
    for (const shape of heldShapes()) {
      expect(shape).not.toContain(tag)
      expect(shape).not.toContain(found.id)
    }
  })

  test('a JSON filter is compiled as before (placeholders there would stop the compiler)', async () => {
    const inDetails = (value: number) => prisma.auditLog.findMany({ where: { details: { path: ['views'], gt: value } }, select: { id: true }, take: 1 })
    for (const value of [1, 2, 3, 4]) expect(Array.isArray(await inDetails(value))).toBe(true)
  })

  test('raw SQL keeps its plan without the values, and each statement gets its own', async () => {
    const tag = unique()
    const echo = (text: string, at: Date, count: number, flag: boolean | null) => () =>
      prisma.$queryRaw<Array<{ text: string; at: Date; count: number; flag: boolean | null }>>`SELECT ${text}::text AS text, ${at}::timestamptz AS at, ${count}::int AS count, ${flag}::boolean AS flag`
    const { hits, results } = await hitsDuring([
      echo(`first${tag}`, new Date('2026-01-01T00:00:00Z'), 1, true),
      echo(`second${tag}`, new Date('2026-02-01T00:00:00Z'), 2, false),
      echo(`third${tag}`, new Date('2026-03-01T00:00:00Z'), 3, true),
    ])
    expect(hits).toBeGreaterThanOrEqual(1)
    expect(results).toEqual([
      [{ text: `first${tag}`, at: new Date('2026-01-01T00:00:00Z'), count: 1, flag: true }],
      [{ text: `second${tag}`, at: new Date('2026-02-01T00:00:00Z'), count: 2, flag: false }],
      [{ text: `third${tag}`, at: new Date('2026-03-01T00:00:00Z'), count: 3, flag: true }],
    ])
    // A null where a value was is another shape, and still reads as null.
    expect(await echo(`fourth${tag}`, new Date('2026-04-01T00:00:00Z'), 4, null)()).toEqual([{ text: `fourth${tag}`, at: new Date('2026-04-01T00:00:00Z'), count: 4, flag: null }])

    const renamed = await lead()
    const rename = (id: string, source: string) => () => prisma.$executeRaw`UPDATE "Lead" SET source = ${source} WHERE id = ${id}::uuid`
    const writes = await hitsDuring([rename(renamed.id, `a${tag}`), rename(renamed.id, `b${tag}`), rename(crypto.randomUUID(), `c${tag}`), rename(renamed.id, `d${tag}`)])
    expect(writes.results).toEqual([1, 1, 0, 1])
    expect((await prisma.lead.findUniqueOrThrow({ where: { id: renamed.id } })).source).toBe(`d${tag}`)
    for (const shape of heldShapes()) expect(shape).not.toContain(tag)
  })

  test('a date outside the years Prisma accepts is still refused after its shape is kept', async () => {
    const at = (date: Date) => prisma.$queryRaw<Array<{ at: Date }>>`SELECT ${date}::timestamptz AS at`
    const byDate = (date: Date) => prisma.lead.findMany({ where: { createdAt: { lt: date } }, take: 1, select: { id: true } })
    for (const year of ['2026', '2025', '2024']) {
      expect(await at(new Date(`${year}-01-01T00:00:00Z`))).toEqual([{ at: new Date(`${year}-01-01T00:00:00Z`) }])
      await byDate(new Date(`${year}-01-01T00:00:00Z`))
    }
    // Never filled into a kept plan: compiled, and refused by Prisma, as without the cache.
    const farFuture = new Date('+010000-01-01T00:00:00Z')
    const hits = queryPlanCacheStats.hits
    await expect(at(farFuture)).rejects.toThrow()
    await expect(byDate(farFuture)).rejects.toThrow()
    expect(queryPlanCacheStats.hits).toBe(hits)
  })

  test('raw SQL with a JSON or byte parameter is compiled as before', async () => {
    const json = (value: number) => () => prisma.$queryRaw<Array<{ value: unknown }>>`SELECT ${{ value }}::jsonb -> 'value' AS value`
    const { hits, results } = await hitsDuring([json(1), json(2), json(3)])
    expect(hits).toBe(0)
    expect(results).toEqual([[{ value: 1 }], [{ value: 2 }], [{ value: 3 }]])
  })
})
