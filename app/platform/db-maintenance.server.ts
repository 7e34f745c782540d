import { prisma } from '~/platform/db.server'

export const DATABASE_MAINTENANCE_JOB = 'database.maintenance'
export const DATABASE_MAINTENANCE_EVERY_MS = 6 * 60 * 60 * 1000

/**
 * VACUUM (ANALYZE) of every table of the embedded database.
 *
 * PostgreSQL's autovacuum is a background process of its own, and PGlite runs
 * none, though it reports the setting on. Without it nothing ever frees the
 * rows an update leaves behind (a session's last-seen time, a job's status),
 * marks pages all-visible (so no count or search is answered from an index
 * alone), or gives the planner its statistics. One statement per table, so
 * the pages waiting on the one connection get their turn between tables
 * (VACUUM skips pages already all-visible: a second run costs half the first).
 * Returns the tables done: none on PostgreSQL, whose autovacuum does this.
 * Asked of the server itself, not of DATABASE_URL: the tests reach PGlite
 * through a URL too.
 */
export async function maintainEmbeddedDatabase(): Promise<string[]> {
  const [{ pglite }] = await prisma.$queryRaw<[{ pglite: boolean }]>`SELECT version() LIKE '%PGlite%' AS pglite`
  if (!pglite) return []
  const tables = await prisma.$queryRaw<Array<{ name: string }>>`
    SELECT tablename::text AS name FROM pg_tables WHERE schemaname = 'public' ORDER BY tablename`
  for (const { name } of tables) {
    // A name from the catalogue, quoted as an identifier; VACUUM takes no parameters.
    await prisma.$executeRawUnsafe(`VACUUM (ANALYZE) "public"."${name.replaceAll('"', '""')}"`)
  }
  return tables.map(({ name }) => name)
}
