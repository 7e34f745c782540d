import crypto from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import { describe, expect, test, vi } from 'vitest'
import { PDFDocument, PDFName, PDFString } from 'pdf-lib'
import { action as listAction, loader as listLoader } from '~/routes/_app.documents-new'
import { action as uploadAction } from '~/routes/_app.documents-new.upload'
import { action as editAction } from '~/routes/_app.documents-new.$documentId.edit'
import { action as deleteAction } from '~/routes/_app.documents-new.$documentId.delete'
import { loader as downloadLoader } from '~/routes/api.documents.$documentId.download'
import { action as apiUpload } from '~/routes/api.documents.simple-upload'
import { loader as apiList } from '~/routes/api.documents'
import { action as apiDocument } from '~/routes/api.documents.$documentId'
import { action as apiCreateTemplate } from '~/routes/api.boldsign.create-template'
import { prisma } from '~/platform/db.server'
import { getEnv, resetEnvCache } from '~/platform/env.server'
import { getStorage } from '~/platform/storage.server'
import { stripActiveContent } from '~/platform/pdf-safety.server'
import { callRoute, failDatabaseWrites, makeRequest, signedInUser, toastOf } from '#tests/support/fixtures'
import { useFakeBoldsign } from '#tests/support/boldsign'
import { SAMPLE_PDF, interruptedUpload, largeUpload, multipartRequest } from '#tests/support/uploads'

const fake = useFakeBoldsign()

function storedFiles() {
  const folder = path.join(getEnv().DATA_DIR, 'files', 'documents')
  return fs.existsSync(folder) ? fs.readdirSync(folder) : []
}


/** A one-page PDF that runs a script as soon as it is opened. */
async function scriptedPdf() {
  const doc = await PDFDocument.create()
  doc.addPage()
  doc.catalog.set(PDFName.of('OpenAction'), doc.context.obj({ S: 'JavaScript', JS: PDFString.of('app.launchURL("https://evil.example")') }))
  return Buffer.from(await doc.save())
}

/**
 * The same, password-protected (as the trailer's /Encrypt says; the
 * structure of a protected file stays readable, only strings and streams are
 * encrypted).
 */
function protectedScriptedPdf() {
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R /OpenAction << /S /JavaScript /JS (encrypted) >> >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] >>',
    '<< /Filter /Standard /V 1 /R 2 /O <00> /U <00> /P -4 >>',
  ]
  const body = objects.map((object, index) => `${index + 1} 0 obj\n${object}\nendobj\n`).join('')
  return Buffer.from(`%PDF-1.4\n${body}trailer\n<< /Root 1 0 R /Encrypt 4 0 R >>\n%%EOF\n`, 'latin1')
}

async function readStored(key: string) {
  const parts: Buffer[] = []
  for await (const part of getStorage().read(key)) parts.push(Buffer.from(part as Uint8Array))
  return Buffer.concat(parts)
}

async function upload(cookie: string, fields: Record<string, string> = { category: 'forms' }, file = { name: 'Intake Form.pdf', type: 'application/pdf', bytes: SAMPLE_PDF as Uint8Array }) {
  return callRoute(uploadAction, multipartRequest('/documents-new/upload', fields, file, cookie))
}

