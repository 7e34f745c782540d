import { spawn } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterEach, describe, expect, test } from 'vitest'
import { DataDirectoryInUseError } from '~/platform/data-dir.server'
import { startEmbeddedDatabase } from '~/platform/db.server'

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
})
