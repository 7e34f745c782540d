import { beforeAll, describe, expect, test } from 'vitest'
import { loader as leadsLoader } from '~/routes/_app.leads'
import { loader as patientsLoader } from '~/routes/_app.patients'
import { loader as caregiversLoader } from '~/routes/_app.caregivers'
import { loader as documentsLoader } from '~/routes/_app.documents-new'
import { loader as leadsApi } from '~/routes/api.leads'
import { LEAD_STATUSES } from '~/features/leads/schema'
import { CAREGIVER_STATUSES } from '~/features/caregivers/schema'
import { prisma } from '~/platform/db.server'
import { searchColumns } from '~/lib/search'
import { callRoute, makeRequest, signedInUser } from '#tests/support/fixtures'

/**
 * Every list sorts by the columns people expect, in both directions, across
 * its pages: the order is worked out here from the stored rows. Names and
 * creation times repeat on purpose, so rows that tie must still come in one
 * stable order (by id) with none repeated or skipped between pages.
 */

type Row = Record<string, unknown> & { id: string; createdAt: Date }
type Key = (row: Row) => string | number
type Direction = 'asc' | 'desc'

const FIRST = ['Ada', 'Grace', 'Alan', 'Edsger', 'Katherine']
const LAST = ['Lovelace', 'Hopper', 'Turing', 'Dijkstra', 'Johnson', 'Hopper']
const SECOND = 1000
const START = Date.parse('2025-06-01T12:00:00Z')
const pick = <T,>(list: readonly T[], index: number) => list[index % list.length]!
/** Three rows share each creation time. */
const createdAt = (index: number) => new Date(START + Math.floor(index / 3) * SECOND)

beforeAll(async () => {
  for (let index = 0; index < 30; index++) {
    const firstName = pick(FIRST, index)
    const lastName = pick(LAST, index)
    const email = `${firstName}${index}@example.com`.toLowerCase()
    const phone = `(212) 555-${1000 + index}`
    const search = searchColumns([firstName, lastName, email], phone)
    await prisma.lead.create({ data: { firstName, lastName, email, phone, createdAt: createdAt(index), status: pick(LEAD_STATUSES, index), ...search } })
    await prisma.patient.create({
      data: {
        firstName,
        lastName,
        email,
        phone,
        createdAt: createdAt(index),
        dateOfBirth: new Date('1950-01-01'),
        gender: 'female',
        registrationStatus: pick(['new', 'in-progress', 'pending-review', 'complete'], index),
        ...search,
      },
    })
    await prisma.caregiver.create({
      data: {
        fullName: `${firstName} ${lastName}`,
        email,
        phone,
        createdAt: createdAt(index),
        licenseNumber: `L-${index}`,
        yearsExperience: '1-2',
        status: pick(CAREGIVER_STATUSES, index),
        ...searchColumns([`${firstName} ${lastName}`, email], phone),
      },
    })
    await prisma.document.create({
      data: {
        name: `${pick(['Intake form', 'Consent letter', 'Billing summary'], index)} ${lastName}`,
        category: 'general',
        fileName: `file-${index}.pdf`,
        fileSize: 1000,
        mimeType: 'application/pdf',
        storageKey: `sort/${index}`,
        sha256: 'x',
        uploadedBy: 'Casey Coordinator',
        createdAt: createdAt(index),
      },
    })
  }
})

/** Rows ordered by these keys in this direction, then by id in the same direction (what the list promises). */
function ordered(rows: Row[], keys: Key[], direction: Direction, then?: { keys: Key[]; direction: Direction }) {
  const compare = (a: Row, b: Row, by: Key[], sign: number) => {
    for (const key of by) {
      const [x, y] = [key(a), key(b)]
      if (x !== y) return (x < y ? -1 : 1) * sign
    }
    return 0
  }
  const sign = direction === 'asc' ? 1 : -1
  return [...rows]
    .sort(
      (a, b) =>
        compare(a, b, keys, sign) ||
        (then ? compare(a, b, [...then.keys, (row) => row.id], then.direction === 'asc' ? 1 : -1) : compare(a, b, [(row) => row.id], sign)),
    )
    .map((row) => row.id)
}

const created: Key = (row) => row.createdAt.getTime()
const newestFirst = { keys: [created], direction: 'desc' as const }
const personName: Key[] = [(row) => String(row.lastName), (row) => String(row.firstName)]

