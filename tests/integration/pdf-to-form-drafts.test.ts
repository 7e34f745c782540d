import crypto from 'node:crypto'
import { beforeEach, describe, expect, test, vi } from 'vitest'
import type { ExtractedFormSchema, FormField } from '~/features/online-forms/form-fields'
import { prisma } from '~/platform/db.server'
import { callRoute, makeRequest, signedInUser, toastOf } from '#tests/support/fixtures'
import { SAMPLE_PDF } from '#tests/support/uploads'
import { expectConsoleErrors } from '#tests/support/console-errors'

// The extraction and the sample PDF are other modules' work (stubs until they land): these tests
// give them fixed answers and check what the page does with them.
const extraction = vi.hoisted(() => ({ answer: null as null | ExtractedFormSchema | Error }))
vi.mock('~/features/pdf-conversion/extract.server', async (importOriginal) => {
  const original = await importOriginal<typeof import('~/features/pdf-conversion/extract.server')>()
  return {
    ...original,
    extractFormSchema: vi.fn(async () => {
      if (extraction.answer instanceof Error) throw extraction.answer
      return extraction.answer
    }),
  }
})
vi.mock('~/features/pdf-conversion/demo-pdf.server', async (importOriginal) => {
  const original = await importOriginal<typeof import('~/features/pdf-conversion/demo-pdf.server')>()
  return { ...original, createSamplePdf: vi.fn(async () => new Uint8Array(SAMPLE_PDF)) }
})

// Publishing is the Jotform module's work: here it marks the form created, or fails as told.
const publishing = vi.hoisted(() => ({ failure: null as null | Error }))
vi.mock('~/features/online-forms/online-forms.server', async (importOriginal) => {
  const original = await importOriginal<typeof import('~/features/online-forms/online-forms.server')>()
  const { prisma: db } = await import('~/platform/db.server')
  return {
    ...original,
    publishOnlineForm: vi.fn(async (formId: string, options: { target: string; origin: string }) => {
      if (publishing.failure) throw publishing.failure
      await db.onlineForm.update({ where: { id: formId }, data: { status: 'published', provider: options.target, publishedAt: new Date() } })
      const url = `${options.origin}/pdf-to-form/${formId}/preview`
      return { formId, formUrl: url, editUrl: url, webhookConfigured: false, fieldsCreated: 4, demoMode: false }
    }),
  }
})

const { extractFormSchema, PdfExtractionError } = await import('~/features/pdf-conversion/extract.server')
const { loader: reviewLoader, action: reviewAction } = await import('~/routes/_app.pdf-to-form.$formId')
const { loader: indexLoader, action: indexAction } = await import('~/routes/_app.pdf-to-form._index')
const { action: demoAction } = await import('~/routes/_app.pdf-to-form')
const { loader: previewLoader } = await import('~/routes/_app.pdf-to-form_.$formId.preview')
const { createOnlineFormDraft } = await import('~/features/online-forms/online-forms.server')

const FIELDS: FormField[] = [
  { name: 'full_name', type: 'text', label: 'Full Name', required: true, page: 1 },
  { name: 'email', type: 'email', label: 'Email Address', required: false, page: 1 },
  { name: 'care_type', type: 'radio', label: 'Care Type', required: false, options: ['Personal', 'Skilled'], page: 1 },
  { name: 'signature', type: 'signature', label: 'Signature', required: true, page: 2 },
]

function schema(fields = FIELDS): ExtractedFormSchema {
  return { title: 'Intake', fields, totalPages: 2, extractedAt: new Date().toISOString(), fallbackFields: false }
}

beforeEach(() => {
  extraction.answer = schema()
  publishing.failure = null
})

async function newDraft() {
  const { user, cookie } = await signedInUser('coordinator')
  const draft = await createOnlineFormDraft(
    { schema: schema(), sourceFileName: 'intake.pdf' },
    { kind: 'user', userId: user.id, ipAddress: null },
  )
  return { user, cookie, formId: draft.id }
}

function correct(formId: string, cookie: string, form: Record<string, string>) {
  return callRoute(reviewAction, makeRequest(`/pdf-to-form/${formId}`, { cookie, form }), { formId })
}

async function fieldsOf(formId: string) {
  const row = await prisma.onlineForm.findUniqueOrThrow({ where: { id: formId } })
  return row.fields as unknown as FormField[]
}

