/**
 * npm run db:seed — migrates, creates the first administrator when there are
 * no users yet (ADMIN_EMAIL/ADMIN_PASSWORD, or admin@example.com with a
 * random password printed once), and upserts the demo records. Safe to run
 * again: nothing is created twice. SEED_DEMO_DATA=false skips the demo records.
 */
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import { getEnv } from '~/platform/env.server'
import { seedDemoData } from '~/features/demo-data.server'
import { ensureFirstAdmin } from '~/features/users/first-admin.server'
import { describeTarget, migrate, reportMigrations, runScript } from './migrate'

export async function seed() {
  const admin = await ensureFirstAdmin()
  console.log(admin ? `Created the first administrator, ${admin}.` : 'Users exist already: no administrator created.')
  if (getEnv().SEED_DEMO_DATA === false) {
    console.log('SEED_DEMO_DATA=false: demo records skipped.')
    return
  }
  const { created } = await seedDemoData()
  console.log(`Demo data: ${created} record${created === 1 ? '' : 's'} created.`)
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  await runScript(async () => {
    console.log(`Seeding the ${describeTarget()}`)
    reportMigrations(await migrate())
    await seed()
  })
}
