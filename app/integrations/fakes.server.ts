import { resetEnvCache } from '~/platform/env.server'

/** MOCKS=true: local fakes of the external services, so the portal runs offline. */
export async function startLocalFakes() {
  const { startFakeGhl } = await import('~/integrations/gohighlevel/fake.server')
  const { startFakeBoldsign } = await import('~/integrations/boldsign/fake.server')
  const { startFakeGoformz } = await import('~/integrations/goformz/fake.server')
  const { startFakeJotform } = await import('~/integrations/jotform/fake.server')
  const { startFakeSmtp } = await import('~/integrations/smtp/fake.server')
  const [ghl, boldsign, goformz, jotform, smtp] = await Promise.all([
    startFakeGhl(),
    startFakeBoldsign(),
    startFakeGoformz(),
    startFakeJotform(),
    startFakeSmtp(),
  ])
  Object.assign(process.env, {
    GHL_API_BASE_URL: ghl.url,
    GHL_API_TOKEN: ghl.token,
    GHL_LOCATION_ID: ghl.locationId,
    BOLDSIGN_API_BASE_URL: boldsign.url,
    BOLDSIGN_API_KEY: boldsign.apiKey,
    GOFORMZ_API_BASE_URL: goformz.apiUrl,
    GOFORMZ_TOKEN_URL: goformz.tokenUrl,
    // Like GoFormz's, the fake's key is entered under Settings → General (README, MOCKS).
    JOTFORM_API_BASE_URL: jotform.url,
    // A local inbox: e-mail is delivered to it (and kept in memory), never out.
    SMTP_URL: smtp.url,
    MAIL_FROM: process.env.MAIL_FROM || 'Healthcare Portal <portal@mocks.invalid>',
  })
  resetEnvCache()
  // GoFormz's fake credentials are entered under Settings → GoFormz (README, MOCKS); never logged.
  console.log(`MOCKS=true: GoHighLevel fake at ${ghl.url}, BoldSign fake at ${boldsign.url}, GoFormz fake at ${goformz.url}, Jotform fake at ${jotform.url}, SMTP inbox at ${smtp.host}:${smtp.port}`)
}