async function corrections(formId: string) {
  return prisma.auditLog.findMany({ where: { entityType: 'OnlineForm', entityId: formId, action: 'update' }, orderBy: { createdAt: 'asc' } })
}

function upload(cookie: string, intent: string, file: { name: string; type: string; bytes: Uint8Array } | null) {
  const form = new FormData()
  form.append('intent', intent)
  if (file) form.append('pdf', new Blob([Buffer.from(file.bytes)], { type: file.type }), file.name)
  return callRoute(indexAction, new Request('http://localhost/pdf-to-form?index', { method: 'POST', body: form, headers: { cookie } }))
}

describe('step 2 corrections', () => {
  test('renaming a label saves it, audits it and returns to the field', async () => {
    const { cookie, user, formId } = await newDraft()
    const response = await correct(formId, cookie, { intent: 'rename', fieldName: 'full_name', label: '  Patient Full Name ' })
    expect(response.status).toBe(302)
    expect(response.headers.get('location')).toBe(`/pdf-to-form/${formId}?field=full_name#field-full_name`)
    expect(await toastOf(response)).toMatchObject({ title: 'Label renamed' })
    expect((await fieldsOf(formId))[0]).toMatchObject({ name: 'full_name', label: 'Patient Full Name' })
    const [entry] = await corrections(formId)
    expect(entry).toMatchObject({ userId: user.id, actorKind: 'user' })
    expect(entry!.details).toEqual({ correction: 'rename', field: 'full_name', from: 'Full Name', to: 'Patient Full Name' })
    const event = await prisma.domainEvent.findFirst({ where: { entityId: formId, type: 'online_form.corrected' } })
    expect(event).not.toBeNull()
  })

  test('an empty label is refused next to the field, and nothing changes', async () => {
    const { cookie, formId } = await newDraft()
    const response = await correct(formId, cookie, { intent: 'rename', fieldName: 'full_name', label: '   ' })
    expect(response.status).toBe(400)
    const body = (await response.json()) as { fieldName: string; result: { error: Record<string, string[]> } }
    expect(body.fieldName).toBe('full_name')
    expect(body.result.error.label).toEqual(['Enter a label'])
    expect((await fieldsOf(formId))[0]!.label).toBe('Full Name')
    expect(await corrections(formId)).toHaveLength(0)
  })

  test('changing a type: options kept only where they mean something, and a choice type needs choices', async () => {
    const { cookie, formId } = await newDraft()
    expect((await correct(formId, cookie, { intent: 'change-type', fieldName: 'full_name', type: 'tel' })).status).toBe(302)
    expect((await fieldsOf(formId))[0]!.type).toBe('tel')

    const refused = await correct(formId, cookie, { intent: 'change-type', fieldName: 'email', type: 'dropdown' })
    expect(refused.status).toBe(400)
    const body = (await refused.json()) as { result: { error: Record<string, string[]> } }
    expect(body.result.error.type).toEqual(['Only a field found with choices can become a radio or dropdown field'])

    expect((await correct(formId, cookie, { intent: 'change-type', fieldName: 'care_type', type: 'dropdown' })).status).toBe(302)
    expect((await fieldsOf(formId))[2]).toMatchObject({ type: 'dropdown', options: ['Personal', 'Skilled'] })
    expect((await correct(formId, cookie, { intent: 'change-type', fieldName: 'care_type', type: 'text' })).status).toBe(302)
    expect((await fieldsOf(formId))[2]!.options).toBeUndefined()

    const bogus = await correct(formId, cookie, { intent: 'change-type', fieldName: 'email', type: 'file' })
    expect(bogus.status).toBe(400)
    expect((await corrections(formId)).map((entry) => entry.details)).toEqual([
      { correction: 'change-type', field: 'full_name', from: 'text', to: 'tel' },
      { correction: 'change-type', field: 'care_type', from: 'radio', to: 'dropdown' },
      { correction: 'change-type', field: 'care_type', from: 'dropdown', to: 'text' },
    ])
  })

  test('toggling required flips it each time', async () => {
    const { cookie, formId } = await newDraft()
    await correct(formId, cookie, { intent: 'toggle-required', fieldName: 'email' })
    expect((await fieldsOf(formId))[1]!.required).toBe(true)
    await correct(formId, cookie, { intent: 'toggle-required', fieldName: 'email' })
    expect((await fieldsOf(formId))[1]!.required).toBe(false)
    expect((await corrections(formId)).map((entry) => (entry.details as { required: boolean }).required)).toEqual([true, false])
  })

  test('moving a field up and down reorders it; past either end nothing moves', async () => {
    const { cookie, formId } = await newDraft()
    await correct(formId, cookie, { intent: 'move-up', fieldName: 'email' })
    expect((await fieldsOf(formId)).map((field) => field.name)).toEqual(['email', 'full_name', 'care_type', 'signature'])
    await correct(formId, cookie, { intent: 'move-down', fieldName: 'full_name' })
    expect((await fieldsOf(formId)).map((field) => field.name)).toEqual(['email', 'care_type', 'full_name', 'signature'])
    await correct(formId, cookie, { intent: 'move-up', fieldName: 'email' })
    await correct(formId, cookie, { intent: 'move-down', fieldName: 'signature' })
    expect((await fieldsOf(formId)).map((field) => field.name)).toEqual(['email', 'care_type', 'full_name', 'signature'])
  })

  test('removing a field drops it; the last one stays', async () => {
    const { cookie, formId } = await newDraft()
    const response = await correct(formId, cookie, { intent: 'remove', fieldName: 'care_type' })
    expect(response.headers.get('location')).toBe(`/pdf-to-form/${formId}#fields`)
    expect((await fieldsOf(formId)).map((field) => field.name)).toEqual(['full_name', 'email', 'signature'])
    expect((await corrections(formId)).at(-1)!.details).toEqual({ correction: 'remove', field: 'care_type', label: 'Care Type', type: 'radio' })
    await correct(formId, cookie, { intent: 'remove', fieldName: 'full_name' })
    await correct(formId, cookie, { intent: 'remove', fieldName: 'email' })
    const last = await correct(formId, cookie, { intent: 'remove', fieldName: 'signature' })
    expect(last.status).toBe(400)
    expect(((await last.json()) as { result: { error: Record<string, string[]> } }).result.error.fieldName).toEqual([
      'A form needs at least one field',
    ])
    expect(await fieldsOf(formId)).toHaveLength(1)
  })

  test('a field that is not on the form is refused', async () => {
    const { cookie, formId } = await newDraft()
    const response = await correct(formId, cookie, { intent: 'toggle-required', fieldName: 'nope' })
    expect(response.status).toBe(400)
    expect(await corrections(formId)).toHaveLength(0)
  })

  test('only a draft can be corrected: a created form answers 409 and stays as it was', async () => {
    const { cookie, formId } = await newDraft()
    await prisma.onlineForm.update({ where: { id: formId }, data: { status: 'published', publishedAt: new Date() } })
    for (const form of <Array<Record<string, string>>>[
      { intent: 'rename', fieldName: 'full_name', label: 'Changed' },
      { intent: 'remove', fieldName: 'email' },
      { intent: 'move-down', fieldName: 'full_name' },
    ]) {
      const response = await correct(formId, cookie, form)
      expect(response.status).toBe(409)
      const body = (await response.json()) as { result: { error: Record<string, string[]> } }
      expect(body.result.error['']).toEqual(['This form has already been created: only drafts can be corrected'])
    }
    expect(await fieldsOf(formId)).toEqual(FIELDS)
    expect(await corrections(formId)).toHaveLength(0)
  })

  test('a viewer reads the review but cannot correct; an unknown form is a 404', async () => {
    const { formId } = await newDraft()
    const viewer = await signedInUser('viewer')
    const read = await callRoute(reviewLoader, makeRequest(`/pdf-to-form/${formId}`, { cookie: viewer.cookie }), { formId })
    expect(read.status).toBe(200)
    const data = (await read.json()) as { form: { fields: FormField[]; formUrl: string }; isDemo: boolean }
    expect(data.form.fields).toHaveLength(4)
    expect(data.form.formUrl).toBe(`/pdf-to-form/${formId}/preview`)
    expect(data.isDemo).toBe(false)
    const refused = await correct(formId, viewer.cookie, { intent: 'remove', fieldName: 'email' })
    expect(refused.status).toBe(403)
    expect(await fieldsOf(formId)).toHaveLength(4)
    const unknown = crypto.randomUUID()
    const missing = await callRoute(reviewLoader, makeRequest(`/pdf-to-form/${unknown}`, { cookie: viewer.cookie }), { formId: unknown })
    expect(missing.status).toBe(404)
    const notAnId = await callRoute(previewLoader, makeRequest('/pdf-to-form/abc/preview', { cookie: viewer.cookie }), { formId: 'abc' })
    expect(notAnId.status).toBe(404)
  })
})

