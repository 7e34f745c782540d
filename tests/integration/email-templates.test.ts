import crypto from 'node:crypto'
import { describe, expect, test } from 'vitest'
import { loader as tabLoader } from '~/routes/_app.settings.email-templates'
import { action as newAction, loader as newLoader } from '~/routes/_app.settings.email-templates.new'
import { action as editAction, loader as editLoader } from '~/routes/_app.settings.email-templates.$templateId.edit'
import {
  action as deleteAction,
  loader as deleteLoader,
} from '~/routes/_app.settings.email-templates.$templateId.delete'
import { action as activeAction } from '~/routes/_app.settings.email-templates.$templateId.active'
import { action as apiListAction, loader as apiListLoader } from '~/routes/api.email-templates'
import { action as apiOneAction, loader as apiOneLoader } from '~/routes/api.email-templates.$templateId'
import { action as apiPreviewAction } from '~/routes/api.email-templates.preview'
import { findTemplateForSending, getEmailTemplate } from '~/features/email-templates/email-templates.server'
import { prisma } from '~/platform/db.server'
import { callRoute, failDatabaseWrites, makeRequest, signedInUser, toastOf } from '#tests/support/fixtures'
import { expectConsoleErrors } from '#tests/support/console-errors'

const PATH = '/settings/email-templates'
const LIST = `${PATH}?tab=templates`
const UNKNOWN_ID = '11111111-1111-4111-8111-111111111111'

function uniqueName(label: string) {
  return `${label} ${crypto.randomBytes(3).toString('hex')}`
}

const validForm = (name: string) => ({
  name,
  subject: 'Hello {{firstName}}',
  htmlContent: '<p>Hi {{firstName}}, <a href="{{intakeFormUrl}}">open</a></p>',
  formType: 'welcome',
  isActive: 'on',
  triggerStatus: '',
  triggerSource: '',
})

async function createViaPage(cookie: string, form: Record<string, string>) {
  return callRoute(newAction, makeRequest(`${PATH}/new?tab=templates`, { cookie, form: { intent: 'save', ...form } }))
}

async function auditFor(entityId: string, action: string) {
  return prisma.auditLog.findMany({ where: { entityType: 'EmailTemplate', entityId, action } })
}

type ActionBody = {
  result: { status?: string; error?: Record<string, string[]>; initialValue?: Record<string, string> }
  preview: null | { subject: string; html: string; text: string; unknownPlaceholders: string[] }
}

