import { describe, expect, test } from 'vitest'
import { action as createAction } from '~/routes/api.pdf-to-form.create-jotform'
import type { ExtractedFormSchema } from '~/features/online-forms/form-fields'
import {
  FormProviderUnavailableError,
  createOnlineFormDraft,
  getOnlineForm,
  publishOnlineForm,
} from '~/features/online-forms/online-forms.server'
import { ConflictError } from '~/platform/errors'
import { prisma } from '~/platform/db.server'
import { callRoute, makeRequest, signedInUser, testActor } from '#tests/support/fixtures'
import { useEnvironmentKey, useFakeJotform } from '#tests/support/jotform'

const fake = useFakeJotform()
const ORIGIN = 'https://portal.example.com'

function schema(title = `Intake ${Math.random().toString(36).slice(2, 8)}`): ExtractedFormSchema {
  return {
    title,
    totalPages: 2,
    extractedAt: new Date().toISOString(),
    fallbackFields: false,
    fields: [
      { name: 'patient_name', type: 'text', label: 'Patient Name', required: true },
      { name: 'email', type: 'email', label: 'Email', required: true },
      { name: 'care', type: 'radio', label: 'Care type', required: false, options: ['Home', 'Respite'] },
      { name: 'signature', type: 'signature', label: 'Signature', required: true },
    ],
  }
}

async function draft() {
  const { user } = await signedInUser('coordinator')
  const actor = testActor(user.id)
  return { actor, form: await createOnlineFormDraft({ schema: schema(), sourceFileName: 'intake.pdf' }, actor) }
}

async function caught(promise: Promise<unknown>) {
  return promise.then(
    () => null,
    (error: unknown) => error,
  )
}

describe('publishOnlineForm', () => {
  test('without a Jotform key the portal hosts it, in demo mode, audited with its event', async () => {
    const { actor, form } = await draft()
    const created = await publishOnlineForm(form.id, { target: 'jotform', origin: `${ORIGIN}/` }, actor)
    expect(created).toEqual({
      formId: form.id,
      formUrl: `${ORIGIN}/pdf-to-form/${form.id}/preview`,
      editUrl: `${ORIGIN}/pdf-to-form/${form.id}`,
      webhookConfigured: true,
      fieldsCreated: 4,
      demoMode: true,
    })
    expect(await getOnlineForm(form.id)).toMatchObject({ status: 'published', provider: 'portal', externalFormId: null, publishedAt: expect.any(Date) })
    expect(await prisma.auditLog.count({ where: { entityType: 'OnlineForm', entityId: form.id, action: 'update' } })).toBe(1)
    expect(await prisma.domainEvent.findFirst({ where: { type: 'online_form.published', entityId: form.id } })).not.toBeNull()
    expect(fake.jotform.requests).toEqual([])
  })

  test("target 'portal' with a key: hosted by the portal, not in demo mode, Jotform untouched", async () => {
    useEnvironmentKey(fake.jotform)
    const { actor, form } = await draft()
    const created = await publishOnlineForm(form.id, { target: 'portal', origin: ORIGIN }, actor)
    expect(created).toMatchObject({ formId: form.id, demoMode: false, webhookConfigured: true })
    expect(fake.jotform.forms).toHaveLength(0)
  })

  test('on Jotform: each field a question, the webhook at the form’s own address, the links stored', async () => {
    useEnvironmentKey(fake.jotform)
    const { actor, form } = await draft()
    const { webhookId } = await prisma.onlineForm.findUniqueOrThrow({ where: { id: form.id }, select: { webhookId: true } })
    const created = await publishOnlineForm(form.id, { target: 'jotform', origin: ORIGIN }, actor)
    const jotformForm = fake.jotform.forms[0]!
    expect(created).toEqual({
      formId: jotformForm.id,
      formUrl: `https://form.jotform.com/${jotformForm.id}`,
      editUrl: `https://www.jotform.com/build/${jotformForm.id}`,
      webhookConfigured: true,
      fieldsCreated: 4,
      demoMode: false,
    })
    expect(jotformForm.questions.map((question) => question.type)).toEqual(['control_textbox', 'control_email', 'control_radio', 'control_signature'])
    expect(jotformForm.webhooks).toEqual([`${ORIGIN}/api/webhook/forms/${webhookId}`])
    expect(webhookId.length).toBeGreaterThanOrEqual(32)
    expect(await getOnlineForm(form.id)).toMatchObject({
      status: 'published',
      provider: 'jotform',
      externalFormId: jotformForm.id,
      externalFormUrl: `https://form.jotform.com/${jotformForm.id}`,
      externalEditUrl: `https://www.jotform.com/build/${jotformForm.id}`,
      webhookConfigured: true,
    })
  })

  test('a webhook Jotform refuses: the form is kept, flagged as without webhook, and the audit says why', async () => {
    useEnvironmentKey(fake.jotform)
    const { actor, form } = await draft()
    fake.jotform.setMode('webhook-failure')
    const created = await publishOnlineForm(form.id, { target: 'jotform', origin: ORIGIN }, actor)
    expect(created.webhookConfigured).toBe(false)
    expect(await getOnlineForm(form.id)).toMatchObject({ status: 'published', provider: 'jotform', webhookConfigured: false, externalFormId: created.formId })
    const audit = await prisma.auditLog.findFirstOrThrow({ where: { entityType: 'OnlineForm', entityId: form.id, action: 'update' } })
    expect(audit.details).toMatchObject({ webhookConfigured: false, webhookError: expect.stringContaining('Jotform is unavailable (500)') })
  })

  test('a Jotform outage leaves the draft a draft, with nothing saved', async () => {
    useEnvironmentKey(fake.jotform)
    const { actor, form } = await draft()
    fake.jotform.setMode('server-error')
    const error = await caught(publishOnlineForm(form.id, { target: 'jotform', origin: ORIGIN }, actor))
    expect(error).toBeInstanceOf(FormProviderUnavailableError)
    expect(await getOnlineForm(form.id)).toMatchObject({ status: 'draft', provider: 'portal', externalFormId: null, publishedAt: null })
    expect(await prisma.domainEvent.count({ where: { type: 'online_form.published', entityId: form.id } })).toBe(0)
  })

  test('a key Jotform refuses: a ConflictError naming the API key, the draft kept', async () => {
    useEnvironmentKey(fake.jotform, 'revoked-key-000000')
    const { actor, form } = await draft()
    const error = await caught(publishOnlineForm(form.id, { target: 'jotform', origin: ORIGIN }, actor))
    expect(error).toBeInstanceOf(ConflictError)
    expect(error).not.toBeInstanceOf(FormProviderUnavailableError)
    expect((error as Error).message).toContain('API key')
    expect((await getOnlineForm(form.id)).status).toBe('draft')
  })

  test('publishing twice is a conflict, and Jotform is not called again', async () => {
    useEnvironmentKey(fake.jotform)
    const { actor, form } = await draft()
    await publishOnlineForm(form.id, { target: 'jotform', origin: ORIGIN }, actor)
    const error = await caught(publishOnlineForm(form.id, { target: 'jotform', origin: ORIGIN }, actor))
    expect(error).toBeInstanceOf(ConflictError)
    expect((error as Error).message).toBe('This form is already published')
    expect(fake.jotform.forms).toHaveLength(1)
  })
})

