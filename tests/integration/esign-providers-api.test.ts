import { beforeEach, describe, expect, test, vi } from 'vitest'
import { loader as statusLoader } from '~/routes/api.esign.providers.status'
import { loader as goformzTemplates } from '~/routes/api.goformz.templates'
import { loader as boldsignTemplates } from '~/routes/api.boldsign.templates'
import { action as settingsAction, loader as settingsLoader } from '~/routes/api.goformz.settings'
import { action as testAction } from '~/routes/api.goformz.test'
import { action as pageAction, loader as pageLoader } from '~/routes/_app.settings.goformz'
import { prisma } from '~/platform/db.server'
import { callRoute, makeRequest, signedInUser } from '#tests/support/fixtures'
import { expectConsoleErrors } from '#tests/support/console-errors'
import { useFakeGoformz } from '#tests/support/goformz'
import { useFakeBoldsign } from '#tests/support/boldsign'

const fake = useFakeGoformz()
const bold = useFakeBoldsign()

function settingsBody(values: Record<string, unknown> = {}) {
  return {
    accountName: 'Sunrise Home Care',
    apiKey: fake.goformz.clientId,
    apiSecret: fake.goformz.clientSecret,
    baseUrl: fake.goformz.apiUrl,
    oauthUrl: fake.goformz.tokenUrl,
    ...values,
  }
}

async function saveSettings(values: Record<string, unknown> = {}) {
  const { cookie } = await signedInUser('admin')
  const response = await callRoute(settingsAction, makeRequest('/api/goformz/settings', { cookie, json: settingsBody(values) }))
  expect(response.status).toBe(200)
  return cookie
}

beforeEach(async () => {
  await prisma.integrationSetting.deleteMany({ where: { provider: 'goformz' } })
})

describe('GoFormz settings API', () => {
  test('a save without account name, key and secret answers 400 with the product’s message', async () => {
    const { cookie } = await signedInUser('admin')
    const response = await callRoute(settingsAction, makeRequest('/api/goformz/settings', { cookie, json: { accountName: '' } }))
    expect(response.status).toBe(400)
    expect(await response.json()).toEqual({
      error: 'Missing Required Fields: Please fill in all required fields: Account Name, API Key, and API Secret',
      fieldErrors: { accountName: ['Account Name is required'], apiKey: ['API Key is required'], apiSecret: ['API Secret is required'] },
    })
  })

  test('saves and answers the settings object without secrets; flags default on', async () => {
    const { cookie } = await signedInUser('admin')
    const response = await callRoute(settingsAction, makeRequest('/api/goformz/settings', { cookie, json: settingsBody({ defaultExpiryDays: 14 }) }))
    const text = await response.text()
    expect(response.status).toBe(200)
    expect(text).not.toContain(fake.goformz.clientSecret)
    expect(JSON.parse(text)).toMatchObject({
      accountName: 'Sunrise Home Care',
      isActive: true,
      enableEmailNotifications: true,
      enableESignatureReminders: true,
      defaultExpiryDays: 14,
      hasApiKey: true,
      hasApiSecret: true,
    })
    const read = await callRoute(settingsLoader, makeRequest('/api/goformz/settings', { cookie }))
    expect(JSON.parse(await read.text())).not.toHaveProperty('apiSecret')
    const invalid = await callRoute(settingsAction, makeRequest('/api/goformz/settings', { cookie, json: settingsBody({ defaultExpiryDays: 400, isActive: 'yes' }) }))
    expect(invalid.status).toBe(400)
    expect(await invalid.json()).toMatchObject({ error: 'Invalid GoFormz settings', fieldErrors: { defaultExpiryDays: expect.any(Array), isActive: ['isActive must be true or false'] } })
  })

  test('settings and the connection test are for admins', async () => {
    const { cookie } = await signedInUser('coordinator')
    expect((await callRoute(settingsLoader, makeRequest('/api/goformz/settings', { cookie }))).status).toBe(403)
    expect((await callRoute(testAction, makeRequest('/api/goformz/test', { cookie, json: {} }))).status).toBe(403)
  })

  test('POST /api/goformz/test answers { success, message }', async () => {
    const cookie = await saveSettings()
    const ok = await callRoute(testAction, makeRequest('/api/goformz/test', { cookie, json: {} }))
    expect(await ok.json()).toMatchObject({ success: true, message: 'GoFormz API credentials are valid and working.' })
    const wrong = await callRoute(testAction, makeRequest('/api/goformz/test', { cookie, json: { apiKey: 'someone', apiSecret: 'else-entirely' } }))
    expect(await wrong.json()).toMatchObject({ success: false, message: 'Unable to connect to GoFormz API', error: 'GoFormz rejected the API key and secret (400)' })
  })
})

