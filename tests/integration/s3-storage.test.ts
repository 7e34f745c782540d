import crypto from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import type { Readable } from 'node:stream'
import { afterAll, describe, expect, test } from 'vitest'
import { action as uploadAction } from '~/routes/_app.documents-new.upload'
import { action as deleteAction } from '~/routes/_app.documents-new.$documentId.delete'
import { loader as downloadLoader } from '~/routes/api.documents.$documentId.download'
import { prisma } from '~/platform/db.server'
import { getEnv, resetEnvCache } from '~/platform/env.server'
import { FileTooLargeError, InvalidFileError, S3FileStorage, assertPdfHead, getStorage } from '~/platform/storage.server'
import { callRoute, makeRequest, signedInUser } from '#tests/support/fixtures'
import { useS3rver } from '#tests/support/s3'
import { SAMPLE_PDF, multipartRequest } from '#tests/support/uploads'

const s3 = useS3rver()
const spoolDir = fs.mkdtempSync(path.join(os.tmpdir(), 's3-spool-'))
afterAll(() => fs.rmSync(spoolDir, { recursive: true, force: true }))

async function* chunks(...parts: Uint8Array[]) {
  for (const part of parts) yield part
}

async function* cutOff(first: Uint8Array) {
  yield first
  throw new Error('connection reset')
}

async function readAll(stream: Readable) {
  const parts: Buffer[] = []
  for await (const part of stream) parts.push(Buffer.from(part))
  return Buffer.concat(parts)
}

const puts = () => s3.requests.filter((request) => request.method === 'PUT')

describe('S3FileStorage', () => {
  test('a file is written, read back with its size and SHA-256, and removed', async () => {
    const storage = new S3FileStorage(s3.settings(spoolDir))
    const first = SAMPLE_PDF.subarray(0, 5000)
    const rest = SAMPLE_PDF.subarray(5000)
    const stored = await storage.write('documents/intake.pdf', chunks(first, rest), { maxBytes: 1_000_000, checkHead: assertPdfHead })
    expect(stored).toEqual({ key: 'documents/intake.pdf', size: SAMPLE_PDF.length, sha256: crypto.createHash('sha256').update(SAMPLE_PDF).digest('hex') })
    expect(await s3.objectKeys()).toEqual(['documents/intake.pdf'])
    expect(fs.readdirSync(spoolDir)).toEqual([])

    expect(await storage.exists('documents/intake.pdf')).toBe(true)
    expect(await readAll(storage.read('documents/intake.pdf'))).toEqual(SAMPLE_PDF)
    const blob = await storage.openBlob('documents/intake.pdf', 'application/pdf')
    expect(blob.type).toBe('application/pdf')
    expect(Buffer.from(await blob.arrayBuffer())).toEqual(SAMPLE_PDF)

    await storage.remove('documents/intake.pdf')
    expect(await storage.exists('documents/intake.pdf')).toBe(false)
    expect(await s3.objectKeys()).toEqual([])
    await expect(readAll(storage.read('documents/intake.pdf'))).rejects.toMatchObject({ name: 'NoSuchKey' })
  })

  test('every write asks for server-side encryption and carries the hash for the service to check', async () => {
    const bytes = new TextEncoder().encode('%PDF-1.4 encrypted at rest')
    await new S3FileStorage(s3.settings(spoolDir)).write('documents/sse-s3.pdf', chunks(bytes), { maxBytes: 1000 })
    const kms = new S3FileStorage({ ...s3.settings(spoolDir), encryption: 'aws:kms', kmsKeyId: 'alias/portal-files' })
    await kms.write('documents/sse-kms.pdf', chunks(bytes), { maxBytes: 1000 })

    const [aes, withKms] = puts()
    expect(aes?.url).toMatch(/^\/portal-files\/documents\/sse-s3\.pdf/)
    expect(aes?.headers).toMatchObject({
      'x-amz-server-side-encryption': 'AES256',
      'x-amz-checksum-sha256': crypto.createHash('sha256').update(bytes).digest('base64'),
      'content-length': String(bytes.length),
    })
    expect(aes?.headers).not.toHaveProperty('x-amz-server-side-encryption-aws-kms-key-id')
    expect(withKms?.headers).toMatchObject({
      'x-amz-server-side-encryption': 'aws:kms',
      'x-amz-server-side-encryption-aws-kms-key-id': 'alias/portal-files',
    })
    await Promise.all(['documents/sse-s3.pdf', 'documents/sse-kms.pdf'].map((key) => kms.remove(key)))
  })

  test('a file refused or cut off while streaming is never sent and leaves nothing behind', async () => {
    const storage = new S3FileStorage(s3.settings(spoolDir))
    await expect(storage.write('documents/big.pdf', chunks(new Uint8Array(600), new Uint8Array(600)), { maxBytes: 1000 })).rejects.toBeInstanceOf(FileTooLargeError)
    await expect(storage.write('documents/html.pdf', chunks(new TextEncoder().encode('<html>'.repeat(300))), { maxBytes: 1_000_000, checkHead: assertPdfHead })).rejects.toBeInstanceOf(InvalidFileError)
    await expect(storage.write('documents/cut.pdf', cutOff(SAMPLE_PDF.subarray(0, 2048)), { maxBytes: 1_000_000, checkHead: assertPdfHead })).rejects.toThrow('connection reset')
    expect(puts()).toEqual([])
    expect(await s3.objectKeys()).toEqual([])
    expect(fs.readdirSync(spoolDir)).toEqual([])
  })

  test('the bytes the content check puts in place are sent, with their own length and hash; a refusal sends nothing', async () => {
    const storage = new S3FileStorage(s3.settings(spoolDir))
    const cleaned = new TextEncoder().encode('%PDF-1.4 cleaned')
    const stored = await storage.write('documents/cleaned.pdf', chunks(new TextEncoder().encode('%PDF-1.4 with a script')), {
      maxBytes: 1000,
      checkContent: () => cleaned,
    })
    const sha256 = crypto.createHash('sha256').update(cleaned)
    expect(stored).toEqual({ key: 'documents/cleaned.pdf', size: cleaned.length, sha256: sha256.copy().digest('hex') })
    expect(puts()[0]?.headers).toMatchObject({ 'x-amz-checksum-sha256': sha256.digest('base64'), 'content-length': String(cleaned.length) })
    expect(await readAll(storage.read('documents/cleaned.pdf'))).toEqual(Buffer.from(cleaned))
    await storage.remove('documents/cleaned.pdf')

    await expect(
      storage.write('documents/refused.pdf', chunks(SAMPLE_PDF), {
        maxBytes: 1_000_000,
        checkContent: () => {
          throw new InvalidFileError('refused')
        },
      }),
    ).rejects.toThrow('refused')
    expect(puts()).toHaveLength(1)
    expect(await s3.objectKeys()).toEqual([])
    expect(fs.readdirSync(spoolDir)).toEqual([])
  })

  test('a write the service refuses leaves nothing behind; a passing failure is tried again', async () => {
    const storage = new S3FileStorage(s3.settings(spoolDir))
    s3.failNext(403)
    await expect(storage.write('documents/denied.pdf', chunks(SAMPLE_PDF), { maxBytes: 1_000_000 })).rejects.toMatchObject({ name: 'AccessDenied' })
    expect(puts()).toHaveLength(1)
    expect(await s3.objectKeys()).toEqual([])
    expect(fs.readdirSync(spoolDir)).toEqual([])

    s3.failNext(503)
    await storage.write('documents/retried.pdf', chunks(SAMPLE_PDF), { maxBytes: 1_000_000 })
    expect(puts()).toHaveLength(3)
    expect(await readAll(storage.read('documents/retried.pdf'))).toEqual(SAMPLE_PDF)
    expect(fs.readdirSync(spoolDir)).toEqual([])
    await storage.remove('documents/retried.pdf')
  })

  test('keys that try to leave their folder are refused, as on the local disk', async () => {
    const storage = new S3FileStorage(s3.settings(spoolDir))
    for (const key of ['../escape', 'documents/../../escape', '/etc/passwd', 'documents/a b.pdf']) {
      await expect(storage.write(key, chunks(SAMPLE_PDF), { maxBytes: 1_000_000 })).rejects.toThrow(/Unsafe storage key/)
      expect(() => storage.read(key)).toThrow(/Unsafe storage key/)
      await expect(storage.exists(key)).rejects.toThrow(/Unsafe storage key/)
      await expect(storage.remove(key)).rejects.toThrow(/Unsafe storage key/)
    }
    expect(s3.requests).toEqual([])
  })
})

