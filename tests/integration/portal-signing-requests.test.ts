import crypto from 'node:crypto'
import { beforeEach, describe, expect, test } from 'vitest'
import * as dialog from '~/routes/_app.leads_.$leadId.esign'
import * as leadPage from '~/routes/_app.leads_.$leadId'
import * as patientPage from '~/routes/_app.patients_.$patientId'
import * as caregiverPage from '~/routes/_app.caregivers_.$caregiverId'
import * as requestPage from '~/routes/_app.e-signatures_.$requestId'
import * as newPortalPage from '~/routes/_app.e-signatures_.new-portal'
import * as remindApi from '~/routes/api.esign.requests.$requestId.remind'
import * as statusApi from '~/routes/api.esign.providers.status'
import * as signPage from '~/routes/sign.$token'
import { ESIGN_REMIND_JOB, runEsignRemindJob, runEsignSweepJob } from '~/features/esign/tracking.server'
import { runJobNow } from '~/platform/jobs.server'
import { preparePortalRequest } from '~/features/portal-signing/signing.server'
import { SIGNING_PAGE_LIMITS } from '~/features/portal-signing/rate-limit.server'
import { prisma } from '~/platform/db.server'
import { callRoute, makeRequest, signedInUser, testActor, toastOf } from '#tests/support/fixtures'
import { flatPdf, libraryDocument } from '#tests/support/portal-signing'

let cookie: string
let userId: string
let leadId: string

beforeEach(async () => {
  ;({ cookie, user: { id: userId } } = await signedInUser('coordinator'))
  const suffix = crypto.randomBytes(3).toString('hex')
  const lead = await prisma.lead.create({
    data: { firstName: 'Maria', lastName: 'Garcia', email: `maria-${suffix}@example.com`, phone: '(201) 555-1000', searchText: 'maria garcia', phoneDigits: '2015551000' },
  })
  leadId = lead.id
})

/** Each test signs from its own address, so the signing page's per-address limits never meet across tests. */
function addressFor() {
  return `198.51.100.${crypto.randomInt(1, 250)}`
}

const tokenOf = (link: string) => new URL(link).pathname.split('/').pop()!

function open(token: string, address = addressFor()) {
  return callRoute(signPage.loader, makeRequest(`/sign/${token}`, { headers: { 'x-portal-client-address': address } }), { token })
}

function post(token: string, form: Record<string, string>, address = addressFor()) {
  return callRoute(signPage.action, makeRequest(`/sign/${token}`, { form, headers: { 'x-portal-client-address': address } }), { token })
}

async function signAll(token: string, name: string) {
  const data = (await (await open(token)).json()) as { view: { fields: Array<{ id: string; type: string }> } }
  const form: Record<string, string> = { intent: 'finish', consent: 'on', signatureText: name }
  for (const field of data.view.fields) if (field.type === 'full_name' || field.type === 'text') form[`field.${field.id}`] = name
  return post(token, form)
}

async function sendFromLeadDialog() {
  const document = await libraryDocument(await flatPdf(), 'Consent to Care')
  const response = await callRoute(
    dialog.action,
    makeRequest(`/leads/${leadId}/esign?provider=portal`, {
      cookie,
      form: { provider: 'portal', documentId: document.id, placement: 'signature_page', title: 'Consent to Care - Maria Garcia', expirationDays: '14', message: '' },
    }),
    { leadId },
  )
  const request = await prisma.esignRequest.findFirstOrThrow({ where: { leadId, provider: 'portal' }, include: { signers: true } })
  return { response, request, document, signer: request.signers[0]! }
}

async function inviteLink(signerId: string, dedupeKeyPrefix = 'signing-invite:') {
  const emails = await prisma.outboundEmail.findMany({ where: { dedupeKey: { startsWith: `${dedupeKeyPrefix}${signerId}` } }, orderBy: { queuedAt: 'desc' } })
  return emails[0]!.html.match(/href="([^"]+\/sign\/[^"]+)"/)![1]!
}

function onRequestPage(requestId: string, form: Record<string, string>) {
  return callRoute(requestPage.action, makeRequest(`/e-signatures/${requestId}`, { cookie, form }), { requestId })
}

