import { GoformzError, clearGoformzTokens, listGoformzTemplates } from '~/integrations/goformz/client.server'
import {
  CONNECTION_FAILED_DESCRIPTION,
  CONNECTION_SUCCESS_DESCRIPTION,
  NEW_ADDRESS_CREDENTIALS_MESSAGE,
  TEST_NEEDS_CREDENTIALS_MESSAGE,
} from '~/integrations/goformz/options'
import {
  GOFORMZ_PROVIDER,
  type GoformzSettingsInput,
  getGoformzSettingsView,
  getSavedGoformzSecrets,
  recordGoformzConnection,
  saveGoformzSettings,
} from '~/integrations/goformz/settings.server'
import { PROVIDER_URL_MESSAGE, isLoopbackUrl, sameProviderUrl } from '~/integrations/settings-options'
import { loopbackProvidersAllowed } from '~/integrations/settings.server'
import { recordAudit } from '~/platform/audit.server'
import type { Actor } from '~/platform/actor'
import { prisma } from '~/platform/db.server'
import { getEnv } from '~/platform/env.server'
import { RuleViolationError } from '~/platform/errors'

/**
 * Settings → GoFormz and /api/goformz/settings|test: saving the settings
 * (audited with the change, in one transaction) and testing a connection.
 * The key and secret only ever travel to the addresses they were saved
 * with, and are named in no message or audit entry.
 */

export type GoformzSettingsChange = Omit<GoformzSettingsInput, 'baseUrl' | 'oauthUrl'> & { baseUrl?: string; oauthUrl?: string }

function checkAddress(url: string, field: 'baseUrl' | 'oauthUrl') {
  if (isLoopbackUrl(url) && !loopbackProvidersAllowed()) throw new RuleViolationError(PROVIDER_URL_MESSAGE, field)
}

export async function updateGoformzSettings(change: GoformzSettingsChange, actor: Actor) {
  const env = getEnv()
  const baseUrl = change.baseUrl ?? env.GOFORMZ_API_BASE_URL
  const oauthUrl = change.oauthUrl ?? env.GOFORMZ_TOKEN_URL
  checkAddress(baseUrl, 'baseUrl')
  checkAddress(oauthUrl, 'oauthUrl')
  await prisma.$transaction(async (tx) => {
    const current = await getGoformzSettingsView(tx)
    const moved = !sameProviderUrl(baseUrl, current.baseUrl) || !sameProviderUrl(oauthUrl, current.oauthUrl)
    // A saved key and secret go only where they went before.
    if (moved && current.hasApiKey && !(change.apiKey && change.apiSecret)) {
      throw new RuleViolationError(NEW_ADDRESS_CREDENTIALS_MESSAGE, change.apiKey ? 'apiSecret' : 'apiKey')
    }
    await saveGoformzSettings({ ...change, baseUrl, oauthUrl }, tx)
    await recordAudit(
      {
        actor,
        action: 'update',
        entityType: 'IntegrationSetting',
        entityId: GOFORMZ_PROVIDER,
        details: {
          apiKeyChanged: Boolean(change.apiKey),
          apiSecretChanged: Boolean(change.apiSecret),
          addressesChanged: moved,
          isActive: change.isActive,
          defaultExpiryDays: change.defaultExpiryDays,
        },
      },
      tx,
    )
  })
  if (change.apiKey || change.apiSecret) clearGoformzTokens()
}

export type ConnectionTestResult = { success: boolean; message: string; templateCount?: number; error?: string }

/**
 * Tries the key and secret given (typed, not saved) or, without them, the
 * saved ones at the saved addresses; only the latter's outcome becomes the
 * connection status Settings shows. GoFormz's refusal or outage is an
 * answer (success: false), not an error.
 */
export async function testGoformzConnection(
  candidate: { apiKey?: string; apiSecret?: string; baseUrl?: string; oauthUrl?: string },
  actor: Actor,
): Promise<ConnectionTestResult> {
  const current = await getGoformzSettingsView()
  const saved = await getSavedGoformzSecrets()
  const typed = Boolean(candidate.apiKey || candidate.apiSecret)
  const clientId = candidate.apiKey || saved.apiKey
  const clientSecret = candidate.apiSecret || saved.apiSecret
  if (!clientId || !clientSecret) throw new RuleViolationError(TEST_NEEDS_CREDENTIALS_MESSAGE)
  const baseUrl = candidate.baseUrl ?? current.baseUrl
  const tokenUrl = candidate.oauthUrl ?? current.oauthUrl
  checkAddress(baseUrl, 'baseUrl')
  checkAddress(tokenUrl, 'oauthUrl')
  const usesSaved = !typed || (candidate.apiKey === saved.apiKey && candidate.apiSecret === saved.apiSecret)
  const atSavedAddresses = sameProviderUrl(baseUrl, current.baseUrl) && sameProviderUrl(tokenUrl, current.oauthUrl)
  // Neither half of a saved credential goes to an address it was not saved with.
  const mixesSaved = (!candidate.apiKey && saved.apiKey) || (!candidate.apiSecret && saved.apiSecret)
  if (mixesSaved && !atSavedAddresses) throw new RuleViolationError(NEW_ADDRESS_CREDENTIALS_MESSAGE, 'apiKey')

  let result: ConnectionTestResult
  try {
    const templates = await listGoformzTemplates({ baseUrl, tokenUrl, clientId, clientSecret })
    result = { success: true, message: CONNECTION_SUCCESS_DESCRIPTION, templateCount: templates.length }
  } catch (error) {
    if (!(error instanceof GoformzError)) throw error
    result = { success: false, message: CONNECTION_FAILED_DESCRIPTION, error: error.message }
  }
  if (usesSaved && atSavedAddresses && (current.hasApiKey || current.hasApiSecret)) {
    await prisma.$transaction(async (tx) => {
      await recordGoformzConnection(result.success ? { ok: true } : { ok: false, error: result.error ?? CONNECTION_FAILED_DESCRIPTION }, tx)
      await recordAudit(
        {
          actor,
          action: 'update',
          entityType: 'IntegrationSetting',
          entityId: GOFORMZ_PROVIDER,
          eventType: 'integration_setting.connection_tested',
          details: { connected: result.success, error: result.error ?? null },
        },
        tx,
      )
    })
  }
  return result
}
