import path from 'node:path'
import fs from 'node:fs'
import os from 'node:os'
import { Worker } from 'node:worker_threads'
import { PrismaPg } from '@prisma/adapter-pg'
import pg from 'pg'
import type { SqlDriverAdapterFactory } from '@prisma/driver-adapter-utils'
import { PrismaClient } from '~/generated/prisma/client'
import { ensurePrivateDirectory, lockDirectory } from '~/platform/data-dir.server'
import { getEnv } from '~/platform/env.server'
import { applyMigrations } from '~/platform/migrate.server'
import { PreparingClient } from '~/platform/db/prepared-statements.server'
import { type DataModel, installQueryPlanCache, sendUniqueReadsAlone } from '~/platform/db/query-plan-cache.server'

/**
 * One Prisma client per process. Without DATABASE_URL the portal runs on an
 * embedded PGlite database under DATA_DIR, served over the Postgres wire
 * protocol in-process so the same `pg` driver and adapter code runs on both
 * (docs/adr/0003-database-and-migrations.md).
 */
type Database = { url: string; poolSize: number; preparedStatements: boolean; embedded: boolean; close: () => Promise<void> }

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
    ? { url: env.DATABASE_URL, poolSize: env.DATABASE_POOL_SIZE, preparedStatements: env.DATABASE_PREPARED_STATEMENTS, embedded: false, close: async () => {} }
    : await startEmbeddedDatabase(path.join(env.DATA_DIR, 'pglite'))
  await applyMigrations(database.url)
  return database
}

/**
 * The embedded database runs on a thread of its own. PGlite executes each
 * query synchronously: on the server's thread, a 15 ms count would hold up
 * every other request for 15 ms, and the database and the pages could never
 * use the machine's second core. The thread's code is a string, not a file,
 * so the bundled server and the tests run it alike; it names no module of
 * the app, only the PGlite packages.
 *
 * A thread serves one database at a time, and may serve another after it is
 * closed (the tests start one per file): the second start reuses PGlite's
 * compiled WebAssembly and its file bundle, and costs about half the first.
 */
