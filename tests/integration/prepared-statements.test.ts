import crypto from 'node:crypto'
import { afterEach, describe, expect, test } from 'vitest'
import { getDatabase, prisma } from '~/platform/db.server'
import { PreparingClient } from '~/platform/db/prepared-statements.server'

/**
 * The server's `pg` client prepares a statement by name on its second run, so
 * the database parses (and, when PostgreSQL finds a generic plan as good,
 * plans) it once instead of each time.
 */
const clients: PreparingClient[] = []
afterEach(async () => {
  for (const client of clients.splice(0)) await client.end()
})

async function connected() {
  const client = new PreparingClient({ connectionString: (await getDatabase()).url })
  await client.connect()
  clients.push(client)
  return client
}

async function preparedNamed(client: PreparingClient, text: string) {
  const { rows } = await client.query<{ name: string }>({ text: 'SELECT name FROM pg_prepared_statements WHERE statement = $1', values: [text] })
  return rows.map((row) => row.name)
}

describe('prepared statements', () => {
  test('a statement run again is prepared once, and each run answers with its own values', async () => {
    const client = await connected()
    const text = `SELECT $1::int * 2 AS doubled, '${crypto.randomUUID()}' AS tag`
    const doubled = []
    for (const value of [1, 2, 3, 4]) doubled.push((await client.query<{ doubled: number }>({ text, values: [value] })).rows[0]!.doubled)
    expect(doubled).toEqual([2, 4, 6, 8])
    expect(await preparedNamed(client, text)).toHaveLength(1)
  })

  test('a statement run once takes no name, and one that fails does not stop the next', async () => {
    const client = await connected()
    const once = `SELECT '${crypto.randomUUID()}' AS tag`
    await client.query({ text: once })
    expect(await preparedNamed(client, once)).toEqual([])

    const divide = `SELECT 10 / $1::int AS quotient, '${crypto.randomUUID()}' AS tag`
    const quotients = []
    for (const divisor of [5, 0, 2, 0, 1]) {
      quotients.push(await client.query<{ quotient: number }>({ text: divide, values: [divisor] }).then(({ rows }) => rows[0]!.quotient, (error: Error) => error.message))
    }
    expect(quotients).toEqual([2, 'division by zero', 5, 'division by zero', 10])
  })

  test('a statement a migration changed under it fails once, then is prepared anew', async () => {
    const client = await connected()
    const table = `prepared_${crypto.randomUUID().replaceAll('-', '')}`
    await client.query(`CREATE TABLE ${table} (amount int)`)
    await client.query(`INSERT INTO ${table} VALUES (7)`)
    const text = `SELECT amount, $1::text AS tag FROM ${table}`
    for (let run = 0; run < 3; run++) expect((await client.query({ text, values: ['a'] })).rows).toEqual([{ amount: 7, tag: 'a' }])
    // Another instance's migration: the prepared statement's result changes type.
    await client.query(`ALTER TABLE ${table} ALTER COLUMN amount TYPE text`)
    const after = []
    for (let run = 0; run < 4; run++) {
      after.push(await client.query({ text, values: ['b'] }).then(({ rows }) => rows, (error: { code?: string }) => error.code))
    }
    expect(after).toEqual(['0A000', ...Array(3).fill([{ amount: '7', tag: 'b' }])])
    await client.query(`DROP TABLE ${table}`)
  })

  test("the app's reads go prepared", async () => {
    const lead = await prisma.lead.create({
      data: { firstName: 'Prepared', lastName: 'Read', email: `prepared-${crypto.randomUUID()}@example.com`, phone: '2015550100', searchText: 'prepared read', phoneDigits: '2015550100' },
    })
    for (let read = 0; read < 3; read++) expect(await prisma.lead.findUnique({ where: { id: lead.id }, select: { id: true, lastName: true } })).toEqual({ id: lead.id, lastName: 'Read' })
    const statements = await prisma.$queryRaw<Array<{ statement: string }>>`SELECT statement FROM pg_prepared_statements`
    expect(statements.some(({ statement }) => statement.includes('"public"."Lead"') && statement.includes('"lastName"'))).toBe(true)
  })
})
