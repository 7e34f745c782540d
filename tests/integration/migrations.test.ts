import pg from 'pg'
import { describe, expect, test } from 'vitest'
import { applyMigrations, readMigrations } from '~/platform/migrate.server'

describe('migrations', () => {
  test('every committed migration is recorded in Prisma\'s table with its checksum', async () => {
    const client = new pg.Client({ connectionString: process.env.DATABASE_URL })
    await client.connect()
    const { rows } = await client.query(
      'SELECT migration_name, checksum, finished_at, applied_steps_count FROM "_prisma_migrations" ORDER BY migration_name',
    )
    await client.end()
    const committed = readMigrations()
    expect(rows.map((row) => row.migration_name)).toEqual(committed.map((m) => m.name))
    expect(rows.map((row) => row.checksum)).toEqual(committed.map((m) => m.checksum))
    expect(rows.every((row) => row.finished_at !== null && row.applied_steps_count === 1)).toBe(true)
  })

  test('running them again applies nothing', async () => {
    expect(await applyMigrations(process.env.DATABASE_URL!)).toEqual([])
  })

  test('a failing migration is rolled back and reported by name', async () => {
    const broken = [{ name: '99999999999999_broken', sql: 'CREATE TABLE "Half" (id int); SELECT no_such_function();', checksum: 'x' }]
    await expect(applyMigrations(process.env.DATABASE_URL!, broken)).rejects.toThrow(/99999999999999_broken/)
    const client = new pg.Client({ connectionString: process.env.DATABASE_URL })
    await client.connect()
    const { rows } = await client.query(`SELECT to_regclass('"Half"') AS half`)
    const recorded = await client.query(`SELECT 1 FROM "_prisma_migrations" WHERE migration_name = '99999999999999_broken'`)
    await client.end()
    expect(rows[0].half).toBeNull()
    expect(recorded.rowCount).toBe(0)
  })
})