describe('uploading', () => {
  test('a PDF is stored, listed and announced', async () => {
    const { cookie, user } = await signedInUser('coordinator')
    const response = await upload(cookie, { category: 'forms', description: 'New client intake' })
    expect(response.status).toBe(302)
    expect(await toastOf(response)).toMatchObject({ title: 'Intake Form.pdf uploaded successfully' })
    const document = await prisma.document.findFirstOrThrow({ where: { fileName: 'Intake Form.pdf' }, orderBy: { createdAt: 'desc' } })
    expect(document).toMatchObject({ name: 'Intake Form', category: 'forms', fileSize: SAMPLE_PDF.length, uploadedBy: user.name, description: 'New client intake' })
    expect(fs.readFileSync(path.join(getEnv().DATA_DIR, 'files', document.storageKey))).toEqual(SAMPLE_PDF)

    const list = await (await callRoute(listLoader, makeRequest('/documents-new?q=intake&category=forms', { cookie }))).json()
    expect(list.documents.map((entry: { id: string }) => entry.id)).toContain(document.id)
    const byWords = await (await callRoute(listLoader, makeRequest('/documents-new?q=client%20INTAKE', { cookie }))).json()
    expect(byWords.documents.map((entry: { id: string }) => entry.id)).toContain(document.id)
    const other = await (await callRoute(listLoader, makeRequest('/documents-new?category=billing', { cookie }))).json()
    expect(other.documents.map((entry: { id: string }) => entry.id)).not.toContain(document.id)
  })

  test('a document can be given a type, and the list filters by it', async () => {
    const { cookie } = await signedInUser('coordinator')
    const type = await prisma.documentType.create({ data: { name: 'Consent Forms', ghlTag: 'consent-forms' } })
    await upload(cookie, { category: 'agreements', documentTypeId: type.id }, { name: 'Typed.pdf', type: 'application/pdf', bytes: SAMPLE_PDF })
    await upload(cookie, { category: 'agreements' }, { name: 'Untyped.pdf', type: 'application/pdf', bytes: SAMPLE_PDF })
    const list = await (await callRoute(listLoader, makeRequest(`/documents-new?type=${type.id}`, { cookie }))).json()
    expect(list.documents.map((entry: { fileName: string }) => entry.fileName)).toEqual(['Typed.pdf'])
    expect(list.types).toEqual([{ id: type.id, name: 'Consent Forms', description: null, ghlTag: 'consent-forms', isActive: true, displayOrder: 1, createdAt: expect.any(String), updatedAt: expect.any(String) }])
  })

  test('a renamed non-PDF is refused and leaves nothing behind', async () => {
    const { cookie } = await signedInUser('coordinator')
    const before = { files: storedFiles().length, rows: await prisma.document.count() }
    const response = await upload(cookie, { category: 'general' }, { name: 'notes.pdf', type: 'application/pdf', bytes: new TextEncoder().encode('just some text\n'.repeat(200)) })
    expect(response.status).toBe(415)
    expect((await response.json()).error.file).toEqual(['This file is not a PDF: its content does not start like one'])
    expect(await toastOf(response)).toMatchObject({ type: 'destructive', title: 'Upload Failed' })
    expect(storedFiles().length).toBe(before.files)
    expect(await prisma.document.count()).toBe(before.rows)
  })

  test('a PDF that runs a script when opened is stored without it, and the audit trail says what was removed', async () => {
    const { cookie } = await signedInUser('coordinator')
    const scripted = await scriptedPdf()
    const response = await upload(cookie, { category: 'forms' }, { name: 'Scripted.pdf', type: 'application/pdf', bytes: scripted })
    expect(response.status).toBe(302)

    const document = await prisma.document.findFirstOrThrow({ where: { fileName: 'Scripted.pdf' }, select: { id: true, storageKey: true, fileSize: true, sha256: true } })
    const stored = await readStored(document.storageKey)
    expect(stored.equals(scripted)).toBe(false)
    const reloaded = await PDFDocument.load(stored)
    expect(reloaded.catalog.has(PDFName.of('OpenAction'))).toBe(false)
    expect(reloaded.getPageCount()).toBe(1)
    expect(stored.includes('app.launchURL')).toBe(false)
    expect(document).toMatchObject({ fileSize: stored.length, sha256: crypto.createHash('sha256').update(stored).digest('hex') })

    const created = await prisma.auditLog.findFirstOrThrow({ where: { entityType: 'Document', entityId: document.id, action: 'create' } })
    expect(created.details).toEqual({ activeContentRemoved: ['JavaScript action'] })
    const download = await callRoute(downloadLoader, makeRequest(`/api/documents/${document.id}/download`, { cookie }), { documentId: document.id })
    expect(Buffer.from(await download.arrayBuffer()).equals(stored)).toBe(true)
  })

  test('a clean PDF is stored byte for byte, with nothing noted in the audit trail', async () => {
    const { cookie } = await signedInUser('coordinator')
    await upload(cookie, { category: 'forms' }, { name: 'Clean.pdf', type: 'application/pdf', bytes: SAMPLE_PDF })
    const document = await prisma.document.findFirstOrThrow({ where: { fileName: 'Clean.pdf' } })
    expect((await readStored(document.storageKey)).equals(SAMPLE_PDF)).toBe(true)
    expect((await prisma.auditLog.findFirstOrThrow({ where: { entityId: document.id, action: 'create' } })).details).toBeNull()
  })

  test('a password-protected PDF with a script is refused with what to do, and leaves nothing behind', async () => {
    const { cookie } = await signedInUser('coordinator')
    const before = { files: storedFiles().length, rows: await prisma.document.count() }
    const message = 'This PDF is password-protected and contains scripts or actions that run when it opens: remove the protection and upload it again'
    const page = await upload(cookie, { category: 'forms' }, { name: 'Locked.pdf', type: 'application/pdf', bytes: protectedScriptedPdf() })
    expect(page.status).toBe(415)
    expect((await page.json()).error.file).toEqual([message])
    const api = await callRoute(
      apiUpload,
      multipartRequest('/api/documents/simple-upload', { category: 'forms' }, { name: 'Locked.pdf', type: 'application/pdf', bytes: protectedScriptedPdf() }, cookie),
    )
    expect(api.status).toBe(415)
    expect(await api.json()).toEqual({ success: false, error: message })
    expect(storedFiles().length).toBe(before.files)
    expect(await prisma.document.count()).toBe(before.rows)
  })

  test('a file over 50 MB is refused while streaming and leaves nothing behind', async () => {
    const { cookie } = await signedInUser('coordinator')
    const before = storedFiles().length
    const request = largeUpload('/documents-new/upload', cookie, { fields: { category: 'general' }, fileField: 'file', size: 51 * 1024 * 1024 })
    const response = await callRoute(uploadAction, request)
    expect(response.status).toBe(413)
    expect((await response.json()).error.file).toEqual(['The file is larger than 50MB'])
    expect(storedFiles().length).toBe(before)
    expect(fs.readdirSync(path.join(getEnv().DATA_DIR, 'files', 'documents')).some((name) => name.endsWith('.partial'))).toBe(false)
  })

  test('a declared size over the limit is refused before reading', async () => {
    const { cookie } = await signedInUser('coordinator')
    const request = new Request('http://localhost/documents-new/upload', {
      method: 'POST',
      headers: { cookie, 'content-type': 'multipart/form-data; boundary=x', 'content-length': String(60 * 1024 * 1024) },
      body: '--x--',
    })
    expect((await callRoute(uploadAction, request)).status).toBe(413)
  })

  test('an interrupted upload leaves nothing behind and says why', async () => {
    const { cookie } = await signedInUser('coordinator')
    const before = storedFiles().length
    const request = interruptedUpload('/documents-new/upload', cookie, {
      fields: { category: 'general' },
      fileField: 'file',
      sentBytes: Buffer.concat([SAMPLE_PDF.subarray(0, 2048), new Uint8Array(4096)]),
    })
    const response = await callRoute(uploadAction, request)
    expect(response.status).toBe(400)
    expect((await response.json()).error.file).toEqual(['The upload was interrupted before the file arrived in full'])
    expect(storedFiles().length).toBe(before)
  })

  test('a missing file is reported next to the field', async () => {
    const { cookie } = await signedInUser('coordinator')
    const response = await callRoute(uploadAction, multipartRequest('/documents-new/upload', { category: 'general' }, null, cookie))
    expect(response.status).toBe(400)
    expect((await response.json()).error.file).toEqual(['Select a PDF file'])
  })
})