const EMBEDDED_DATABASE_THREAD = `
const { parentPort, workerData } = require('node:worker_threads')
const fs = require('node:fs')
const path = require('node:path')
// Resolved from the server's own module, not the working directory, which may be anywhere.
const load = require('node:module').createRequire(workerData.resolveFrom)
const { PGlite } = load('@electric-sql/pglite')
const { pg_trgm } = load('@electric-sql/pglite/contrib/pg_trgm')
// Lets an exclusion constraint compare a uuid with = beside a range's &&
// (no caregiver double-booked: the Appointment table).
const { btree_gist } = load('@electric-sql/pglite/contrib/btree_gist')
const distDirectory = path.dirname(load.resolve('@electric-sql/pglite'))
let compiled
// PGlite reads a saved data directory through Blob.arrayBuffer(), which in Node 20 copies a
// 40 MB directory in chunks for a quarter of a second: this one hands over the bytes as they are.
class SavedDataDirectory extends Blob {
  constructor(bytes) {
    super([])
    this.bytes = bytes
  }
  arrayBuffer() {
    const { buffer, byteOffset, byteLength } = this.bytes
    return Promise.resolve(byteOffset === 0 && byteLength === buffer.byteLength ? buffer : buffer.slice(byteOffset, byteOffset + byteLength))
  }
}
// The wire protocol's untyped messages, told apart by the code after their length.
const SSL_REQUEST = 80877103
const GSS_REQUEST = 80877104
const CANCEL_REQUEST = 80877102
const PROTOCOL_3 = 196608
const TERMINATE = 88 // 'X'
const PARSE = 80 // 'P'
const SYNC = 83 // 'S'
const QUERY = 81 // 'Q'
/** A Parse PostgreSQL refuses, then a Sync: ends a statement a closed connection left half sent, discarding its work. */
const DISCARD_HALF_SENT = (() => {
  const text = Buffer.concat([Buffer.from('discard a half-sent statement'), Buffer.from([0])])
  const parse = Buffer.alloc(1 + 4 + 1 + text.length + 2)
  parse[0] = PARSE
  parse.writeInt32BE(parse.length - 1, 1)
  text.copy(parse, 6)
  return new Uint8Array(Buffer.concat([parse, Buffer.from([SYNC, 0, 0, 0, 4])]))
})()
/**
 * Serves PGlite on a Unix socket, speaking the PostgreSQL wire protocol. PGlite is a single
 * backend, so the connections take turns, and while one connection's transaction is open only
 * that connection's statements run, as they do while a statement it began (Parse… without its
 * Sync yet: a large one arrives over several reads) is unfinished. Each turn hands PGlite every
 * complete message one read brought (a statement's Parse, Bind, Describe, Execute and Sync) in
 * one call and answers in one write: message by message, a statement cost five turns and five
 * writes, each waking the server.
 * Statements a connection prepared by name live in the one backend after it closes, so they
 * are deallocated then (the server's client names them uniquely: prepared-statements.server.ts).
 */
function serve(db, socketPath, maxConnections) {
  const turns = []
  const sockets = new Set()
  let running = false
  let open = true
  let owner
  /** Names of the statements prepared by connections since closed. */
  const forgotten = []
  async function run() {
    // Once closed, sockets still closing find nothing to run: the database is closed after them.
    if (running || !open) return
    running = true
    try {
      while (open) {
        if (owner && owner.destroyed) {
          // A connection that closed inside its statement or transaction leaves nothing half done.
          if (owner.midStatement) await db.runExclusive(() => db.execProtocolRawStream(DISCARD_HALF_SENT, { onRawData: () => {} }))
          if (db.isInTransaction()) await db.exec('ROLLBACK')
          owner = undefined
        }
        const held = owner !== undefined && (owner.midStatement || db.isInTransaction())
        // Between statements and outside any transaction: in a failed one, even DEALLOCATE is refused.
        while (!held && forgotten.length > 0 && !db.isInTransaction()) {
          const name = forgotten.pop()
          await db.exec('DEALLOCATE "' + name.replaceAll('"', '""') + '"').catch(() => {})
        }
        const index = held ? turns.findIndex((turn) => turn.socket === owner) : 0
        if (index === -1 || turns.length === 0) break
        const [{ socket, bytes, complete }] = turns.splice(index, 1)
        const reply = []
        owner = socket
        socket.midStatement = !complete
        try {
          await db.runExclusive(() =>
            db.execProtocolRawStream(bytes, { onRawData: (chunk) => chunk.length > 0 && reply.push(Buffer.from(chunk)) }),
          )
        } catch (error) {
          console.error('The embedded database failed a request:', error)
          socket.destroy()
          continue
        }
        if (reply.length > 0 && !socket.destroyed) socket.write(reply.length === 1 ? reply[0] : Buffer.concat(reply))
      }
    } catch (error) {
      console.error('The embedded database failed:', error)
    } finally {
      running = false
    }
  }
  function connect(socket) {
    if (sockets.size >= maxConnections) return socket.destroy()
    sockets.add(socket)
    let pending = Buffer.alloc(0)
    let started = false
    const prepared = new Set()
    socket.on('data', (data) => {
      pending = pending.length === 0 ? data : Buffer.concat([pending, data])
      while (!started && pending.length >= 8) {
        const length = pending.readInt32BE(0)
        // A length the protocol cannot have: not a PostgreSQL client.
        if (length < 8 || length > 10_000) return socket.destroy()
        if (pending.length < length) break
        const code = pending.readInt32BE(4)
        // No encryption on a socket only this account can reach.
        if (code === SSL_REQUEST || code === GSS_REQUEST) socket.write('N')
        // PGlite runs each statement to its end, so there is nothing to cancel: close, as a server does.
        else if (code === CANCEL_REQUEST) return socket.end()
        else if (code === PROTOCOL_3) {
          started = true
          turns.push({ socket, bytes: pending.subarray(0, length), complete: true })
        } else return socket.destroy()
        pending = pending.subarray(length)
      }
      if (!started) return
      let end = 0
      let last = 0
      while (pending.length - end >= 5) {
        const length = 1 + pending.readInt32BE(end + 1)
        if (length < 5) return socket.destroy()
        if (pending.length - end < length) break
        // The client closes its end right after saying goodbye.
        if (pending[end] === TERMINATE) break
        if (pending[end] === PARSE && pending[end + 5] !== 0) prepared.add(pending.toString('utf8', end + 5, pending.indexOf(0, end + 5)))
        last = pending[end]
        end += length
      }
      if (end > 0) turns.push({ socket, bytes: pending.subarray(0, end), complete: last === SYNC || last === QUERY })
      pending = pending.subarray(end)
      void run()
    })
    socket.on('error', () => socket.destroy())
    socket.on('close', () => {
      sockets.delete(socket)
      for (let index = turns.length - 1; index >= 0; index--) if (turns[index].socket === socket) turns.splice(index, 1)
      forgotten.push(...prepared)
      void run()
    })
  }
  const listener = require('node:net').createServer(connect)
  return new Promise((resolve, reject) => {
    listener.once('error', reject)
    listener.listen(socketPath, () =>
      resolve({
        close: () =>
          new Promise((closed) => {
            open = false
            for (const socket of sockets) socket.destroy()
            listener.close(() => closed())
          }),
      }),
    )
  })
}
let pglite
let server
async function start({ dataDir, socketPath, maxConnections, initialContents, settings }) {
  compiled ??= {
    pgliteWasmModule: await WebAssembly.compile(fs.readFileSync(path.join(distDirectory, 'pglite.wasm'))),
    fsBundle: new Blob([fs.readFileSync(path.join(distDirectory, 'pglite.data'))]),
  }
  pglite = await PGlite.create(dataDir, {
    ...compiled,
    extensions: { pg_trgm, btree_gist },
    loadDataDir: initialContents ? new SavedDataDirectory(initialContents) : undefined,
    startParams: [...PGlite.defaultStartParams, ...Object.entries(settings).flatMap(([name, value]) => ['-c', name + '=' + value])],
  })
  server = await serve(pglite, socketPath, maxConnections)
}
async function stop() {
  await server?.close()
  await pglite?.close()
  server = undefined
  pglite = undefined
}
parentPort.on('message', async (message) => {
  try {
    if (message.start) {
      await start(message.start).catch(async (error) => {
        await stop().catch(() => {})
        throw error
      })
      parentPort.postMessage({ ready: true })
    } else if (message === 'dump') {
      const contents = await pglite.dumpDataDir('none')
      const bytes = new Uint8Array(await contents.arrayBuffer())
      parentPort.postMessage({ dumped: bytes }, [bytes.buffer])
    } else if (message === 'close') {
      await stop()
      parentPort.postMessage({ closed: true })
    }
  } catch (error) {
    parentPort.postMessage({ failed: String((error && error.stack) || error) })
  }
})
`