describe('with STORAGE_BACKEND=s3', () => {
  test('an uploaded document is stored in the bucket, downloaded from it and removed with the record', async () => {
    const saved = { ...process.env }
    Object.assign(process.env, s3.env())
    resetEnvCache()
    try {
      expect(getStorage()).toBeInstanceOf(S3FileStorage)
      const { cookie } = await signedInUser('coordinator')
      const uploaded = await callRoute(uploadAction, multipartRequest('/documents-new/upload', { category: 'forms' }, { name: 'Bucket Form.pdf', type: 'application/pdf', bytes: SAMPLE_PDF }, cookie))
      expect(uploaded.status).toBe(302)
      const document = await prisma.document.findFirstOrThrow({ where: { fileName: 'Bucket Form.pdf' } })
      expect(await s3.objectKeys()).toEqual([document.storageKey])
      expect(fs.existsSync(path.join(getEnv().DATA_DIR, 'files', document.storageKey))).toBe(false)

      const download = await callRoute(downloadLoader, makeRequest(`/api/documents/${document.id}/download`, { cookie }), { documentId: document.id })
      expect(download.status).toBe(200)
      expect(Buffer.from(await download.arrayBuffer())).toEqual(SAMPLE_PDF)

      await callRoute(deleteAction, makeRequest(`/documents-new/${document.id}/delete`, { method: 'POST', cookie }), { documentId: document.id })
      expect(await prisma.document.count({ where: { id: document.id } })).toBe(0)
      expect(await s3.objectKeys()).toEqual([])
    } finally {
      process.env = saved
      resetEnvCache()
    }
  })
})
