import crypto from 'node:crypto'
import { beforeEach, describe, expect, test } from 'vitest'
import * as signPage from '~/routes/sign.$token'
import { preparePortalRequest } from '~/features/portal-signing/signing.server'
import { prisma } from '~/platform/db.server'
import { callRoute, makeRequest, signedInUser, testActor } from '#tests/support/fixtures'
import { fillablePdf, flatPdf, libraryDocument, pdfsig, readStored } from '#tests/support/portal-signing'

const UA = 'Mozilla/5.0 (iPad; CPU OS 17_0 like Mac OS X) Tablet'
let userId: string

beforeEach(async () => {
  userId = (await signedInUser('coordinator')).user.id
})

function unique(name: string) {
  const suffix = crypto.randomBytes(3).toString('hex')
  return { name: `${name} ${suffix}`, email: `${name.toLowerCase().replace(/\s+/g, '.')}-${suffix}@example.com` }
}

async function prepareTwoSigners(placement: 'signature_page' | 'pdf_fields' = 'signature_page') {
  const document = await libraryDocument(placement === 'pdf_fields' ? await fillablePdf() : await flatPdf())
  const first = unique('Rosa Patient')
  const second = unique('Ana Daughter')
  const prepared = await preparePortalRequest(
    {
      documentId: document.id,
      title: 'Service Agreement',
      message: 'Please sign before the first visit.',
      expirationDays: 14,
      signers: [
        { ...first, personType: 'other' },
        { ...second, personType: 'other' },
      ],
      placement,
      origin: 'http://localhost',
    },
    testActor(userId),
  )
  const signers = await prisma.esignSigner.findMany({ where: { requestId: prepared.request.id }, orderBy: { order: 'asc' } })
  return { ...prepared, signers, document }
}

const tokenOf = (link: string) => new URL(link).pathname.split('/').pop()!

function open(token: string, query = '') {
  return callRoute(signPage.loader, makeRequest(`/sign/${token}${query}`, { headers: { 'x-portal-client-address': '203.0.113.7', 'user-agent': UA } }), { token })
}

function post(token: string, form: Record<string, string>) {
  return callRoute(signPage.action, makeRequest(`/sign/${token}`, { form, headers: { 'x-portal-client-address': '203.0.113.7', 'user-agent': UA } }), { token })
}

async function fieldsOf(token: string) {
  const data = (await (await open(token)).json()) as { view: { fields: Array<{ id: string; type: string; label: string }> } }
  return data.view.fields
}

async function inviteLinkFor(signerId: string) {
  const email = await prisma.outboundEmail.findUniqueOrThrow({ where: { dedupeKey: `signing-invite:${signerId}` } })
  return email.html.match(/href="([^"]+\/sign\/[^"]+)"/)![1]!
}

async function signAll(token: string, name: string) {
  const fields = await fieldsOf(token)
  const form: Record<string, string> = { intent: 'finish', consent: 'on', signatureText: name }
  for (const field of fields) {
    if (field.type === 'full_name' || field.type === 'text') form[`field.${field.id}`] = name
    if (field.type === 'checkbox') form[`field.${field.id}`] = 'on'
  }
  return post(token, form)
}