describe('the Portal in the lead’s Send E-Signature Request dialog', () => {
  test('the Portal is always connected; chosen, it offers the library’s PDFs and sends one to the lead by link', async () => {
    const document = await libraryDocument(await flatPdf(), 'Service Agreement')
    const first = (await (await callRoute(dialog.loader, makeRequest(`/leads/${leadId}/esign`, { cookie }), { leadId })).json()) as {
      data: { providers: Array<{ id: string; connected: boolean }> }
      portalPrepareHref: string
    }
    expect(first.data.providers).toContainEqual({ id: 'portal', label: 'Portal', connected: true })
    expect(first.portalPrepareHref).toBe(`/e-signatures/new-portal?person=lead:${leadId}`)
    const chosen = (await (await callRoute(dialog.loader, makeRequest(`/leads/${leadId}/esign?provider=portal`, { cookie }), { leadId })).json()) as {
      data: { provider: string; portalDocuments: Array<{ id: string }> }
    }
    expect(chosen.data.provider).toBe('portal')
    expect(chosen.data.portalDocuments.map((row) => row.id)).toContain(document.id)

    const missing = await callRoute(dialog.action, makeRequest(`/leads/${leadId}/esign?provider=portal`, { cookie, form: { provider: 'portal', title: 'X', expirationDays: '14' } }), { leadId })
    expect(missing.status).toBe(400)
    const refused = (await missing.json()) as { error: Record<string, string[]> }
    expect(refused.error.documentId).toEqual(['Choose a PDF from the library'])
    expect(refused.error.placement).toEqual(['Choose where the signature goes'])

    const { response, request, signer } = await sendFromLeadDialog()
    expect(response.status).toBe(302)
    expect(response.headers.get('location')).toBe(`/leads/${leadId}#esign-request-${request.id}`)
    expect((await toastOf(response))?.description).toContain('through Portal')
    expect(request).toMatchObject({ provider: 'portal', status: 'sent', title: 'Consent to Care - Maria Garcia', sentById: userId })
    expect(signer).toMatchObject({ personType: 'lead', personId: leadId, name: 'Maria Garcia', status: 'sent' })
    expect((await open(tokenOf(await inviteLink(signer.id)))).status).toBe(200)
  })

  test('the providers status API lists the Portal as connected, beside the providers', async () => {
    const response = await callRoute(statusApi.loader, makeRequest('/api/esign/providers/status', { cookie }))
    const body = (await response.json()) as Record<string, { connected: boolean }>
    expect(Object.keys(body)).toEqual(['goformz', 'boldsign', 'portal'])
    expect(body.portal).toEqual({ connected: true })
  })
})

