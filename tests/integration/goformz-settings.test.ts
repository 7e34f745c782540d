import { beforeEach, describe, expect, test } from 'vitest'
import { action, loader } from '~/routes/_app.settings.goformz'
import { getGoformzConfig, getGoformzSettingsView } from '~/integrations/goformz/settings.server'
import { prisma } from '~/platform/db.server'
import { callRoute, failDatabaseWrites, makeRequest, signedInUser, toastOf } from '#tests/support/fixtures'
import { expectConsoleErrors } from '#tests/support/console-errors'
import { useFakeGoformz } from '#tests/support/goformz'

const fake = useFakeGoformz()

function form(values: Record<string, string> = {}) {
  return {
    intent: 'save',
    accountName: 'Sunrise Home Care',
    apiKey: fake.goformz.clientId,
    apiSecret: fake.goformz.clientSecret,
    baseUrl: fake.goformz.apiUrl,
    oauthUrl: fake.goformz.tokenUrl,
    defaultExpiryDays: '30',
    isActive: 'on',
    enableEmailNotifications: 'on',
    enableESignatureReminders: 'on',
    assigneeType: 'Group',
    assigneeId: 'group-7',
    ...values,
  }
}

async function post(cookie: string, values: Record<string, string>) {
  return callRoute(action, makeRequest('/settings/goformz', { cookie, form: values }))
}

beforeEach(async () => {
  await prisma.integrationSetting.deleteMany({ where: { provider: 'goformz' } })
})

