import crypto from 'node:crypto'
import { beforeEach, describe, expect, test } from 'vitest'
import * as signPage from '~/routes/sign.$token'
import * as requestPage from '~/routes/_app.e-signatures_.$requestId'
import { runEsignSweepJob } from '~/features/esign/tracking.server'
import { dateSignedText } from '~/features/portal-signing/field-rules'
import { readPageLayouts, readPdfText } from '~/features/portal-signing/page-layout.server'
import { CERTIFICATE_HEADING } from '~/features/portal-signing/signed-document.server'
import { type ManualField, PORTAL_COMPLETE_JOB, preparePortalRequest } from '~/features/portal-signing/signing.server'
import { prisma } from '~/platform/db.server'
import { callRoute, makeRequest, signedInUser, testActor } from '#tests/support/fixtures'
import { fillablePdf, flatPdf, libraryDocument, pdfsig, readStored } from '#tests/support/portal-signing'

const UA = 'Mozilla/5.0 (iPad; CPU OS 17_0 like Mac OS X) Tablet'
let userId: string
let cookie: string

beforeEach(async () => {
  ;({ cookie, user: { id: userId } } = await signedInUser('coordinator'))
})

function unique(name: string) {
  const suffix = crypto.randomBytes(3).toString('hex')
  return { name: `${name} ${suffix}`, email: `${name.toLowerCase().replace(/\s+/g, '.')}-${suffix}@example.com` }
}

async function prepareTwoSigners(placement: 'signature_page' | 'pdf_fields' | 'manual' = 'signature_page', fields?: ManualField[]) {
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
      fields,
      origin: 'http://localhost',
    },
    testActor(userId),
  )
  const signers = await prisma.esignSigner.findMany({ where: { requestId: prepared.request.id }, orderBy: { order: 'asc' } })
  return { ...prepared, signers, document }
}

const tokenOf = (link: string) => new URL(link).pathname.split('/').pop()!

/** Where a signer is and what they use: the tests below sign each signer from their own address (the page limits posts per address). */
type Client = { address: string; userAgent: string }
const TABLET: Client = { address: '203.0.113.7', userAgent: UA }

const headersOf = (client: Client) => ({ 'x-portal-client-address': client.address, 'user-agent': client.userAgent })

function open(token: string, query = '', client = TABLET) {
  return callRoute(signPage.loader, makeRequest(`/sign/${token}${query}`, { headers: headersOf(client) }), { token })
}

function post(token: string, form: Record<string, string>, client = TABLET) {
  return callRoute(signPage.action, makeRequest(`/sign/${token}`, { form, headers: headersOf(client) }), { token })
}

async function fieldsOf(token: string, client = TABLET) {
  const data = (await (await open(token, '', client)).json()) as { view: { fields: Array<{ id: string; type: string; label: string }> } }
  return data.view.fields
}

async function inviteLinkFor(signerId: string) {
  const email = await prisma.outboundEmail.findUniqueOrThrow({ where: { dedupeKey: `signing-invite:${signerId}` } })
  return email.html.match(/href="([^"]+\/sign\/[^"]+)"/)![1]!
}

async function signAll(token: string, name: string, client = TABLET) {
  const fields = await fieldsOf(token, client)
  const form: Record<string, string> = { intent: 'finish', consent: 'on', signatureText: name }
  for (const field of fields) {
    if (field.type === 'full_name' || field.type === 'text') form[`field.${field.id}`] = name
    if (field.type === 'checkbox') form[`field.${field.id}`] = 'on'
  }
  return post(token, form, client)
}

