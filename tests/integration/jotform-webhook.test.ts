import { describe, expect, test } from 'vitest'
import { action } from '~/routes/api.webhook.forms.$webhookId'
import type { ExtractedFormSchema } from '~/features/online-forms/form-fields'
import { createOnlineFormDraft, publishOnlineForm } from '~/features/online-forms/online-forms.server'
import { prisma } from '~/platform/db.server'
import { createLead } from '~/features/leads/leads.server'
import { leadSchema } from '~/features/leads/schema'
import { callRoute, signedInUser, testActor } from '#tests/support/fixtures'
import { useEnvironmentKey, useFakeJotform } from '#tests/support/jotform'

const fake = useFakeJotform()

const FIELDS: ExtractedFormSchema['fields'] = [
  { name: 'patient name', type: 'text', label: 'Patient Name', required: true },
  { name: 'email', type: 'email', label: 'Email', required: true },
  { name: 'dob', type: 'date', label: 'Date of Birth', required: false },
  { name: 'services', type: 'checkbox', label: 'Services', required: false, options: ['Bathing', 'Meals'] },
  { name: 'consent', type: 'checkbox', label: 'I agree', required: true },
  { name: 'signature', type: 'signature', label: 'Signature', required: false },
]

/** A form published on the fake Jotform: its row and its Jotform id. */
async function publishedForm() {
  useEnvironmentKey(fake.jotform)
  const { user } = await signedInUser('coordinator')
  const actor = testActor(user.id)
  const schema = { title: 'Intake', totalPages: 1, extractedAt: new Date().toISOString(), fallbackFields: false, fields: FIELDS }
  const draft = await createOnlineFormDraft({ schema, sourceFileName: 'intake.pdf' }, actor)
  const created = await publishOnlineForm(draft.id, { target: 'jotform', origin: 'https://portal.example.com' }, actor)
  const row = await prisma.onlineForm.findUniqueOrThrow({ where: { id: draft.id } })
  return { row, jotformId: created.formId }
}

function deliver(webhookId: string, fields: Record<string, string>) {
  const body = new FormData()
  for (const [name, value] of Object.entries(fields)) body.append(name, value)
  return callRoute(action, new Request(`http://localhost/api/webhook/forms/${webhookId}`, { method: 'POST', body }), { webhookId })
}

function delivery(jotformId: string, submissionId: string) {
  // The posted answers are a lie on purpose: only Jotform's own copy counts.
  return { formID: jotformId, submissionID: submissionId, rawRequest: JSON.stringify({ q1_patientName: 'Forged Name' }) }
}

async function lead(email: string) {
  const { user } = await signedInUser('coordinator')
  return createLead(leadSchema.parse({ firstName: 'Rosa', lastName: 'Diaz', email, phone: '2015550100', status: 'new' }), testActor(user.id))
}

describe('POST /api/webhook/forms/{webhookId}', () => {
  test('stores a confirmed submission once, with its answers by field name, signed, matched to the lead by e-mail', async () => {
    const { row, jotformId } = await publishedForm()
    const email = `rosa.${Date.now()}@example.com`
    const matched = await lead(email)
    const submissionId = fake.jotform.submit(jotformId, {
      patient_name: 'Rosa Diaz',
      email: email.toUpperCase(),
      dob: { month: '3', day: '7', year: '1950' },
      services: ['Meals'],
      consent: ['I agree'],
      signature: 'https://www.jotform.com/uploads/agency/form/sig.png',
    })
    const response = await deliver(row.webhookId, delivery(jotformId, submissionId))
    expect(response.status).toBe(200)
    expect(await response.json()).toEqual({ received: true })
    const stored = await prisma.formSubmission.findUniqueOrThrow({ where: { externalSubmissionId: submissionId } })
    expect(stored).toMatchObject({
      formId: row.id,
      leadId: matched.id,
      leadEmail: email,
      status: 'signed',
      formType: 'intake',
      completedAt: expect.any(Date),
      signedAt: expect.any(Date),
    })
    expect(stored.submissionData).toEqual({
      'patient name': 'Rosa Diaz',
      email: email.toUpperCase(),
      dob: '1950-03-07',
      services: ['Meals'],
      consent: true,
      signature: 'https://www.jotform.com/uploads/agency/form/sig.png',
    })
    const audit = await prisma.auditLog.findFirstOrThrow({ where: { entityType: 'FormSubmission', entityId: stored.id } })
    expect(audit).toMatchObject({ actorKind: 'system', actorLabel: 'jotform-webhook', action: 'create' })
    expect(await prisma.domainEvent.count({ where: { type: 'form_submission.received', entityId: stored.id } })).toBe(1)

    // Jotform delivers again: answered 200, nothing new.
    const replay = await deliver(row.webhookId, delivery(jotformId, submissionId))
    expect(replay.status).toBe(200)
    expect(await replay.json()).toEqual({ received: true, duplicate: true })
    expect(await prisma.formSubmission.count({ where: { externalSubmissionId: submissionId } })).toBe(1)
  })

  test('without a signature it is completed; no matching lead leaves it unmatched', async () => {
    const { row, jotformId } = await publishedForm()
    const submissionId = fake.jotform.submit(jotformId, { patient_name: 'Nobody', email: `nobody.${Date.now()}@example.com` })
    expect((await deliver(row.webhookId, delivery(jotformId, submissionId))).status).toBe(200)
    const stored = await prisma.formSubmission.findUniqueOrThrow({ where: { externalSubmissionId: submissionId } })
    expect(stored).toMatchObject({ status: 'completed', leadId: null, signedAt: null })
  })

  test('an unknown webhook id is 404', async () => {
    const response = await deliver('no-such-webhook-id', delivery('1', '2'))
    expect(response.status).toBe(404)
  })

  test('forged deliveries are refused and store nothing', async () => {
    const { row, jotformId } = await publishedForm()
    const other = await publishedForm()
    const before = await prisma.formSubmission.count()

    // A submission id Jotform does not know.
    expect((await deliver(row.webhookId, delivery(jotformId, '123456789'))).status).toBe(400)
    // Another form's submission, sent to this form's address (claiming either form).
    const foreign = fake.jotform.submit(other.jotformId, { patient_name: 'Someone Else' })
    expect((await deliver(row.webhookId, delivery(jotformId, foreign))).status).toBe(400)
    expect((await deliver(row.webhookId, delivery(other.jotformId, foreign))).status).toBe(400)
    // No submission id at all.
    expect((await deliver(row.webhookId, { formID: jotformId })).status).toBe(400)
    expect(await prisma.formSubmission.count()).toBe(before)
  })

  test('a Jotform outage while confirming is 503, so Jotform delivers again; then it is stored', async () => {
    const { row, jotformId } = await publishedForm()
    const submissionId = fake.jotform.submit(jotformId, { patient_name: 'Later', email: 'later@example.com' })
    fake.jotform.setMode('server-error')
    const response = await deliver(row.webhookId, delivery(jotformId, submissionId))
    expect(response.status).toBe(503)
    expect(response.headers.get('retry-after')).toBe('60')
    expect(await prisma.formSubmission.count({ where: { externalSubmissionId: submissionId } })).toBe(0)
    fake.jotform.setMode('ok')
    expect((await deliver(row.webhookId, delivery(jotformId, submissionId))).status).toBe(200)
    expect(await prisma.formSubmission.count({ where: { externalSubmissionId: submissionId } })).toBe(1)
  })
})
