import { afterAll, afterEach, beforeAll } from 'vitest'
import { FAKE_GHL_CALENDARS, startFakeGhl, type FakeGhl } from '~/integrations/gohighlevel/fake.server'
import { resetEnvCache } from '~/platform/env.server'

/** Points the app at a local GoHighLevel fake for the tests of one file. */
export function useFakeGhl(options: { timeoutMs?: number } = {}) {
  const holder: { ghl: FakeGhl } = {} as { ghl: FakeGhl }
  beforeAll(async () => {
    holder.ghl = await startFakeGhl()
    Object.assign(process.env, {
      GHL_API_BASE_URL: holder.ghl.url,
      GHL_API_TOKEN: holder.ghl.token,
      GHL_LOCATION_ID: holder.ghl.locationId,
      GHL_TIMEOUT_MS: String(options.timeoutMs ?? 1500),
    })
    resetEnvCache()
  })
  afterEach(() => {
    holder.ghl.setMode('ok')
    holder.ghl.calendars = FAKE_GHL_CALENDARS.map((calendar) => ({ ...calendar }))
  })
  afterAll(async () => {
    for (const name of ['GHL_API_BASE_URL', 'GHL_API_TOKEN', 'GHL_LOCATION_ID', 'GHL_TIMEOUT_MS']) delete process.env[name]
    resetEnvCache()
    await holder.ghl.close()
  })
  return holder
}
