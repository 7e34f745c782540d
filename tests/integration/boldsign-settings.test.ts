import { describe, expect, test } from 'vitest'
import { action, loader } from '~/routes/_app.settings.boldsign'
import { getBoldsignConfig } from '~/integrations/settings.server'
import { prisma } from '~/platform/db.server'
import { callRoute, makeRequest, signedInUser } from '#tests/support/fixtures'

describe('Settings → BoldSign', () => {
  test('the API key is required at first, stored encrypted, write-only, and used', async () => {
    const { cookie } = await signedInUser('admin')
    const missing = await callRoute(action, makeRequest('/settings/boldsign', { cookie, form: { baseUrl: 'https://api-eu.boldsign.com', isActive: 'on' } }))
    expect(missing.status).toBe(400)
    expect((await missing.json()).error.apiKey).toEqual(['API key is required'])

    const saved = await callRoute(action, makeRequest('/settings/boldsign', { cookie, form: { apiKey: 'secret-key-123', baseUrl: 'https://api-eu.boldsign.com', isActive: 'on' } }))
    expect(saved.status).toBe(302)
    const row = await prisma.integrationSetting.findUniqueOrThrow({ where: { provider: 'boldsign' } })
    expect(JSON.stringify(row)).not.toContain('secret-key-123')
    expect(await getBoldsignConfig()).toEqual({ apiKey: 'secret-key-123', baseUrl: 'https://api-eu.boldsign.com' })
    const page = await callRoute(loader, makeRequest('/settings/boldsign', { cookie }))
    const text = await page.text()
    expect(text).not.toContain('secret-key-123')
    expect(JSON.parse(text).settings).toMatchObject({ hasApiKey: true, source: 'settings' })

    await callRoute(action, makeRequest('/settings/boldsign', { cookie, form: { apiKey: '', baseUrl: 'https://api-eu.boldsign.com' } }))
    expect(await getBoldsignConfig()).toBeNull()
    const settings = (await (await callRoute(loader, makeRequest('/settings/boldsign', { cookie }))).json()).settings
    expect(settings).toMatchObject({ isActive: false, hasApiKey: true })
  })

  test('another region needs the API key again: the saved key only goes where it went before', async () => {
    const { cookie } = await signedInUser('admin')
    const save = (form: Record<string, string>) => callRoute(action, makeRequest('/settings/boldsign', { cookie, form }))
    expect((await save({ apiKey: 'eu-key', baseUrl: 'https://api-eu.boldsign.com', isActive: 'on' })).status).toBe(302)
    const moved = await save({ apiKey: '', baseUrl: 'https://api-au.boldsign.com', isActive: 'on' })
    expect(moved.status).toBe(400)
    expect((await moved.json()).error.apiKey).toEqual(['Enter the API key again to use it in another region'])
    expect(await getBoldsignConfig()).toEqual({ apiKey: 'eu-key', baseUrl: 'https://api-eu.boldsign.com' })
  })

  test('only admins', async () => {
    const { cookie } = await signedInUser('coordinator')
    expect((await callRoute(loader, makeRequest('/settings/boldsign', { cookie }))).status).toBe(403)
  })
})
