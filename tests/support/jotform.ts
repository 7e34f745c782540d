import { afterAll, afterEach, beforeAll } from 'vitest'
import { startFakeJotform, type FakeJotform } from '~/integrations/jotform/fake.server'
import { clearJotformStatusCache } from '~/integrations/jotform/status.server'
import { resetEnvCache } from '~/platform/env.server'

const NAMES = ['JOTFORM_API_BASE_URL', 'JOTFORM_API_KEY', 'JOTFORM_TIMEOUT_MS']

/** Points the app at a local Jotform fake for the tests of one file (no key in the environment unless a test sets one). */
export function useFakeJotform(options: { timeoutMs?: number } = {}) {
  const holder = {} as { jotform: FakeJotform }
  beforeAll(async () => {
    holder.jotform = await startFakeJotform()
    for (const name of NAMES) delete process.env[name]
    Object.assign(process.env, { JOTFORM_API_BASE_URL: holder.jotform.url, JOTFORM_TIMEOUT_MS: String(options.timeoutMs ?? 5_000) })
    resetEnvCache()
  })
  afterEach(() => {
    holder.jotform.reset()
    delete process.env.JOTFORM_API_KEY
    resetEnvCache()
    clearJotformStatusCache()
  })
  afterAll(async () => {
    for (const name of NAMES) delete process.env[name]
    resetEnvCache()
    await holder.jotform.close()
  })
  return holder
}

/** Uses the fake's key from the environment (as when nothing is saved under Settings). */
export function useEnvironmentKey(jotform: FakeJotform, key = jotform.apiKey) {
  process.env.JOTFORM_API_KEY = key
  resetEnvCache()
}