describe('download, edit and delete', () => {
  test('download streams the file to staff and counts it', async () => {
    const { cookie } = await signedInUser('viewer')
    const writer = await signedInUser('coordinator')
    await upload(writer.cookie, { category: 'policies' }, { name: 'Policy.pdf', type: 'application/pdf', bytes: SAMPLE_PDF })
    const document = await prisma.document.findFirstOrThrow({ where: { fileName: 'Policy.pdf' } })
    const response = await callRoute(downloadLoader, makeRequest(`/api/documents/${document.id}/download`, { cookie }), { documentId: document.id })
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toBe('application/pdf')
    expect(response.headers.get('content-disposition')).toContain('filename="Policy.pdf"')
    expect(Buffer.from(await response.arrayBuffer())).toEqual(SAMPLE_PDF)
    expect((await prisma.document.findUniqueOrThrow({ where: { id: document.id } })).downloadCount).toBe(1)
    const anonymous = await callRoute(downloadLoader, makeRequest(`/api/documents/${document.id}/download`), { documentId: document.id })
    expect(anonymous.status).toBe(401)
  })

  test('edit needs a name; delete removes the record and the file', async () => {
    const { cookie } = await signedInUser('coordinator')
    await upload(cookie, { category: 'general' }, { name: 'Temp.pdf', type: 'application/pdf', bytes: SAMPLE_PDF })
    const document = await prisma.document.findFirstOrThrow({ where: { fileName: 'Temp.pdf' } })
    const params = { documentId: document.id }
    const invalid = await callRoute(editAction, makeRequest(`/documents-new/${document.id}/edit`, { cookie, form: { name: '' } }), params)
    expect(invalid.status).toBe(400)
    expect((await invalid.json()).error.name).toEqual(['Document name is required'])
    const edited = await callRoute(editAction, makeRequest(`/documents-new/${document.id}/edit`, { cookie, form: { name: 'Renamed', description: 'Updated' } }), params)
    expect(await toastOf(edited)).toMatchObject({ title: 'Document Updated' })
    expect(await prisma.document.findUniqueOrThrow({ where: { id: document.id } })).toMatchObject({ name: 'Renamed', description: 'Updated' })

    const file = path.join(getEnv().DATA_DIR, 'files', document.storageKey)
    const deleted = await callRoute(deleteAction, makeRequest(`/documents-new/${document.id}/delete`, { method: 'POST', cookie }), params)
    expect(await toastOf(deleted)).toMatchObject({ title: 'Document Deleted' })
    expect(await prisma.document.count({ where: { id: document.id } })).toBe(0)
    expect(fs.existsSync(file)).toBe(false)
  })
})

