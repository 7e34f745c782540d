import path from 'node:path'
import fs from 'node:fs'
import os from 'node:os'
import { PrismaPg } from '@prisma/adapter-pg'
import type { SqlDriverAdapterFactory } from '@prisma/driver-adapter-utils'
import { PrismaClient } from '~/generated/prisma/client'
import { ensurePrivateDirectory, lockDirectory } from '~/platform/data-dir.server'
import { getEnv } from '~/platform/env.server'
import { applyMigrations } from '~/platform/migrate.server'

/**
 * One Prisma client per process. Without DATABASE_URL the portal runs on an
 * embedded PGlite database under DATA_DIR, served over the Postgres wire
 * protocol in-process so the same `pg` driver and adapter code runs on both
 * (docs/adr/0003-database-and-migrations.md).
 */
type Database = { url: string; poolSize: number; close: () => Promise<void> }

let databasePromise: Promise<Database> | undefined

/** Starts (once) the database this process uses and applies migrations. */
export function getDatabase(): Promise<Database> {
  databasePromise ??= openDatabase().catch((error: unknown) => {
    databasePromise = undefined
    throw error
  })
  return databasePromise
}

async function openDatabase(): Promise<Database> {
  const env = getEnv()
  const database: Database = env.DATABASE_URL
    ? { url: env.DATABASE_URL, poolSize: env.DATABASE_POOL_SIZE, close: async () => {} }
    : await startEmbeddedDatabase(path.join(env.DATA_DIR, 'pglite'))
  await applyMigrations(database.url)
  return database
}

/**
 * `initialContents` is a data directory saved by PGlite's dumpDataDir: the
 * tests start each file's database from one migrated copy instead of running
 * initdb (about 4 s) every time.
 */
export async function startEmbeddedDatabase(
  dataDir: string,
  { initialContents }: { initialContents?: Blob } = {},
): Promise<Database & { dump: () => Promise<Blob> }> {
  const { PGlite } = await import('@electric-sql/pglite')
  const { PGLiteSocketServer } = await import('@electric-sql/pglite-socket')
  const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm')
  // Lets an exclusion constraint compare a uuid with = beside a range's &&
  // (no caregiver double-booked: the Appointment table).
  const { btree_gist } = await import('@electric-sql/pglite/contrib/btree_gist')
  let releaseLock = () => {}
  if (dataDir !== 'memory://') {
    ensurePrivateDirectory(path.dirname(dataDir))
    ensurePrivateDirectory(dataDir)
    releaseLock = lockDirectory(path.dirname(dataDir))
  }
  // PGlite has no passwords: it is served on a Unix socket in a directory
  // only this account can enter, never on a TCP port another user could reach.
  const socketDirectory = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-db-'))
  let pglite: Awaited<ReturnType<typeof PGlite.create>> | undefined
  try {
    pglite = await PGlite.create(dataDir, { extensions: { pg_trgm, btree_gist }, loadDataDir: initialContents })
    // The pool keeps one connection, but a connection dropped after an error is
    // replaced while the old socket is still closing: allow that overlap.
    const server = new PGLiteSocketServer({ db: pglite, path: path.join(socketDirectory, '.s.PGSQL.5432'), maxConnections: 4 })
    await server.start()
    const opened = pglite
    let closed = false
    return {
      url: `postgresql://postgres@localhost/postgres?host=${encodeURIComponent(socketDirectory)}&sslmode=disable`,
      // PGlite serves one session at a time; concurrent connections through
      // the socket can interleave (electric-sql/pglite#1046).
      poolSize: 1,
      dump: () => opened.dumpDataDir('none'),
      close: async () => {
        if (closed) return
        closed = true
        await server.stop()
        await opened.close()
        fs.rmSync(socketDirectory, { recursive: true, force: true })
        releaseLock()
      },
    }
  } catch (error) {
    await pglite?.close().catch(() => {})
    fs.rmSync(socketDirectory, { recursive: true, force: true })
    releaseLock()
    throw error
  }
}

/** Creates the adapter lazily so the client can exist before the database is up. */
function lazyAdapter(): SqlDriverAdapterFactory {
  return {
    provider: 'postgres',
    adapterName: '@prisma/adapter-pg',
    async connect() {
      const { url, poolSize } = await getDatabase()
      return new PrismaPg({ connectionString: url, max: poolSize }).connect()
    },
  }
}

const globalForPrisma = globalThis as unknown as { prisma?: PrismaClient }

export const prisma: PrismaClient = (globalForPrisma.prisma ??= new PrismaClient({
  adapter: lazyAdapter(),
}))

/** Closes the client and, for the embedded database, the database itself. */
export async function disconnectDatabase() {
  await prisma.$disconnect()
  if (databasePromise) {
    const database = await databasePromise.catch(() => undefined)
    databasePromise = undefined
    await database?.close()
  }
}

/** One round trip: used by /healthz. */
export async function pingDatabase() {
  await prisma.$queryRaw`SELECT 1`
}
