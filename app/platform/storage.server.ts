import crypto from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import { Readable } from 'node:stream'
import { getEnv } from '~/platform/env.server'

/**
 * Where uploaded files live. One interface so an object store can be added
 * beside the local disk; callers never build paths themselves.
 */
export interface FileStorage {
  /** Streams bytes in under `key`; nothing is left behind when it throws. */
  write(key: string, data: AsyncIterable<Uint8Array>, options: WriteOptions): Promise<StoredFile>
  read(key: string): Readable
  /** The file as a Blob that reads from storage when consumed (for uploads to other services). */
  openBlob(key: string, type: string): Promise<Blob>
  exists(key: string): Promise<boolean>
  remove(key: string): Promise<void>
}

export type WriteOptions = {
  maxBytes: number
  /** Checks the first bytes (up to 1 KiB); throw to refuse the file. */
  checkHead?: (head: Buffer) => void
}

export type StoredFile = { key: string; size: number; sha256: string }

export class FileTooLargeError extends Error {
  constructor(readonly maxBytes: number) {
    super(`The file is larger than ${Math.round(maxBytes / 1024 / 1024)} MB`)
  }
}

export class InvalidFileError extends Error {}

const HEAD_BYTES = 1024

/** Files under a folder (DATA_DIR/files by default), written to a temporary name and renamed when complete. */
export class LocalFileStorage implements FileStorage {
  constructor(private readonly root: string) {}

  private pathFor(key: string) {
    if (!/^[a-z0-9][a-z0-9/_.-]*$/i.test(key) || key.includes('..')) throw new Error(`Unsafe storage key: ${key}`)
    return path.join(this.root, key)
  }

  async write(key: string, data: AsyncIterable<Uint8Array>, options: WriteOptions): Promise<StoredFile> {
    const target = this.pathFor(key)
    const partial = `${target}.${crypto.randomBytes(6).toString('hex')}.partial`
    await fs.promises.mkdir(path.dirname(target), { recursive: true })
    const out = fs.createWriteStream(partial, { flags: 'wx', mode: 0o600 })
    const hash = crypto.createHash('sha256')
    let size = 0
    let head = Buffer.alloc(0)
    let headChecked = false
    try {
      for await (const chunk of data) {
        size += chunk.byteLength
        if (size > options.maxBytes) throw new FileTooLargeError(options.maxBytes)
        if (!headChecked) {
          head = Buffer.concat([head, Buffer.from(chunk)]).subarray(0, HEAD_BYTES)
          if (head.length >= HEAD_BYTES) {
            options.checkHead?.(head)
            headChecked = true
          }
        }
        hash.update(chunk)
        if (!out.write(chunk)) await new Promise<void>((resolve) => out.once('drain', () => resolve()))
      }
      if (!headChecked) options.checkHead?.(head)
      await new Promise<void>((resolve, reject) => out.end((error?: Error | null) => (error ? reject(error) : resolve())))
      await fs.promises.rename(partial, target)
      return { key, size, sha256: hash.digest('hex') }
    } catch (error) {
      // The stream may still be opening the file: wait until it is closed,
      // or it could create the file after we removed it.
      await new Promise<void>((resolve) => {
        if (out.closed) return resolve()
        out.once('close', () => resolve())
        out.destroy()
      })
      await fs.promises.rm(partial, { force: true })
      throw error
    }
  }

  read(key: string) {
    return fs.createReadStream(this.pathFor(key))
  }

  async openBlob(key: string, type: string) {
    return fs.openAsBlob(this.pathFor(key), { type })
  }

  async exists(key: string) {
    return fs.promises
      .access(this.pathFor(key))
      .then(() => true)
      .catch(() => false)
  }

  async remove(key: string) {
    await fs.promises.rm(this.pathFor(key), { force: true })
  }
}

let storage: FileStorage | undefined

export function getStorage(): FileStorage {
  storage ??= new LocalFileStorage(path.join(getEnv().DATA_DIR, 'files'))
  return storage
}

/** A PDF starts with %PDF- within its first 1024 bytes (ISO 32000, 7.5.2). */
/**
 * A PDF starts with '%PDF-'. Readers tolerate junk before it, which is how
 * an HTML page can pass as a PDF (a polyglot): the portal does not.
 */
export function assertPdfHead(head: Buffer) {
  if (!head.subarray(0, 5).equals(Buffer.from('%PDF-'))) {
    throw new InvalidFileError('This file is not a PDF: its content does not start like one')
  }
}
