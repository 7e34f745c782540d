import { afterAll, afterEach, beforeAll } from 'vitest'
import { startFakeBoldsign, type FakeBoldsign } from '~/integrations/boldsign/fake.server'
import { resetEnvCache } from '~/platform/env.server'

/** Points the app at a local BoldSign fake for the tests of one file. */
export function useFakeBoldsign() {
  const holder = {} as { boldsign: FakeBoldsign }
  beforeAll(async () => {
    holder.boldsign = await startFakeBoldsign()
    Object.assign(process.env, {
      BOLDSIGN_API_BASE_URL: holder.boldsign.url,
      BOLDSIGN_API_KEY: holder.boldsign.apiKey,
      BOLDSIGN_TIMEOUT_MS: '500',
    })
    resetEnvCache()
  })
  afterEach(() => holder.boldsign.setMode('ok'))
  afterAll(async () => {
    for (const name of ['BOLDSIGN_API_BASE_URL', 'BOLDSIGN_API_KEY', 'BOLDSIGN_TIMEOUT_MS']) delete process.env[name]
    resetEnvCache()
    await holder.boldsign.close()
  })
  return holder
}
