import crypto from 'node:crypto'
import { beforeEach, describe, expect, test } from 'vitest'
import * as publicPage from '~/routes/intake-form.$token'
import * as sendDialog from '~/routes/_app.leads_.$leadId.intake-form'
import * as applyDialog from '~/routes/_app.leads_.$leadId.form-answers.$submissionId'
import * as leadPage from '~/routes/_app.leads_.$leadId'
import * as api from '~/routes/api.form-submissions'
import * as settingsTab from '~/routes/_app.settings.email-templates'
import type { FormField } from '~/features/online-forms/form-fields'
import { DEMO_INTAKE_FORM_TITLE, demoId, seedDemoData } from '~/features/demo-data.server'
import { createOnlineFormDraft } from '~/features/online-forms/online-forms.server'
import { hashIntakeToken, sendFormToLead } from '~/features/online-forms/submissions.server'
import { prisma } from '~/platform/db.server'
import { callRoute, makeRequest, signedInUser, testActor } from '#tests/support/fixtures'

const FIELDS: FormField[] = [
  { name: 'first_name', type: 'text', label: 'First Name', required: true },
  { name: 'email', type: 'email', label: 'Email', required: true },
  { name: 'home_phone', type: 'tel', label: 'Phone', required: false },
  { name: 'city', type: 'text', label: 'City', required: false },
  { name: 'zip', type: 'text', label: 'ZIP Code', required: false },
  { name: 'dob', type: 'date', label: 'Date of Birth', required: false },
  { name: 'care', type: 'radio', label: 'Care needed', required: true, options: ['Personal care', 'Companionship'] },
  { name: 'emergency_phone', type: 'tel', label: 'Emergency Contact Phone', required: false },
]
const SIGNED_FIELDS: FormField[] = [...FIELDS, { name: 'signature', type: 'signature', label: 'Signature', required: true }]

let cookie: string
let userId: string

async function publishedForm(fields: FormField[] = FIELDS, title = 'Home Care Intake') {
  const draft = await createOnlineFormDraft(
    { schema: { title, fields, totalPages: 1, extractedAt: new Date().toISOString(), fallbackFields: false }, sourceFileName: 'intake.pdf' },
    testActor(userId),
  )
  await prisma.onlineForm.update({ where: { id: draft.id }, data: { status: 'published', publishedAt: new Date() } })
  return draft
}

async function makeLead(overrides: Partial<{ city: string | null; zipCode: string | null; phone: string }> = {}) {
  const suffix = crypto.randomBytes(3).toString('hex')
  return prisma.lead.create({
    data: {
      firstName: 'Rosa',
      lastName: `Intake${suffix}`,
      email: `rosa-${suffix}@example.com`,
      phone: overrides.phone ?? '(201) 555-0100',
      city: overrides.city ?? null,
      zipCode: overrides.zipCode ?? null,
      searchText: `rosa intake${suffix}`,
      phoneDigits: '2015550100',
    },
  })
}

/** Sends through the lead page's dialog as a coordinator would; returns the token from the link it shows. */
async function sendThroughDialog(leadId: string, formId: string) {
  const sent = await callRoute(sendDialog.action, makeRequest(`/leads/${leadId}/intake-form?redirectTo=/leads/${leadId}`, { cookie, form: { formId } }), { leadId })
  expect(sent.status).toBe(302)
  const next = sent.headers.get('location')!
  expect(next).toMatch(/sent=/)
  const shown = await callRoute(sendDialog.loader, makeRequest(next, { cookie }), { leadId })
  const data = (await shown.json()) as { sent: { link: string } }
  const link = new URL(data.sent.link)
  expect(link.origin).toBe('http://localhost')
  expect(link.pathname).toMatch(/^\/intake-form\/[A-Za-z0-9_-]{43}$/)
  return link.pathname.split('/').pop()!
}

function openPublic(token: string, query = '') {
  return callRoute(publicPage.loader, makeRequest(`/intake-form/${token}${query}`, { headers: { 'x-portal-client-address': '203.0.113.7' } }), { token })
}

