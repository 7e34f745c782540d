/**
 * npm run db:reset — throws the database away and builds it again: deletes
 * DATA_DIR/pglite for the embedded database, or drops and recreates the
 * `public` schema of DATABASE_URL; then migrates and seeds.
 * Refuses when NODE_ENV=production unless given --force.
 */
import fs from 'node:fs'
import path from 'node:path'
import pg from 'pg'
import { getEnv } from '~/platform/env.server'
import { describeTarget, migrate, reportMigrations, runScript } from './migrate'
import { seed } from './seed'

await runScript(async () => {
  const env = getEnv()
  if (env.NODE_ENV === 'production' && !process.argv.includes('--force')) {
    throw new Error(
      'Refusing to reset a production database (NODE_ENV=production). Run `npm run db:reset -- --force` if you mean it.',
    )
  }
  const target = describeTarget()
  if (env.DATABASE_URL) {
    const client = new pg.Client({ connectionString: env.DATABASE_URL })
    await client.connect()
    try {
      await client.query('DROP SCHEMA public CASCADE; CREATE SCHEMA public;')
    } finally {
      await client.end()
    }
  } else {
    fs.rmSync(path.join(env.DATA_DIR, 'pglite'), { recursive: true, force: true })
  }
  console.log(`Reset the ${target}`)
  reportMigrations(await migrate())
  await seed()
})
