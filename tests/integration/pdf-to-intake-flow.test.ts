import crypto from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import { beforeEach, describe, expect, test } from 'vitest'
import * as converterFrame from '~/routes/_app.pdf-to-form'
import * as converterUpload from '~/routes/_app.pdf-to-form._index'
import * as draftReview from '~/routes/_app.pdf-to-form.$formId'
import * as sendDialog from '~/routes/_app.leads_.$leadId.intake-form'
import * as publicPage from '~/routes/intake-form.$token'
import type { FormField } from '~/features/online-forms/form-fields'
import { SIGNATURE_CONSENT_INPUT, answerInputName } from '~/features/online-forms/intake-rules'
import { hashIntakeToken } from '~/features/online-forms/submissions.server'
import { prisma } from '~/platform/db.server'
import { callRoute, makeRequest, signedInUser } from '#tests/support/fixtures'

/**
 * The whole journey of issue 18 through the routes staff and families use,
 * as plain form posts (what the pages send without JavaScript): a PDF becomes
 * a draft, is created as a portal-hosted form, is sent to a lead, and the
 * family's answers are stored against the lead.
 */

let cookie: string

beforeEach(async () => {
  cookie = (await signedInUser('coordinator')).cookie
  await prisma.rateLimit.deleteMany({ where: { key: { startsWith: 'intake-form:' } } })
})

function redirectedTo(response: Response) {
  expect(response.status, 'a redirect').toBe(302)
  return new URL(response.headers.get('location')!, 'http://localhost').pathname
}

async function draftFromUpload(fileName: string, bytes: Uint8Array) {
  const form = new FormData()
  form.append('intent', 'convert')
  form.append('pdf', new Blob([Buffer.from(bytes)], { type: 'application/pdf' }), fileName)
  const response = await callRoute(converterUpload.action, new Request('http://localhost/pdf-to-form?index', { method: 'POST', body: form, headers: { cookie } }))
  return redirectedTo(response).split('/').pop()!
}

async function draftFromDemo() {
  const response = await callRoute(converterFrame.action, makeRequest('/pdf-to-form', { cookie, form: { intent: 'demo' } }))
  return redirectedTo(response).split('/').pop()!
}

async function createAsPortalForm(formId: string) {
  const response = await callRoute(draftReview.action, makeRequest(`/pdf-to-form/${formId}`, { cookie, form: { intent: 'publish', target: 'portal' } }), { formId })
  expect(response.status).toBeLessThan(400)
  const form = await prisma.onlineForm.findUniqueOrThrow({ where: { id: formId } })
  expect(form).toMatchObject({ status: 'published', provider: 'portal' })
  return { ...form, fields: form.fields as unknown as FormField[] }
}

async function sendToNewLead(formId: string) {
  const suffix = crypto.randomBytes(3).toString('hex')
  const lead = await prisma.lead.create({
    data: { firstName: 'Rosa', lastName: `Flow${suffix}`, email: `rosa-${suffix}@example.com`, phone: '(201) 555-0100', searchText: `rosa flow${suffix}`, phoneDigits: '2015550100' },
  })
  const sent = await callRoute(sendDialog.action, makeRequest(`/leads/${lead.id}/intake-form`, { cookie, form: { formId } }), { leadId: lead.id })
  const shown = await callRoute(sendDialog.loader, makeRequest(sent.headers.get('location')!, { cookie }), { leadId: lead.id })
  const { sent: link } = (await shown.json()) as { sent: { link: string } }
  return { lead, token: new URL(link.link).pathname.split('/').pop()! }
}

/** A plausible answer for every field, by its type. */
function answersFor(fields: FormField[]) {
  const form: Record<string, string | string[]> = {}
  fields.forEach((field, index) => {
    const name = answerInputName(index)
    if (field.options?.length) form[name] = field.type === 'checkbox' ? [field.options[0]!] : field.options[0]!
    else if (field.type === 'checkbox') form[name] = 'on'
    else if (field.type === 'email') form[name] = 'family@example.com'
    else if (field.type === 'tel') form[name] = '(201) 555-0199'
    else if (field.type === 'date') form[name] = '1948-05-02'
    else if (field.type === 'number') form[name] = '3'
    else if (field.type === 'signature') form[name] = 'Rosa Flow'
    else form[name] = `Answer to ${field.label}`.slice(0, 80)
  })
  if (fields.some((field) => field.type === 'signature')) form[SIGNATURE_CONSENT_INPUT] = 'on'
  return form
}

async function fillAndSubmit(token: string, fields: FormField[]) {
  const headers = { 'x-portal-client-address': '203.0.113.9' }
  const opened = await callRoute(publicPage.loader, makeRequest(`/intake-form/${token}`, { headers }), { token })
  expect(opened.status).toBe(200)
  const submitted = await callRoute(publicPage.action, makeRequest(`/intake-form/${token}`, { form: answersFor(fields), headers }), { token })
  expect(submitted.status, JSON.stringify(await submitted.clone().json().catch(() => null))).toBe(302)
}

describe('from a PDF to a filled, stored submission through the hosted form', () => {
  test('the demo: the sample PDF’s fields of every type, answered and signed', async () => {
    const form = await createAsPortalForm(await draftFromDemo())
    expect(new Set(form.fields.map((field) => field.type))).toEqual(
      new Set(['text', 'email', 'tel', 'date', 'number', 'checkbox', 'radio', 'dropdown', 'signature']),
    )
    const { lead, token } = await sendToNewLead(form.id)
    await fillAndSubmit(token, form.fields)

    const stored = await prisma.formSubmission.findUniqueOrThrow({ where: { tokenHash: hashIntakeToken(token) } })
    expect(stored).toMatchObject({ leadId: lead.id, formId: form.id, status: 'signed', signatureName: 'Rosa Flow' })
    expect(Object.keys(stored.submissionData as object).sort()).toEqual(form.fields.map((field) => field.name).sort())
  })

  test('an uploaded flat PDF, as an agency prints its intake form', async () => {
    const bytes = fs.readFileSync(path.join(__dirname, '..', 'fixtures', 'pdf-corpus', 'libreoffice-intake.pdf'))
    const form = await createAsPortalForm(await draftFromUpload('Client Intake.pdf', new Uint8Array(bytes)))
    expect(form.fallbackFields).toBe(false)
    expect(form.fields.length).toBeGreaterThan(5)
    const { lead, token } = await sendToNewLead(form.id)
    await fillAndSubmit(token, form.fields)

    const stored = await prisma.formSubmission.findUniqueOrThrow({ where: { tokenHash: hashIntakeToken(token) } })
    expect(stored.leadId).toBe(lead.id)
    expect(['completed', 'signed']).toContain(stored.status)
    expect(Object.keys(stored.submissionData as object).length).toBe(form.fields.length)
  })
})