function submitPublic(token: string, form: Record<string, string | string[]>) {
  return callRoute(publicPage.action, makeRequest(`/intake-form/${token}`, { form, headers: { 'x-portal-client-address': '203.0.113.7' } }), { token })
}

const VALID_ANSWERS = { f0: 'Rosa', f1: 'rosa.new@example.com', f2: '(201) 555-0199', f3: 'Newark', f4: '07102', f5: '1948-05-02', f6: 'Personal care', f7: '(201) 555-0911' }

beforeEach(async () => {
  const signedIn = await signedInUser('coordinator')
  cookie = signedIn.cookie
  userId = signedIn.user.id
  await prisma.rateLimit.deleteMany({ where: { key: { startsWith: 'intake-form:' } } })
})

describe('sending a form to a lead', () => {
  test('creates a sent submission with a hashed, encrypted, expiring token, audited with its event', async () => {
    const form = await publishedForm()
    const lead = await makeLead()
    const token = await sendThroughDialog(lead.id, form.id)
    const row = await prisma.formSubmission.findUniqueOrThrow({ where: { tokenHash: hashIntakeToken(token) } })
    expect(row).toMatchObject({ leadId: lead.id, leadEmail: lead.email, formType: 'intake', status: 'sent', emailSent: false, formId: form.id })
    expect(row.tokenCiphertext).not.toContain(token)
    const days = (row.expiresAt!.getTime() - row.sentAt.getTime()) / 86_400_000
    expect(days).toBeCloseTo(14, 1)
    const event = await prisma.domainEvent.findFirst({ where: { type: 'form_submission.sent', entityId: row.id } })
    expect(event).not.toBeNull()
    expect(await prisma.auditLog.count({ where: { entityType: 'FormSubmission', entityId: row.id, action: 'create' } })).toBe(1)
  })

  test('only a published form, and only to a lead that exists', async () => {
    const lead = await makeLead()
    const draft = await createOnlineFormDraft(
      { schema: { title: 'Draft', fields: FIELDS, totalPages: 1, extractedAt: new Date().toISOString(), fallbackFields: false }, sourceFileName: null },
      testActor(userId),
    )
    const refused = await callRoute(sendDialog.action, makeRequest(`/leads/${lead.id}/intake-form`, { cookie, form: { formId: draft.id } }), { leadId: lead.id })
    expect(refused.status).toBe(400)
    expect(JSON.stringify(await refused.json())).toContain('Choose a published form to send')
    const form = await publishedForm()
    await expect(sendFormToLead({ leadId: crypto.randomUUID(), formId: form.id, origin: 'http://x' }, testActor(userId))).rejects.toMatchObject({ name: 'NotFoundError' })
  })
})