describe('downloads are audited and keep the file name', () => {
  test("each download is a 'view' of the document, with the name as uploaded (O'Brien.pdf)", async () => {
    const { cookie, user } = await signedInUser('viewer')
    const writer = await signedInUser('coordinator')
    await upload(writer.cookie, { category: 'medical' }, { name: "O'Brien.pdf", type: 'application/pdf', bytes: SAMPLE_PDF })
    const document = await prisma.document.findFirstOrThrow({ where: { fileName: "O'Brien.pdf" } })
    const response = await callRoute(downloadLoader, makeRequest(`/api/documents/${document.id}/download`, { cookie }), { documentId: document.id })
    expect(response.status).toBe(200)
    expect(response.headers.get('content-disposition')).toBe(`attachment; filename="O'Brien.pdf"; filename*=UTF-8''O%27Brien.pdf`)
    const entries = await prisma.auditLog.findMany({ where: { entityType: 'Document', entityId: document.id, action: 'view' } })
    expect(entries.map((entry) => [entry.userId, entry.details])).toEqual([[user.id, { fileName: "O'Brien.pdf", download: true }]])
  })
})

describe('when the database fails', () => {
  test('an edit logs the error, shows the Error toast and the form error, and saves nothing', async () => {
    const { cookie } = await signedInUser('coordinator')
    await upload(cookie, { category: 'general' }, { name: 'Outage.pdf', type: 'application/pdf', bytes: SAMPLE_PDF })
    const document = await prisma.document.findFirstOrThrow({ where: { fileName: 'Outage.pdf' } })
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {})
    const restore = failDatabaseWrites()
    try {
      const edited = await callRoute(editAction, makeRequest(`/documents-new/${document.id}/edit`, { cookie, form: { name: 'Renamed' } }), { documentId: document.id })
      expect(edited.status).toBe(500)
      expect(await toastOf(edited)).toMatchObject({ type: 'destructive', title: 'Error', description: 'Failed to update document' })
      expect((await edited.json()).error).toEqual({ '': ['Failed to update document'] })
      expect(logged).toHaveBeenCalledWith(expect.objectContaining({ message: 'database is down' }))
    } finally {
      restore()
      vi.restoreAllMocks()
    }
    expect((await prisma.document.findUniqueOrThrow({ where: { id: document.id } })).name).toBe('Outage')
  })

  test('DELETE /api/documents/{id} answers 500, not 404, and the document stays', async () => {
    const { cookie } = await signedInUser('coordinator')
    await upload(cookie, { category: 'general' }, { name: 'Kept.pdf', type: 'application/pdf', bytes: SAMPLE_PDF })
    const document = await prisma.document.findFirstOrThrow({ where: { fileName: 'Kept.pdf' } })
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {})
    const restore = failDatabaseWrites()
    try {
      const response = await callRoute(apiDocument, makeRequest(`/api/documents/${document.id}`, { method: 'DELETE', cookie }), { documentId: document.id })
      expect(response.status).toBe(500)
      expect(await response.json()).toEqual({ error: 'Internal error' })
      expect(logged).toHaveBeenCalledWith(expect.objectContaining({ message: 'database is down' }))
    } finally {
      restore()
      vi.restoreAllMocks()
    }
    expect(await prisma.document.count({ where: { id: document.id } })).toBe(1)
    expect(fs.existsSync(path.join(getEnv().DATA_DIR, 'files', document.storageKey))).toBe(true)
  })
})

