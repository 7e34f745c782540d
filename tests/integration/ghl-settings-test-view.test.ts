import { describe, expect, test } from 'vitest'
import { GHL_SETTINGS_LOAD_ERROR, action, loader } from '~/routes/_app.settings.gohighlevel'
import { loader as apiLoader } from '~/routes/api.ghl.settings'
import { prisma } from '~/platform/db.server'
import { resetEnvCache } from '~/platform/env.server'
import { callRoute, makeRequest, signedInUser } from '#tests/support/fixtures'
import { expectConsoleErrors } from '#tests/support/console-errors'

async function withoutEnvironmentAccount<T>(run: () => Promise<T>) {
  const saved = { token: process.env.GHL_API_TOKEN, location: process.env.GHL_LOCATION_ID }
  delete process.env.GHL_API_TOKEN
  delete process.env.GHL_LOCATION_ID
  resetEnvCache()
  try {
    return await run()
  } finally {
    if (saved.token) process.env.GHL_API_TOKEN = saved.token
    if (saved.location) process.env.GHL_LOCATION_ID = saved.location
    resetEnvCache()
  }
}

describe('Settings → GoHighLevel test view', () => {
  test('the three webhook endpoints are full URLs on the request origin', async () => {
    const { cookie } = await signedInUser('admin')
    const page = await callRoute(loader, makeRequest('/settings/gohighlevel', { cookie }))
    const data = await page.json()
    const origin = new URL(makeRequest('/settings/gohighlevel').url).origin
    expect(data.webhooks.map((webhook: { url: string }) => webhook.url)).toEqual([
      `${origin}/api/webhook/ghl/form`,
      `${origin}/api/webhook/ghl/lead-updates`,
      `${origin}/api/webhook/forms/{webhookId}`,
    ])
  })

  test('no account: count 0, status unknown; after saving, the page and /api/ghl/settings show the account', async () => {
    await withoutEnvironmentAccount(async () => {
      await prisma.integrationSetting.deleteMany({ where: { provider: 'gohighlevel' } })
      const { cookie } = await signedInUser('admin')
      const empty = await (await callRoute(loader, makeRequest('/settings/gohighlevel', { cookie }))).json()
      expect(empty.loadError).toBeNull()
      expect(empty.settings).toMatchObject({ source: 'none', connectionStatus: 'unknown' })
      expect(await (await callRoute(apiLoader, makeRequest('/api/ghl/settings', { cookie }))).json()).toEqual([])

      const form = { intent: 'save', accountName: 'Sunrise Home Care', locationId: 'loc-test-view', token: 'secret-token-xyz', baseUrl: 'https://services.leadconnectorhq.com', isActive: 'on' }
      expect((await callRoute(action, makeRequest('/settings/gohighlevel', { cookie, form }))).status).toBe(302)
      const saved = await (await callRoute(loader, makeRequest('/settings/gohighlevel', { cookie }))).json()
      expect(saved.settings).toMatchObject({ source: 'settings', accountName: 'Sunrise Home Care', locationId: 'loc-test-view', isActive: true, connectionStatus: 'unknown' })
      const api = await callRoute(apiLoader, makeRequest('/api/ghl/settings', { cookie }))
      const text = await api.text()
      expect(text).not.toContain('secret-token-xyz')
      expect(JSON.parse(text)).toEqual([
        { accountName: 'Sunrise Home Care', locationId: 'loc-test-view', isActive: true, connectionStatus: 'unknown', hasToken: true },
      ])
    })
  })

  test('settings that cannot be read show an error in the test view, not a broken page, and never their contents', async () => {
    const errors = expectConsoleErrors()
    const { cookie } = await signedInUser('admin')
    // Secrets that no longer decrypt, as after a change of ENCRYPTION_KEY.
    await prisma.integrationSetting.upsert({
      where: { provider: 'gohighlevel' },
      create: { provider: 'gohighlevel', config: { accountName: 'Broken' }, secrets: 'not-a-ciphertext' },
      update: { secrets: 'not-a-ciphertext' },
    })
    const page = await callRoute(loader, makeRequest('/settings/gohighlevel', { cookie }))
    expect(page.status).toBe(200)
    const data = await page.json()
    expect(data).toMatchObject({ settings: null, loadError: GHL_SETTINGS_LOAD_ERROR })
    expect(data.webhooks).toHaveLength(3)
    expect(errors).toHaveBeenCalled()
    await prisma.integrationSetting.deleteMany({ where: { provider: 'gohighlevel' } })
  })

  test('only those who manage integrations see it', async () => {
    const { cookie } = await signedInUser('viewer')
    const response = await callRoute(loader, makeRequest('/settings/gohighlevel', { cookie }))
    expect(response.status).toBe(403)
  })
})