describe('POST /api/pdf-to-form/create-jotform', () => {
  async function post(cookie: string, body: unknown) {
    return callRoute(createAction, makeRequest('/api/pdf-to-form/create-jotform', { cookie, json: body }))
  }

  test('creates the draft and publishes it on Jotform', async () => {
    useEnvironmentKey(fake.jotform)
    const { cookie } = await signedInUser('coordinator')
    const response = await post(cookie, { schema: schema('Consent'), filename: 'consent.pdf' })
    expect(response.status).toBe(200)
    const body = await response.json()
    expect(body).toMatchObject({ formId: fake.jotform.forms[0]!.id, webhookConfigured: true, fieldsCreated: 4, demoMode: false })
    const stored = await prisma.onlineForm.findUniqueOrThrow({ where: { externalFormId: body.formId } })
    expect(stored).toMatchObject({ title: 'Consent', sourceFileName: 'consent.pdf', status: 'published' })
  })

  test('a bad schema is 400 with messages per field', async () => {
    const { cookie } = await signedInUser('coordinator')
    const response = await post(cookie, { schema: { title: '', fields: [] }, filename: 'x.pdf' })
    expect(response.status).toBe(400)
    const body = await response.json()
    expect(Object.keys(body.fieldErrors)).toEqual(expect.arrayContaining(['schema.title', 'schema.fields']))
  })

  test('an outage is 502 with the reason; a refused key a 409 naming the API key', async () => {
    useEnvironmentKey(fake.jotform)
    const { cookie } = await signedInUser('coordinator')
    fake.jotform.setMode('server-error')
    const outage = await post(cookie, { schema: schema(), filename: 'a.pdf' })
    expect(outage.status).toBe(502)
    expect((await outage.json()).error).toContain('Jotform is unavailable (503)')
    fake.jotform.setMode('ok')
    useEnvironmentKey(fake.jotform, 'revoked-key-000000')
    const refused = await post(cookie, { schema: schema(), filename: 'a.pdf' })
    expect(refused.status).toBe(409)
    expect((await refused.json()).error).toContain('API key')
  })

  test('viewers may not create forms', async () => {
    const { cookie } = await signedInUser('viewer')
    const response = await post(cookie, { schema: schema(), filename: 'a.pdf' })
    expect(response.status).toBe(403)
  })
})
