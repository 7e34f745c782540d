import { describe, expect, test } from 'vitest'
import { action, loader } from '~/routes/_app.settings.gohighlevel'
import { loader as apiLoader } from '~/routes/api.ghl.settings'
import { getGhlConfig } from '~/integrations/settings.server'
import { prisma } from '~/platform/db.server'
import { resetEnvCache } from '~/platform/env.server'
import { callRoute, makeRequest, signedInUser } from '#tests/support/fixtures'
import { useFakeGhl } from '#tests/support/ghl'

const fake = useFakeGhl()

function form(values: Record<string, string>) {
  return { accountName: 'Sunrise Home Care', locationId: fake.ghl.locationId, baseUrl: fake.ghl.url, isActive: 'on', ...values }
}

describe('Settings → GoHighLevel', () => {
  test('the token is stored encrypted and never sent to a browser', async () => {
    const { cookie } = await signedInUser('admin')
    const saved = await callRoute(action, makeRequest('/settings/gohighlevel', { cookie, form: form({ intent: 'save', token: fake.ghl.token }) }))
    expect(saved.status).toBe(302)
    const row = await prisma.integrationSetting.findUniqueOrThrow({ where: { provider: 'gohighlevel' } })
    expect(JSON.stringify(row)).not.toContain(fake.ghl.token)
    expect((await getGhlConfig())?.token).toBe(fake.ghl.token)

    const page = await callRoute(loader, makeRequest('/settings/gohighlevel', { cookie }))
    const text = await page.text()
    expect(text).not.toContain(fake.ghl.token)
    expect(JSON.parse(text).settings).toMatchObject({ hasToken: true, accountName: 'Sunrise Home Care', source: 'settings' })
    const api = await callRoute(apiLoader, makeRequest('/api/ghl/settings', { cookie }))
    expect(await api.text()).not.toContain(fake.ghl.token)
  })

  test('a blank token keeps the saved one', async () => {
    const { cookie } = await signedInUser('admin')
    await callRoute(action, makeRequest('/settings/gohighlevel', { cookie, form: form({ intent: 'save', token: 'first-token' }) }))
    await callRoute(action, makeRequest('/settings/gohighlevel', { cookie, form: form({ intent: 'save', token: '', accountName: 'Renamed' }) }))
    expect(await getGhlConfig()).toMatchObject({ token: 'first-token', accountName: 'Renamed' })
  })

  test('the first save needs a token when none is saved or configured', async () => {
    const { cookie } = await signedInUser('admin')
    await prisma.integrationSetting.deleteMany()
    const token = process.env.GHL_API_TOKEN
    delete process.env.GHL_API_TOKEN
    resetEnvCache()
    try {
      const response = await callRoute(action, makeRequest('/settings/gohighlevel', { cookie, form: form({ intent: 'save', token: '' }) }))
      expect(response.status).toBe(400)
      expect((await response.json()).error.token).toEqual(['Private integration token is required'])
      expect(await prisma.integrationSetting.count()).toBe(0)
    } finally {
      process.env.GHL_API_TOKEN = token
      resetEnvCache()
    }
  })

  test('test connection: connected with good credentials, a clear failure with bad ones', async () => {
    const { cookie } = await signedInUser('admin')
    const ok = await callRoute(action, makeRequest('/settings/gohighlevel', { cookie, form: form({ intent: 'test', token: fake.ghl.token }) }))
    expect(ok.status).toBe(302)
    expect((await (await callRoute(loader, makeRequest('/settings/gohighlevel', { cookie }))).json()).settings.connectionStatus).toBe('connected')

    const bad = await callRoute(action, makeRequest('/settings/gohighlevel', { cookie, form: form({ intent: 'test', token: 'wrong-token' }) }))
    expect(bad.status).toBe(302)
    const { settings } = await (await callRoute(loader, makeRequest('/settings/gohighlevel', { cookie }))).json()
    expect(settings).toMatchObject({ connectionStatus: 'failed', lastError: 'GoHighLevel rejected the credentials (401)' })
  })

  test('validation messages', async () => {
    const { cookie } = await signedInUser('admin')
    const response = await callRoute(
      action,
      makeRequest('/settings/gohighlevel', { cookie, form: { intent: 'save', accountName: '', locationId: '', baseUrl: 'not a url' } }),
    )
    expect(response.status).toBe(400)
    const { error } = await response.json()
    expect(error).toMatchObject({
      accountName: ['Account name is required'],
      locationId: ['Location ID is required'],
      baseUrl: ['Enter a full URL, such as https://services.leadconnectorhq.com'],
    })
  })

  test('coordinators cannot see or change provider credentials', async () => {
    const { cookie } = await signedInUser('coordinator')
    expect((await callRoute(loader, makeRequest('/settings/gohighlevel', { cookie }))).status).toBe(403)
    expect((await callRoute(apiLoader, makeRequest('/api/ghl/settings', { cookie }))).status).toBe(403)
  })
})