describe('Publish Bold Template', () => {
  async function newDocument(cookie: string) {
    const name = `Consent ${Math.random().toString(36).slice(2)}.pdf`
    await upload(cookie, { category: 'agreements' }, { name, type: 'application/pdf', bytes: SAMPLE_PDF })
    return prisma.document.findFirstOrThrow({ where: { fileName: name } })
  }
  const publish = (cookie: string, documentId: string) =>
    callRoute(listAction, makeRequest('/documents-new', { cookie, form: { intent: 'publish', documentId } }))

  test('creates a template from the stored PDF and keeps its id', async () => {
    const { cookie } = await signedInUser('coordinator')
    const document = await newDocument(cookie)
    const response = await publish(cookie, document.id)
    const toast = await toastOf(response)
    expect(toast?.title).toBe('Template Created')
    const template = fake.boldsign.templates.at(-1)!
    expect(template).toMatchObject({ title: document.name, fileName: document.fileName, bytes: SAMPLE_PDF.length, sha256: crypto.createHash('sha256').update(SAMPLE_PDF).digest('hex') })
    expect((await prisma.document.findUniqueOrThrow({ where: { id: document.id } })).boldsignTemplateId).toBe(template.templateId)
  })

  test('a PDF stored before uploads were cleaned goes to BoldSign without its script', async () => {
    const { cookie, user } = await signedInUser('coordinator')
    const scripted = await scriptedPdf()
    async function* bytes() {
      yield scripted
    }
    const stored = await getStorage().write(`documents/${crypto.randomUUID()}.pdf`, bytes(), { maxBytes: scripted.length })
    const document = await prisma.document.create({
      data: { name: 'Old Consent', category: 'agreements', fileName: 'old.pdf', fileSize: stored.size, mimeType: 'application/pdf', storageKey: stored.key, sha256: stored.sha256, uploadedById: user.id, uploadedBy: user.name },
    })
    expect(await toastOf(await publish(cookie, document.id))).toMatchObject({ title: 'Template Created' })
    const { bytes: cleaned } = await stripActiveContent(scripted)
    expect(fake.boldsign.templates.at(-1)).toMatchObject({ bytes: cleaned.length, sha256: crypto.createHash('sha256').update(cleaned).digest('hex') })
    expect(cleaned.length).not.toBe(scripted.length)
  })

  test.each([
    ['unauthorized', 'BoldSign rejected the API key (401)'],
    ['bad-request', 'BoldSign refused the template (400): The Files field is invalid.'],
    ['server-error', 'BoldSign is unavailable (500): Internal Server Error'],
    ['timeout', 'BoldSign did not answer within 500 ms'],
  ] as const)('%s: Template Creation Failed with the reason', async (mode, message) => {
    const { cookie } = await signedInUser('coordinator')
    const document = await newDocument(cookie)
    fake.boldsign.setMode(mode)
    const toast = await toastOf(await publish(cookie, document.id))
    expect(toast).toMatchObject({ type: 'destructive', title: 'Template Creation Failed', description: message })
    expect((await prisma.document.findUniqueOrThrow({ where: { id: document.id } })).boldsignTemplateId).toBeNull()
  })

  test('not configured: says so', async () => {
    const { cookie } = await signedInUser('coordinator')
    const document = await newDocument(cookie)
    const key = process.env.BOLDSIGN_API_KEY
    delete process.env.BOLDSIGN_API_KEY
    resetEnvCache()
    try {
      const toast = await toastOf(await publish(cookie, document.id))
      expect(toast?.description).toMatch(/^BoldSign is not configured/)
    } finally {
      process.env.BOLDSIGN_API_KEY = key
      resetEnvCache()
    }
  })
})