describe('Settings → Email Automation → Email Templates', () => {
  test('create sanitises and stores the template with its conditions, toasts "Template Created" and audits', async () => {
    const { cookie, user } = await signedInUser('coordinator')
    const name = uniqueName('Welcome')
    const response = await createViaPage(cookie, {
      ...validForm(name),
      htmlContent: '<p onclick="x()">Hi {{firstName}}</p><script>alert(1)</script>',
      triggerStatus: 'qualified',
      triggerSource: 'referral',
    })
    expect(response.status).toBe(302)
    expect(response.headers.get('location')).toBe(LIST)
    expect(await toastOf(response)).toMatchObject({ type: 'default', title: 'Template Created' })
    const saved = await prisma.emailTemplate.findFirstOrThrow({ where: { name } })
    expect(saved).toMatchObject({
      htmlContent: '<p>Hi {{firstName}}</p>',
      formType: 'welcome',
      isActive: true,
      triggerConditions: { status: 'qualified', source: 'referral' },
    })
    expect(await auditFor(saved.id, 'create')).toMatchObject([{ userId: user.id }])

    const list = await callRoute(tabLoader, makeRequest(LIST, { cookie: (await signedInUser('viewer')).cookie }))
    const { templates } = (await list.json()) as {
      templates: Array<{ name: string; conditions: string; isActive: boolean }>
    }
    expect(templates.find((template) => template.name === name)).toMatchObject({
      isActive: true,
      conditions: 'Leads with status Qualified and source Referral',
    })
  })

  test('required fields and unknown placeholders are refused next to their fields; what was typed comes back; nothing stored', async () => {
    const { cookie } = await signedInUser('coordinator')
    const before = await prisma.emailTemplate.count()
    const missing = await createViaPage(cookie, {
      name: ' ',
      subject: '',
      htmlContent: '',
      formType: 'intake',
      triggerSource: 'referral',
    })
    expect(missing.status).toBe(400)
    const missingBody = (await missing.json()) as ActionBody
    expect(missingBody.result.error).toEqual({
      name: ['Name is required'],
      subject: ['Subject is required'],
      htmlContent: ['HTML content is required'],
    })
    expect(missingBody.result.initialValue).toMatchObject({ triggerSource: 'referral' })

    const misspelt = await createViaPage(cookie, { ...validForm(uniqueName('Typo')), subject: 'Hi {{frstName}}' })
    expect(misspelt.status).toBe(400)
    expect(((await misspelt.json()) as ActionBody).result.error).toEqual({
      subject: [expect.stringMatching(/^Unknown placeholder: \{\{frstName\}\}/)],
    })

    const onlyUnsafe = await createViaPage(cookie, {
      ...validForm(uniqueName('Unsafe')),
      htmlContent: '<script>alert(1)</script>',
    })
    expect(onlyUnsafe.status).toBe(400)
    expect(((await onlyUnsafe.json()) as ActionBody).result.error).toEqual({
      htmlContent: [expect.stringMatching(/^HTML content has no text/)],
    })
    expect(await prisma.emailTemplate.count()).toBe(before)
  })

  test('Preview renders what was typed with the sample values, without saving or refusing', async () => {
    const { cookie } = await signedInUser('coordinator')
    const before = await prisma.emailTemplate.count()
    const response = await callRoute(
      newAction,
      makeRequest(`${PATH}/new`, {
        cookie,
        form: {
          intent: 'preview',
          name: '',
          subject: 'For {{firstName}} {{lastName}}',
          htmlContent: '<p>{{frstName}} <a href="{{intakeFormUrl}}">go</a></p><script>x</script>',
        },
      })
    )
    expect(response.status).toBe(200)
    const body = (await response.json()) as ActionBody
    expect(body.preview).toEqual({
      subject: 'For Jane Doe',
      html: '<p>{{frstName}} <a href="https://portal.example.com/intake-form/sample-token">go</a></p>',
      text: '{{frstName}} go (https://portal.example.com/intake-form/sample-token)',
      unknownPlaceholders: ['frstName'],
    })
    expect(body.result.error ?? {}).toEqual({})
    expect(body.result.initialValue).toMatchObject({ subject: 'For {{firstName}} {{lastName}}' })
    expect(await prisma.emailTemplate.count()).toBe(before)
  })

  test('the gallery starter prefills the create form; the gallery previews all four', async () => {
    const { cookie } = await signedInUser('coordinator')
    const page = await callRoute(newLoader, makeRequest(`${PATH}/new?tab=templates&starter=appointment`, { cookie }))
    const body = (await page.json()) as {
      closeTo: string
      template: { formType: string; htmlContent: string }
      preview: { text: string }
    }
    expect(body.closeTo).toBe(LIST)
    expect(body.template.formType).toBe('appointment')
    expect(body.preview.text).toContain('Please arrive 15 minutes early.')
    expect(body.preview.text).toContain('Date: Monday, March 16, 2026')

    const gallery = await callRoute(tabLoader, makeRequest(`${PATH}?tab=gallery`, { cookie }))
    const { gallery: starters } = (await gallery.json()) as { gallery: Array<{ formType: string }> }
    expect(starters.map((starter) => starter.formType)).toEqual(['intake', 'welcome', 'appointment', 'followup'])
  })

  test('edit saves, toasts "Template Updated" and audits the changed fields; deactivate and activate; delete', async () => {
    const { cookie, user } = await signedInUser('coordinator')
    const name = uniqueName('Edit me')
    await createViaPage(cookie, validForm(name))
    const created = await prisma.emailTemplate.findFirstOrThrow({ where: { name } })
    const params = { templateId: created.id }

    const page = await callRoute(
      editLoader,
      makeRequest(`${PATH}/${created.id}/edit?tab=templates`, { cookie }),
      params
    )
    expect(((await page.json()) as { template: { subject: string } }).template.subject).toBe('Hello {{firstName}}')

    const response = await callRoute(
      editAction,
      makeRequest(`${PATH}/${created.id}/edit?tab=templates`, {
        cookie,
        form: {
          ...validForm(name),
          intent: 'save',
          subject: 'Welcome {{firstName}}',
          isActive: '',
          triggerStatus: 'new',
        },
      }),
      params
    )
    expect(response.status).toBe(302)
    expect(response.headers.get('location')).toBe(LIST)
    expect(await toastOf(response)).toMatchObject({ title: 'Template Updated' })
    expect(await getEmailTemplate(created.id)).toMatchObject({
      subject: 'Welcome {{firstName}}',
      isActive: false,
      triggerConditions: { status: 'new' },
    })
    expect((await auditFor(created.id, 'update'))[0]).toMatchObject({
      userId: user.id,
      details: { changed: ['subject', 'isActive', 'triggerConditions'] },
    })

    const activate = await callRoute(
      activeAction,
      makeRequest(`${PATH}/${created.id}/active?tab=templates`, { cookie, form: { isActive: 'true' } }),
      params
    )
    expect(activate.status).toBe(302)
    expect(activate.headers.get('location')).toBe(LIST)
    expect((await getEmailTemplate(created.id))!.isActive).toBe(true)
    expect(await auditFor(created.id, 'update')).toHaveLength(2)

    const confirm = await callRoute(
      deleteLoader,
      makeRequest(`${PATH}/${created.id}/delete?tab=templates`, { cookie }),
      params
    )
    expect(await confirm.json()).toEqual({ name, closeTo: LIST })
    const removed = await callRoute(
      deleteAction,
      makeRequest(`${PATH}/${created.id}/delete?tab=templates`, { method: 'POST', cookie }),
      params
    )
    expect(removed.status).toBe(302)
    expect(await getEmailTemplate(created.id)).toBeNull()
    expect(await auditFor(created.id, 'delete')).toMatchObject([{ details: { name, formType: 'welcome' } }])
    const again = await callRoute(
      deleteAction,
      makeRequest(`${PATH}/${created.id}/delete`, { method: 'POST', cookie }),
      params
    )
    expect(again.status).toBe(404)
  })

  test('an unknown or malformed id is a 404 on every dialog route', async () => {
    const { cookie } = await signedInUser('coordinator')
    for (const id of [UNKNOWN_ID, 'not-a-uuid']) {
      const params = { templateId: id }
      expect((await callRoute(editLoader, makeRequest(`${PATH}/${id}/edit`, { cookie }), params)).status).toBe(404)
      expect(
        (await callRoute(editAction, makeRequest(`${PATH}/${id}/edit`, { cookie, form: validForm('x') }), params))
          .status
      ).toBe(404)
      expect((await callRoute(deleteLoader, makeRequest(`${PATH}/${id}/delete`, { cookie }), params)).status).toBe(404)
      expect(
        (
          await callRoute(
            activeAction,
            makeRequest(`${PATH}/${id}/active`, { cookie, form: { isActive: 'true' } }),
            params
          )
        ).status
      ).toBe(404)
    }
  })

  test('a viewer may read the tab but not create, edit, activate or delete', async () => {
    const writer = await signedInUser('coordinator')
    const name = uniqueName('Viewer')
    await createViaPage(writer.cookie, validForm(name))
    const { id } = await prisma.emailTemplate.findFirstOrThrow({ where: { name } })
    const params = { templateId: id }
    const { cookie } = await signedInUser('viewer')
    expect((await callRoute(tabLoader, makeRequest(LIST, { cookie }))).status).toBe(200)
    expect((await callRoute(newLoader, makeRequest(`${PATH}/new`, { cookie }))).status).toBe(403)
    expect((await createViaPage(cookie, validForm('Nope'))).status).toBe(403)
    expect(
      (await callRoute(editAction, makeRequest(`${PATH}/${id}/edit`, { cookie, form: validForm('Nope') }), params))
        .status
    ).toBe(403)
    expect(
      (
        await callRoute(
          activeAction,
          makeRequest(`${PATH}/${id}/active`, { cookie, form: { isActive: 'false' } }),
          params
        )
      ).status
    ).toBe(403)
    expect(
      (await callRoute(deleteAction, makeRequest(`${PATH}/${id}/delete`, { method: 'POST', cookie }), params)).status
    ).toBe(403)
    expect(await getEmailTemplate(id)).toMatchObject({ name, isActive: true })
  })

  test('when the database write fails: the spec error toasts, nothing stored', async () => {
    const { cookie } = await signedInUser('coordinator')
    const name = uniqueName('Broken')
    await createViaPage(cookie, validForm(name))
    const created = await prisma.emailTemplate.findFirstOrThrow({ where: { name } })
    const loggedErrors = expectConsoleErrors()
    const restore = failDatabaseWrites()
    try {
      const create = await createViaPage(cookie, validForm(`${name} 2`))
      expect(create.status).toBe(500)
      expect(await toastOf(create)).toMatchObject({
        type: 'destructive',
        title: 'Error',
        description: 'Failed to create email template.',
      })
      const update = await callRoute(
        editAction,
        makeRequest(`${PATH}/${created.id}/edit`, { cookie, form: { ...validForm(name), subject: 'Changed' } }),
        { templateId: created.id }
      )
      expect(update.status).toBe(500)
      expect(await toastOf(update)).toMatchObject({
        type: 'destructive',
        title: 'Error',
        description: 'Failed to update email template.',
      })
    } finally {
      restore()
    }
    expect(loggedErrors).toHaveBeenCalled()
    expect((await getEmailTemplate(created.id))!.subject).toBe('Hello {{firstName}}')
    expect(await prisma.emailTemplate.count({ where: { name: `${name} 2` } })).toBe(0)
  })
})