describe('Settings → GoHighLevel: where the token may go', () => {
  async function save(cookie: string, values: Record<string, string>) {
    return callRoute(action, makeRequest('/settings/gohighlevel', { cookie, form: form({ intent: 'save', ...values }) }))
  }

  test('changing only the address needs the token again, and saves nothing without it', async () => {
    const { cookie } = await signedInUser('admin')
    await save(cookie, { token: fake.ghl.token })
    const moved = await save(cookie, { token: '', baseUrl: 'https://ghl.attacker.example' })
    expect(moved.status).toBe(400)
    expect((await moved.json()).error.token).toEqual(['Enter the token again to use it at a new address'])
    expect((await getGhlConfig())?.baseUrl).toBe(fake.ghl.url)
    const withToken = await save(cookie, { token: 'a-new-token', baseUrl: 'https://ghl.example.org' })
    expect(withToken.status).toBe(302)
    expect(await getGhlConfig()).toMatchObject({ baseUrl: 'https://ghl.example.org', token: 'a-new-token' })
  })

  test.each(['file:///etc/passwd', 'http://ghl.example.org', 'ftp://ghl.example.org', 'https://user:pw@ghl.example.org'])(
    '%s is refused: https only',
    async (baseUrl) => {
      const { cookie } = await signedInUser('admin')
      const response = await save(cookie, { token: 'a-token', baseUrl })
      expect(response.status).toBe(400)
      expect((await response.json()).error.baseUrl).toBeDefined()
    },
  )

  test('a loopback address is refused unless the setting allows local fakes', async () => {
    const { cookie } = await signedInUser('admin')
    process.env.INTEGRATIONS_ALLOW_LOOPBACK = 'false'
    resetEnvCache()
    try {
      const response = await save(cookie, { token: 'a-token', baseUrl: 'http://127.0.0.1:9/' })
      expect(response.status).toBe(400)
      expect((await response.json()).error.baseUrl).toEqual(['Enter an https:// address, such as https://services.leadconnectorhq.com'])
    } finally {
      process.env.INTEGRATIONS_ALLOW_LOOPBACK = 'true'
      resetEnvCache()
    }
  })
})

describe('the status beside the GoHighLevel settings', () => {
  async function status(cookie: string) {
    const page = await callRoute(loader, makeRequest('/settings/gohighlevel', { cookie }))
    const { settings } = (await page.json()) as { settings: { source: string; syncState: string; isActive: boolean } }
    return { source: settings.source, syncState: settings.syncState }
  }

  test('says "not set up" when nothing is saved or configured, never "active"', async () => {
    const { cookie } = await signedInUser('admin')
    await prisma.integrationSetting.deleteMany()
    const saved = { token: process.env.GHL_API_TOKEN, location: process.env.GHL_LOCATION_ID }
    delete process.env.GHL_API_TOKEN
    delete process.env.GHL_LOCATION_ID
    resetEnvCache()
    try {
      expect(await status(cookie)).toEqual({ source: 'none', syncState: 'not_set_up' })
      expect(await getGhlConfig()).toBeNull()
    } finally {
      process.env.GHL_API_TOKEN = saved.token
      process.env.GHL_LOCATION_ID = saved.location
      resetEnvCache()
    }
  })

  test('agrees with whether leads are sent: on from the environment, on from Settings, off when switched off', async () => {
    const { cookie } = await signedInUser('admin')
    await prisma.integrationSetting.deleteMany()
    expect(await status(cookie)).toEqual({ source: 'environment', syncState: 'on' })
    await callRoute(action, makeRequest('/settings/gohighlevel', { cookie, form: form({ intent: 'save', token: fake.ghl.token }) }))
    expect(await status(cookie)).toEqual({ source: 'settings', syncState: 'on' })
    const { isActive: _on, ...switchedOff } = form({ intent: 'save', token: '' })
    await callRoute(action, makeRequest('/settings/gohighlevel', { cookie, form: switchedOff }))
    expect(await status(cookie)).toEqual({ source: 'settings', syncState: 'off' })
    expect(await getGhlConfig()).toBeNull()
  })
})
