import crypto from 'node:crypto'
import { beforeEach, describe, expect, test } from 'vitest'
import * as appLayout from '~/routes/_app'
import * as requestPage from '~/routes/_app.e-signatures_.$requestId'
import * as esignApi from '~/routes/api.esign.requests'
import * as lockPage from '~/routes/signing-lock'
import * as logout from '~/routes/logout'
import * as signPage from '~/routes/sign.$token'
import { hashSigningToken, preparePortalRequest } from '~/features/portal-signing/signing.server'
import { prisma } from '~/platform/db.server'
import { encrypt } from '~/platform/encryption.server'
import { generateTOTP } from '@epic-web/totp'
import { TEST_PASSWORD, callRoute, makeRequest, signedInUser, testActor } from '#tests/support/fixtures'
import { flatPdf, libraryDocument, readStored } from '#tests/support/portal-signing'
import { png, pngDataUrl } from '#tests/support/png'
import { execFile } from 'node:child_process'
import { promisify } from 'node:util'
import fs from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { PDFDict, PDFDocument, PDFName, PDFRawStream } from 'pdf-lib'

let user: { id: string; name: string }
let cookie: string

beforeEach(async () => {
  ;({ user, cookie } = await signedInUser('coordinator'))
})

async function prepare() {
  const document = await libraryDocument(await flatPdf())
  const suffix = crypto.randomBytes(3).toString('hex')
  const { request } = await preparePortalRequest(
    {
      documentId: document.id,
      title: 'Consent to Care',
      expirationDays: 7,
      signers: [{ name: `Rosa Patient ${suffix}`, email: `rosa-${suffix}@example.com`, personType: 'other' }],
      placement: 'signature_page',
      origin: 'http://localhost',
    },
    testActor(user.id),
  )
  const signer = await prisma.esignSigner.findFirstOrThrow({ where: { requestId: request.id } })
  return { request, signer }
}

async function handOver(requestId: string, signerId: string) {
  return callRoute(requestPage.action, makeRequest(`/e-signatures/${requestId}`, { cookie, form: { intent: 'in_person', signerId } }), { requestId })
}

const sessionRow = () => prisma.session.findFirstOrThrow({ where: { userId: user.id } })

function unlock(form: Record<string, string>) {
  return callRoute(lockPage.action, makeRequest('/signing-lock', { cookie, form, headers: { 'x-portal-client-address': '198.51.100.4' } }))
}