describe('the public page', () => {
  test('opening shows the title and fields only, marks the submission viewed once, and is not indexed', async () => {
    const form = await publishedForm()
    const lead = await makeLead()
    const token = await sendThroughDialog(lead.id, form.id)
    const response = await openPublic(token)
    expect(response.status).toBe(200)
    expect(response.headers.get('X-Robots-Tag')).toContain('noindex')
    expect(response.headers.get('Referrer-Policy')).toBe('same-origin')
    const data = await response.json()
    expect(data).toEqual({ state: 'form', title: 'Home Care Intake', fields: FIELDS })
    // Nothing about the lead or the agency's other records.
    const text = JSON.stringify(data)
    for (const secret of [lead.lastName, lead.email, lead.phone, lead.id, form.id, 'Healthcare']) expect(text).not.toContain(secret)
    const row = await prisma.formSubmission.findUniqueOrThrow({ where: { tokenHash: hashIntakeToken(token) } })
    expect(row.status).toBe('viewed')
    expect(row.viewedAt).not.toBeNull()
    await openPublic(token)
    const audits = await prisma.auditLog.findMany({ where: { entityType: 'FormSubmission', entityId: row.id, action: 'update' } })
    expect(audits).toHaveLength(1)
    expect(audits[0]!.actorKind).toBe('respondent')
    expect(audits[0]!.ipAddress).toBe('203.0.113.7')
    expect(publicPage.meta({} as never)).toContainEqual({ name: 'robots', content: 'noindex, nofollow' })
  })

  test('an unknown or malformed token is a 404 that says nothing more', async () => {
    for (const token of [crypto.randomBytes(32).toString('base64url'), 'short', '../../etc']) {
      const response = await openPublic(token)
      expect(response.status).toBe(404)
      expect(await response.json()).toEqual({ state: 'unavailable', title: 'Form not found', message: 'This form link is not valid' })
    }
  })

  test('wrong answers come back next to their fields with the values kept; nothing is stored', async () => {
    const form = await publishedForm()
    const lead = await makeLead()
    const token = await sendThroughDialog(lead.id, form.id)
    const response = await submitPublic(token, { ...VALID_ANSWERS, f1: 'not-an-email', f6: 'Gardening', f5: '1948-02-31' })
    expect(response.status).toBe(400)
    const body = (await response.json()) as { result: { error: Record<string, string[]>; initialValue: Record<string, unknown> } }
    expect(body.result.error).toEqual({
      f1: ['Enter a valid email address, like name@example.com'],
      f5: ['Enter a valid date'],
      f6: ['Choose one of the listed answers'],
    })
    expect(body.result.initialValue.f0).toBe('Rosa')
    const row = await prisma.formSubmission.findUniqueOrThrow({ where: { tokenHash: hashIntakeToken(token) } })
    expect(row.submissionData).toBeNull()
  })

  test('a submit stores the answers as completed; a second submit of the same link is refused', async () => {
    const form = await publishedForm()
    const lead = await makeLead()
    const token = await sendThroughDialog(lead.id, form.id)
    const response = await submitPublic(token, VALID_ANSWERS)
    expect(response.status).toBe(302)
    expect(response.headers.get('location')).toBe(`/intake-form/${token}?submitted=1`)
    const row = await prisma.formSubmission.findUniqueOrThrow({ where: { tokenHash: hashIntakeToken(token) } })
    expect(row.status).toBe('completed')
    expect(row.completedAt).not.toBeNull()
    expect(row.viewedAt).not.toBeNull()
    expect(row.submissionData).toEqual({
      first_name: 'Rosa',
      email: 'rosa.new@example.com',
      home_phone: '(201) 555-0199',
      city: 'Newark',
      zip: '07102',
      dob: '1948-05-02',
      care: 'Personal care',
      emergency_phone: '(201) 555-0911',
    })
    expect(await prisma.domainEvent.count({ where: { type: 'form_submission.completed', entityId: row.id } })).toBe(1)

    const confirmation = await openPublic(token, '?submitted=1')
    expect(await confirmation.json()).toEqual({ state: 'submitted' })
    const again = await submitPublic(token, VALID_ANSWERS)
    expect(again.status).toBe(410)
    expect(await again.json()).toMatchObject({ title: 'This form has already been submitted' })
    const reopened = await openPublic(token)
    expect(reopened.status).toBe(410)
    // Two submits at once: one is stored, the other refused.
    const other = await sendThroughDialog(lead.id, form.id)
    const both = await Promise.all([submitPublic(other, VALID_ANSWERS), submitPublic(other, { ...VALID_ANSWERS, f3: 'Trenton' })])
    expect(both.map((answer) => answer.status).sort()).toEqual([302, 410])
  })

  test('a form with a signature needs the typed name and the consent, and is stored as signed', async () => {
    const form = await publishedForm(SIGNED_FIELDS, 'Consent to Care')
    const lead = await makeLead()
    const token = await sendThroughDialog(lead.id, form.id)
    const missing = await submitPublic(token, VALID_ANSWERS)
    expect(((await missing.json()) as { result: { error: Record<string, string[]> } }).result.error).toEqual({
      f8: ['Type your full name to sign'],
      signatureConsent: ['Check the box to agree to sign electronically'],
    })
    const signed = await submitPublic(token, { ...VALID_ANSWERS, f8: 'Rosa Alvarez', signatureConsent: 'yes' })
    expect(signed.status).toBe(302)
    const row = await prisma.formSubmission.findUniqueOrThrow({ where: { tokenHash: hashIntakeToken(token) } })
    expect(row).toMatchObject({ status: 'signed', signatureName: 'Rosa Alvarez' })
    expect(row.signedAt).not.toBeNull()
  })

  test('an expired link says so and stores nothing', async () => {
    const form = await publishedForm()
    const lead = await makeLead()
    const token = await sendThroughDialog(lead.id, form.id)
    await prisma.formSubmission.update({ where: { tokenHash: hashIntakeToken(token) }, data: { expiresAt: new Date(Date.now() - 1000) } })
    const opened = await openPublic(token)
    expect(opened.status).toBe(410)
    expect(await opened.json()).toMatchObject({ title: 'This link has expired' })
    const submitted = await submitPublic(token, VALID_ANSWERS)
    expect(submitted.status).toBe(410)
    const row = await prisma.formSubmission.findUniqueOrThrow({ where: { tokenHash: hashIntakeToken(token) } })
    expect(row.status).toBe('sent')
  })

  test('too many requests from one address are refused with 429', async () => {
    await prisma.rateLimit.create({ data: { key: 'intake-form:address:203.0.113.7', count: 500, windowStart: new Date() } })
    const response = await openPublic(crypto.randomBytes(32).toString('base64url'))
    expect(response.status).toBe(429)
    expect(response.headers.get('Retry-After')).toMatch(/^\d+$/)
  })
})