describe('creating the form', () => {
  test('publish creates it where chosen and shows step 3; then it can no longer be corrected', async () => {
    const { cookie, formId } = await newDraft()
    const { publishOnlineForm } = await import('~/features/online-forms/online-forms.server')
    const response = await correct(formId, cookie, { intent: 'publish', target: 'portal' })
    expect(response.status).toBe(302)
    expect(response.headers.get('location')).toBe(`/pdf-to-form/${formId}#step-3`)
    expect(await toastOf(response)).toMatchObject({ title: 'Form created' })
    expect(vi.mocked(publishOnlineForm).mock.calls.at(-1)!.slice(0, 2)).toEqual([formId, { target: 'portal', origin: 'http://localhost' }])
    const page = await callRoute(reviewLoader, makeRequest(`/pdf-to-form/${formId}`, { cookie }), { formId })
    expect(((await page.json()) as { form: { status: string } }).form.status).toBe('published')
    expect((await correct(formId, cookie, { intent: 'toggle-required', fieldName: 'email' })).status).toBe(409)
  })

  test('a target is required, and a failure reads as the catalogue says', async () => {
    const { cookie, formId } = await newDraft()
    const missing = await correct(formId, cookie, { intent: 'publish' })
    expect(missing.status).toBe(400)
    expect(((await missing.json()) as { result: { error: Record<string, string[]> } }).result.error.target).toEqual([
      'Choose where to create the form',
    ])
    expectConsoleErrors()
    publishing.failure = new Error('Jotform answered 401: Invalid Jotform API key')
    const failed = await correct(formId, cookie, { intent: 'publish', target: 'jotform' })
    expect(failed.status).toBe(500)
    expect(((await failed.json()) as { result: { error: Record<string, string[]> } }).result.error['']).toEqual([
      'Jotform API configuration issue. Please check your API key setup.',
    ])
    expect(await toastOf(failed)).toMatchObject({ type: 'destructive', title: 'Processing failed' })
    const { ConflictError } = await import('~/platform/errors')
    publishing.failure = new ConflictError('Jotform refused the request (401): check the Jotform API key in Settings → General')
    const refused = await correct(formId, cookie, { intent: 'publish', target: 'jotform' })
    expect(refused.status).toBe(409)
    expect(((await refused.json()) as { result: { error: Record<string, string[]> } }).result.error['']).toEqual([
      'Jotform API configuration issue. Please check your API key setup.',
    ])
    publishing.failure = new ConflictError('This form is already published')
    const twice = await correct(formId, cookie, { intent: 'publish', target: 'portal' })
    expect(((await twice.json()) as { result: { error: Record<string, string[]> } }).result.error['']).toEqual(['This form is already published'])
    publishing.failure = new Error('socket hang up')
    const outage = await correct(formId, cookie, { intent: 'publish', target: 'jotform' })
    expect(((await outage.json()) as { result: { error: Record<string, string[]> } }).result.error['']).toEqual(['Failed to process PDF'])
    expect((await prisma.onlineForm.findUniqueOrThrow({ where: { id: formId } })).status).toBe('draft')
  })
})

