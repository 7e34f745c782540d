import crypto from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { expect, test } from 'vitest'
import { FileTooLargeError, InvalidFileError, LocalFileStorage, assertPdfHead } from '~/platform/storage.server'

async function* chunks(...parts: Uint8Array[]) {
  for (const part of parts) yield part
}

test('a refused write leaves no file, even when refused before the file is open', async () => {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'storage-test-'))
  const storage = new LocalFileStorage(root)
  for (let attempt = 0; attempt < 20; attempt++) {
    await expect(storage.write(`documents/bad-${attempt}.pdf`, chunks(new TextEncoder().encode('not a pdf'.repeat(200))), { maxBytes: 1_000_000, checkHead: assertPdfHead })).rejects.toBeInstanceOf(InvalidFileError)
    await expect(storage.write(`documents/big-${attempt}.pdf`, chunks(new Uint8Array(600), new Uint8Array(600)), { maxBytes: 1000 })).rejects.toBeInstanceOf(FileTooLargeError)
  }
  await new Promise((resolve) => setTimeout(resolve, 50))
  expect(fs.readdirSync(path.join(root, 'documents'))).toEqual([])
  fs.rmSync(root, { recursive: true, force: true })
})

test('a complete write is renamed into place with its size and hash', async () => {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'storage-test-'))
  const storage = new LocalFileStorage(root)
  const stored = await storage.write('documents/ok.pdf', chunks(new TextEncoder().encode('%PDF-1.4 hello')), { maxBytes: 1000, checkHead: assertPdfHead })
  expect(stored).toMatchObject({ key: 'documents/ok.pdf', size: 14 })
  expect(stored.sha256).toMatch(/^[0-9a-f]{64}$/)
  expect(fs.readdirSync(path.join(root, 'documents'))).toEqual(['ok.pdf'])
  expect(() => storage.read('../escape')).toThrow(/Unsafe storage key/)
  fs.rmSync(root, { recursive: true, force: true })
})

test('a PDF must start with its header: an HTML page with %PDF- further in (a polyglot) is refused', () => {
  const polyglot = Buffer.from('<html><script>alert(1)</script>\n%PDF-1.4\n')
  expect(() => assertPdfHead(polyglot)).toThrow(InvalidFileError)
  expect(() => assertPdfHead(Buffer.from(' %PDF-1.7'))).toThrow(InvalidFileError)
  expect(() => assertPdfHead(Buffer.from('%PDF-1.7\n%âãÏÓ'))).not.toThrow()
})

test('the content check sees the whole file and may refuse it or store other bytes in its place', async () => {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'storage-test-'))
  const storage = new LocalFileStorage(root)
  const seen: string[] = []
  const cleaned = new TextEncoder().encode('%PDF-1.4 cleaned')
  const stored = await storage.write('documents/replaced.pdf', chunks(new TextEncoder().encode('%PDF-1.4 '), new TextEncoder().encode('with a script')), {
    maxBytes: 1000,
    checkContent: (content) => {
      seen.push(content.toString())
      return cleaned
    },
  })
  expect(seen).toEqual(['%PDF-1.4 with a script'])
  expect(stored).toEqual({ key: 'documents/replaced.pdf', size: cleaned.length, sha256: crypto.createHash('sha256').update(cleaned).digest('hex') })
  expect(fs.readFileSync(path.join(root, 'documents/replaced.pdf'), 'utf8')).toBe('%PDF-1.4 cleaned')
  expect(fs.statSync(path.join(root, 'documents/replaced.pdf')).mode & 0o777).toBe(0o600)

  const kept = await storage.write('documents/kept.pdf', chunks(new TextEncoder().encode('%PDF-1.4 clean')), { maxBytes: 1000, checkContent: () => undefined })
  expect(kept.size).toBe(14)
  expect(fs.readFileSync(path.join(root, 'documents/kept.pdf'), 'utf8')).toBe('%PDF-1.4 clean')

  await expect(
    storage.write('documents/refused.pdf', chunks(new TextEncoder().encode('%PDF-1.4 locked')), {
      maxBytes: 1000,
      checkContent: async () => {
        throw new InvalidFileError('refused')
      },
    }),
  ).rejects.toThrow('refused')
  expect(fs.readdirSync(path.join(root, 'documents')).sort()).toEqual(['kept.pdf', 'replaced.pdf'])
  fs.rmSync(root, { recursive: true, force: true })
})
