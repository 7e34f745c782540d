import { afterAll, afterEach, beforeAll } from 'vitest'
import { startFakeGoformz, type FakeGoformz } from '~/integrations/goformz/fake.server'
import { clearGoformzTokens } from '~/integrations/goformz/client.server'
import { resetEnvCache } from '~/platform/env.server'

/** Points the app at a local GoFormz fake for the tests of one file; each test starts without cached tokens. */
export function useFakeGoformz(options: { timeoutMs?: number } = {}) {
  const holder = {} as { goformz: FakeGoformz }
  beforeAll(async () => {
    holder.goformz = await startFakeGoformz()
    Object.assign(process.env, {
      GOFORMZ_API_BASE_URL: holder.goformz.apiUrl,
      GOFORMZ_TOKEN_URL: holder.goformz.tokenUrl,
      GOFORMZ_TIMEOUT_MS: String(options.timeoutMs ?? 500),
      INTEGRATIONS_ALLOW_LOOPBACK: 'true',
    })
    resetEnvCache()
  })
  afterEach(() => {
    holder.goformz.setMode('ok')
    holder.goformz.forms.length = 0
    clearGoformzTokens()
  })
  afterAll(async () => {
    for (const name of ['GOFORMZ_API_BASE_URL', 'GOFORMZ_TOKEN_URL', 'GOFORMZ_TIMEOUT_MS', 'INTEGRATIONS_ALLOW_LOOPBACK']) delete process.env[name]
    resetEnvCache()
    await holder.goformz.close()
  })
  return holder
}