describe('/api/email-templates', () => {
  async function call(
    fn: Parameters<typeof callRoute>[0],
    path: string,
    cookie: string,
    options: { method?: string; json?: unknown } = {},
    params = {}
  ) {
    const response = await callRoute(fn, makeRequest(path, { cookie, ...options }), params)
    return { response, body: (await response.json()) as Record<string, unknown> & { id: string } }
  }

  test('POST creates (201, defaults, sanitised, conditions from a JSON string), GET lists and reads, PUT updates, DELETE deletes', async () => {
    const { cookie, user } = await signedInUser('coordinator')
    const name = uniqueName('API')
    const created = await call(apiListAction, '/api/email-templates', cookie, {
      json: {
        name,
        subject: 'Hi {{firstName}}',
        htmlContent: '<p>Hi</p><img src="x" onerror="alert(1)">',
        triggerConditions: '{"source":"website"}',
      },
    })
    expect(created.response.status).toBe(201)
    expect(created.body).toMatchObject({
      name,
      htmlContent: '<p>Hi</p>',
      formType: 'intake',
      isActive: true,
      triggerConditions: { source: 'website' },
    })
    expect(await auditFor(created.body.id, 'create')).toMatchObject([{ userId: user.id }])

    const list = await call(apiListLoader, '/api/email-templates', cookie)
    expect((list.body as unknown as Array<{ id: string }>).some((template) => template.id === created.body.id)).toBe(
      true
    )
    const one = await call(
      apiOneLoader,
      `/api/email-templates/${created.body.id}`,
      cookie,
      {},
      { templateId: created.body.id }
    )
    expect(one.body).toMatchObject({ id: created.body.id, subject: 'Hi {{firstName}}' })

    const updated = await call(
      apiOneAction,
      `/api/email-templates/${created.body.id}`,
      cookie,
      {
        method: 'PUT',
        json: {
          name,
          subject: 'New',
          htmlContent: '<p>x</p>',
          formType: 'followup',
          isActive: false,
          triggerConditions: '{broken',
        },
      },
      { templateId: created.body.id }
    )
    expect(updated.response.status).toBe(200)
    expect(updated.body).toMatchObject({ subject: 'New', formType: 'followup', isActive: false, triggerConditions: {} })

    const removed = await call(
      apiOneAction,
      `/api/email-templates/${created.body.id}`,
      cookie,
      { method: 'DELETE' },
      { templateId: created.body.id }
    )
    expect(removed.body).toEqual({ success: true, id: created.body.id })
    const gone = await call(
      apiOneLoader,
      `/api/email-templates/${created.body.id}`,
      cookie,
      {},
      { templateId: created.body.id }
    )
    expect(gone.response.status).toBe(404)
    expect(gone.body).toEqual({ error: 'Email template not found' })
  })

  test('invalid bodies answer 400 with field messages and store nothing', async () => {
    const { cookie } = await signedInUser('coordinator')
    const before = await prisma.emailTemplate.count()
    const invalid = await call(apiListAction, '/api/email-templates', cookie, {
      json: { subject: 'Hi {{frstName}}', formType: 'x' },
    })
    expect(invalid.response.status).toBe(400)
    expect(invalid.body).toEqual({
      error: 'Invalid email template',
      fieldErrors: {
        name: ['Name is required'],
        subject: [expect.stringMatching(/^Unknown placeholder: \{\{frstName\}\}/)],
        htmlContent: ['HTML content is required'],
        formType: ['Form type must be one of intake, welcome, appointment, followup'],
      },
    })
    expect(await prisma.emailTemplate.count()).toBe(before)
  })

  test('a viewer may read but not write; no session is 401', async () => {
    const { cookie } = await signedInUser('viewer')
    expect((await call(apiListLoader, '/api/email-templates', cookie)).response.status).toBe(200)
    const refused = await call(apiListAction, '/api/email-templates', cookie, {
      json: { name: 'x', subject: 'x', htmlContent: '<p>x</p>' },
    })
    expect(refused.response.status).toBe(403)
    expect(refused.body).toEqual({ error: 'You do not have permission to do this.' })
    expect(
      (
        await call(
          apiOneAction,
          `/api/email-templates/${UNKNOWN_ID}`,
          cookie,
          { method: 'DELETE' },
          { templateId: UNKNOWN_ID }
        )
      ).response.status
    ).toBe(403)
    expect((await call(apiListLoader, '/api/email-templates', '')).response.status).toBe(401)
  })

  test('POST /api/email-templates/preview renders with the samples or given values and names unknown placeholders', async () => {
    const { cookie } = await signedInUser('viewer')
    const { response, body } = await call(apiPreviewAction, '/api/email-templates/preview', cookie, {
      json: {
        subject: 'Hi {{firstName}}',
        htmlContent: '<p>{{firstName}} {{oops}}</p><p><a href="{{contactUrl}}">Contact</a></p>',
        values: { firstName: '<b>Al</b>' },
      },
    })
    expect(response.status).toBe(200)
    expect(body).toEqual({
      subject: 'Hi <b>Al</b>',
      html: '<p>&lt;b&gt;Al&lt;/b&gt; {{oops}}</p><p><a href="https://portal.example.com/contact">Contact</a></p>',
      text: '<b>Al</b> {{oops}}\n\nContact (https://portal.example.com/contact)',
      unknownPlaceholders: ['oops'],
    })
    const invalid = await call(apiPreviewAction, '/api/email-templates/preview', cookie, { json: { subject: 3 } })
    expect(invalid.response.status).toBe(400)
  })
})

