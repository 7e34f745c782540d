import { execFile } from 'node:child_process'
import crypto from 'node:crypto'
import fs from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'

/**
 * poppler-utils on a PDF's bytes, with no app module imported, so the
 * browser tests use them too (CI installs poppler-utils).
 */
const run = promisify(execFile)

async function withFile<T>(bytes: Uint8Array, use: (file: string) => Promise<T>) {
  const file = path.join(os.tmpdir(), `pdf-${crypto.randomUUID()}.pdf`)
  await fs.writeFile(file, bytes)
  try {
    return await use(file)
  } finally {
    await fs.rm(file, { force: true })
  }
}

function notInstalled(tool: string) {
  return new Error(`${tool} is not installed: apt-get install -y poppler-utils`)
}

/** pdfsig's verdict on a PDF. It exits 0 even on a digest mismatch, so its output is read. */
export async function pdfsig(bytes: Uint8Array) {
  return withFile(bytes, async (file) => {
    const { stdout } = await run('pdfsig', [file]).catch((error: { code?: unknown; stdout?: string }) => {
      if (error.code === 'ENOENT') throw notInstalled('pdfsig')
      return { stdout: error.stdout ?? '' }
    })
    return {
      output: stdout,
      valid: /Signature Validation: Signature is Valid\./.test(stdout),
      wholeDocument: /Total document signed/.test(stdout),
    }
  })
}

/** The PDF's text as pdftotext -layout reads it. */
export async function pdfText(bytes: Uint8Array) {
  return withFile(bytes, async (file) => {
    const { stdout } = await run('pdftotext', ['-layout', file, '-']).catch((error: { code?: unknown }) => {
      throw error.code === 'ENOENT' ? notInstalled('pdftotext') : error
    })
    return stdout
  })
}
