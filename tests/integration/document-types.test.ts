import crypto from 'node:crypto'
import { describe, expect, test } from 'vitest'
import { loader as listLoader } from '~/routes/_app.settings.document-types'
import { action as newAction, loader as newLoader } from '~/routes/_app.settings.document-types.new'
import { action as editAction, loader as editLoader } from '~/routes/_app.settings.document-types.$documentTypeId.edit'
import { action as deleteAction, loader as deleteLoader } from '~/routes/_app.settings.document-types.$documentTypeId.delete'
import { action as apiListAction, loader as apiListLoader } from '~/routes/api.document-types'
import { action as apiOneAction, loader as apiOneLoader } from '~/routes/api.document-types.$documentTypeId'
import { prisma } from '~/platform/db.server'
import { callRoute, makeRequest, signedInUser, toastOf, failDatabaseWrites } from '#tests/support/fixtures'
import { expectConsoleErrors } from '#tests/support/console-errors'

const PATH = '/settings/document-types'
const UNKNOWN_ID = '11111111-1111-4111-8111-111111111111'


/** A name no other test uses, so tests can share the file's database. */
function uniqueName(label: string) {
  return `${label} ${crypto.randomBytes(3).toString('hex')}`
}

async function createViaPage(cookie: string, form: Record<string, string>) {
  const response = await callRoute(newAction, makeRequest(`${PATH}/new`, { cookie, form }))
  return response
}

/**
 * Makes every transaction (each write in the model) fail until the returned
 * function is called. The client is a Proxy that reports a blank descriptor
 * for $transaction, so a spy's restore would break it: the override is set
 * on the Proxy and deleted again, which brings the original method back.
 */
async function auditFor(entityId: string, action: string) {
  return prisma.auditLog.findMany({ where: { entityType: 'DocumentType', entityId, action } })
}

