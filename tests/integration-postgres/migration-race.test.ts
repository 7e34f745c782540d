import crypto from 'node:crypto'
import pg from 'pg'
import { expect, test } from 'vitest'
import { applyMigrations } from '~/platform/migrate.server'

test('two instances starting together apply each migration once', async () => {
  const server = process.env.TEST_DATABASE_URL!
  const name = `race_${crypto.randomBytes(4).toString('hex')}`
  const admin = new pg.Client({ connectionString: server })
  await admin.connect()
  await admin.query(`CREATE DATABASE "${name}"`)
  const url = new URL(server)
  url.pathname = `/${name}`
  try {
    const [first, second] = await Promise.all([applyMigrations(url.toString()), applyMigrations(url.toString())])
    expect([...first, ...second].sort()).toEqual([...new Set([...first, ...second])].sort())
    const client = new pg.Client({ connectionString: url.toString() })
    await client.connect()
    const { rows } = await client.query('SELECT migration_name, count(*)::int AS n FROM "_prisma_migrations" GROUP BY 1')
    await client.end()
    expect(rows.every((row) => row.n === 1)).toBe(true)
    expect(first.length + second.length).toBe(rows.length)
  } finally {
    await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`)
    await admin.end()
  }
})
