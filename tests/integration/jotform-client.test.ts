import { describe, expect, test } from 'vitest'
import {
  JOTFORM_QUESTION_TYPES,
  type JotformCredentials,
  JotformError,
  type JotformField,
  addJotformWebhook,
  createJotformForm,
  createJotformFormJson,
  getJotformSubmission,
  getJotformUser,
} from '~/integrations/jotform/client.server'
import { useFakeJotform } from '#tests/support/jotform'

const fake = useFakeJotform()

function credentials(overrides: Partial<JotformCredentials> = {}): JotformCredentials {
  return { apiKey: fake.jotform.apiKey, baseUrl: fake.jotform.url, ...overrides }
}

async function failure(promise: Promise<unknown>) {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  )
  expect(error).toBeInstanceOf(JotformError)
  return error as JotformError
}

const EVERY_TYPE: JotformField[] = [
  { name: 'full name', type: 'text', label: 'Full Name', required: true },
  { name: 'email', type: 'email', label: 'Email', required: true },
  { name: 'phone', type: 'tel', label: 'Phone', required: false },
  { name: 'dob', type: 'date', label: 'Date of Birth', required: true },
  { name: 'hours', type: 'number', label: 'Hours per week', required: false },
  { name: 'services', type: 'checkbox', label: 'Services', required: false, options: ['Bathing', 'Meals'] },
  { name: 'consent', type: 'checkbox', label: 'I agree', required: true },
  { name: 'gender', type: 'radio', label: 'Gender', required: false, options: ['Female', 'Male', 'Other'] },
  { name: 'state', type: 'dropdown', label: 'State', required: false, options: ['NY', 'NJ'] },
  { name: 'signature', type: 'signature', label: 'Signature', required: true },
]

describe('Jotform client against the fake', () => {
  test('creates a form with one question per field, each of its type, required and options', async () => {
    const created = await createJotformForm(credentials(), { title: 'Client Intake', fields: EVERY_TYPE })
    expect(created.url).toBe(`https://form.jotform.com/${created.id}`)
    const form = fake.jotform.forms.find((candidate) => candidate.id === created.id)!
    expect(form.title).toBe('Client Intake')
    expect(form.createdWith).toBe('POST')
    expect(form.questions.map((question) => question.type)).toEqual(EVERY_TYPE.map((field) => JOTFORM_QUESTION_TYPES[field.type]))
    expect(new Set(form.questions.map((question) => question.type)).size).toBe(9)
    expect(form.questions[0]).toMatchObject({ qid: '1', text: 'Full Name', name: 'full_name', required: 'Yes', order: '1' })
    expect(form.questions[2]).toMatchObject({ required: 'No' })
    expect(form.questions[5]!.options).toBe('Bathing|Meals')
    // A lone checkbox is one option: its own label.
    expect(form.questions[6]!.options).toBe('I agree')
    expect(form.questions[7]!.options).toBe('Female|Male|Other')
    expect(form.questions[0]!.options).toBeUndefined()
  })

  test('creates the same form with PUT and JSON', async () => {
    const created = await createJotformFormJson(credentials(), { title: 'JSON form', fields: EVERY_TYPE.slice(0, 3) })
    const form = fake.jotform.forms.find((candidate) => candidate.id === created.id)!
    expect(form.createdWith).toBe('PUT')
    expect(form.questions.map((question) => question.type)).toEqual(['control_textbox', 'control_email', 'control_phone'])
  })

  test('registers a webhook and reads a submission back by id', async () => {
    const created = await createJotformForm(credentials(), { title: 'Intake', fields: EVERY_TYPE.slice(0, 2) })
    await addJotformWebhook(credentials(), created.id, 'https://portal.example.com/api/webhook/forms/abc')
    expect(fake.jotform.forms[0]!.webhooks).toEqual(['https://portal.example.com/api/webhook/forms/abc'])
    const submissionId = fake.jotform.submit(created.id, { full_name: 'Ann Lee', email: 'ann@example.com' })
    const submission = await getJotformSubmission(credentials(), submissionId)
    expect(submission.id).toBe(submissionId)
    expect(submission.formId).toBe(created.id)
    expect(submission.answers['1']).toMatchObject({ name: 'full_name', type: 'control_textbox', answer: 'Ann Lee' })
    expect(submission.answers['2']).toMatchObject({ name: 'email', answer: 'ann@example.com' })
  })

  test('checks a key with GET /user', async () => {
    expect(await getJotformUser(credentials())).toEqual({ username: 'agency' })
    expect(fake.jotform.requests).toEqual(['GET /user'])
  })

  test('a wrong key is an auth error whose message names the API key, and never the key', async () => {
    const error = await failure(getJotformUser(credentials({ apiKey: 'wrong-key-123456' })))
    expect(error.kind).toBe('auth')
    expect(error.status).toBe(401)
    expect(error.message).toContain('API key')
    expect(error.message).not.toContain('wrong-key-123456')
    expect((await failure(createJotformForm(credentials({ apiKey: 'nope-nope' }), { title: 'x', fields: EVERY_TYPE }))).kind).toBe('auth')
  })

  test('an unknown submission is not_found', async () => {
    const error = await failure(getJotformSubmission(credentials(), '999'))
    expect(error.kind).toBe('not_found')
  })

  test('an outage, an unreachable address and a timeout are retryable unavailability', async () => {
    fake.jotform.setMode('server-error')
    const outage = await failure(createJotformForm(credentials(), { title: 'x', fields: EVERY_TYPE }))
    expect(outage).toMatchObject({ kind: 'unavailable', status: 503, retryable: true })
    fake.jotform.setMode('ok')

    const unreachable = await failure(getJotformUser(credentials({ baseUrl: 'http://127.0.0.1:9' })))
    expect(unreachable.kind).toBe('unavailable')
    expect(unreachable.message).toBe('Jotform could not be reached')

    fake.jotform.setMode('timeout')
    const timeout = await failure(getJotformUser(credentials(), { timeoutMs: 150 }))
    expect(timeout.kind).toBe('unavailable')
    expect(timeout.message).toBe('Jotform did not answer within 150 ms')
  })

  test('a webhook Jotform fails to register is an error', async () => {
    const created = await createJotformForm(credentials(), { title: 'Intake', fields: EVERY_TYPE.slice(0, 1) })
    fake.jotform.setMode('webhook-failure')
    const error = await failure(addJotformWebhook(credentials(), created.id, 'https://portal.example.com/x'))
    expect(error.kind).toBe('unavailable')
  })
})
