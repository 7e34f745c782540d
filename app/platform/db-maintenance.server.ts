import { prisma } from '~/platform/db.server'

export const DATABASE_MAINTENANCE_JOB = 'database.maintenance'
export const DATABASE_MAINTENANCE_EVERY_MS = 6 * 60 * 60 * 1000

/**
 * VACUUM (ANALYZE) of every table, where no autovacuum runs: the embedded
 * database.
 *
 * PostgreSQL's autovacuum is a background process of its own, and PGlite runs
 * none, though it reports the setting on. Without it nothing ever frees the
 * rows an update leaves behind (a session's last-seen time, a job's status),
 * marks pages all-visible (so no count or search is answered from an index
 * alone), or gives the planner its statistics. One statement per table, so
 * the pages waiting on the one connection get their turn between tables.
 * Returns the tables done: none where autovacuum's launcher is running.
 */
export async function maintainEmbeddedDatabase(): Promise<string[]> {
  const [{ launchers }] = await prisma.$queryRaw<[{ launchers: number }]>`
    SELECT count(*)::int AS launchers FROM pg_stat_activity WHERE backend_type = 'autovacuum launcher'`
  if (launchers > 0) return []
  const tables = await prisma.$queryRaw<Array<{ name: string }>>`
    SELECT tablename::text AS name FROM pg_tables WHERE schemaname = 'public' ORDER BY tablename`
  for (const { name } of tables) {
    // A name from the catalogue, quoted as an identifier; VACUUM takes no parameters.
    await prisma.$executeRawUnsafe(`VACUUM (ANALYZE) "public"."${name.replaceAll('"', '""')}"`)
  }
  return tables.map(({ name }) => name)
}