/** A thread whose database was closed cleanly, kept for the next database this process starts. */
let idle: { thread: Worker; forget: () => void } | undefined

function takeThread(): Worker {
  if (!idle) return new Worker(EMBEDDED_DATABASE_THREAD, { eval: true, workerData: { resolveFrom: import.meta.url } })
  const { thread, forget } = idle
  idle = undefined
  thread.off('error', forget).off('exit', forget)
  thread.ref()
  return thread
}

function keepIdle(thread: Worker) {
  if (idle) {
    void thread.terminate()
    return
  }
  // An idle thread keeps no process alive, and one that fails is simply not reused.
  const forget = () => {
    if (idle?.thread === thread) idle = undefined
  }
  idle = { thread, forget }
  thread.on('error', forget).on('exit', forget)
  thread.unref()
}

type ThreadReply = { ready?: true; closed?: true; dumped?: Uint8Array<ArrayBuffer>; failed?: string }

/** The next reply of the database's thread; its failure, or its exit, as an error. */
function nextReply(thread: Worker): Promise<ThreadReply> {
  return new Promise((resolve, reject) => {
    const settle = () => {
      thread.off('message', onMessage)
      thread.off('error', onError)
      thread.off('exit', onExit)
    }
    const onMessage = (reply: ThreadReply) => {
      settle()
      if (reply.failed) reject(new Error(`The embedded database failed: ${reply.failed}`))
      else resolve(reply)
    }
    const onError = (error: Error) => {
      settle()
      reject(error)
    }
    const onExit = (code: number) => {
      settle()
      reject(new Error(`The embedded database's thread stopped (exit code ${code})`))
    }
    thread.on('message', onMessage)
    thread.on('error', onError)
    thread.on('exit', onExit)
  })
}

