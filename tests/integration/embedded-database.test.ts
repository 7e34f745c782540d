import { spawn } from 'node:child_process'
import net from 'node:net'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import pg from 'pg'
import { afterEach, describe, expect, test } from 'vitest'
import { DataDirectoryInUseError } from '~/platform/data-dir.server'
import { startEmbeddedDatabase } from '~/platform/db.server'
import { PreparingClient } from '~/platform/db/prepared-statements.server'

const cleanups: Array<() => Promise<void> | void> = []
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup()
})

function temporaryDataDir() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-data-'))
  cleanups.push(() => fs.rmSync(dir, { recursive: true, force: true }))
  return path.join(dir, 'data')
}

/** Another process holding the embedded database, as a second server would. */
async function otherInstance(dataDir: string) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'tests/support/hold-embedded-database.ts', dataDir], {
    stdio: ['ignore', 'pipe', 'inherit'],
  })
  cleanups.push(() => {
    child.kill('SIGKILL')
  })
  await new Promise<void>((resolve, reject) => {
    child.stdout.on('data', (chunk: Buffer) => chunk.toString().includes('ready') && resolve())
    child.once('exit', (code) => reject(new Error(`holder exited with ${code}`)))
  })
  return child
}

describe('embedded database', () => {
  test('a second instance on the same DATA_DIR refuses to start, naming the holder', async () => {
    const dataDir = temporaryDataDir()
    const holder = await otherInstance(dataDir)
    const attempt = startEmbeddedDatabase(path.join(dataDir, 'pglite'))
    await expect(attempt).rejects.toBeInstanceOf(DataDirectoryInUseError)
    await expect(attempt).rejects.toThrow(`pid ${holder.pid}`)
  }, 30_000)

  test('the lock of an instance that died is taken over; the database is private to this account', async () => {
    const dataDir = temporaryDataDir()
    const holder = await otherInstance(dataDir)
    holder.kill('SIGKILL')
    await new Promise((resolve) => holder.once('exit', resolve))
    const database = await startEmbeddedDatabase(path.join(dataDir, 'pglite'))
    cleanups.push(() => database.close())
    expect(fs.readFileSync(path.join(dataDir, 'portal.lock'), 'utf8')).toBe(String(process.pid))
    // No TCP port: a Unix socket in a directory only this account can enter.
    const url = new URL(database.url)
    const socketDirectory = url.searchParams.get('host')!
    expect(path.isAbsolute(socketDirectory)).toBe(true)
    expect(url.port).toBe('')
    expect(fs.statSync(socketDirectory).mode & 0o777).toBe(0o700)
    expect(fs.statSync(dataDir).mode & 0o777).toBe(0o700)
    expect(fs.statSync(path.join(dataDir, 'pglite')).mode & 0o777).toBe(0o700)
    await database.close()
    expect(fs.existsSync(path.join(dataDir, 'portal.lock'))).toBe(false)
  }, 60_000)

  describe('its socket', () => {
    async function connected(url: string) {
      const client = new pg.Client({ connectionString: url })
      await client.connect()
      cleanups.push(() => client.end().catch(() => {}))
      return client
    }
    async function started() {
      const database = await startEmbeddedDatabase('memory://')
      cleanups.push(() => database.close())
      return database
    }
    /** Whether a promise is still pending after the database has had time to answer it. */
    async function stillWaiting(promise: Promise<unknown>) {
      let settled = false
      void promise.then(() => (settled = true), () => (settled = true))
      await new Promise((resolve) => setTimeout(resolve, 300))
      return !settled
    }

    test("answers a statement in one piece, and goes on after one fails", async () => {
      const client = await connected((await started()).url)
      const stream = (client as unknown as { connection: { stream: NodeJS.ReadableStream } }).connection.stream
      let reads = 0
      stream.on('data', () => reads++)
      const { rows } = await client.query<{ sum: number }>('SELECT $1::int + $2::int AS sum', [2, 3])
      expect(rows).toEqual([{ sum: 5 }])
      // Parse, Bind, Describe, Execute and Sync, answered in one write.
      expect(reads).toBe(1)
      await expect(client.query('SELECT 1 / $1::int', [0])).rejects.toThrow('division by zero')
      expect((await client.query<{ n: number }>('SELECT $1::int AS n', [7])).rows).toEqual([{ n: 7 }])
    }, 30_000)

    test('keeps two connections\' prepared statements apart, and forgets those of a connection that closed', async () => {
      const { url } = await started()
      const first = new PreparingClient({ connectionString: url })
      const second = new PreparingClient({ connectionString: url })
      await first.connect()
      await second.connect()
      cleanups.push(() => second.end().catch(() => {}))
      // One backend serves both: the same statement prepared by each must not clash.
      const text = 'SELECT $1::int + 1 AS next'
      for (const client of [first, second, first, second, first, second]) expect((await client.query({ text, values: [1] })).rows).toEqual([{ next: 2 }])
      const named = () => second.query<{ count: string }>('SELECT count(*) FROM pg_prepared_statements WHERE statement = $1', [text])
      expect((await named()).rows).toEqual([{ count: '2' }])
      await first.end()
      await expect.poll(async () => (await named()).rows).toEqual([{ count: '1' }])
      expect((await second.query({ text, values: [2] })).rows).toEqual([{ next: 3 }])
    }, 30_000)

    test("runs no other connection's statement inside one that arrives over several reads", async () => {
      const { url } = await started()
      const [large, small] = [await connected(url), await connected(url)]
      // 400 KB of parameter: its Bind reaches the database in several reads, after its Parse.
      const text = 'x'.repeat(400_000)
      const others = Promise.all(Array.from({ length: 40 }, (_, index) => small.query<{ n: number }>('SELECT $1::int AS n', [index])))
      const lengths = Promise.all(Array.from({ length: 4 }, () => large.query<{ n: number }>('SELECT length($1::text) AS n', [text])))
      expect((await lengths).map(({ rows }) => rows[0]!.n)).toEqual([400_000, 400_000, 400_000, 400_000])
      expect((await others).map(({ rows }) => rows[0]!.n)).toEqual(Array.from({ length: 40 }, (_, index) => index))
    }, 30_000)

    test('closes a connection that is not a PostgreSQL client, or only asks to cancel, and goes on serving', async () => {
      const { url } = await started()
      const socketPath = path.join(new URL(url).searchParams.get('host')!, '.s.PGSQL.5432')
      const closedAfter = (bytes: Buffer) =>
        new Promise<boolean>((resolve) => {
          const socket = net.createConnection(socketPath, () => socket.write(bytes))
          socket.on('error', () => {})
          socket.on('close', () => resolve(true))
          setTimeout(() => resolve(false), 5_000)
        })
      const startup = (length: number, code: number) => {
        const bytes = Buffer.alloc(16)
        bytes.writeInt32BE(length, 0)
        bytes.writeInt32BE(code, 4)
        return bytes
      }
      expect(await closedAfter(startup(0, 196608))).toBe(true)
      expect(await closedAfter(startup(16, 80877102))).toBe(true)
      expect(await closedAfter(startup(8, 1234))).toBe(true)
      const client = await connected(url)
      expect((await client.query('SELECT 1 AS one')).rows).toEqual([{ one: 1 }])
    }, 30_000)

    test("runs no other connection's statement inside an open transaction, and rolls back one left open", async () => {
      const { url } = await started()
      const first = await connected(url)
      const second = await connected(url)
      await first.query('CREATE TABLE visit (n int)')

      await first.query('BEGIN')
      await first.query('INSERT INTO visit VALUES (1)')
      const counted = second.query<{ count: string }>('SELECT count(*) FROM visit')
      expect(await stillWaiting(counted)).toBe(true)
      await first.query('COMMIT')
      expect((await counted).rows).toEqual([{ count: '1' }])

      await first.query('BEGIN')
      await first.query('INSERT INTO visit VALUES (2)')
      const recounted = second.query<{ count: string }>('SELECT count(*) FROM visit')
      expect(await stillWaiting(recounted)).toBe(true)
      await first.end()
      // The second connection goes on, and nothing of the closed one's transaction stays.
      expect((await recounted).rows).toEqual([{ count: '1' }])
      expect((await second.query('SELECT n FROM visit ORDER BY n')).rows).toEqual([{ n: 1 }])
    }, 30_000)
  })
})