describe('signing in person on the staff tablet', () => {
  test('the hand-over locks the session: staff pages go to the lock screen, the API refuses, until the password unlocks it', async () => {
    const { request, signer } = await prepare()
    const page = await callRoute(requestPage.loader, makeRequest(`/e-signatures/${request.id}`, { cookie }), { requestId: request.id })
    expect(((await page.json()) as { inPersonSignerId: string }).inPersonSignerId).toBe(signer.id)

    const handed = await handOver(request.id, signer.id)
    expect(handed.status).toBe(302)
    const signingUrl = handed.headers.get('location')!
    expect(signingUrl).toMatch(/^\/sign\/[A-Za-z0-9_-]{43}\?inPerson=1$/)
    expect((await sessionRow()).signingLockRequestId).toBe(request.id)
    const audit = await prisma.auditLog.findFirst({ where: { entityId: request.id, userId: user.id, action: 'update', details: { path: ['handedOverBy'], equals: user.id } } })
    expect(audit).toMatchObject({ entityType: 'EsignRequest', details: { signerId: signer.id } })
    const event = await prisma.esignRequestEvent.findFirstOrThrow({ where: { requestId: request.id, type: 'handed_over' } })
    expect(event.detail).toBe(`Handed over in person by ${user.name}`)

    // Every staff page, whatever the URL, and the API.
    const layout = await callRoute(appLayout.loader, makeRequest('/patients', { cookie }))
    expect(layout.status).toBe(302)
    expect(layout.headers.get('location')).toBe('/signing-lock')
    const again = await callRoute(requestPage.loader, makeRequest(`/e-signatures/${request.id}`, { cookie }), { requestId: request.id })
    expect(again.headers.get('location')).toBe('/signing-lock')
    const api = await callRoute(esignApi.loader, makeRequest('/api/esign/requests', { cookie }))
    expect(api.status).toBe(423)

    // The signing page itself works, and says to hand the tablet back when done.
    const token = signingUrl.split('/')[2]!.split('?')[0]!
    const signing = await callRoute(signPage.loader, makeRequest(signingUrl), { token })
    expect(signing.status).toBe(200)

    const lock = await callRoute(lockPage.loader, makeRequest('/signing-lock', { cookie }))
    expect(((await lock.json()) as { name: string }).name).toBe(user.name)

    const wrong = await unlock({ password: 'not the password' })
    expect(wrong.status).toBe(400)
    expect(JSON.stringify(await wrong.json())).toContain('Password is incorrect')
    expect((await sessionRow()).signingLockedAt).not.toBeNull()
    expect(await prisma.auditLog.count({ where: { userId: user.id, action: 'login_failed', details: { path: ['stage'], equals: 'signing_lock' } } })).toBe(1)
    expect((await callRoute(appLayout.loader, makeRequest('/', { cookie }))).headers.get('location')).toBe('/signing-lock')

    const right = await unlock({ password: TEST_PASSWORD })
    expect(right.status).toBe(302)
    expect(right.headers.get('location')).toBe(`/e-signatures/${request.id}`)
    expect((await sessionRow()).signingLockedAt).toBeNull()
    expect(await prisma.auditLog.count({ where: { userId: user.id, action: 'login', details: { path: ['stage'], equals: 'signing_lock' } } })).toBe(1)
    expect((await callRoute(appLayout.loader, makeRequest('/', { cookie }))).status).toBe(200)
    expect((await callRoute(esignApi.loader, makeRequest('/api/esign/requests', { cookie }))).status).toBe(200)
    // Unlocked, the lock screen has nothing to do.
    expect((await callRoute(lockPage.loader, makeRequest('/signing-lock', { cookie }))).headers.get('location')).toBe('/')
  })

  test('wrong passwords are limited like sign-in: after five, even the right one waits', async () => {
    const { request, signer } = await prepare()
    await handOver(request.id, signer.id)
    for (let attempt = 0; attempt < 5; attempt++) expect((await unlock({ password: `guess ${attempt}` })).status).toBe(400)
    const throttled = await unlock({ password: TEST_PASSWORD })
    expect(throttled.status).toBe(429)
    expect((await sessionRow()).signingLockedAt).not.toBeNull()
  })

  test('with MFA on, the lock also wants a current code from the app', async () => {
    const { secret } = await generateTOTP({ period: 30, digits: 6, algorithm: 'SHA-1' })
    await prisma.mfaCredential.create({ data: { userId: user.id, secret: encrypt(secret), enabledAt: new Date() } })
    const { request, signer } = await prepare()
    await handOver(request.id, signer.id)
    expect(((await (await callRoute(lockPage.loader, makeRequest('/signing-lock', { cookie }))).json()) as { mfa: boolean }).mfa).toBe(true)

    const passwordOnly = await unlock({ password: TEST_PASSWORD })
    expect(passwordOnly.status).toBe(400)
    expect(JSON.stringify(await passwordOnly.json())).toContain('Enter the 6-digit code from your authenticator app')
    const current = (await generateTOTP({ secret, period: 30, digits: 6, algorithm: 'SHA-1' })).otp
    const wrongCode = await unlock({ password: TEST_PASSWORD, code: current === '000000' ? '111111' : '000000' })
    expect(wrongCode.status).toBe(400)
    expect((await sessionRow()).signingLockedAt).not.toBeNull()
    expect(await prisma.auditLog.count({ where: { userId: user.id, action: 'mfa_verification_failed' } })).toBe(1)

    const right = await unlock({ password: TEST_PASSWORD, code: current })
    expect(right.status).toBe(302)
    expect((await sessionRow()).signingLockedAt).toBeNull()
  })

  test('signing out ends the locked session', async () => {
    const { request, signer } = await prepare()
    await handOver(request.id, signer.id)
    const out = await callRoute(logout.action, makeRequest('/logout', { cookie, form: {} }))
    expect(out.headers.get('location')).toBe('/login')
    expect((await callRoute(appLayout.loader, makeRequest('/', { cookie }))).headers.get('location')).toMatch(/^\/login/)
  })

  test('only the signer whose turn it is can be handed over, and only by staff who may send', async () => {
    const { request, signer } = await prepare()
    const other = crypto.randomUUID()
    const refused = await handOver(request.id, other)
    expect(refused.status).toBe(302)
    expect(refused.headers.get('location')).toBe(`/e-signatures/${request.id}`)
    expect((await sessionRow()).signingLockedAt).toBeNull()

    const viewer = await signedInUser('viewer')
    const denied = await callRoute(requestPage.action, makeRequest(`/e-signatures/${request.id}`, { cookie: viewer.cookie, form: { intent: 'in_person', signerId: signer.id } }), { requestId: request.id })
    expect(denied.status).toBe(403)
  })
})