describe('Settings → Document Types page', () => {
  test('the list is ordered by display order, then name; anyone may read it', async () => {
    const writer = await signedInUser('coordinator')
    const prefix = uniqueName('Order')
    for (const [name, displayOrder] of [
      [`${prefix} B`, '2'],
      [`${prefix} C`, '1'],
      [`${prefix} A`, '2'],
    ] as const) {
      expect((await createViaPage(writer.cookie, { name, ghlTag: name, displayOrder, isActive: 'on' })).status).toBe(302)
    }
    const { cookie } = await signedInUser('viewer')
    const response = await callRoute(listLoader, makeRequest(PATH, { cookie }))
    expect(response.status).toBe(200)
    const { documentTypes } = (await response.json()) as { documentTypes: Array<{ name: string; ghlTag: string }> }
    const ours = documentTypes.filter((type) => type.name.startsWith(prefix)).map((type) => type.name)
    expect(ours).toEqual([`${prefix} C`, `${prefix} A`, `${prefix} B`])
  })

  test('create stores the normalised tag, toasts and audits', async () => {
    const { cookie, user } = await signedInUser('coordinator')
    const name = uniqueName('Intake')
    const response = await createViaPage(cookie, {
      name: `  ${name} `,
      description: 'Forms filled in at intake',
      ghlTag: 'Intake  Forms ',
      displayOrder: '',
      isActive: 'on',
    })
    expect(response.status).toBe(302)
    expect(response.headers.get('location')).toBe(PATH)
    expect(await toastOf(response)).toMatchObject({ type: 'default', title: 'Document type created successfully!' })
    const saved = await prisma.documentType.findFirstOrThrow({ where: { name } })
    expect(saved).toMatchObject({ ghlTag: 'intake-forms', description: 'Forms filled in at intake', isActive: true, displayOrder: 1 })
    const audit = await auditFor(saved.id, 'create')
    expect(audit).toHaveLength(1)
    expect(audit[0]!.userId).toBe(user.id)
  })

  test('an unchecked Active box saves the type as inactive', async () => {
    const { cookie } = await signedInUser('coordinator')
    const name = uniqueName('Inactive')
    await createViaPage(cookie, { name, ghlTag: 'old-forms', displayOrder: '5' })
    expect(await prisma.documentType.findFirstOrThrow({ where: { name } })).toMatchObject({ isActive: false, displayOrder: 5 })
  })

  test('missing name and tag: 400 with field messages and the form-level summary; nothing stored', async () => {
    const { cookie } = await signedInUser('coordinator')
    const before = await prisma.documentType.count()
    const response = await createViaPage(cookie, { name: ' ', ghlTag: '', description: 'kept?', isActive: 'on' })
    expect(response.status).toBe(400)
    const body = (await response.json()) as { error: Record<string, string[]>; initialValue: Record<string, string> }
    expect(body.error).toEqual({
      '': ['Name and GHL Tag are required'],
      name: ['Name is required'],
      ghlTag: ['GHL Tag is required'],
    })
    // What was typed comes back, so the form (with or without JavaScript) keeps it.
    expect(body.initialValue).toMatchObject({ description: 'kept?' })
    const tooLong = await createViaPage(cookie, { name: 'x'.repeat(101), ghlTag: 'ok', displayOrder: '0' })
    expect(tooLong.status).toBe(400)
    expect(((await tooLong.json()) as { error: Record<string, string[]> }).error).toEqual({
      name: ['Name must be less than 100 characters'],
      displayOrder: ['Display order must be at least 1'],
    })
    expect(await prisma.documentType.count()).toBe(before)
  })

  test('edit loads the type, saves changes (tag normalised, box unchecked), toasts and audits', async () => {
    const { cookie, user } = await signedInUser('coordinator')
    const name = uniqueName('Edit me')
    await createViaPage(cookie, { name, ghlTag: 'edit-me', isActive: 'on' })
    const created = await prisma.documentType.findFirstOrThrow({ where: { name } })
    const params = { documentTypeId: created.id }

    const page = await callRoute(editLoader, makeRequest(`${PATH}/${created.id}/edit`, { cookie }), params)
    expect(((await page.json()) as { documentType: { ghlTag: string } }).documentType.ghlTag).toBe('edit-me')

    const response = await callRoute(
      editAction,
      makeRequest(`${PATH}/${created.id}/edit`, { cookie, form: { name, ghlTag: ' Care   Plan\tDocs', displayOrder: '4' } }),
      params,
    )
    expect(response.status).toBe(302)
    expect(response.headers.get('location')).toBe(PATH)
    expect(await toastOf(response)).toMatchObject({ title: 'Document type updated successfully!' })
    expect(await prisma.documentType.findUniqueOrThrow({ where: { id: created.id } })).toMatchObject({
      ghlTag: 'care-plan-docs',
      isActive: false,
      displayOrder: 4,
      description: null,
    })
    const audit = await auditFor(created.id, 'update')
    expect(audit).toHaveLength(1)
    expect(audit[0]).toMatchObject({ userId: user.id, details: { changed: ['ghlTag', 'isActive', 'displayOrder'] } })

    const invalid = await callRoute(editAction, makeRequest(`${PATH}/${created.id}/edit`, { cookie, form: { name: '', ghlTag: 'x' } }), params)
    expect(invalid.status).toBe(400)
    expect((await prisma.documentType.findUniqueOrThrow({ where: { id: created.id } })).name).toBe(name)
  })

  test('delete removes the type, keeps its documents (type cleared), toasts and audits', async () => {
    const { cookie, user } = await signedInUser('coordinator')
    const name = uniqueName('Delete me')
    await createViaPage(cookie, { name, ghlTag: 'delete-me', isActive: 'on' })
    const created = await prisma.documentType.findFirstOrThrow({ where: { name } })
    const document = await prisma.document.create({
      data: {
        name: 'Signed consent',
        documentTypeId: created.id,
        fileName: 'consent.pdf',
        fileSize: 10,
        mimeType: 'application/pdf',
        storageKey: `test/${crypto.randomUUID()}`,
        sha256: '0'.repeat(64),
        uploadedBy: user.name,
      },
    })
    const params = { documentTypeId: created.id }
    const confirm = await callRoute(deleteLoader, makeRequest(`${PATH}/${created.id}/delete`, { cookie }), params)
    expect(await confirm.json()).toEqual({ name, ghlTag: 'delete-me', closeTo: PATH })

    const response = await callRoute(deleteAction, makeRequest(`${PATH}/${created.id}/delete`, { method: 'POST', cookie }), params)
    expect(response.status).toBe(302)
    expect(response.headers.get('location')).toBe(PATH)
    expect(await toastOf(response)).toMatchObject({ title: 'Document type deleted successfully!' })
    expect(await prisma.documentType.count({ where: { id: created.id } })).toBe(0)
    expect(await prisma.document.findUniqueOrThrow({ where: { id: document.id } })).toMatchObject({ documentTypeId: null })
    const audit = await auditFor(created.id, 'delete')
    expect(audit).toHaveLength(1)
    expect(audit[0]).toMatchObject({ userId: user.id, details: { name, ghlTag: 'delete-me' } })

    const again = await callRoute(deleteAction, makeRequest(`${PATH}/${created.id}/delete`, { method: 'POST', cookie }), params)
    expect(again.status).toBe(404)
  })

  test('an unknown or malformed id is a 404 on every dialog route', async () => {
    const { cookie } = await signedInUser('coordinator')
    for (const id of [UNKNOWN_ID, 'not-a-uuid']) {
      const params = { documentTypeId: id }
      expect((await callRoute(editLoader, makeRequest(`${PATH}/${id}/edit`, { cookie }), params)).status).toBe(404)
      expect(
        (await callRoute(editAction, makeRequest(`${PATH}/${id}/edit`, { cookie, form: { name: 'x', ghlTag: 'x' } }), params)).status,
      ).toBe(404)
      expect((await callRoute(deleteLoader, makeRequest(`${PATH}/${id}/delete`, { cookie }), params)).status).toBe(404)
      expect((await callRoute(deleteAction, makeRequest(`${PATH}/${id}/delete`, { method: 'POST', cookie }), params)).status).toBe(404)
    }
  })

  test('a viewer may read the tab but not open or submit the write routes', async () => {
    const { cookie } = await signedInUser('viewer')
    const writer = await signedInUser('coordinator')
    const name = uniqueName('Viewer')
    await createViaPage(writer.cookie, { name, ghlTag: 'viewer', isActive: 'on' })
    const { id } = await prisma.documentType.findFirstOrThrow({ where: { name } })
    const params = { documentTypeId: id }
    expect((await callRoute(listLoader, makeRequest(PATH, { cookie }))).status).toBe(200)
    expect((await callRoute(newLoader, makeRequest(`${PATH}/new`, { cookie }))).status).toBe(403)
    expect((await createViaPage(cookie, { name: 'Nope', ghlTag: 'nope' })).status).toBe(403)
    expect((await callRoute(editLoader, makeRequest(`${PATH}/${id}/edit`, { cookie }), params)).status).toBe(403)
    expect(
      (await callRoute(editAction, makeRequest(`${PATH}/${id}/edit`, { cookie, form: { name: 'Nope', ghlTag: 'nope' } }), params)).status,
    ).toBe(403)
    expect((await callRoute(deleteAction, makeRequest(`${PATH}/${id}/delete`, { method: 'POST', cookie }), params)).status).toBe(403)
    expect(await prisma.documentType.findUniqueOrThrow({ where: { id } })).toMatchObject({ name, ghlTag: 'viewer' })
    expect(await prisma.documentType.count({ where: { name: 'Nope' } })).toBe(0)
  })

  test('when the database write fails: an Error toast, the form error, nothing stored', async () => {
    const { cookie } = await signedInUser('coordinator')
    const name = uniqueName('Broken')
    await createViaPage(cookie, { name, ghlTag: 'broken', isActive: 'on' })
    const created = await prisma.documentType.findFirstOrThrow({ where: { name } })
    const params = { documentTypeId: created.id }
    const loggedErrors = expectConsoleErrors()
    const restore = failDatabaseWrites()
    try {
      const create = await createViaPage(cookie, { name: `${name} 2`, ghlTag: 'broken-2' })
      expect(create.status).toBe(500)
      expect(await toastOf(create)).toMatchObject({ type: 'destructive', title: 'Error', description: 'Failed to save document type' })
      expect(((await create.json()) as { error: Record<string, string[]> }).error).toEqual({ '': ['Failed to save document type'] })

      const update = await callRoute(editAction, makeRequest(`${PATH}/${created.id}/edit`, { cookie, form: { name, ghlTag: 'changed' } }), params)
      expect(update.status).toBe(500)
      expect(await toastOf(update)).toMatchObject({ type: 'destructive', title: 'Error', description: 'Failed to save document type' })

      const remove = await callRoute(deleteAction, makeRequest(`${PATH}/${created.id}/delete`, { method: 'POST', cookie }), params)
      expect(remove.status).toBe(302)
      expect(remove.headers.get('location')).toBe(PATH)
      expect(await toastOf(remove)).toMatchObject({ type: 'destructive', title: 'Error', description: 'Failed to delete document type' })
    } finally {
      restore()
    }
    expect(loggedErrors).toHaveBeenCalled()
    expect(await prisma.documentType.findUniqueOrThrow({ where: { id: created.id } })).toMatchObject({ ghlTag: 'broken' })
    expect(await prisma.documentType.count({ where: { name: `${name} 2` } })).toBe(0)
  })
})

