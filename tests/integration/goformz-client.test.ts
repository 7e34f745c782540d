import { describe, expect, test } from 'vitest'
import {
  GoformzError,
  createGoformzForm,
  findGoformzFormByName,
  getGoformzForm,
  listGoformzTemplates,
} from '~/integrations/goformz/client.server'
import type { GoformzCredentials } from '~/integrations/goformz/settings.server'
import { useFakeGoformz } from '#tests/support/goformz'

const fake = useFakeGoformz()

function credentials(overrides: Partial<GoformzCredentials> = {}): GoformzCredentials {
  const { goformz } = fake
  return { baseUrl: goformz.apiUrl, tokenUrl: goformz.tokenUrl, clientId: goformz.clientId, clientSecret: goformz.clientSecret, ...overrides }
}

async function failure(promise: Promise<unknown>) {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  )
  expect(error).toBeInstanceOf(GoformzError)
  return error as GoformzError
}

describe('GoFormz client against the fake', () => {
  test('lists templates with whether each can be signed, signing in once for several calls', async () => {
    const templates = await listGoformzTemplates(credentials())
    expect(templates).toEqual([
      { id: 'tmpl-intake', name: 'Client Intake Packet', hasESignature: true },
      { id: 'tmpl-hipaa', name: 'HIPAA Acknowledgement', hasESignature: true },
      { id: 'tmpl-survey', name: 'Satisfaction Survey', hasESignature: false },
    ])
    await listGoformzTemplates(credentials())
    expect(fake.goformz.tokenRequests()).toBe(1)
  })

  test('a token GoFormz no longer accepts is replaced once, on the 401', async () => {
    await listGoformzTemplates(credentials())
    const before = fake.goformz.tokenRequests()
    fake.goformz.revokeTokens()
    expect(await listGoformzTemplates(credentials())).toHaveLength(3)
    expect(fake.goformz.tokenRequests()).toBe(before + 1)
  })

  test('creates a form from a template with the fields filled and the assignment, and reads it back', async () => {
    const { formId } = await createGoformzForm(credentials(), {
      templateId: 'tmpl-intake',
      name: 'Healthcare Form - Maria Garcia',
      fields: { patient_name: { value: 'Maria Garcia', type: 'Text' } },
      assignment: { id: 'user-42', type: 'User' },
    })
    expect(fake.goformz.forms).toEqual([
      expect.objectContaining({
        formId,
        templateId: 'tmpl-intake',
        name: 'Healthcare Form - Maria Garcia',
        fields: { patient_name: { value: 'Maria Garcia', type: 'Text' } },
        assignment: { id: 'user-42', type: 'User' },
      }),
    ])
    expect(await getGoformzForm(credentials(), formId)).toMatchObject({ id: formId, status: 'Draft' })
    expect(await findGoformzFormByName(credentials(), 'tmpl-intake', 'Healthcare Form - Maria Garcia')).toEqual({ formId })
    expect(await findGoformzFormByName(credentials(), 'tmpl-intake', 'Another')).toBeNull()
  })

  test('wrong credentials: refused, not worth retrying, and the secret is in no message', async () => {
    const error = await failure(listGoformzTemplates(credentials({ clientSecret: 'wrong-secret-value' })))
    expect(error.message).toBe('GoFormz rejected the API key and secret (400)')
    expect(error.retryable).toBe(false)
  })

  test('a refusal carries GoFormz’s reason without any credential it echoed', async () => {
    fake.goformz.setRefusal(`Bad client ${fake.goformz.clientSecret}`)
    await listGoformzTemplates(credentials())
    fake.goformz.setMode('bad-request')
    const error = await failure(createGoformzForm(credentials(), { templateId: 'tmpl-intake', name: 'x', fields: {}, assignment: null }))
    expect(error.message).toBe('GoFormz refused the request (400): Bad client [redacted]')
    expect(error.message).not.toContain(fake.goformz.clientSecret)
    expect(error.retryable).toBe(false)
  })

  test('an outage is worth retrying', async () => {
    fake.goformz.setMode('server-error')
    const error = await failure(listGoformzTemplates(credentials()))
    expect(error.message).toContain('(503)')
    expect(error.retryable).toBe(true)
    expect(error.uncertain).toBe(false)
  })

  test('a timeout is worth retrying and marked uncertain: the form may exist', async () => {
    await listGoformzTemplates(credentials())
    fake.goformz.setMode('timeout')
    const error = await failure(createGoformzForm(credentials(), { templateId: 'tmpl-intake', name: 'Lost answer', fields: {}, assignment: null }))
    expect(error.message).toBe('GoFormz did not answer within 500 ms')
    expect(error).toMatchObject({ retryable: true, uncertain: true })
    fake.goformz.setMode('ok')
    expect(fake.goformz.forms.map((form) => form.name)).toEqual(['Lost answer'])
  })

  test('no server at the address', async () => {
    const error = await failure(listGoformzTemplates(credentials({ tokenUrl: 'http://127.0.0.1:9/connect/token' })))
    expect(error).toMatchObject({ message: 'GoFormz could not be reached', retryable: true })
  })
})