describe('answers on the lead page', () => {
  test('the Forms section shows the answers; Update lead fills only the empty fields on confirmation', async () => {
    const form = await publishedForm()
    const lead = await makeLead({ city: 'Hoboken' })
    const token = await sendThroughDialog(lead.id, form.id)
    await submitPublic(token, VALID_ANSWERS)
    const page = await callRoute(leadPage.loader, makeRequest(`/leads/${lead.id}`, { cookie }), { leadId: lead.id })
    const { formSubmissions } = (await page.json()) as { formSubmissions: Array<{ id: string; status: string; answers: Array<{ label: string; value: string }> }> }
    expect(formSubmissions).toHaveLength(1)
    expect(formSubmissions[0]!.status).toBe('completed')
    expect(formSubmissions[0]!.answers).toContainEqual({ label: 'Care needed', value: 'Personal care' })
    const submissionId = formSubmissions[0]!.id

    const preview = await callRoute(applyDialog.loader, makeRequest(`/leads/${lead.id}/form-answers/${submissionId}`, { cookie }), { leadId: lead.id, submissionId })
    const { updates } = (await preview.json()) as { updates: Array<{ field: string; value: string }> }
    // Name, e-mail, phone and city are filled already; the emergency phone is someone else's.
    expect(updates).toEqual([expect.objectContaining({ field: 'zipCode', value: '07102' })])

    const applied = await callRoute(
      applyDialog.action,
      makeRequest(`/leads/${lead.id}/form-answers/${submissionId}`, { cookie, form: { fields: ['zipCode', 'city'] } }),
      { leadId: lead.id, submissionId },
    )
    expect(applied.status).toBe(302)
    const after = await prisma.lead.findUniqueOrThrow({ where: { id: lead.id } })
    expect(after).toMatchObject({ zipCode: '07102', city: 'Hoboken', email: lead.email, phone: lead.phone, firstName: 'Rosa' })
    const row = await prisma.formSubmission.findUniqueOrThrow({ where: { id: submissionId } })
    expect(row.appliedToLeadAt).not.toBeNull()
    expect(await prisma.auditLog.count({ where: { entityType: 'Lead', entityId: lead.id, action: 'update' } })).toBe(1)

    const nothingLeft = await callRoute(
      applyDialog.action,
      makeRequest(`/leads/${lead.id}/form-answers/${submissionId}`, { cookie, form: { fields: 'zipCode' } }),
      { leadId: lead.id, submissionId },
    )
    expect(nothingLeft.status).toBe(400)
  })

  test('a viewer cannot send a form', async () => {
    const viewer = await signedInUser('viewer')
    const lead = await makeLead()
    const form = await publishedForm()
    const response = await callRoute(sendDialog.action, makeRequest(`/leads/${lead.id}/intake-form`, { cookie: viewer.cookie, form: { formId: form.id } }), { leadId: lead.id })
    expect(response.status).toBe(403)
  })
})