describe('signing through /sign/{token}', () => {
  test('a two-signer request: consent and fields required, the second invited after the first, completed into a signed library document', async () => {
    const { request, firstLink, signers } = await prepareTwoSigners()
    expect(await inviteLinkFor(signers[0]!.id)).toBe(firstLink)
    const token = tokenOf(firstLink)

    const opened = await open(token)
    expect(opened.status).toBe(200)
    expect(opened.headers.get('x-robots-tag')).toContain('noindex')
    const view = (await opened.json()) as { view: { title: string; fields: Array<{ id: string; type: string }> }; pages: unknown[] }
    expect(view.view.title).toBe('Service Agreement')
    expect(view.pages.length).toBe(2)
    expect(view.view.fields.map((field) => field.type)).toEqual(['signature', 'date_signed', 'full_name'])
    expect(JSON.stringify(view)).not.toContain(signers[1]!.email)

    const noConsent = await post(token, { intent: 'finish', signatureText: 'Rosa' })
    expect(noConsent.status).toBe(400)
    const refused = (await noConsent.json()) as { errors: Record<string, string> }
    expect(Object.keys(refused.errors)).toEqual(expect.arrayContaining(['consent', view.view.fields[2]!.id]))
    const noSignature = (await (await post(token, { intent: 'finish', consent: 'on' })).json()) as { errors: Record<string, string> }
    expect(noSignature.errors.signatureText).toBeTruthy()
    expect(await prisma.esignSigner.findUniqueOrThrow({ where: { id: signers[0]!.id } })).toMatchObject({ status: 'opened' })

    const signed = await signAll(token, signers[0]!.name)
    expect(signed.status).toBe(302)
    expect(signed.headers.get('location')).toBe(`/sign/${token}?done=signed`)
    expect((await open(token)).status).toBe(410)
    expect(await prisma.esignRequest.findUniqueOrThrow({ where: { id: request.id } })).toMatchObject({ status: 'signed', signedDocumentId: null })

    const secondToken = tokenOf(await inviteLinkFor(signers[1]!.id))
    expect((await signAll(secondToken, signers[1]!.name)).status).toBe(302)
    const done = await prisma.esignRequest.findUniqueOrThrow({ where: { id: request.id }, include: { signedDocument: true, events: true } })
    expect(done.status).toBe('completed')
    expect(done.signedDocument).not.toBeNull()
    const bytes = await readStored(done.signedDocument!.storageKey)
    const verdict = await pdfsig(bytes)
    expect(verdict.valid).toBe(true)
    expect(verdict.wholeDocument).toBe(true)

    const types = done.events.map((event) => event.type)
    for (const type of ['sent', 'opened', 'consented', 'field_filled', 'signed', 'completed']) expect(types).toContain(type)
    const signedEvent = done.events.find((event) => event.type === 'signed' && event.signerId === signers[0]!.id)!
    expect(signedEvent).toMatchObject({ ipAddress: '203.0.113.7', userAgent: UA })

    for (const signer of signers) {
      const mail = await prisma.outboundEmail.findUniqueOrThrow({ where: { dedupeKey: `signing-completed:${signer.id}` } })
      expect(mail.attachments).toEqual([expect.objectContaining({ storageKey: done.signedDocument!.storageKey, mimeType: 'application/pdf' })])
    }
    const completedPage = (await (await open(secondToken)).json()) as { title: string }
    expect(completedPage.title).toBe('This document is signed')
  })

  test('the second signer cannot sign before the first', async () => {
    const { signers } = await prepareTwoSigners()
    const row = await prisma.esignSigner.findUniqueOrThrow({ where: { id: signers[1]!.id } })
    expect(row.status).toBe('waiting')
    expect(await prisma.outboundEmail.count({ where: { dedupeKey: `signing-invite:${row.id}` } })).toBe(0)
  })

  test('a fillable PDF brings its own fields for the first signer; the next signs on an appended signature page', async () => {
    const { firstLink, signers, request } = await prepareTwoSigners('pdf_fields')
    const fields = await fieldsOf(tokenOf(firstLink))
    expect(fields.map((field) => [field.type, field.label])).toEqual([
      ['text', 'Patient name'],
      ['signature', 'Patient signature'],
      ['checkbox', 'Agree terms'],
    ])
    const second = await prisma.esignField.findMany({ where: { signerId: signers[1]!.id }, orderBy: { position: 'asc' } })
    expect(second.map((field) => [field.type, field.page])).toEqual([
      ['signature', 2],
      ['date_signed', 2],
      ['full_name', 2],
    ])
    expect((await signAll(tokenOf(firstLink), signers[0]!.name)).status).toBe(302)
    expect((await signAll(tokenOf(await inviteLinkFor(signers[1]!.id)), signers[1]!.name)).status).toBe(302)
    const done = await prisma.esignRequest.findUniqueOrThrow({ where: { id: request.id }, include: { signedDocument: true } })
    expect(done.status).toBe('completed')
    expect((await pdfsig(await readStored(done.signedDocument!.storageKey))).valid).toBe(true)
  })

  test('declining needs a reason and stops the request for everyone', async () => {
    const { request, firstLink } = await prepareTwoSigners()
    const token = tokenOf(firstLink)
    const empty = await post(token, { intent: 'decline', reason: ' ' })
    expect(empty.status).toBe(400)
    const fields = await fieldsOf(token)
    const declined = await post(token, { intent: 'decline', reason: 'I want to read it with my son first' })
    expect(declined.status).toBe(302)
    expect(await prisma.esignRequest.findUniqueOrThrow({ where: { id: request.id } })).toMatchObject({ status: 'declined' })
    const event = await prisma.esignRequestEvent.findFirstOrThrow({ where: { requestId: request.id, type: 'declined', signerId: { not: null } } })
    expect(event).toMatchObject({ detail: 'I want to read it with my son first', ipAddress: '203.0.113.7', userAgent: UA })
    const page = await open(token)
    expect(page.status).toBe(410)
    expect(((await page.json()) as { title: string }).title).toBe('This document was declined')
    const form: Record<string, string> = { intent: 'finish', consent: 'on', signatureText: 'Rosa' }
    for (const field of fields) form[`field.${field.id}`] = 'Rosa'
    expect((await post(token, form)).status).toBe(410)
  })

  test('an expired link shows the expired page and signs nothing', async () => {
    const { request, firstLink } = await prepareTwoSigners()
    const token = tokenOf(firstLink)
    const fields = await fieldsOf(token)
    await prisma.esignRequest.update({ where: { id: request.id }, data: { expiresAt: new Date(Date.now() - 1000) } })
    const page = await open(token)
    expect(page.status).toBe(410)
    expect(((await page.json()) as { title: string }).title).toBe('This signing link has expired')
    const form: Record<string, string> = { intent: 'finish', consent: 'on', signatureText: 'Rosa' }
    for (const field of fields) form[`field.${field.id}`] = 'Rosa'
    expect((await post(token, form)).status).toBe(410)
    expect(await prisma.esignSigner.count({ where: { requestId: request.id, status: 'signed' } })).toBe(0)
  })

  test('an unknown or malformed token is a 404', async () => {
    expect((await open('x'.repeat(43))).status).toBe(404)
    expect((await open('short')).status).toBe(404)
  })
})
