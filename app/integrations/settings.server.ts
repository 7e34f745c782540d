import type { Prisma } from '~/generated/prisma/client'
import { prisma } from '~/platform/db.server'
import { decrypt, encrypt } from '~/platform/encryption.server'
import { getEnv } from '~/platform/env.server'
import { createChangeCache, deepFreeze, readChangeVersion } from '~/platform/change-cache.server'

const INTEGRATIONS_COUNTER = 'integrations'

type StoredIntegration = { config: Record<string, unknown>; secrets: Record<string, string>; updatedAt: Date }

/**
 * Settings as last read, kept while the 'integrations' change counter stands
 * still (a trigger bumps it with every change, whoever makes it): pages that
 * only ask whether a provider is set up (a lead's sync button, the calendar's
 * GoHighLevel card) then read none. Never for a read inside a transaction.
 */
const keptSettings = createChangeCache<StoredIntegration | null>({ maxAgeMs: 10 * 60 * 1000 })

/**
 * One row per provider: plain config plus encrypted secrets. Secrets are
 * read only by server-side clients; loaders expose `hasX` flags instead.
 */
export async function readIntegration<Config extends Record<string, unknown>, Secrets extends Record<string, string>>(
  provider: string,
  db: Prisma.TransactionClient = prisma,
) {
  const read = async (): Promise<StoredIntegration | null> => {
    const row = await db.integrationSetting.findUnique({ where: { provider } })
    if (!row) return null
    return deepFreeze({
      config: row.config as Record<string, unknown>,
      secrets: (row.secrets ? JSON.parse(decrypt(row.secrets)) : {}) as Record<string, string>,
      updatedAt: row.updatedAt,
    })
  }
  const stored = db === prisma ? await keptSettings.read(provider, await readChangeVersion(INTEGRATIONS_COUNTER), new Date(), read) : await read()
  return stored as { config: Config; secrets: Partial<Secrets>; updatedAt: Date } | null
}

/** Secrets left undefined keep their stored value (write-only fields). Pass `db` to save inside a transaction. */
export async function saveIntegration(
  provider: string,
  config: Prisma.InputJsonObject,
  secrets: Record<string, string | undefined>,
  db: Prisma.TransactionClient = prisma,
) {
  const existing = await readIntegration(provider, db)
  const merged = { ...(existing?.secrets ?? {}) } as Record<string, string>
  for (const [name, value] of Object.entries(secrets)) if (value) merged[name] = value
  const encrypted = encrypt(JSON.stringify(merged))
  await db.integrationSetting.upsert({
    where: { provider },
    create: { provider, config, secrets: encrypted },
    update: { config, secrets: encrypted },
  })
}

/** Local fakes listen on loopback addresses: allowed for tests and MOCKS=true only. */
export function loopbackProvidersAllowed() {
  const env = getEnv()
  return env.INTEGRATIONS_ALLOW_LOOPBACK || env.MOCKS
}

export type GhlConfig = { baseUrl: string; token: string; locationId: string; accountName: string }
type GhlStoredConfig = { accountName?: string; locationId?: string; baseUrl?: string; isActive?: boolean }

/**
 * GoHighLevel settings from Settings (admins) or, failing that, from the
 * environment. Null when not configured or switched off.
 */
export async function getGhlConfig(db?: Prisma.TransactionClient): Promise<GhlConfig | null> {
  const env = getEnv()
  const stored = await readIntegration<GhlStoredConfig, { token: string }>('gohighlevel', db)
  if (stored) {
    if (stored.config.isActive === false) return null
    const token = stored.secrets.token ?? env.GHL_API_TOKEN
    const locationId = stored.config.locationId || env.GHL_LOCATION_ID
    if (!token || !locationId) return null
    return {
      token,
      locationId,
      baseUrl: stored.config.baseUrl || env.GHL_API_BASE_URL,
      accountName: stored.config.accountName ?? '',
    }
  }
  if (!env.GHL_API_TOKEN || !env.GHL_LOCATION_ID) return null
  return { token: env.GHL_API_TOKEN, locationId: env.GHL_LOCATION_ID, baseUrl: env.GHL_API_BASE_URL, accountName: '' }
}

export type GhlSettingsView = {
  accountName: string
  locationId: string
  baseUrl: string
  isActive: boolean
  hasToken: boolean
  connectionStatus: 'unknown' | 'connected' | 'failed'
  lastTestedAt: string | null
  lastError: string | null
  /** Where the configuration comes from. */
  source: 'settings' | 'environment' | 'none'
  /**
   * Whether leads are sent: 'on' (complete and switched on), 'off' (switched
   * off here), 'incomplete' (saved without a token or location), or
   * 'not_set_up' (nothing saved or configured).
   */
  syncState: 'on' | 'off' | 'incomplete' | 'not_set_up'
}