describe('step 1 conversion', () => {
  test('without JavaScript, a PDF goes to extraction and a draft, then to step 2', async () => {
    const { cookie } = await signedInUser('coordinator')
    const response = await upload(cookie, 'convert', { name: 'Intake Form.pdf', type: 'application/pdf', bytes: SAMPLE_PDF })
    expect(response.status).toBe(302)
    const formId = /^\/pdf-to-form\/([0-9a-f-]{36})#step-2$/.exec(response.headers.get('location') ?? '')?.[1]
    expect(formId).toBeDefined()
    const row = await prisma.onlineForm.findUniqueOrThrow({ where: { id: formId! } })
    expect(row).toMatchObject({ status: 'draft', sourceFileName: 'Intake Form.pdf', totalPages: 2 })
    const call = vi.mocked(extractFormSchema).mock.calls.at(-1)![0]
    expect(call.fileName).toBe('Intake Form.pdf')
    expect(Buffer.from(call.bytes).equals(SAMPLE_PDF)).toBe(true)
    const listed = await callRoute(indexLoader, makeRequest('/pdf-to-form', { cookie }))
    expect(((await listed.json()) as { recent: Array<{ id: string }> }).recent.map((form) => form.id)).toContain(formId)
  })

  test('with JavaScript, the extraction answers the schema and a second post saves it as the draft', async () => {
    const { cookie } = await signedInUser('coordinator')
    const extracted = await upload(cookie, 'extract', { name: 'a.pdf', type: 'application/pdf', bytes: SAMPLE_PDF })
    expect(extracted.status).toBe(200)
    const data = (await extracted.json()) as { ok: true; stage: string; schema: ExtractedFormSchema; fileName: string }
    expect(data).toMatchObject({ ok: true, stage: 'extracted', fileName: 'a.pdf' })
    expect(data.schema.fields).toHaveLength(4)
    const before = await prisma.onlineForm.count()
    const saved = await callRoute(
      indexAction,
      makeRequest('/pdf-to-form?index', { cookie, form: { intent: 'save-draft', fileName: 'a.pdf', schema: JSON.stringify(data.schema) } }),
    )
    expect(saved.status).toBe(200)
    const { formId } = (await saved.json()) as { formId: string }
    expect(await prisma.onlineForm.count()).toBe(before + 1)
    expect(await fieldsOf(formId)).toEqual(FIELDS)
    const broken = await callRoute(
      indexAction,
      makeRequest('/pdf-to-form?index', { cookie, form: { intent: 'save-draft', schema: '{"title":"x","fields":[]}' } }),
    )
    expect(broken.status).toBe(400)
    expect(await prisma.onlineForm.count()).toBe(before + 1)
  })

  test('a file that is not a PDF, by type or by content, gets the spec message and stores nothing', async () => {
    const { cookie } = await signedInUser('coordinator')
    const before = await prisma.onlineForm.count()
    for (const file of [
      { name: 'notes.txt', type: 'text/plain', bytes: new TextEncoder().encode('hello') },
      { name: 'fake.pdf', type: 'application/pdf', bytes: new TextEncoder().encode('<html>not a pdf</html>') },
    ]) {
      const response = await upload(cookie, 'convert', file)
      expect(response.status).toBe(415)
      expect(await response.json()).toEqual({ ok: false, title: 'Processing failed', message: 'Invalid file type: Please select a PDF file' })
    }
    const none = await upload(cookie, 'convert', null)
    expect(none.status).toBe(400)
    expect(await prisma.onlineForm.count()).toBe(before)
  })

  test("an extraction failure reads as the catalogue's extraction message", async () => {
    const { cookie } = await signedInUser('coordinator')
    extraction.answer = new PdfExtractionError('Failed to extract form fields: the PDF is encrypted')
    const response = await upload(cookie, 'convert', { name: 'locked.pdf', type: 'application/pdf', bytes: SAMPLE_PDF })
    expect(response.status).toBe(422)
    expect(await response.json()).toEqual({
      ok: false,
      title: 'Processing failed',
      message: 'Could not extract form fields from PDF. Try a different PDF file.',
    })
  })

  test('a viewer cannot convert', async () => {
    const { cookie } = await signedInUser('viewer')
    const response = await upload(cookie, 'convert', { name: 'a.pdf', type: 'application/pdf', bytes: SAMPLE_PDF })
    expect(response.status).toBe(403)
  })

  test('the demo runs the sample PDF through the extraction into a draft marked as the demo', async () => {
    const { cookie } = await signedInUser('coordinator')
    const response = await callRoute(demoAction, makeRequest('/pdf-to-form', { cookie, form: { intent: 'demo' } }))
    expect(response.status).toBe(302)
    const formId = /^\/pdf-to-form\/([0-9a-f-]{36})#step-2$/.exec(response.headers.get('location') ?? '')?.[1]
    expect(vi.mocked(extractFormSchema).mock.calls.at(-1)![0].fileName).toBe('healthcare-intake-form.pdf')
    const review = await callRoute(reviewLoader, makeRequest(`/pdf-to-form/${formId}`, { cookie }), { formId: formId! })
    expect(((await review.json()) as { isDemo: boolean }).isDemo).toBe(true)

    extraction.answer = new PdfExtractionError('Failed to extract form fields')
    const failed = await callRoute(demoAction, makeRequest('/pdf-to-form', { cookie, form: { intent: 'demo' } }))
    expect(failed.headers.get('location')).toBe('/pdf-to-form')
    expect(await toastOf(failed)).toMatchObject({ type: 'destructive', title: 'Demo failed' })

    const stray = await callRoute(demoAction, makeRequest('/pdf-to-form', { cookie, form: { intent: 'other' } }))
    expect(stray.status).toBe(400)
  })
})