describe('/api/document-types', () => {
  async function post(cookie: string, json: unknown) {
    const response = await callRoute(apiListAction, makeRequest('/api/document-types', { cookie, json }))
    return { response, body: (await response.json()) as Record<string, unknown> & { id: string } }
  }

  test('POST creates (201, tag normalised, defaults applied) and audits', async () => {
    const { cookie, user } = await signedInUser('coordinator')
    const name = uniqueName('API')
    const { response, body } = await post(cookie, { name, ghlTag: '  Intake  Forms ' })
    expect(response.status).toBe(201)
    expect(body).toMatchObject({ name, description: null, ghlTag: 'intake-forms', isActive: true, displayOrder: 1 })
    expect(typeof body.createdAt).toBe('string')
    expect(await prisma.documentType.findUniqueOrThrow({ where: { id: body.id } })).toMatchObject({ ghlTag: 'intake-forms' })
    expect(await auditFor(body.id, 'create')).toMatchObject([{ userId: user.id }])
  })

  test('invalid bodies answer 400 with the spec message and field messages, and store nothing', async () => {
    const { cookie } = await signedInUser('coordinator')
    const before = await prisma.documentType.count()
    const missing = await post(cookie, { description: 'no name' })
    expect(missing.response.status).toBe(400)
    expect(missing.body).toEqual({
      error: 'Name and GHL Tag are required',
      fieldErrors: { name: ['Name is required'], ghlTag: ['GHL Tag is required'] },
    })
    const other = await post(cookie, { name: 'x', ghlTag: 'x', displayOrder: 1.5, isActive: 'yes' })
    expect(other.response.status).toBe(400)
    expect(other.body).toEqual({
      error: 'Invalid document type',
      fieldErrors: { displayOrder: ['Display order must be a whole number'], isActive: ['isActive must be true or false'] },
    })
    const broken = await callRoute(
      apiListAction,
      new Request('http://localhost/api/document-types', { method: 'POST', headers: { cookie, 'content-type': 'application/json' }, body: '{nope' }),
    )
    expect(broken.status).toBe(400)
    expect(await broken.json()).toEqual({ error: 'Request body must be valid JSON' })
    expect(await prisma.documentType.count()).toBe(before)
  })

  test('GET lists in display order then name; GET one reads it', async () => {
    const { cookie } = await signedInUser('coordinator')
    const prefix = uniqueName('Listed')
    const second = await post(cookie, { name: `${prefix} second`, ghlTag: 'b', displayOrder: 2 })
    const first = await post(cookie, { name: `${prefix} first`, ghlTag: 'a', displayOrder: 1, isActive: false })
    const viewer = await signedInUser('viewer')
    const list = await callRoute(apiListLoader, makeRequest('/api/document-types', { cookie: viewer.cookie }))
    expect(list.status).toBe(200)
    const types = (await list.json()) as Array<{ id: string; name: string }>
    expect(Array.isArray(types)).toBe(true)
    expect(types.filter((type) => type.name.startsWith(prefix)).map((type) => type.id)).toEqual([first.body.id, second.body.id])
    const one = await callRoute(apiOneLoader, makeRequest(`/api/document-types/${first.body.id}`, { cookie: viewer.cookie }), {
      documentTypeId: first.body.id,
    })
    expect(await one.json()).toMatchObject({ id: first.body.id, isActive: false, ghlTag: 'a' })
  })

  test('PUT updates and audits, DELETE removes and audits; unknown ids answer 404', async () => {
    const { cookie, user } = await signedInUser('coordinator')
    const name = uniqueName('Put')
    const { body: created } = await post(cookie, { name, ghlTag: 'put' })
    const params = { documentTypeId: created.id }
    const put = await callRoute(
      apiOneAction,
      makeRequest(`/api/document-types/${created.id}`, {
        method: 'PUT',
        cookie,
        json: { name, description: 'Updated', ghlTag: 'Put  Again', isActive: false, displayOrder: 3 },
      }),
      params,
    )
    expect(put.status).toBe(200)
    expect(await put.json()).toMatchObject({ id: created.id, description: 'Updated', ghlTag: 'put-again', isActive: false, displayOrder: 3 })
    expect(await auditFor(created.id, 'update')).toMatchObject([{ userId: user.id }])

    const invalid = await callRoute(
      apiOneAction,
      makeRequest(`/api/document-types/${created.id}`, { method: 'PUT', cookie, json: { name: '', ghlTag: '' } }),
      params,
    )
    expect(invalid.status).toBe(400)
    expect(((await invalid.json()) as { error: string }).error).toBe('Name and GHL Tag are required')
    expect((await prisma.documentType.findUniqueOrThrow({ where: { id: created.id } })).ghlTag).toBe('put-again')

    const del = await callRoute(apiOneAction, makeRequest(`/api/document-types/${created.id}`, { method: 'DELETE', cookie }), params)
    expect(del.status).toBe(200)
    expect(await del.json()).toEqual({ success: true, id: created.id })
    expect(await auditFor(created.id, 'delete')).toMatchObject([{ userId: user.id }])
    expect(await prisma.documentType.count({ where: { id: created.id } })).toBe(0)

    for (const id of [created.id, UNKNOWN_ID, 'not-a-uuid']) {
      const ids = { documentTypeId: id }
      for (const response of [
        await callRoute(apiOneLoader, makeRequest(`/api/document-types/${id}`, { cookie }), ids),
        await callRoute(apiOneAction, makeRequest(`/api/document-types/${id}`, { method: 'DELETE', cookie }), ids),
        await callRoute(apiOneAction, makeRequest(`/api/document-types/${id}`, { method: 'PUT', cookie, json: { name: 'x', ghlTag: 'x' } }), ids),
      ]) {
        expect(response.status).toBe(404)
        expect(await response.json()).toEqual({ error: 'Document type not found' })
      }
    }
  })

  test('other methods answer 405 with Allow', async () => {
    const { cookie } = await signedInUser('coordinator')
    const list = await callRoute(apiListAction, makeRequest('/api/document-types', { method: 'PATCH', cookie, json: {} }))
    expect(list.status).toBe(405)
    expect(list.headers.get('allow')).toBe('GET, POST')
    const { body } = await post(cookie, { name: uniqueName('Patch'), ghlTag: 'patch' })
    const one = await callRoute(apiOneAction, makeRequest(`/api/document-types/${body.id}`, { method: 'PATCH', cookie, json: {} }), {
      documentTypeId: body.id,
    })
    expect(one.status).toBe(405)
    expect(one.headers.get('allow')).toBe('GET, PUT, DELETE')
  })

  test('anonymous callers get 401; viewers read but writing gets 403 and changes nothing', async () => {
    const anonymous = await callRoute(apiListLoader, makeRequest('/api/document-types'))
    expect(anonymous.status).toBe(401)
    expect(await anonymous.json()).toEqual({ error: 'Authentication required' })

    const writer = await signedInUser('coordinator')
    const name = uniqueName('Guarded')
    const { body: created } = await post(writer.cookie, { name, ghlTag: 'guarded' })
    const { cookie } = await signedInUser('viewer')
    const params = { documentTypeId: created.id }
    expect((await callRoute(apiListLoader, makeRequest('/api/document-types', { cookie }))).status).toBe(200)
    const writes = [
      await callRoute(apiListAction, makeRequest('/api/document-types', { cookie, json: { name: 'Nope', ghlTag: 'nope' } })),
      await callRoute(apiOneAction, makeRequest(`/api/document-types/${created.id}`, { method: 'PUT', cookie, json: { name: 'Nope', ghlTag: 'nope' } }), params),
      await callRoute(apiOneAction, makeRequest(`/api/document-types/${created.id}`, { method: 'DELETE', cookie }), params),
    ]
    for (const response of writes) {
      expect(response.status).toBe(403)
      expect(await response.json()).toEqual({ error: 'You do not have permission to do this.' })
    }
    expect(await prisma.documentType.findUniqueOrThrow({ where: { id: created.id } })).toMatchObject({ name, ghlTag: 'guarded' })
    expect(await prisma.documentType.count({ where: { name: 'Nope' } })).toBe(0)
  })
})