type GhlStoredStatus = GhlStoredConfig & {
  connectionStatus?: GhlSettingsView['connectionStatus']
  lastTestedAt?: string
  lastError?: string | null
}

/** What Settings shows: never the token itself. */
export async function getGhlSettingsView(): Promise<GhlSettingsView> {
  const env = getEnv()
  const stored = await readIntegration<GhlStoredStatus, { token: string }>('gohighlevel')
  const config = stored?.config ?? {}
  const source = stored ? 'settings' : env.GHL_API_TOKEN && env.GHL_LOCATION_ID ? 'environment' : 'none'
  // The same rules as getGhlConfig, which decides whether a lead is sent.
  const complete = Boolean((stored?.secrets.token ?? env.GHL_API_TOKEN) && (config.locationId || env.GHL_LOCATION_ID))
  const syncState =
    source === 'none' ? 'not_set_up' : config.isActive === false ? 'off' : complete ? 'on' : 'incomplete'
  return {
    accountName: config.accountName ?? '',
    locationId: config.locationId ?? env.GHL_LOCATION_ID ?? '',
    baseUrl: config.baseUrl ?? env.GHL_API_BASE_URL,
    isActive: config.isActive ?? true,
    hasToken: Boolean(stored?.secrets.token ?? env.GHL_API_TOKEN),
    connectionStatus: config.connectionStatus ?? 'unknown',
    lastTestedAt: config.lastTestedAt ?? null,
    lastError: config.lastError ?? null,
    source,
    syncState,
  }
}

export async function saveGhlSettings(
  input: { accountName: string; locationId: string; baseUrl?: string; isActive: boolean; token?: string },
  status?: Pick<GhlStoredStatus, 'connectionStatus' | 'lastTestedAt' | 'lastError'>,
) {
  const existing = await readIntegration<GhlStoredStatus, { token: string }>('gohighlevel')
  const keep = existing?.config ?? {}
  await saveIntegration(
    'gohighlevel',
    {
      accountName: input.accountName,
      locationId: input.locationId,
      baseUrl: input.baseUrl ?? getEnv().GHL_API_BASE_URL,
      isActive: input.isActive,
      connectionStatus: status?.connectionStatus ?? keep.connectionStatus ?? 'unknown',
      lastTestedAt: status?.lastTestedAt ?? keep.lastTestedAt ?? null,
      lastError: status?.lastError ?? null,
    },
    { token: input.token },
  )
}

export type BoldsignConfig = { baseUrl: string; apiKey: string }

/** BoldSign's API key from Settings (encrypted) or the environment; null when missing. */
export async function getBoldsignConfig(): Promise<BoldsignConfig | null> {
  const env = getEnv()
  const stored = await readIntegration<{ baseUrl?: string; isActive?: boolean }, { apiKey: string }>('boldsign')
  if (stored?.config.isActive === false) return null
  const apiKey = stored?.secrets.apiKey ?? env.BOLDSIGN_API_KEY
  if (!apiKey) return null
  return { apiKey, baseUrl: stored?.config.baseUrl || env.BOLDSIGN_API_BASE_URL }
}

export async function getBoldsignSettingsView() {
  const env = getEnv()
  const stored = await readIntegration<{ baseUrl?: string; isActive?: boolean }, { apiKey: string; webhookSecret: string }>(
    'boldsign',
  )
  return {
    baseUrl: stored?.config.baseUrl ?? env.BOLDSIGN_API_BASE_URL,
    isActive: stored?.config.isActive ?? true,
    hasApiKey: Boolean(stored?.secrets.apiKey ?? env.BOLDSIGN_API_KEY),
    hasWebhookSecret: Boolean(stored?.secrets.webhookSecret ?? env.BOLDSIGN_WEBHOOK_SECRET),
    source: stored ? ('settings' as const) : env.BOLDSIGN_API_KEY ? ('environment' as const) : ('none' as const),
  }
}

export async function saveBoldsignSettings(input: { apiKey?: string; webhookSecret?: string; baseUrl: string; isActive: boolean }) {
  await saveIntegration(
    'boldsign',
    { baseUrl: input.baseUrl, isActive: input.isActive },
    { apiKey: input.apiKey, webhookSecret: input.webhookSecret },
  )
}

export async function getBoldsignWebhookSecret() {
  const stored = await readIntegration<Record<string, unknown>, { webhookSecret: string }>('boldsign')
  return stored?.secrets.webhookSecret ?? getEnv().BOLDSIGN_WEBHOOK_SECRET ?? null
}