describe('GET /api/form-submissions and the settings list', () => {
  test('filters by status, form type and lead, pages, and answers the spec’s fields', async () => {
    await prisma.formSubmission.deleteMany()
    const form = await publishedForm()
    const [first, second] = [await makeLead(), await makeLead()]
    const tokens = [await sendThroughDialog(first.id, form.id), await sendThroughDialog(first.id, form.id), await sendThroughDialog(second.id, form.id)]
    await submitPublic(tokens[0]!, VALID_ANSWERS)

    const get = async (query: string) => {
      const response = await callRoute(api.loader, makeRequest(`/api/form-submissions${query}`, { cookie }))
      expect(response.status).toBe(200)
      return { total: Number(response.headers.get('X-Total-Count')), rows: (await response.json()) as Array<Record<string, unknown>> }
    }
    const all = await get('')
    expect(all.total).toBe(3)
    expect(Object.keys(all.rows[0]!)).toEqual(
      expect.arrayContaining(['id', 'leadId', 'leadEmail', 'formType', 'status', 'emailSent', 'sentAt', 'viewedAt', 'completedAt', 'submissionData', 'submissionToken']),
    )
    expect((await get('?status=completed')).rows.map((row) => row.submissionToken)).toEqual([tokens[0]])
    expect((await get(`?leadId=${second.id}`)).rows.map((row) => row.leadId)).toEqual([second.id])
    expect((await get('?formType=welcome')).total).toBe(0)
    const paged = await get('?pageSize=2&page=2')
    expect(paged).toMatchObject({ total: 3 })
    expect(paged.rows).toHaveLength(1)
    expect((await get('?pageSize=2&page=9')).rows).toEqual([])

    const anonymous = await callRoute(api.loader, makeRequest('/api/form-submissions'))
    expect(anonymous.status).toBe(401)

    const tab = await callRoute(settingsTab.loader, makeRequest('/settings/email-templates?status=sent', { cookie }))
    const { submissions } = (await tab.json()) as { submissions: { total: number; rows: Array<{ leadId: string; emailSent: boolean; link: string }> } }
    expect(submissions.total).toBe(2)
    expect(submissions.rows.every((row) => row.emailSent === false && row.link.startsWith('http://localhost/intake-form/'))).toBe(true)
  })
})

describe('demo data', () => {
  test('a published demo intake form with a waiting and a signed submission, seeded once', async () => {
    await seedDemoData()
    await seedDemoData()
    const forms = await prisma.onlineForm.findMany({ where: { title: DEMO_INTAKE_FORM_TITLE } })
    expect(forms).toHaveLength(1)
    expect(forms[0]!.status).toBe('published')
    const submissions = await prisma.formSubmission.findMany({ where: { formId: demoId('online-form:intake') }, orderBy: { sentAt: 'asc' } })
    expect(submissions.map((row) => row.status)).toEqual(['signed', 'viewed'])
    // The waiting one's link opens the form.
    const page = await callRoute(leadPage.loader, makeRequest(`/leads/${submissions[1]!.leadId}`, { cookie }), { leadId: submissions[1]!.leadId! })
    const { formSubmissions } = (await page.json()) as { formSubmissions: Array<{ link: string }> }
    const token = new URL(formSubmissions[0]!.link).pathname.split('/').pop()!
    expect((await openPublic(token)).status).toBe(200)
  })
})