describe('reminders and expiry of a portal request', () => {
  test('Remind e-mails the current signer’s invitation again with the same link, on the timeline and the audit trail', async () => {
    const { request, signer } = await sendFromLeadDialog()
    const link = await inviteLink(signer.id)
    const response = await callRoute(remindApi.action, makeRequest(`/api/esign/requests/${request.id}/remind`, { cookie, method: 'POST' }), { requestId: request.id })
    expect(response.status).toBe(200)
    const reminder = await prisma.outboundEmail.findFirstOrThrow({ where: { dedupeKey: { startsWith: `signing-reminder:${signer.id}` } } })
    expect(reminder).toMatchObject({ toEmail: signer.email, subject: 'Reminder: Please sign: Consent to Care - Maria Garcia' })
    expect(reminder.html).toContain(`href="${link}"`)
    expect(await prisma.esignRequestEvent.count({ where: { requestId: request.id, type: 'reminder_sent', signerId: signer.id } })).toBe(1)
    expect(await prisma.domainEvent.count({ where: { entityId: request.id, type: 'esign_request.reminded' } })).toBe(1)
    expect((await prisma.esignRequest.findUniqueOrThrow({ where: { id: request.id } })).lastReminderAt).not.toBeNull()
  })

  test('three days after sending, the sweep reminds the signer automatically, and not again before a week', async () => {
    const { request, signer } = await sendFromLeadDialog()
    const link = await inviteLink(signer.id)
    await prisma.esignRequest.update({ where: { id: request.id }, data: { sentAt: new Date(Date.now() - 4 * 24 * 60 * 60 * 1000) } })
    await runEsignSweepJob()
    expect((await runJobNow(`${ESIGN_REMIND_JOB}:${request.id}`, runEsignRemindJob))?.outcome).toBe('succeeded')
    const reminders = await prisma.outboundEmail.findMany({ where: { dedupeKey: { startsWith: `signing-reminder:${signer.id}` } } })
    expect(reminders).toHaveLength(1)
    // The same link, at the portal's public address (the sweep has no request to take one from).
    expect(reminders[0]!.html).toContain(`${new URL(link).pathname}"`)
    expect(await prisma.esignRequestEvent.findFirstOrThrow({ where: { requestId: request.id, type: 'reminder_sent' } })).toMatchObject({ detail: expect.stringMatching(/^Automatic/) })
    await runEsignSweepJob()
    expect(await prisma.job.count({ where: { dedupeKey: `${ESIGN_REMIND_JOB}:${request.id}`, status: 'pending' } })).toBe(0)
  })

  test('past its date the sweep expires the request, and its link answers that it has expired', async () => {
    const { request, signer } = await sendFromLeadDialog()
    const token = tokenOf(await inviteLink(signer.id))
    await prisma.esignRequest.update({ where: { id: request.id }, data: { expiresAt: new Date(Date.now() - 60_000) } })
    await runEsignSweepJob()
    expect(await prisma.esignRequest.findUniqueOrThrow({ where: { id: request.id } })).toMatchObject({ status: 'expired' })
    const page = await open(token)
    expect(page.status).toBe(410)
    expect(((await page.json()) as { title: string }).title).toBe('This signing link has expired')
    const remind = await callRoute(remindApi.action, makeRequest(`/api/esign/requests/${request.id}/remind`, { cookie, method: 'POST' }), { requestId: request.id })
    expect(remind.status).toBe(409)
  })
})

describe('revoking a signer’s link and sending a new one', () => {
  test('the revoked link stops working at once; the new link works and the old stays dead', async () => {
    const { request, signer } = await sendFromLeadDialog()
    const oldToken = tokenOf(await inviteLink(signer.id))
    expect((await open(oldToken)).status).toBe(200)

    const confirm = (await (await callRoute(requestPage.loader, makeRequest(`/e-signatures/${request.id}?revoke=${signer.id}`, { cookie }), { requestId: request.id })).json()) as {
      confirmRevoke: string | null
    }
    expect(confirm.confirmRevoke).toBe(signer.id)

    const revoked = await onRequestPage(request.id, { intent: 'revoke-link', signerId: signer.id })
    expect(revoked.status).toBe(302)
    expect((await toastOf(revoked))?.title).toBe('Signing link revoked')
    const dead = await open(oldToken)
    expect(dead.status).toBe(404)
    expect(((await dead.json()) as { title: string }).title).toBe('Signing link not found')
    expect(await prisma.domainEvent.count({ where: { entityId: request.id, type: 'esign_request.link_revoked' } })).toBe(1)
    const page = (await (await callRoute(requestPage.loader, makeRequest(`/e-signatures/${request.id}`, { cookie }), { requestId: request.id })).json()) as {
      signers: Array<{ link: string | null; linkRevokedAt: string | null }>
    }
    expect(page.signers[0]).toMatchObject({ link: null, linkRevokedAt: expect.any(String) })
    // Nothing to remind of: the only link is revoked.
    expect((await onRequestPage(request.id, { intent: 'remind' })).status).toBe(302)
    expect(await prisma.outboundEmail.count({ where: { dedupeKey: { startsWith: `signing-reminder:${signer.id}` } } })).toBe(0)

    const reissued = await onRequestPage(request.id, { intent: 'new-link', signerId: signer.id })
    expect((await toastOf(reissued))?.title).toBe('New signing link sent')
    const newLink = await inviteLink(signer.id, 'signing-invite:')
    const newToken = tokenOf(newLink)
    expect(newToken).not.toBe(oldToken)
    expect((await open(newToken)).status).toBe(200)
    expect((await open(oldToken)).status).toBe(404)
    expect(await prisma.domainEvent.count({ where: { entityId: request.id, type: 'esign_request.link_reissued' } })).toBe(1)
    expect((await signAll(newToken, 'Maria Garcia')).status).toBe(302)
  })

  test('a signer who has signed has no link to revoke', async () => {
    const { request, signer } = await sendFromLeadDialog()
    expect((await signAll(tokenOf(await inviteLink(signer.id)), 'Maria Garcia')).status).toBe(302)
    const refused = await onRequestPage(request.id, { intent: 'revoke-link', signerId: signer.id })
    expect((await toastOf(refused))?.type).toBe('destructive')
  })
})