type EmbeddedDatabaseOptions = {
  /**
   * A data directory saved by `dump()`: the tests start each file's database
   * from one migrated copy instead of running initdb (about 4 s) every time.
   * Its buffer is handed over to the database's thread, not copied.
   */
  initialContents?: Uint8Array<ArrayBuffer>
  /** PostgreSQL settings on top of PGlite's own, e.g. `{ shared_buffers: '16MB' }`. */
  settings?: Record<string, string>
}

export async function startEmbeddedDatabase(
  dataDir: string,
  { initialContents, settings = {} }: EmbeddedDatabaseOptions = {},
): Promise<Database & { dump: () => Promise<Uint8Array<ArrayBuffer>> }> {
  let releaseLock = () => {}
  if (dataDir !== 'memory://') {
    ensurePrivateDirectory(path.dirname(dataDir))
    ensurePrivateDirectory(dataDir)
    releaseLock = lockDirectory(path.dirname(dataDir))
  }
  // PGlite has no passwords: it is served on a Unix socket in a directory
  // only this account can enter, never on a TCP port another user could reach.
  const socketDirectory = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-db-'))
  const thread = takeThread()
  const cleanUp = () => {
    fs.rmSync(socketDirectory, { recursive: true, force: true })
    releaseLock()
  }
  try {
    const ready = nextReply(thread)
    thread.postMessage(
      {
        start: {
          dataDir,
          socketPath: path.join(socketDirectory, '.s.PGSQL.5432'),
          // The pool keeps one connection, but a connection dropped after an error is
          // replaced while the old socket is still closing: allow that overlap.
          maxConnections: 4,
          initialContents,
          settings,
        },
      },
      initialContents ? [initialContents.buffer] : [],
    )
    await ready
  } catch (error) {
    await thread.terminate()
    cleanUp()
    throw error
  }
  // Every query would fail from here on: stop, so that whatever runs the server starts it again.
  const onCrash = (error: Error) => {
    console.error('The embedded database stopped:', error)
    process.exit(1)
  }
  thread.on('error', onCrash)
  // Serialised: one request to the thread at a time, so each reply is matched to its request.
  let pending: Promise<unknown> = Promise.resolve()
  const ask = (message: 'dump' | 'close') => {
    const reply = pending.then(() => {
      const answer = nextReply(thread)
      thread.postMessage(message)
      return answer
    })
    pending = reply.catch(() => {})
    return reply
  }
  let closed: Promise<void> | undefined
  return {
    url: `postgresql://postgres@localhost/postgres?host=${encodeURIComponent(socketDirectory)}&sslmode=disable`,
    // PGlite serves one session at a time; concurrent connections through
    // the socket can interleave (electric-sql/pglite#1046).
    poolSize: 1,
    preparedStatements: true,
    embedded: true,
    dump: async () => (await ask('dump')).dumped!,
    close: () =>
      (closed ??= ask('close').then(
        () => {
          thread.off('error', onCrash)
          keepIdle(thread)
          cleanUp()
        },
        async (error: unknown) => {
          console.error(error)
          thread.off('error', onCrash)
          await thread.terminate()
          cleanUp()
        },
      )),
  }
}

/** Creates the adapter lazily so the client can exist before the database is up. */
function lazyAdapter(): SqlDriverAdapterFactory {
  return {
    provider: 'postgres',
    adapterName: '@prisma/adapter-pg',
    async connect() {
      // The tests check every plan the cache fills in against a fresh compile.
      installQueryPlanCache((prisma as unknown as { _runtimeDataModel: DataModel })._runtimeDataModel, { verify: getEnv().NODE_ENV === 'test' })
      const { url, poolSize, preparedStatements, embedded } = await getDatabase()
      // The embedded database's one connection stays open while idle (closing it would forget its
      // prepared statements), without keeping a finished script's process alive.
      const pool = new pg.Pool({
        connectionString: url,
        max: poolSize,
        Client: preparedStatements ? PreparingClient : pg.Client,
        ...(embedded ? { idleTimeoutMillis: 0, allowExitOnIdle: true } : {}),
      })
      return new PrismaPg(pool, { disposeExternalPool: true }).connect()
    },
  }
}

const globalForPrisma = globalThis as unknown as { prisma?: PrismaClient }

export const prisma: PrismaClient = (globalForPrisma.prisma ??= new PrismaClient({
  adapter: lazyAdapter(),
}))
sendUniqueReadsAlone(prisma)

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