describe('Settings → GoFormz', () => {
  test('shows the defaults before anything is saved', async () => {
    const { cookie } = await signedInUser('admin')
    const { settings } = await (await callRoute(loader, makeRequest('/settings/goformz', { cookie }))).json()
    expect(settings).toEqual({
      accountName: '',
      baseUrl: fake.goformz.apiUrl,
      oauthUrl: fake.goformz.tokenUrl,
      isActive: true,
      defaultExpiryDays: 30,
      enableEmailNotifications: true,
      enableESignatureReminders: true,
      assigneeType: null,
      assigneeId: '',
      hasApiKey: false,
      hasApiSecret: false,
      connectionStatus: 'unknown',
      lastConnected: null,
      errorMessage: null,
    })
  })

  test('saving without the account name, key and secret: the product’s message, next to each field too', async () => {
    const { cookie } = await signedInUser('admin')
    const response = await post(cookie, form({ accountName: '', apiKey: '', apiSecret: '' }))
    expect(response.status).toBe(400)
    const reply = await response.json()
    expect(reply.error['']).toEqual(['Missing Required Fields: Please fill in all required fields: Account Name, API Key, and API Secret'])
    expect(reply.error.accountName).toEqual(['Account Name is required'])
    expect(reply.error.apiKey).toEqual(['API Key is required'])
    expect(reply.error.apiSecret).toEqual(['API Secret is required'])
    expect(await toastOf(response)).toMatchObject({
      title: 'Missing Required Fields',
      description: 'Please fill in all required fields: Account Name, API Key, and API Secret',
    })
    expect(await prisma.integrationSetting.count({ where: { provider: 'goformz' } })).toBe(0)
  })

  test('the browser gets the same rules, the secrets required only while none is saved', async () => {
    const { cookie } = await signedInUser('admin')
    const before = (await (await callRoute(loader, makeRequest('/settings/goformz', { cookie }))).json()).rules
    expect(before.fields.apiKey.required).toBe('API Key is required')
    expect(before.whenRequiredMissing).toEqual(['Missing Required Fields: Please fill in all required fields: Account Name, API Key, and API Secret'])
    await post(cookie, form())
    const after = (await (await callRoute(loader, makeRequest('/settings/goformz', { cookie }))).json()).rules
    expect(after.fields.apiKey?.required).toBeUndefined()
    expect(after.fields.accountName.required).toBe('Account Name is required')
  })

  test('saved: the key and secret encrypted, write-only, and never sent back', async () => {
    const { cookie, user } = await signedInUser('admin')
    const saved = await post(cookie, form())
    expect(saved.status).toBe(302)
    expect(await toastOf(saved)).toMatchObject({ title: 'Settings Saved' })
    const row = await prisma.integrationSetting.findUniqueOrThrow({ where: { provider: 'goformz' } })
    expect(JSON.stringify(row)).not.toContain(fake.goformz.clientSecret)
    expect(JSON.stringify(row)).not.toContain(fake.goformz.clientId)
    expect(await getGoformzConfig()).toMatchObject({
      clientId: fake.goformz.clientId,
      clientSecret: fake.goformz.clientSecret,
      assignment: { id: 'group-7', type: 'Group' },
      defaultExpiryDays: 30,
    })
    const page = await (await callRoute(loader, makeRequest('/settings/goformz', { cookie }))).text()
    expect(page).not.toContain(fake.goformz.clientSecret)
    expect(page).not.toContain(fake.goformz.clientId)
    expect(JSON.parse(page).settings).toMatchObject({ hasApiKey: true, hasApiSecret: true, accountName: 'Sunrise Home Care' })

    // Blank keeps them; unchecked boxes are off.
    expect((await post(cookie, form({ apiKey: '', apiSecret: '', isActive: '', enableESignatureReminders: '', defaultExpiryDays: '45' }))).status).toBe(302)
    expect(await getGoformzSettingsView()).toMatchObject({ isActive: false, enableESignatureReminders: false, enableEmailNotifications: true, defaultExpiryDays: 45, hasApiKey: true })
    expect(await getGoformzConfig()).toBeNull()
    const audit = await prisma.auditLog.findMany({ where: { entityType: 'IntegrationSetting', entityId: 'goformz', userId: user.id } })
    expect(audit).toHaveLength(2)
    expect(JSON.stringify(audit)).not.toContain(fake.goformz.clientSecret)
  })

  test('the default expiry is a whole number of days from 1 to 365', async () => {
    const { cookie } = await signedInUser('admin')
    for (const days of ['0', '366', '2.5', 'soon']) {
      const response = await post(cookie, form({ defaultExpiryDays: days }))
      expect(response.status).toBe(400)
      expect((await response.json()).error.defaultExpiryDays).toEqual(['Default expiry must be a whole number of days from 1 to 365'])
    }
    expect((await post(cookie, form({ defaultExpiryDays: '365' }))).status).toBe(302)
  })

  test('a saved key and secret do not go to a new address unless entered again', async () => {
    const { cookie } = await signedInUser('admin')
    await post(cookie, form())
    const moved = await post(cookie, form({ apiKey: '', apiSecret: '', baseUrl: 'https://api.example.com/v2' }))
    expect(moved.status).toBe(400)
    expect((await moved.json()).error.apiKey).toEqual(['Enter the API key and secret again to use them at a new address'])
    const tested = await post(cookie, { intent: 'test', apiKey: '', apiSecret: '', baseUrl: 'https://api.example.com/v2', oauthUrl: fake.goformz.tokenUrl })
    expect(tested.status).toBe(400)
  })

  test('Test Connection with the saved credentials records the outcome', async () => {
    const { cookie } = await signedInUser('admin')
    await post(cookie, form())
    const ok = await post(cookie, { intent: 'test' })
    expect(ok.status).toBe(302)
    expect(await toastOf(ok)).toMatchObject({ title: 'Connection Successful!', description: 'GoFormz API credentials are valid and working.' })
    const connected = await getGoformzSettingsView()
    expect(connected).toMatchObject({ connectionStatus: 'connected', errorMessage: null })
    expect(connected.lastConnected).not.toBeNull()

    fake.goformz.setMode('server-error')
    const down = await post(cookie, { intent: 'test' })
    expect(await toastOf(down)).toMatchObject({ title: 'Connection Failed', type: 'destructive' })
    expect((await toastOf(down))?.description).toMatch(/^Unable to connect to GoFormz API\. GoFormz is unavailable \(503\)/)
    expect(await getGoformzSettingsView()).toMatchObject({
      connectionStatus: 'failed',
      lastConnected: connected.lastConnected,
      errorMessage: expect.stringContaining('(503)'),
    })
    // New credentials are untested.
    fake.goformz.setMode('ok')
    await post(cookie, form({ apiSecret: fake.goformz.clientSecret }))
    expect(await getGoformzSettingsView()).toMatchObject({ connectionStatus: 'unknown', errorMessage: null })
  })

  test('Test Connection with typed credentials answers without touching the saved status', async () => {
    const { cookie } = await signedInUser('admin')
    const typed = await post(cookie, { intent: 'test', apiKey: fake.goformz.clientId, apiSecret: 'not-the-secret' })
    expect(await toastOf(typed)).toMatchObject({ title: 'Connection Failed' })
    expect((await toastOf(typed))?.description).not.toContain('not-the-secret')
    const good = await post(cookie, { intent: 'test', apiKey: fake.goformz.clientId, apiSecret: fake.goformz.clientSecret })
    expect(await toastOf(good)).toMatchObject({ title: 'Connection Successful!' })
    expect(await prisma.integrationSetting.count({ where: { provider: 'goformz' } })).toBe(0)
  })

  test('Test Connection needs a key and a secret', async () => {
    const { cookie } = await signedInUser('admin')
    const response = await post(cookie, { intent: 'test', apiKey: 'only-a-key' })
    expect(response.status).toBe(400)
    expect((await response.json()).error['']).toEqual(['Enter the API key and secret (or save them) before testing the connection'])
  })

  test('a failed save says Save Failed and keeps nothing', async () => {
    const { cookie } = await signedInUser('admin')
    expectConsoleErrors()
    const restore = failDatabaseWrites()
    try {
      const response = await post(cookie, form())
      expect(response.status).toBe(500)
      expect(await toastOf(response)).toMatchObject({ title: 'Save Failed' })
    } finally {
      restore()
    }
    expect(await prisma.integrationSetting.count({ where: { provider: 'goformz' } })).toBe(0)
  })

  test('only admins', async () => {
    const { cookie } = await signedInUser('coordinator')
    expect((await callRoute(loader, makeRequest('/settings/goformz', { cookie }))).status).toBe(403)
    expect((await post(cookie, form())).status).toBe(403)
  })
})
