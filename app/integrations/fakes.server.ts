import { resetEnvCache } from '~/platform/env.server'

/** MOCKS=true: local fakes of the external services, so the portal runs offline. */
export async function startLocalFakes() {
  const { startFakeGhl } = await import('~/integrations/gohighlevel/fake.server')
  const { startFakeBoldsign } = await import('~/integrations/boldsign/fake.server')
  const [ghl, boldsign] = await Promise.all([startFakeGhl(), startFakeBoldsign()])
  Object.assign(process.env, {
    GHL_API_BASE_URL: ghl.url,
    GHL_API_TOKEN: ghl.token,
    GHL_LOCATION_ID: ghl.locationId,
    BOLDSIGN_API_BASE_URL: boldsign.url,
    BOLDSIGN_API_KEY: boldsign.apiKey,
  })
  resetEnvCache()
  console.log(`MOCKS=true: GoHighLevel fake at ${ghl.url}, BoldSign fake at ${boldsign.url}`)
}
