import fs from 'node:fs'
import path from 'node:path'
import { beforeAll, describe, expect, test } from 'vitest'
import { action as extract } from '~/routes/api.pdf-to-form.extract'
import { action as createSample } from '~/routes/api.demo.create-sample-pdf'
import type { ExtractedFormSchema } from '~/features/online-forms/form-fields'
import { createSamplePdf } from '~/features/pdf-conversion/demo-pdf.server'
import { extractFormSchema } from '~/features/pdf-conversion/extract.server'
import { getEnv } from '~/platform/env.server'
import { callRoute, makeRequest, signedInUser } from '#tests/support/fixtures'
import { largeUpload } from '#tests/support/uploads'
import { buildImageOnlyPdf, buildPdfCorpus } from '#tests/support/pdf-corpus'

let cookie: string

beforeAll(async () => {
  cookie = (await signedInUser('coordinator')).cookie
})

function pdfUpload(file: { name: string; type: string; bytes: Uint8Array } | null, { field = 'pdf', as = cookie }: { field?: string; as?: string } = {}) {
  const form = new FormData()
  if (file) form.append(field, new Blob([Buffer.from(file.bytes)], { type: file.type }), file.name)
  return new Request('http://localhost/api/pdf-to-form/extract', { method: 'POST', body: form, headers: as ? { cookie: as } : {} })
}

function temporaryFiles() {
  const folder = path.join(getEnv().DATA_DIR, 'files', 'tmp', 'pdf-to-form')
  return fs.existsSync(folder) ? fs.readdirSync(folder) : []
}

describe('POST /api/pdf-to-form/extract', () => {
  test('answers the fields of an uploaded fillable PDF and keeps no copy of it', async () => {
    const response = await callRoute(extract, pdfUpload({ name: 'healthcare-intake-form.pdf', type: 'application/pdf', bytes: await createSamplePdf('intake') }))
    expect(response.status).toBe(200)
    const schema = (await response.json()) as ExtractedFormSchema
    expect(schema).toMatchObject({ title: 'Healthcare Intake Form', totalPages: 1, fallbackFields: false })
    expect(schema.fields).toContainEqual({ name: 'date_of_birth', type: 'date', label: 'Date of Birth', required: true, page: 1 })
    expect(schema.fields).toContainEqual(expect.objectContaining({ name: 'gender', type: 'radio', options: ['Female', 'Male', 'Other'] }))
    expect(schema.fields.find((field) => field.type === 'signature')).toMatchObject({ name: 'patient_signature', required: true })
    expect(temporaryFiles()).toEqual([])
  })

  test('reads a flat printed form as well', async () => {
    const flat = (await buildPdfCorpus()).find((pdf) => pdf.file === 'flat-checkboxes.pdf')!
    const response = await callRoute(extract, pdfUpload({ name: flat.file, type: 'application/pdf', bytes: flat.bytes }))
    const schema = (await response.json()) as ExtractedFormSchema
    expect(schema.title).toBe('Health History Questionnaire')
    expect(schema.fields).toContainEqual(expect.objectContaining({ label: 'Do you smoke?', type: 'radio', options: ['Yes', 'No'] }))
  })

  test.each([
    ['corrupt', async () => new TextEncoder().encode('%PDF-1.7\nthis is not really a PDF'), 422, /^Failed to extract/],
    ['a scanned image', buildImageOnlyPdf, 422, /^Failed to extract.*no text/],
  ])('a %s PDF answers %i with a message, never 500', async (_kind, build, status, message) => {
    const response = await callRoute(extract, pdfUpload({ name: 'form.pdf', type: 'application/pdf', bytes: await build() }))
    expect(response.status).toBe(status)
    expect(((await response.json()) as { error: string }).error).toMatch(message)
    expect(temporaryFiles()).toEqual([])
  })

  test('a file that is not a PDF answers 415', async () => {
    const text = await callRoute(extract, pdfUpload({ name: 'notes.txt', type: 'text/plain', bytes: new TextEncoder().encode('hello') }))
    expect(text.status).toBe(415)
    expect(await text.json()).toEqual({ error: 'Only PDF files can be uploaded' })
    const disguised = await callRoute(extract, pdfUpload({ name: 'page.pdf', type: 'application/pdf', bytes: new TextEncoder().encode('<html>hi</html>') }))
    expect(disguised.status).toBe(415)
    expect(((await disguised.json()) as { error: string }).error).toMatch(/not a PDF/)
    expect(temporaryFiles()).toEqual([])
  })

  test('a file over 50 MB answers 413 while streaming and leaves nothing behind', async () => {
    const response = await callRoute(extract, largeUpload('/api/pdf-to-form/extract', cookie, { fields: {}, fileField: 'pdf', size: 51 * 1024 * 1024 }))
    expect(response.status).toBe(413)
    expect(await response.json()).toEqual({ error: 'The file is larger than 50MB' })
    expect(temporaryFiles().filter((name) => !name.startsWith('.'))).toEqual([])
  })

  test('no file in `pdf` answers 400; signed-out 401; a viewer 403', async () => {
    const missing = await callRoute(extract, pdfUpload({ name: 'a.pdf', type: 'application/pdf', bytes: await createSamplePdf('intake') }, { field: 'file' }))
    expect(missing.status).toBe(400)
    expect(await missing.json()).toEqual({ error: 'Choose a PDF file to convert' })
    expect((await callRoute(extract, pdfUpload(null, { as: '' }))).status).toBe(401)
    const viewer = await signedInUser('viewer')
    expect((await callRoute(extract, pdfUpload(null, { as: viewer.cookie }))).status).toBe(403)
  })
})

describe('POST /api/demo/create-sample-pdf', () => {
  test('answers a fillable intake PDF to download by default', async () => {
    const response = await callRoute(createSample, makeRequest('/api/demo/create-sample-pdf', { cookie, method: 'POST' }))
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toBe('application/pdf')
    expect(response.headers.get('content-disposition')).toBe('attachment; filename="healthcare-intake-form.pdf"')
    const bytes = new Uint8Array(await response.arrayBuffer())
    const schema = await extractFormSchema({ bytes, fileName: 'healthcare-intake-form.pdf' })
    expect(schema.title).toBe('Healthcare Intake Form')
    expect(schema.fields.length).toBeGreaterThanOrEqual(9)
  })

  test('takes formType as JSON or as a form', async () => {
    const asJson = await callRoute(createSample, makeRequest('/api/demo/create-sample-pdf', { cookie, json: { formType: 'welcome' } }))
    const welcome = await extractFormSchema({ bytes: new Uint8Array(await asJson.arrayBuffer()), fileName: 'a.pdf' })
    expect(welcome.title).toBe('Welcome Packet Acknowledgement')
    const asForm = await callRoute(createSample, makeRequest('/api/demo/create-sample-pdf', { cookie, form: { formType: 'appointment' } }))
    const appointment = await extractFormSchema({ bytes: new Uint8Array(await asForm.arrayBuffer()), fileName: 'a.pdf' })
    expect(appointment.title).toBe('Appointment Request Form')
  })

  test('an unknown formType answers 400; signed-out 401', async () => {
    const bad = await callRoute(createSample, makeRequest('/api/demo/create-sample-pdf', { cookie, json: { formType: 'taxes' } }))
    expect(bad.status).toBe(400)
    expect(await bad.json()).toMatchObject({ error: 'Invalid sample PDF', fieldErrors: { formType: [expect.stringContaining('intake')] } })
    expect((await callRoute(createSample, makeRequest('/api/demo/create-sample-pdf', { method: 'POST' }))).status).toBe(401)
  })
})
