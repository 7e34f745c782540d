import { beforeEach, describe, expect, test } from 'vitest'
import { action, loader } from '~/routes/_app.settings.general'
import { getJotformConfig } from '~/integrations/jotform/settings.server'
import { getJotformStatus } from '~/integrations/jotform/status.server'
import { prisma } from '~/platform/db.server'
import { callRoute, makeRequest, signedInUser, toastOf } from '#tests/support/fixtures'
import { useEnvironmentKey, useFakeJotform } from '#tests/support/jotform'

const fake = useFakeJotform()

async function post(cookie: string, values: Record<string, string>) {
  return callRoute(action, makeRequest('/settings/general', { cookie, form: values }))
}

async function view(cookie: string) {
  const response = await callRoute(loader, makeRequest('/settings/general', { cookie }))
  const text = await response.text()
  return { text, body: JSON.parse(text) }
}

beforeEach(async () => {
  await prisma.integrationSetting.deleteMany({ where: { provider: 'jotform' } })
})

describe('Settings → General: Jotform', () => {
  test('saves the key encrypted and never sends it back; the audit names no secret', async () => {
    const { cookie } = await signedInUser('admin')
    const response = await post(cookie, { intent: 'jotform-save', apiKey: fake.jotform.apiKey, region: 'eu' })
    expect(response.status).toBe(302)
    expect(await toastOf(response)).toMatchObject({ title: 'Jotform settings saved' })

    const row = await prisma.integrationSetting.findUniqueOrThrow({ where: { provider: 'jotform' } })
    expect(row.secrets).not.toContain(fake.jotform.apiKey)
    expect(JSON.stringify(row.config)).not.toContain(fake.jotform.apiKey)

    const { text, body } = await view(cookie)
    expect(text).not.toContain(fake.jotform.apiKey)
    expect(body.jotform).toEqual({
      region: 'eu',
      hasSavedKey: true,
      source: 'settings',
      connectionStatus: 'unknown',
      lastTestedAt: null,
      errorMessage: null,
    })
    const audit = await prisma.auditLog.findFirstOrThrow({ where: { entityType: 'IntegrationSetting', entityId: 'jotform' }, orderBy: { createdAt: 'desc' } })
    expect(JSON.stringify(audit.details)).not.toContain(fake.jotform.apiKey)
    expect(audit.details).toMatchObject({ region: 'eu', apiKeyChanged: true })
    // JOTFORM_API_BASE_URL (the fake) replaces the region's address.
    expect(await getJotformConfig()).toMatchObject({ apiKey: fake.jotform.apiKey, baseUrl: fake.jotform.url, region: 'eu', source: 'settings' })
  })

  test('a blank key keeps the saved one; Remove key forgets it', async () => {
    const { cookie } = await signedInUser('admin')
    await post(cookie, { intent: 'jotform-save', apiKey: fake.jotform.apiKey, region: 'standard' })
    expect((await post(cookie, { intent: 'jotform-save', apiKey: '', region: 'standard' })).status).toBe(302)
    expect((await getJotformConfig())?.apiKey).toBe(fake.jotform.apiKey)

    const removed = await post(cookie, { intent: 'jotform-save', apiKey: '', region: 'standard', removeKey: 'on' })
    expect(await toastOf(removed)).toMatchObject({ title: 'Jotform API key removed' })
    expect(await getJotformConfig()).toBeNull()
    expect((await view(cookie)).body.jotform).toMatchObject({ hasSavedKey: false, source: 'none' })
  })

  test('a saved key is not sent to another region without being entered again', async () => {
    const { cookie } = await signedInUser('admin')
    await post(cookie, { intent: 'jotform-save', apiKey: fake.jotform.apiKey, region: 'standard' })
    const response = await post(cookie, { intent: 'jotform-save', apiKey: '', region: 'hipaa' })
    expect(response.status).toBe(400)
    expect((await response.json()).error.apiKey).toEqual(['Enter the API key again to use it in another region'])
    expect((await getJotformConfig())?.region).toBe('standard')
  })

  test('messages next to the fields for a bad region or key', async () => {
    const { cookie } = await signedInUser('admin')
    const response = await post(cookie, { intent: 'jotform-save', apiKey: 'bad key!', region: 'moon' })
    expect(response.status).toBe(400)
    const reply = await response.json()
    expect(reply.error.region).toEqual(['Choose the region of your Jotform account'])
    expect(reply.error.apiKey).toEqual(['A Jotform API key has letters and digits only'])
    // The typed key is not echoed back.
    expect(JSON.stringify(reply)).not.toContain('bad key!')
  })

  test('the environment supplies the key when nothing is saved', async () => {
    const { cookie } = await signedInUser('admin')
    expect(await getJotformConfig()).toBeNull()
    useEnvironmentKey(fake.jotform)
    expect(await getJotformConfig()).toMatchObject({ apiKey: fake.jotform.apiKey, region: 'standard', source: 'environment' })
    expect((await view(cookie)).body.jotform).toMatchObject({ hasSavedKey: false, source: 'environment' })
  })

  test('Test connection calls Jotform and records the outcome of the key in use', async () => {
    const { cookie } = await signedInUser('admin')
    await post(cookie, { intent: 'jotform-save', apiKey: fake.jotform.apiKey, region: 'standard' })
    const ok = await post(cookie, { intent: 'jotform-test', apiKey: '', region: 'standard' })
    expect(await toastOf(ok)).toMatchObject({ title: 'Connected to Jotform', description: 'Signed in as agency' })
    expect(fake.jotform.requests).toContain('GET /user')
    expect((await view(cookie)).body.jotform.connectionStatus).toBe('connected')

    const refused = await post(cookie, { intent: 'jotform-test', apiKey: 'another-wrong-key', region: 'standard' })
    expect(await toastOf(refused)).toMatchObject({ title: 'Jotform connection failed', description: 'Jotform rejected the API key (401)' })
    // A typed key that is not saved does not change the saved key's status.
    expect((await view(cookie)).body.jotform.connectionStatus).toBe('connected')

    fake.jotform.setMode('server-error')
    await post(cookie, { intent: 'jotform-test', apiKey: '', region: 'standard' })
    expect((await view(cookie)).body.jotform).toMatchObject({ connectionStatus: 'failed', errorMessage: expect.stringContaining('Jotform is unavailable (503)') })
  })

  test('Test connection without any key says so next to the key', async () => {
    const { cookie } = await signedInUser('admin')
    const response = await post(cookie, { intent: 'jotform-test', apiKey: '', region: 'standard' })
    expect(response.status).toBe(400)
    expect((await response.json()).error.apiKey).toEqual(['Enter an API key, or save one, to test the connection'])
  })

  test('the status card: configured and reachable, cached; a bad key is unreachable with its reason', async () => {
    expect(await getJotformStatus()).toEqual({ configured: false, reachable: null, region: 'standard', error: null })
    useEnvironmentKey(fake.jotform)
    expect(await getJotformStatus()).toEqual({ configured: true, reachable: true, region: 'standard', error: null })
    await getJotformStatus()
    expect(fake.jotform.requests.filter((request) => request === 'GET /user')).toHaveLength(1)
    useEnvironmentKey(fake.jotform, 'a-wrong-key-0000')
    expect(await getJotformStatus()).toEqual({ configured: true, reachable: false, region: 'standard', error: 'Jotform rejected the API key (401)' })
  })

  test('coordinators see the tab without the Jotform section and cannot save it', async () => {
    const { cookie } = await signedInUser('coordinator')
    expect((await view(cookie)).body.jotform).toBeNull()
    const response = await post(cookie, { intent: 'jotform-save', apiKey: fake.jotform.apiKey, region: 'standard' })
    expect(response.status).toBe(403)
    expect(await prisma.integrationSetting.count({ where: { provider: 'jotform' } })).toBe(0)
  })
})