/** The names of the image XObjects a page draws. */
function imagesOnPage(pdf: PDFDocument, index: number) {
  const resources = pdf.getPage(index).node.Resources()
  const xObjects = resources?.lookupMaybe(PDFName.of('XObject'), PDFDict)
  if (!xObjects) return []
  return xObjects.keys().filter((key) => {
    const object = xObjects.lookup(key)
    return object instanceof PDFRawStream && object.dict.get(PDFName.of('Subtype')) === PDFName.of('Image')
  })
}

async function pdfText(bytes: Uint8Array) {
  const file = path.join(os.tmpdir(), `drawn-${crypto.randomUUID()}.pdf`)
  await fs.writeFile(file, bytes)
  try {
    return (await promisify(execFile)('pdftotext', ['-layout', file, '-'])).stdout
  } finally {
    await fs.rm(file, { force: true })
  }
}

describe('a drawn signature', () => {
  async function finish(token: string, form: Record<string, string>) {
    const fields = await prisma.esignField.findMany({ where: { signer: { tokenHash: hashSigningToken(token) }, type: 'full_name' } })
    const names = Object.fromEntries(fields.map((field) => [`field.${field.id}`, 'Rosa Patient']))
    return callRoute(signPage.action, makeRequest(`/sign/${token}`, { form: { intent: 'finish', consent: 'on', ...names, ...form } }), { token })
  }

  test('is checked, stored, drawn into the signature box of the signed PDF, and named on the certificate', async () => {
    const { request, signer } = await prepare()
    const token = (await handOver(request.id, signer.id)).headers.get('location')!.split('/')[2]!.split('?')[0]!

    const notPng = await finish(token, { signatureText: signer.name, signatureMethod: 'drawn', signatureImage: 'data:image/svg+xml;base64,PHN2Zy8+' })
    expect(notPng.status).toBe(400)
    expect(((await notPng.json()) as { errors: Record<string, string> }).errors).toEqual({ signatureImage: 'The drawing must be a PNG image' })
    const nothingDrawn = await finish(token, { signatureText: signer.name, signatureMethod: 'drawn', signatureImage: '' })
    expect(((await nothingDrawn.json()) as { errors: Record<string, string> }).errors).toEqual({ signatureImage: 'Draw your signature, or choose Type' })

    const drawing = png(600, 200)
    const done = await finish(token, { signatureText: signer.name, signatureMethod: 'drawn', signatureImage: pngDataUrl(drawing) })
    expect(done.status).toBe(302)
    expect(done.headers.get('location')).toBe(`/sign/${token}?done=signed`)
    const stored = await prisma.esignSigner.findUniqueOrThrow({ where: { id: signer.id } })
    expect(stored.signatureMethod).toBe('drawn')
    expect(Buffer.from(stored.signatureImage!).equals(drawing)).toBe(true)

    const completed = await prisma.esignRequest.findUniqueOrThrow({ where: { id: request.id }, include: { signedDocument: true, fields: true } })
    expect(completed.status).toBe('completed')
    const bytes = await readStored(completed.signedDocument!.storageKey)
    const pdf = await PDFDocument.load(bytes)
    const signaturePage = completed.fields.find((field) => field.type === 'signature')!.page
    expect(imagesOnPage(pdf, signaturePage - 1)).toHaveLength(1)
    // The original page draws no image.
    expect(imagesOnPage(pdf, 0)).toHaveLength(0)
    const text = await pdfText(bytes)
    expect(text).toContain(`Signature adopted: ${signer.name} (drawn by hand on the signing page)`)
  })

  test('typed stays the default: a drawing sent with Type chosen is not used', async () => {
    const { request, signer } = await prepare()
    const token = (await handOver(request.id, signer.id)).headers.get('location')!.split('/')[2]!.split('?')[0]!
    expect((await finish(token, { signatureText: signer.name, signatureMethod: 'typed', signatureImage: pngDataUrl(png(60, 20)) })).status).toBe(302)
    const stored = await prisma.esignSigner.findUniqueOrThrow({ where: { id: signer.id } })
    expect(stored).toMatchObject({ signatureMethod: 'typed', signatureImage: null })
  })
})