describe('documents API', () => {
  test('simple-upload answers success and error; list, update and delete', async () => {
    const { cookie } = await signedInUser('coordinator')
    const ok = await callRoute(apiUpload, multipartRequest('/api/documents/simple-upload', { category: 'billing' }, { name: 'Invoice.pdf', type: 'application/pdf', bytes: SAMPLE_PDF }, cookie))
    expect(ok.status).toBe(201)
    const created = await ok.json()
    expect(created).toMatchObject({ success: true, error: null, document: { name: 'Invoice', category: 'billing' } })

    const bad = await callRoute(apiUpload, multipartRequest('/api/documents/simple-upload', { category: 'billing' }, { name: 'x.txt', type: 'text/plain', bytes: new Uint8Array([1, 2, 3]) }, cookie))
    expect(bad.status).toBe(415)
    expect(await bad.json()).toEqual({ success: false, error: 'Only PDF files can be uploaded' })
    const badCategory = await callRoute(apiUpload, multipartRequest('/api/documents/simple-upload', { category: 'recipes' }, { name: 'a.pdf', type: 'application/pdf', bytes: SAMPLE_PDF }, cookie))
    expect(badCategory.status).toBe(400)

    const list = await callRoute(apiList, makeRequest('/api/documents?category=billing', { cookie }))
    expect(list.headers.get('x-total-count')).toBe('1')
    const id = created.document.id as string
    const put = await callRoute(apiDocument, makeRequest(`/api/documents/${id}`, { method: 'PUT', cookie, json: { name: 'Invoice 2026', description: 'Paid' } }), { documentId: id })
    expect(await put.json()).toMatchObject({ name: 'Invoice 2026', description: 'Paid' })
    const invalid = await callRoute(apiDocument, makeRequest(`/api/documents/${id}`, { method: 'PUT', cookie, json: { name: '' } }), { documentId: id })
    expect(invalid.status).toBe(400)
    const del = await callRoute(apiDocument, makeRequest(`/api/documents/${id}`, { method: 'DELETE', cookie }), { documentId: id })
    expect(await del.json()).toEqual({ success: true, id })
    expect((await callRoute(apiDocument, makeRequest(`/api/documents/${id}`, { method: 'DELETE', cookie }), { documentId: id })).status).toBe(404)
  })

  test('create-template takes a base64 PDF', async () => {
    const { cookie } = await signedInUser('coordinator')
    const ok = await callRoute(apiCreateTemplate, makeRequest('/api/boldsign/create-template', { cookie, json: { title: 'Consent', description: 'x', fileName: 'consent.pdf', pdfBase64: SAMPLE_PDF.toString('base64') } }))
    expect(await ok.json()).toMatchObject({ success: true, templateId: expect.any(String) })
    const notPdf = await callRoute(apiCreateTemplate, makeRequest('/api/boldsign/create-template', { cookie, json: { title: 'x', pdfBase64: Buffer.from('hello').toString('base64') } }))
    expect(notPdf.status).toBe(400)
    const missing = await callRoute(apiCreateTemplate, makeRequest('/api/boldsign/create-template', { cookie, json: {} }))
    expect(missing.status).toBe(400)
  })

  test('create-template sends a PDF without its script, and refuses one that cannot be cleaned', async () => {
    const { cookie } = await signedInUser('coordinator')
    const scripted = await scriptedPdf()
    const ok = await callRoute(apiCreateTemplate, makeRequest('/api/boldsign/create-template', { cookie, json: { title: 'Consent', pdfBase64: scripted.toString('base64') } }))
    expect(await ok.json()).toMatchObject({ success: true })
    const { bytes: cleaned } = await stripActiveContent(scripted)
    expect(fake.boldsign.templates.at(-1)?.sha256).toBe(crypto.createHash('sha256').update(cleaned).digest('hex'))

    const sent = fake.boldsign.templates.length
    const locked = await callRoute(apiCreateTemplate, makeRequest('/api/boldsign/create-template', { cookie, json: { title: 'Locked', pdfBase64: protectedScriptedPdf().toString('base64') } }))
    expect(locked.status).toBe(400)
    expect(await locked.json()).toEqual({
      success: false,
      error: 'This PDF is password-protected and contains scripts or actions that run when it opens: remove the protection and upload it again',
    })
    expect(fake.boldsign.templates).toHaveLength(sent)
  })
})
