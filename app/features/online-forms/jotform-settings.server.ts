import { JotformError, getJotformUser } from '~/integrations/jotform/client.server'
import {
  JOTFORM_CONNECTED,
  JOTFORM_CONNECTION_FAILED,
  JOTFORM_TEST_NEEDS_KEY,
  type JotformRegion,
} from '~/integrations/jotform/options'
import {
  JOTFORM_PROVIDER,
  getJotformConfig,
  getJotformSettingsView,
  jotformBaseUrl,
  recordJotformConnection,
  saveJotformSettings,
} from '~/integrations/jotform/settings.server'
import { clearJotformStatusCache } from '~/integrations/jotform/status.server'
import { NEW_REGION_KEY_MESSAGE } from '~/integrations/settings-options'
import type { Actor } from '~/platform/actor'
import { recordAudit } from '~/platform/audit.server'
import { prisma } from '~/platform/db.server'
import { RuleViolationError } from '~/platform/errors'

/**
 * Settings → General's Jotform section: saving (audited, in one transaction,
 * never naming the key) and testing the connection with a real call.
 */

export type JotformSettingsChange = { region: JotformRegion; apiKey?: string; removeKey?: boolean }

export async function updateJotformSettings(change: JotformSettingsChange, actor: Actor) {
  await prisma.$transaction(async (tx) => {
    const current = await getJotformSettingsView(tx)
    const regionChanged = current.region !== change.region
    // A saved key goes only to the region it was saved for.
    if (regionChanged && current.hasSavedKey && !change.apiKey && !change.removeKey) {
      throw new RuleViolationError(NEW_REGION_KEY_MESSAGE, 'apiKey')
    }
    await saveJotformSettings({ region: change.region, apiKey: change.apiKey, removeKey: change.removeKey && !change.apiKey }, tx)
    await recordAudit(
      {
        actor,
        action: 'update',
        entityType: 'IntegrationSetting',
        entityId: JOTFORM_PROVIDER,
        details: {
          region: change.region,
          regionChanged,
          apiKeyChanged: Boolean(change.apiKey),
          apiKeyRemoved: Boolean(change.removeKey && !change.apiKey && current.hasSavedKey),
        },
      },
      tx,
    )
  })
  clearJotformStatusCache()
}

export type JotformConnectionTest = { success: boolean; message: string; username?: string; error?: string }

/**
 * Tries the typed key (in the chosen region), else the key in use; only the
 * latter's outcome becomes the status Settings shows. Jotform's refusal or
 * outage is an answer (success: false), not an error.
 */
export async function testJotformConnection(candidate: { apiKey?: string; region: JotformRegion }, actor: Actor): Promise<JotformConnectionTest> {
  const inUse = await getJotformConfig()
  const current = await getJotformSettingsView()
  if (!candidate.apiKey && inUse && inUse.source === 'settings' && candidate.region !== current.region) {
    throw new RuleViolationError(NEW_REGION_KEY_MESSAGE, 'apiKey')
  }
  const credentials = candidate.apiKey
    ? { apiKey: candidate.apiKey, baseUrl: jotformBaseUrl(candidate.region) }
    : inUse && { apiKey: inUse.apiKey, baseUrl: jotformBaseUrl(candidate.region) }
  if (!credentials) throw new RuleViolationError(JOTFORM_TEST_NEEDS_KEY, 'apiKey')
  let result: JotformConnectionTest
  try {
    const user = await getJotformUser(credentials)
    result = { success: true, message: JOTFORM_CONNECTED, username: user.username }
  } catch (error) {
    if (!(error instanceof JotformError)) throw error
    result = { success: false, message: JOTFORM_CONNECTION_FAILED, error: error.message }
  }
  const testedInUse = !candidate.apiKey || candidate.apiKey === inUse?.apiKey
  if (testedInUse && candidate.region === current.region) {
    await prisma.$transaction(async (tx) => {
      await recordJotformConnection(result.success ? { ok: true } : { ok: false, error: result.error ?? JOTFORM_CONNECTION_FAILED }, tx)
      await recordAudit(
        {
          actor,
          action: 'update',
          entityType: 'IntegrationSetting',
          entityId: JOTFORM_PROVIDER,
          eventType: 'integration_setting.connection_tested',
          details: { connected: result.success, error: result.error ?? null },
        },
        tx,
      )
    })
    clearJotformStatusCache()
  }
  return result
}