const LISTS = [
  {
    list: 'leads',
    path: '/leads',
    loader: leadsLoader,
    rowsKey: 'leads',
    pageSize: '7',
    stored: () => prisma.lead.findMany() as Promise<Row[]>,
    name: personName,
    status: [(row: Row) => String(row.status)],
  },
  {
    list: 'patients',
    path: '/patients',
    loader: patientsLoader,
    rowsKey: 'patients',
    pageSize: '7',
    stored: () => prisma.patient.findMany() as Promise<Row[]>,
    name: personName,
    status: [(row: Row) => String(row.registrationStatus)],
  },
  {
    list: 'caregivers',
    path: '/caregivers',
    loader: caregiversLoader,
    rowsKey: 'caregivers',
    pageSize: '7',
    stored: () => prisma.caregiver.findMany() as Promise<Row[]>,
    name: [(row: Row) => String(row.fullName)],
    status: [(row: Row) => String(row.status)],
  },
  {
    list: 'documents',
    path: '/documents-new',
    loader: documentsLoader,
    rowsKey: 'documents',
    // Documents come 25 a page: 30 rows make two pages.
    pageSize: undefined,
    stored: () => prisma.document.findMany() as Promise<Row[]>,
    name: [(row: Row) => String(row.name)],
    status: undefined,
  },
]

describe.each(LISTS)('sorting the $list list', (list) => {
  /** Every row the list shows for this query, page after page, and the sort the page says it used. */
  async function listed(cookie: string, query: Record<string, string>) {
    const ids: string[] = []
    const sorts = new Set<string>()
    for (let page = 1; ; page++) {
      const params = new URLSearchParams({ ...query, ...(list.pageSize ? { pageSize: list.pageSize } : {}), page: String(page) })
      const response = await callRoute(list.loader, makeRequest(`${list.path}?${params}`, { cookie }))
      expect(response.status, String(params)).toBe(200)
      const data = (await response.json()) as Record<string, unknown> & { total: number; query: { sort: string } }
      sorts.add(data.query.sort)
      ids.push(...(data[list.rowsKey] as Row[]).map((row) => row.id))
      if (ids.length >= data.total) return { ids, sort: [...sorts].join() }
    }
  }

  let cookie: string
  let stored: Row[]
  beforeAll(async () => {
    cookie = (await signedInUser('viewer')).cookie
    stored = await list.stored()
  })

  test('newest first by default; oldest first with sort=created', async () => {
    expect(await listed(cookie, {})).toEqual({ ids: ordered(stored, [created], 'desc'), sort: '-created' })
    expect(await listed(cookie, { sort: 'created' })).toEqual({ ids: ordered(stored, [created], 'asc'), sort: 'created' })
  })

  test('by name, A to Z and Z to A', async () => {
    expect(await listed(cookie, { sort: 'name' })).toEqual({ ids: ordered(stored, list.name, 'asc'), sort: 'name' })
    expect(await listed(cookie, { sort: '-name' })).toEqual({ ids: ordered(stored, list.name, 'desc'), sort: '-name' })
  })

  if (list.status) {
    const status = list.status
    test('by status, each status newest first', async () => {
      expect(await listed(cookie, { sort: 'status' })).toEqual({ ids: ordered(stored, status, 'asc', newestFirst), sort: 'status' })
      expect(await listed(cookie, { sort: '-status' })).toEqual({ ids: ordered(stored, status, 'desc', newestFirst), sort: '-status' })
    })
  }

  test('an unknown order falls back to newest first', async () => {
    const newest = ordered(stored, [created], 'desc')
    // Documents have no status to sort by.
    const unknown = ['bogus', 'name;drop', '--name', 'Name', 'createdAt', ...(list.status ? [] : ['status'])]
    for (const sort of unknown) expect(await listed(cookie, { sort }), sort).toEqual({ ids: newest, sort: '-created' })
  })

  test('the sort holds with a search', async () => {
    const hoppers = stored.filter((row) => JSON.stringify(row).includes('Hopper'))
    expect(hoppers.length).toBeGreaterThan(1)
    expect((await listed(cookie, { q: 'hopper', sort: '-name' })).ids).toEqual(ordered(hoppers, list.name, 'desc'))
  })
})

test('the leads API takes the same sort', async () => {
  const { cookie } = await signedInUser('viewer')
  const stored = (await prisma.lead.findMany()) as Row[]
  const response = await callRoute(leadsApi, makeRequest('/api/leads?sort=name&pageSize=100', { cookie }))
  expect(response.status).toBe(200)
  const leads = (await response.json()) as Array<{ id: string }>
  expect(leads.map((lead) => lead.id)).toEqual(ordered(stored, personName, 'asc'))
})