describe('the signing page’s rate limits', () => {
  test(`more than ${SIGNING_PAGE_LIMITS.load.perToken} loads of one link a minute answer 429 with Retry-After`, async () => {
    const token = crypto.randomBytes(32).toString('base64url')
    for (let index = 0; index < SIGNING_PAGE_LIMITS.load.perToken; index++) expect((await open(token, `192.0.2.${index % 200}`)).status).toBe(404)
    const limited = await open(token)
    expect(limited.status).toBe(429)
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0)
    expect(limited.headers.get('cache-control')).toBe('no-store')
    expect(((await limited.json()) as { title: string }).title).toBe('Too many requests')
  })

  test(`more than ${SIGNING_PAGE_LIMITS.post.perAddress} posts a minute from one address answer 429, whatever the link`, async () => {
    const address = '203.0.113.99'
    for (let index = 0; index < SIGNING_PAGE_LIMITS.post.perAddress; index++) {
      expect((await post(crypto.randomBytes(32).toString('base64url'), { intent: 'decline', reason: 'x' }, address)).status).toBe(404)
    }
    const limited = await post(crypto.randomBytes(32).toString('base64url'), { intent: 'decline', reason: 'x' }, address)
    expect(limited.status).toBe(429)
    expect(limited.headers.get('retry-after')).toMatch(/^\d+$/)
    // Another address is not held up.
    expect((await post(crypto.randomBytes(32).toString('base64url'), { intent: 'decline', reason: 'x' })).status).toBe(404)
  })

  test(`more than ${SIGNING_PAGE_LIMITS.post.perToken} posts to one link a minute answer 429`, async () => {
    const token = crypto.randomBytes(32).toString('base64url')
    for (let index = 0; index < SIGNING_PAGE_LIMITS.post.perToken; index++) expect((await post(token, { intent: 'decline', reason: 'x' })).status).toBe(404)
    expect((await post(token, { intent: 'decline', reason: 'x' })).status).toBe(429)
  })
})

describe('the signed copy on the signer’s record', () => {
  test('a lead’s signed copy is listed on the lead’s page', async () => {
    const { request, signer } = await sendFromLeadDialog()
    expect((await signAll(tokenOf(await inviteLink(signer.id)), 'Maria Garcia')).status).toBe(302)
    const done = await prisma.esignRequest.findUniqueOrThrow({ where: { id: request.id } })
    expect(done.status).toBe('completed')
    const page = (await (await callRoute(leadPage.loader, makeRequest(`/leads/${leadId}`, { cookie }), { leadId })).json()) as {
      documents: Array<{ id: string; name: string }>
    }
    expect(page.documents).toEqual([expect.objectContaining({ id: done.signedDocumentId, name: 'Consent to Care - Maria Garcia (signed)' })])
  })

  test('a patient’s signed copy is listed on the patient’s page', async () => {
    const patient = await prisma.patient.create({
      data: { firstName: 'Rosa', lastName: 'Diaz', dateOfBirth: new Date('1940-02-03'), gender: 'female', email: 'rosa@example.com', phone: '(201) 555-2000', searchText: 'rosa diaz', phoneDigits: '2015552000' },
    })
    const document = await libraryDocument(await flatPdf(), 'Service Agreement')
    const prepared = await preparePortalRequest(
      {
        documentId: document.id,
        title: 'Service Agreement',
        expirationDays: 14,
        signers: [{ name: 'Rosa Diaz', email: 'rosa@example.com', personType: 'patient', personId: patient.id }],
        placement: 'signature_page',
        origin: 'http://localhost',
      },
      testActor(userId),
    )
    expect((await signAll(tokenOf(prepared.firstLink), 'Rosa Diaz')).status).toBe(302)
    const done = await prisma.esignRequest.findUniqueOrThrow({ where: { id: prepared.request.id } })
    const page = (await (await callRoute(patientPage.loader, makeRequest(`/patients/${patient.id}`, { cookie }), { patientId: patient.id })).json()) as {
      documents: Array<{ id: string }>
    }
    expect(page.documents.map((row) => row.id)).toEqual([done.signedDocumentId])
  })

  test('a caregiver’s signed copy is listed on the caregiver’s page', async () => {
    const row = await prisma.caregiver.create({
      data: {
        fullName: 'Ana Lopez',
        email: 'ana@example.com',
        phone: '(201) 555-3000',
        licenseNumber: 'HHA-1234',
        yearsExperience: '3-5',
        searchText: 'ana lopez',
        phoneDigits: '2015553000',
      },
    })
    const document = await libraryDocument(await flatPdf(), 'Caregiver Agreement')
    const prepared = await preparePortalRequest(
      {
        documentId: document.id,
        title: 'Caregiver Agreement',
        expirationDays: 14,
        signers: [{ name: row.fullName, email: 'ana@example.com', personType: 'caregiver', personId: row.id }],
        placement: 'signature_page',
        origin: 'http://localhost',
      },
      testActor(userId),
    )
    expect((await signAll(tokenOf(prepared.firstLink), row.fullName)).status).toBe(302)
    const done = await prisma.esignRequest.findUniqueOrThrow({ where: { id: prepared.request.id } })
    const page = (await (await callRoute(caregiverPage.loader, makeRequest(`/caregivers/${row.id}`, { cookie }), { caregiverId: row.id })).json()) as {
      documents: Array<{ id: string }>
    }
    expect(page.documents.map((entry) => entry.id)).toContain(done.signedDocumentId)
  })
})