describe('signing through /sign/{token}', () => {
  test('a two-signer request: consent and fields required, the second invited after the first, completed into a signed library document', async () => {
    const { request, firstLink, signers, document } = await prepareTwoSigners()
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
    expect(verdict.valid, verdict.output).toBe(true)
    expect(verdict.wholeDocument).toBe(true)
    // The certificate says which file each hash is of: the library's file, and that file with the signature page appended.
    const certificate = (await readPdfText(bytes)).replace(/\s+/g, ' ')
    expect(certificate).toContain(`SHA-256 of the library file: ${document.sha256}`)
    expect(certificate).toMatch(/SHA-256 of the document sent for signing \(the library file with the signature page appended\): [0-9a-f]{64}/)
    expect(certificate).not.toContain(`document sent for signing (the library file with the signature page appended): ${document.sha256}`)

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
    const sealed = await pdfsig(await readStored(done.signedDocument!.storageKey))
    expect(sealed.valid, sealed.output).toBe(true)
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

/** Fields staff placed by page and position on a flat PDF (612 x 792 points): a block per signer. */
const PLACED: ManualField[] = [
  { signerIndex: 0, type: 'signature', label: 'Patient signature', required: true, page: 1, x: 72, y: 420, width: 240, height: 40 },
  { signerIndex: 0, type: 'date_signed', label: 'Patient date', required: true, page: 1, x: 340, y: 420, width: 180, height: 20 },
  { signerIndex: 0, type: 'full_name', label: 'Patient printed name', required: true, page: 1, x: 72, y: 380, width: 240, height: 20 },
  { signerIndex: 1, type: 'signature', label: 'Family signature', required: true, page: 1, x: 72, y: 260, width: 240, height: 40 },
  { signerIndex: 1, type: 'date_signed', label: 'Family date', required: true, page: 1, x: 340, y: 260, width: 180, height: 20 },
  { signerIndex: 1, type: 'full_name', label: 'Family printed name', required: true, page: 1, x: 72, y: 220, width: 240, height: 20 },
]

const PHONE: Client = { address: '198.51.100.23', userAgent: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) Phone' }
const LAPTOP: Client = { address: '192.0.2.41', userAgent: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) Laptop' }

/** A flat PDF with placed fields, signed by both signers through /sign/{token}: the first on the tablet, the second on a phone. */
async function signPlacedRequestThrough() {
  const prepared = await prepareTwoSigners('manual', PLACED)
  const { request, firstLink, signers } = prepared
  expect((await signAll(tokenOf(firstLink), signers[0]!.name, TABLET)).status).toBe(302)
  expect((await signAll(tokenOf(await inviteLinkFor(signers[1]!.id)), signers[1]!.name, PHONE)).status).toBe(302)
  const done = await prisma.esignRequest.findUniqueOrThrow({ where: { id: request.id }, include: { signedDocument: true } })
  return { ...prepared, done, bytes: done.signedDocument ? await readStored(done.signedDocument.storageKey) : null }
}

describe('a flat PDF with fields placed by page and position', () => {
  test('both signers sign through their links: completed, sealed over the whole file, each value drawn where it was placed', async () => {
    const { done, bytes, signers, document } = await signPlacedRequestThrough()
    expect(done.status).toBe('completed')
    expect(bytes).not.toBeNull()
    const verdict = await pdfsig(bytes!)
    expect(verdict.valid, verdict.output).toBe(true)
    expect(verdict.wholeDocument).toBe(true)

    const pages = await readPageLayouts(bytes!)
    // No signature page was appended: the agreement's one page, then the certificate.
    expect(pages[0]!.runs.map((run) => run.text).join(' ')).toContain('The agency provides home care services as agreed.')
    const certificate = pages[1]!.runs.map((run) => run.text).join(' ').replace(/\s+/g, ' ')
    expect(certificate).toContain(CERTIFICATE_HEADING)
    // Signed as it is in the library: one hash, of that very file.
    expect(certificate).toContain(`SHA-256 of the original document (the library file): ${document.sha256}`)
    const stored = await prisma.esignSigner.findMany({ where: { requestId: done.id }, orderBy: { order: 'asc' } })
    const expected = PLACED.map((field) => {
      const signer = stored[field.signerIndex]!
      const value = field.type === 'date_signed' ? dateSignedText(signer.signedAt!) : signer.name
      return { field, value }
    })
    for (const { field, value } of expected) {
      // Drawn from the field's left edge, its baseline inside the field's box.
      const run = pages[0]!.runs.find(
        (candidate) => candidate.text.includes(value) && Math.abs(candidate.x - field.x) <= 4 && candidate.y >= field.y && candidate.y <= field.y + field.height,
      )
      expect(run, `${field.label} (${value}) at ${field.x},${field.y}`).toBeDefined()
    }
    expect(signers.map((signer) => signer.name)).toEqual(stored.map((signer) => signer.name))
  })

  test('the certificate lists every event of the request with its signer; every signer-side event has the signer’s address and browser', async () => {
    const { done, bytes, signers } = await signPlacedRequestThrough()
    const events = await prisma.esignRequestEvent.findMany({ where: { requestId: done.id }, include: { signer: true }, orderBy: { occurredAt: 'asc' } })
    const types = new Set(events.map((event) => event.type))
    for (const type of ['requested', 'sent', 'opened', 'consented', 'field_filled', 'signed', 'completed']) expect(types).toContain(type)
    expect(events.filter((event) => event.type === 'field_filled')).toHaveLength(PLACED.length)

    // Done by the signer on the signing page (an invitation is sent to them, not by them).
    const clientOf = new Map([
      [signers[0]!.id, TABLET],
      [signers[1]!.id, PHONE],
    ])
    for (const event of events.filter((row) => row.signerId && row.type !== 'sent')) {
      expect(event, `${event.type} by ${event.signer!.name}`).toMatchObject({ ipAddress: clientOf.get(event.signerId!)!.address, userAgent: clientOf.get(event.signerId!)!.userAgent })
    }

    const text = (await readPdfText(bytes!)).replace(/\s+/g, ' ')
    const certificate = text.slice(text.indexOf(CERTIFICATE_HEADING))
    const when = (date: Date) => date.toISOString().replace('T', ' ').replace(/\.\d+Z$/, ' UTC')
    // The one event recorded after the certificate was sealed: the storing of the signed copy itself.
    const listed = events.filter((event) => event.type !== 'signed_copy_stored')
    const lines = new Map<string, number>()
    for (const event of listed) {
      const line = [
        `${when(event.occurredAt)} ${event.type}`,
        event.signer ? ` - ${event.signer.name}` : '',
        event.ipAddress ? ` - IP ${event.ipAddress}` : '',
        event.detail ? ` - ${event.detail}` : '',
        event.userAgent ? ` User agent: ${event.userAgent}` : '',
      ].join('')
      lines.set(line, (lines.get(line) ?? 0) + 1)
    }
    for (const [line, count] of lines) expect(certificate.split(line).length - 1, line).toBeGreaterThanOrEqual(count)
  })
})

describe('a request stops where it should', () => {
  async function firstSignedThenSecond() {
    const prepared = await prepareTwoSigners()
    expect((await signAll(tokenOf(prepared.firstLink), prepared.signers[0]!.name, TABLET)).status).toBe(302)
    return { ...prepared, secondToken: tokenOf(await inviteLinkFor(prepared.signers[1]!.id)) }
  }

  /** No completion queued, no signed copy stored or e-mailed. */
  async function nothingCompleted(requestId: string, signerIds: string[]) {
    expect(await prisma.job.count({ where: { dedupeKey: `${PORTAL_COMPLETE_JOB}:${requestId}` } })).toBe(0)
    expect(await prisma.esignRequest.findUniqueOrThrow({ where: { id: requestId } })).toMatchObject({ signedDocumentId: null, completedAt: null })
    expect(await prisma.esignRequestEvent.count({ where: { requestId, type: { in: ['completed', 'signed_copy_stored'] } } })).toBe(0)
    expect(await prisma.outboundEmail.count({ where: { dedupeKey: { in: signerIds.map((id) => `signing-completed:${id}`) } } })).toBe(0)
  }

  async function finishForm(token: string, name: string, client: Client) {
    const form: Record<string, string> = { intent: 'finish', consent: 'on', signatureText: name }
    for (const field of await fieldsOf(token, client)) if (field.type === 'full_name') form[`field.${field.id}`] = name
    return form
  }

  test('the first signs, the second declines with a reason: declined, the second link answers so, nothing completed', async () => {
    const { request, signers, secondToken } = await firstSignedThenSecond()
    const form = await finishForm(secondToken, signers[1]!.name, LAPTOP)
    const declined = await post(secondToken, { intent: 'decline', reason: 'My mother has not decided yet' }, LAPTOP)
    expect(declined.status).toBe(302)
    expect(declined.headers.get('location')).toBe(`/sign/${secondToken}?done=declined`)
    expect(await prisma.esignRequest.findUniqueOrThrow({ where: { id: request.id } })).toMatchObject({ status: 'declined' })
    expect(await prisma.esignSigner.findUniqueOrThrow({ where: { id: signers[1]!.id } })).toMatchObject({ status: 'declined', declineReason: 'My mother has not decided yet' })

    const page = await open(secondToken, '', LAPTOP)
    expect(page.status).toBe(410)
    expect(((await page.json()) as { title: string }).title).toBe('This document was declined')
    expect((await post(secondToken, form, LAPTOP)).status).toBe(410)
    expect(await prisma.esignSigner.findUniqueOrThrow({ where: { id: signers[1]!.id } })).toMatchObject({ status: 'declined', signedAt: null })
    await nothingCompleted(request.id, signers.map((signer) => signer.id))
  })

  test('the first signs, then the sweep expires the request: expired, the second link refuses', async () => {
    const { request, signers, secondToken } = await firstSignedThenSecond()
    const form = await finishForm(secondToken, signers[1]!.name, PHONE)
    await prisma.esignRequest.update({ where: { id: request.id }, data: { expiresAt: new Date(Date.now() - 60_000) } })
    await runEsignSweepJob()
    expect(await prisma.esignRequest.findUniqueOrThrow({ where: { id: request.id } })).toMatchObject({ status: 'expired' })
    expect(await prisma.esignRequestEvent.count({ where: { requestId: request.id, type: 'expired' } })).toBe(1)

    const page = await open(secondToken, '', PHONE)
    expect(page.status).toBe(410)
    expect(((await page.json()) as { title: string }).title).toBe('This signing link has expired')
    expect((await post(secondToken, form, PHONE)).status).toBe(410)
    expect(await prisma.esignSigner.findUniqueOrThrow({ where: { id: signers[1]!.id } })).toMatchObject({ signedAt: null })
    await nothingCompleted(request.id, signers.map((signer) => signer.id))
  })

  test('a request staff cancel on its page: the signer’s link says it was withdrawn and signs nothing', async () => {
    const { request, firstLink, signers } = await prepareTwoSigners()
    const token = tokenOf(firstLink)
    const form = await finishForm(token, signers[0]!.name, LAPTOP)
    const cancelled = await callRoute(requestPage.action, makeRequest(`/e-signatures/${request.id}`, { cookie, form: { intent: 'cancel' } }), { requestId: request.id })
    expect(cancelled.status).toBe(302)
    expect(await prisma.esignRequest.findUniqueOrThrow({ where: { id: request.id } })).toMatchObject({ status: 'cancelled' })

    const page = await open(token, '', LAPTOP)
    expect(page.status).toBe(410)
    const body = (await page.json()) as { title: string; message: string }
    expect(body.title).toBe('This signing request was withdrawn')
    expect(body.message).toContain('withdrew')
    expect((await post(token, form, LAPTOP)).status).toBe(410)
    expect(await prisma.esignSigner.count({ where: { requestId: request.id, status: 'signed' } })).toBe(0)
  })
})
