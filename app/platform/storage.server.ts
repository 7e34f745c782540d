import crypto from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import { Readable } from 'node:stream'
import { getEnv, type Env } from '~/platform/env.server'

/**
 * Where uploaded files live: the local disk of one instance, or an
 * S3-compatible bucket shared by several. Callers never learn which, and
 * never build paths themselves.
 */
export interface FileStorage {
  /** Streams bytes in under `key`; nothing is left behind when it throws. */
  write(key: string, data: AsyncIterable<Uint8Array>, options: WriteOptions): Promise<StoredFile>
  read(key: string): Readable
  /** The file as a Blob (for uploads to other services). */
  openBlob(key: string, type: string): Promise<Blob>
  exists(key: string): Promise<boolean>
  remove(key: string): Promise<void>
}

export type WriteOptions = {
  maxBytes: number
  /** Checks the first bytes (up to 1 KiB); throw to refuse the file. */
  checkHead?: (head: Buffer) => void
  /**
   * Checks the whole file once it has arrived, before it is stored under its
   * key: throw to refuse it, or return other bytes to store instead (a
   * cleaned copy). The file is read into memory for it.
   */
  checkContent?: (content: Buffer) => Promise<Uint8Array | undefined> | Uint8Array | undefined
}

export type StoredFile = { key: string; size: number; sha256: string }

export class FileTooLargeError extends Error {
  constructor(readonly maxBytes: number) {
    super(`The file is larger than ${Math.round(maxBytes / 1024 / 1024)} MB`)
  }
}

export class InvalidFileError extends Error {}

const HEAD_BYTES = 1024

/** Keys are generated (documents/<uuid>.pdf); anything that could climb out of its folder is refused. */
function assertSafeKey(key: string) {
  if (!/^[a-z0-9][a-z0-9/_.-]*$/i.test(key) || key.includes('..')) throw new Error(`Unsafe storage key: ${key}`)
  return key
}

/**
 * Streams `data` into a new owner-only file at `file`, enforcing the size
 * limit and the head check and hashing on the way, then runs the content
 * check, which may replace the file's bytes. When anything fails, the file
 * is removed before the error is passed on.
 */
async function receiveFile(file: string, data: AsyncIterable<Uint8Array>, options: WriteOptions) {
  const out = fs.createWriteStream(file, { flags: 'wx', mode: 0o600 })
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
    const replacement = options.checkContent ? await options.checkContent(await fs.promises.readFile(file)) : undefined
    if (replacement) {
      await fs.promises.writeFile(file, replacement)
      return { size: replacement.byteLength, sha256: crypto.createHash('sha256').update(replacement).digest('hex') }
    }
    return { size, sha256: hash.digest('hex') }
  } catch (error) {
    // The stream may still be opening the file: wait until it is closed,
    // or it could create the file after we removed it.
    await new Promise<void>((resolve) => {
      if (out.closed) return resolve()
      out.once('close', () => resolve())
      out.destroy()
    })
    await fs.promises.rm(file, { force: true })
    throw error
  }
}

/** Files under a folder (DATA_DIR/files by default), written to a temporary name and renamed when complete. */
export class LocalFileStorage implements FileStorage {
  constructor(private readonly root: string) {}

  private pathFor(key: string) {
    return path.join(this.root, assertSafeKey(key))
  }