function prepareWithUpload(values: Record<string, string>, file: { name: string; bytes: Uint8Array; type: string } | null) {
  const form = new FormData()
  for (const [key, value] of Object.entries(values)) form.append(key, value)
  form.append('upload', file ? new Blob([Buffer.from(file.bytes)], { type: file.type }) : new Blob([]), file?.name ?? '')
  return callRoute(newPortalPage.action, new Request('http://localhost/e-signatures/new-portal', { method: 'POST', body: form, headers: { cookie } }))
}

describe('uploading the PDF on the spot on the portal signing page', () => {
  const details = () => ({ person: `lead:${leadId}`, title: 'Care Plan', expirationDays: '14', placement: 'signature_page', documentId: '' })

  test('an uploaded PDF lands in the library as a normal document and is the one sent', async () => {
    const response = await prepareWithUpload(details(), { name: 'care-plan.pdf', bytes: await flatPdf('Care Plan'), type: 'application/pdf' })
    expect(response.status).toBe(302)
    const request = await prisma.esignRequest.findFirstOrThrow({ where: { leadId, provider: 'portal' }, include: { sourceDocument: true } })
    expect(response.headers.get('location')).toBe(`/e-signatures/${request.id}`)
    expect(request.sourceDocument).toMatchObject({ fileName: 'care-plan.pdf', mimeType: 'application/pdf', category: 'agreements', uploadedById: userId })
    expect(await prisma.domainEvent.count({ where: { entityId: request.sourceDocumentId!, type: 'document.created' } })).toBe(1)
  })

  test('a file that is not a PDF is refused next to the upload field and nothing is stored', async () => {
    const before = await prisma.document.count()
    const response = await prepareWithUpload(details(), { name: 'notes.pdf', bytes: new TextEncoder().encode('plain text, not a PDF'), type: 'application/pdf' })
    expect(response.status).toBe(415)
    const body = (await response.json()) as { error: Record<string, string[]> }
    expect(body.error.upload?.[0]).toMatch(/PDF/)
    expect(await prisma.document.count()).toBe(before)
    expect(await prisma.esignRequest.count({ where: { leadId } })).toBe(0)
  })

  test('with neither a library PDF nor an upload, the document is asked for', async () => {
    const response = await prepareWithUpload(details(), null)
    expect(response.status).toBe(400)
    expect(((await response.json()) as { error: Record<string, string[]> }).error.documentId).toEqual(['Choose a PDF from the library'])
  })
})