describe('provider status and templates', () => {
  test('status: connected per provider and the non-secret fields, never apiKey or apiSecret', async () => {
    const { cookie } = await signedInUser('coordinator')
    const before = await (await callRoute(statusLoader, makeRequest('/api/esign/providers/status', { cookie }))).json()
    expect(before.goformz.connected).toBe(false)
    expect(before.boldsign.connected).toBe(true)

    await saveSettings({ assigneeType: 'User', assigneeId: 'u-1' })
    const response = await callRoute(statusLoader, makeRequest('/api/esign/providers/status', { cookie }))
    const text = await response.text()
    expect(text).not.toContain(fake.goformz.clientSecret)
    expect(text).not.toContain(bold.boldsign.apiKey)
    const status = JSON.parse(text)
    expect(status.goformz).toMatchObject({ connected: true, accountName: 'Sunrise Home Care', defaultExpiryDays: 30, assignment: { type: 'User', id: 'u-1' } })
    expect(status.goformz).not.toHaveProperty('apiKey')
    expect(status.goformz).not.toHaveProperty('apiSecret')
  })

  test('templates from each provider with the server’s credentials; credentials in the query are ignored', async () => {
    const cookie = await saveSettings()
    const goformz = await callRoute(goformzTemplates, makeRequest('/api/goformz/templates?apiKey=evil&apiSecret=evil', { cookie }))
    expect(goformz.status).toBe(200)
    expect((await goformz.json()).templates).toEqual([
      { id: 'tmpl-intake', name: 'Client Intake Packet', hasESignature: true },
      { id: 'tmpl-hipaa', name: 'HIPAA Acknowledgement', hasESignature: true },
      { id: 'tmpl-survey', name: 'Satisfaction Survey', hasESignature: false },
    ])
    const boldsign = await callRoute(boldsignTemplates, makeRequest('/api/boldsign/templates', { cookie }))
    expect((await boldsign.json()).templates).toEqual([
      { id: 'bs-tmpl-consent', name: 'Consent to Care', hasESignature: true },
      { id: 'bs-tmpl-service', name: 'Service Agreement', hasESignature: true },
    ])
  })

  test('not configured is a 409; a provider outage or refusal a 502 with its reason', async () => {
    const { cookie } = await signedInUser('coordinator')
    const missing = await callRoute(goformzTemplates, makeRequest('/api/goformz/templates', { cookie }))
    expect(missing.status).toBe(409)
    expect(await missing.json()).toEqual({ error: 'GoFormz is not configured' })
    await saveSettings()
    fake.goformz.setMode('server-error')
    const down = await callRoute(goformzTemplates, makeRequest('/api/goformz/templates', { cookie }))
    expect(down.status).toBe(502)
    expect((await down.json()).error).toContain('(503)')
    bold.boldsign.setMode('unauthorized')
    const refused = await callRoute(boldsignTemplates, makeRequest('/api/boldsign/templates', { cookie }))
    expect(refused.status).toBe(502)
    expect(await refused.json()).toEqual({ error: 'BoldSign rejected the API key (401)' })
  })
})

describe('provider secrets', () => {
  test('appear in no response body and no log line, through successes, refusals, outages and timeouts', async () => {
    const secrets = [fake.goformz.clientSecret, fake.goformz.clientId, bold.boldsign.apiKey]
    const logged: string[] = []
    const capture = (...args: unknown[]) => void logged.push(args.map((arg) => (arg instanceof Error ? `${arg.message}\n${arg.stack}` : typeof arg === 'string' ? arg : JSON.stringify(arg))).join(' '))
    expectConsoleErrors().mockImplementation(capture)
    for (const level of ['log', 'warn', 'info', 'debug'] as const) vi.spyOn(console, level).mockImplementation(capture)
    const stdout = vi.spyOn(process.stdout, 'write').mockImplementation((chunk: string | Uint8Array) => (logged.push(String(chunk)), true))

    const { cookie } = await signedInUser('admin')
    const bodies: string[] = []
    const call = async (fn: Parameters<typeof callRoute>[0], path: string, options: Parameters<typeof makeRequest>[1] = {}) => {
      const response = await callRoute(fn, makeRequest(path, { cookie, ...options }))
      bodies.push(`${response.status} ${response.headers.get('set-cookie') ?? ''} ${await response.text()}`)
    }
    // The provider echoes the secret in its refusal.
    fake.goformz.setRefusal(`client ${fake.goformz.clientSecret} is not allowed`)
    await call(pageAction, '/settings/goformz', { form: { intent: 'save', ...(settingsBody() as Record<string, string>), isActive: 'on' } })
    await call(pageAction, '/settings/goformz', { form: { intent: 'save', accountName: '', apiKey: fake.goformz.clientId, apiSecret: fake.goformz.clientSecret } })
    await call(pageLoader, '/settings/goformz')
    await call(settingsLoader, '/api/goformz/settings')
    await call(settingsAction, '/api/goformz/settings', { json: settingsBody({ defaultExpiryDays: 0 }) })
    for (const mode of ['ok', 'bad-request', 'server-error', 'timeout'] as const) {
      fake.goformz.setMode(mode)
      bold.boldsign.setMode(mode === 'bad-request' ? 'unauthorized' : mode)
      await call(testAction, '/api/goformz/test', { json: {} })
      await call(testAction, '/api/goformz/test', { json: { apiKey: fake.goformz.clientId, apiSecret: fake.goformz.clientSecret } })
      await call(pageAction, '/settings/goformz', { form: { intent: 'test' } })
      await call(statusLoader, '/api/esign/providers/status')
      await call(goformzTemplates, '/api/goformz/templates')
      await call(boldsignTemplates, '/api/boldsign/templates')
    }
    fake.goformz.setMode('ok')
    bold.boldsign.setMode('ok')
    stdout.mockRestore()
    const plain = (_key: string, value: unknown) => (typeof value === 'bigint' ? String(value) : value)
    const audit = JSON.stringify(await prisma.auditLog.findMany(), plain)
    const events = JSON.stringify(await prisma.domainEvent.findMany(), plain)
    for (const secret of secrets) {
      for (const body of bodies) expect(body).not.toContain(secret)
      for (const line of logged) expect(line).not.toContain(secret)
      expect(audit).not.toContain(secret)
      expect(events).not.toContain(secret)
    }
    expect(bodies.length).toBeGreaterThan(20)
  })
})