describe('findTemplateForSending', () => {
  test('the active template of the type whose conditions the lead meets, most specific first, then newest; else null', async () => {
    await prisma.emailTemplate.updateMany({ where: { formType: 'appointment' }, data: { isActive: false } })
    expect(await findTemplateForSending('appointment', { status: 'new', source: 'website' })).toBeNull()
    // Explicit times: two inserts can fall in the same millisecond, and "newest" must still be decided.
    let createdAt = Date.now() - 60_000
    const make = async (name: string, triggerConditions: object, isActive = true) =>
      prisma.emailTemplate.create({
        data: { name, subject: 's', htmlContent: '<p>x</p>', formType: 'appointment', isActive, triggerConditions, createdAt: new Date((createdAt += 1000)) },
      })
    await make('any', {})
    const newer = await make('any newer', {})
    const bySource = await make('by source', { source: 'website' })
    const both = await make('both', { status: 'new', source: 'website' })
    await make('inactive, both', { status: 'new', source: 'website' }, false)
    await make('other status', { status: 'lost' })
    expect((await findTemplateForSending('appointment', { status: 'new', source: 'website' }))!.id).toBe(both.id)
    expect((await findTemplateForSending('appointment', { status: 'contacted', source: 'Website' }))!.id).toBe(
      bySource.id
    )
    expect((await findTemplateForSending('appointment', { status: 'contacted', source: 'referral' }))!.id).toBe(
      newer.id
    )
    expect((await findTemplateForSending('appointment'))!.id).toBe(newer.id)
  })
})
