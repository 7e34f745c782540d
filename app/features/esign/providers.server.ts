import { BoldsignError, listBoldsignTemplates } from '~/integrations/boldsign/client.server'
import { GoformzError, listGoformzTemplates } from '~/integrations/goformz/client.server'
import { getGoformzConfig, getGoformzSettingsView } from '~/integrations/goformz/settings.server'
import { getBoldsignConfig, getBoldsignSettingsView } from '~/integrations/settings.server'
import { ConflictError } from '~/platform/errors'
import { type EsignProvider, PROVIDER_LABELS } from '~/features/esign/options'

/**
 * The e-signature providers as senders see them: whether each can be used
 * and its templates, read with the server's own stored credentials. No
 * answer here ever carries a key or a secret.
 */

/** The provider answered with a refusal or not at all: the API says 502. */
export class ProviderFailedError extends Error {
  override name = 'ProviderFailedError'
}

export function notConfiguredMessage(provider: EsignProvider) {
  return `${PROVIDER_LABELS[provider]} is not configured`
}

export async function getProviderStatus() {
  const [goformz, goformzConfig, boldsign, boldsignConfig] = await Promise.all([
    getGoformzSettingsView(),
    getGoformzConfig(),
    getBoldsignSettingsView(),
    getBoldsignConfig(),
  ])
  return {
    goformz: {
      // Usable: switched on, key and secret saved, and not failing its last test.
      connected: goformzConfig !== null && goformz.connectionStatus !== 'failed',
      accountName: goformz.accountName,
      isActive: goformz.isActive,
      connectionStatus: goformz.connectionStatus,
      lastConnected: goformz.lastConnected,
      errorMessage: goformz.errorMessage,
      defaultExpiryDays: goformz.defaultExpiryDays,
      enableEmailNotifications: goformz.enableEmailNotifications,
      enableESignatureReminders: goformz.enableESignatureReminders,
      assignment: goformz.assigneeType && goformz.assigneeId ? { type: goformz.assigneeType, id: goformz.assigneeId } : null,
    },
    boldsign: {
      connected: boldsignConfig !== null,
      isActive: boldsign.isActive,
      source: boldsign.source,
    },
    // The portal's own signing needs no account: always there.
    portal: { connected: true },
  }
}

export type ProviderStatus = Awaited<ReturnType<typeof getProviderStatus>>

export async function listProviderTemplates(provider: EsignProvider) {
  try {
    if (provider === 'goformz') {
      const config = await getGoformzConfig()
      if (!config) throw new ConflictError(notConfiguredMessage(provider))
      return await listGoformzTemplates(config)
    }
    const config = await getBoldsignConfig()
    if (!config) throw new ConflictError(notConfiguredMessage(provider))
    return await listBoldsignTemplates(config)
  } catch (error) {
    if (error instanceof GoformzError || error instanceof BoldsignError) throw new ProviderFailedError(error.message)
    throw error
  }
}