  async write(key: string, data: AsyncIterable<Uint8Array>, options: WriteOptions): Promise<StoredFile> {
    const target = this.pathFor(key)
    const partial = `${target}.${crypto.randomBytes(6).toString('hex')}.partial`
    await fs.promises.mkdir(path.dirname(target), { recursive: true })
    const { size, sha256 } = await receiveFile(partial, data, options)
    try {
      await fs.promises.rename(partial, target)
    } catch (error) {
      await fs.promises.rm(partial, { force: true })
      throw error
    }
    return { key, size, sha256 }
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

export type S3StorageSettings = {
  bucket: string
  /** Unset: the SDK's default (AWS_REGION, the AWS config file). */
  region?: string
  /** An S3-compatible service (MinIO, Cloudflare R2…); unset: AWS S3. */
  endpoint?: string
  forcePathStyle?: boolean
  /** Unset: the SDK's default credential chain (environment, instance or task role…). */
  credentials?: { accessKeyId: string; secretAccessKey: string }
  encryption: 'AES256' | 'aws:kms'
  /** With aws:kms; unset: the bucket's default KMS key, or the AWS managed key aws/s3. */
  kmsKeyId?: string
  /** Private folder where an upload waits, complete and checked, before it is sent to the bucket. */
  spoolDir: string
}

type S3Sdk = typeof import('@aws-sdk/client-s3')
type S3Connection = Pick<S3StorageSettings, 'region' | 'endpoint' | 'forcePathStyle' | 'credentials'>

let s3Sdk: Promise<S3Sdk> | undefined

/** Loaded on first use: the SDK takes a while to load, and installations on the local disk never need it. */
function loadS3Sdk() {
  return (s3Sdk ??= import('@aws-sdk/client-s3'))
}

async function createS3Client(connection: S3Connection) {
  const { S3Client } = await loadS3Sdk()
  return new S3Client({
    ...connection,
    // Checksums go in headers (ChecksumSHA256 on writes), not as trailers of an
    // aws-chunked body, which not every S3-compatible service understands.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    // An unreachable bucket fails the request instead of holding it forever.
    requestHandler: { connectionTimeout: 10_000, requestTimeout: 60_000 },
  })
}

function statusOf(error: unknown) {
  return (error as { $metadata?: { httpStatusCode?: number } } | null)?.$metadata?.httpStatusCode
}

/** No answer at all, throttling, or a server error: worth another attempt. */
function isTransient(error: unknown) {
  const status = statusOf(error)
  return status === undefined || status === 429 || status >= 500
}

const PUT_ATTEMPTS = 3

/**
 * Objects in an S3 bucket, shared by every instance. An upload is first
 * received into a private spool file, which enforces the limits and
 * computes the hash as on the local disk, then sent whole with one
 * PutObject: S3 stores an object completely or not at all, so a refused or
 * interrupted upload leaves no object. Every object is encrypted at rest by
 * the service (SSE-S3, or SSE-KMS when configured).
 */
export class S3FileStorage implements FileStorage {
  private readonly bucket: string
  private readonly spoolDir: string
  private readonly encryption: { ServerSideEncryption: 'AES256' | 'aws:kms'; SSEKMSKeyId?: string }
  // The credentials stay inside this closure, so logging the storage never shows them.
  private readonly connect: () => Promise<InstanceType<S3Sdk['S3Client']>>

  constructor({ bucket, spoolDir, encryption, kmsKeyId, ...connection }: S3StorageSettings) {
    this.bucket = bucket
    this.spoolDir = spoolDir
    this.encryption = { ServerSideEncryption: encryption, SSEKMSKeyId: encryption === 'aws:kms' ? kmsKeyId : undefined }
    let client: ReturnType<typeof createS3Client> | undefined
    this.connect = () => (client ??= createS3Client(connection))
  }

  private async s3() {
    const [sdk, client] = await Promise.all([loadS3Sdk(), this.connect()])
    return { sdk, client }
  }

  async write(key: string, data: AsyncIterable<Uint8Array>, options: WriteOptions): Promise<StoredFile> {
    assertSafeKey(key)
    await fs.promises.mkdir(this.spoolDir, { recursive: true, mode: 0o700 })
    const spooled = path.join(this.spoolDir, `${crypto.randomUUID()}.partial`)
    const { size, sha256 } = await receiveFile(spooled, data, options)
    try {
      const { sdk, client } = await this.s3()
      // The SDK cannot retry a streamed body, so each attempt reads the spool file afresh.
      for (let attempt = 1; ; attempt++) {
        try {
          await client.send(
            new sdk.PutObjectCommand({
              Bucket: this.bucket,
              Key: key,
              Body: fs.createReadStream(spooled),
              ContentLength: size,
              // The service checks the bytes it received against the hash the portal records.
              ChecksumSHA256: Buffer.from(sha256, 'hex').toString('base64'),
              ...this.encryption,
            }),
          )
          return { key, size, sha256 }
        } catch (error) {
          if (attempt >= PUT_ATTEMPTS || !isTransient(error)) throw error
          await new Promise((resolve) => setTimeout(resolve, 200 * attempt))
        }
      }
    } finally {
      await fs.promises.rm(spooled, { force: true })
    }
  }

  private async getObject(key: string) {
    const { sdk, client } = await this.s3()
    const object = await client.send(new sdk.GetObjectCommand({ Bucket: this.bucket, Key: key }))
    if (!object.Body) throw new Error(`Storage returned no body for ${key}`)
    return object.Body
  }

  read(key: string) {
    assertSafeKey(key)
    const getObject = () => this.getObject(key)
    // read() hands back a stream at once; the object is requested when the stream is first read.
    async function* body() {
      yield* (await getObject()) as Readable
    }
    return Readable.from(body(), { objectMode: false })
  }

  /** Read into memory: a Blob's bytes must be at hand (documents are at most 50 MB, and publishing is occasional). */
  async openBlob(key: string, type: string) {
    const body = await this.getObject(assertSafeKey(key))
    // The SDK returns a plain ArrayBuffer's bytes, never shared memory.
    const bytes = (await body.transformToByteArray()) as Uint8Array<ArrayBuffer>
    return new Blob([bytes], { type })
  }

  async exists(key: string) {
    assertSafeKey(key)
    const { sdk, client } = await this.s3()
    try {
      await client.send(new sdk.HeadObjectCommand({ Bucket: this.bucket, Key: key }))
      return true
    } catch (error) {
      // Only "not found" means absent: an unreachable or refusing bucket is an error, not a missing file.
      if (statusOf(error) === 404) return false
      throw error
    }
  }

  async remove(key: string) {
    assertSafeKey(key)
    const { sdk, client } = await this.s3()
    await client.send(new sdk.DeleteObjectCommand({ Bucket: this.bucket, Key: key }))
  }
}

function createStorage(env: Env): FileStorage {
  if (env.STORAGE_BACKEND === 'local') return new LocalFileStorage(path.join(env.DATA_DIR, 'files'))
  return new S3FileStorage({
    // parseEnv refuses STORAGE_BACKEND=s3 without a bucket.
    bucket: env.S3_BUCKET!,
    region: env.S3_REGION,
    endpoint: env.S3_ENDPOINT,
    forcePathStyle: env.S3_FORCE_PATH_STYLE,
    credentials:
      env.S3_ACCESS_KEY_ID && env.S3_SECRET_ACCESS_KEY
        ? { accessKeyId: env.S3_ACCESS_KEY_ID, secretAccessKey: env.S3_SECRET_ACCESS_KEY }
        : undefined,
    encryption: env.S3_SSE,
    kmsKeyId: env.S3_SSE_KMS_KEY_ID,
    spoolDir: path.join(env.DATA_DIR, 'upload-spool'),
  })
}

let current: { env: Env; storage: FileStorage } | undefined

/** The storage STORAGE_BACKEND names; made again when the settings are reloaded (tests switch backends). */
export function getStorage(): FileStorage {
  const env = getEnv()
  if (current?.env !== env) current = { env, storage: createStorage(env) }
  return current.storage
}

/**
 * A PDF starts with '%PDF-'. Readers tolerate junk before it, which is how
 * an HTML page can pass as a PDF (a polyglot): the portal does not.
 */
export function assertPdfHead(head: Buffer) {
  if (!head.subarray(0, 5).equals(Buffer.from('%PDF-'))) {
    throw new InvalidFileError('This file is not a PDF: its content does not start like one')
  }
}
