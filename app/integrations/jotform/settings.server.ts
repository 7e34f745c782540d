import type { Prisma } from '~/generated/prisma/client'
import { type JotformRegion, jotformRegion } from '~/integrations/jotform/options'
import type { JotformCredentials } from '~/integrations/jotform/client.server'
import { readIntegration } from '~/integrations/settings.server'
import { prisma } from '~/platform/db.server'
import { encrypt } from '~/platform/encryption.server'
import { getEnv } from '~/platform/env.server'

/**
 * Jotform settings: one IntegrationSetting row ('jotform') with the region
 * and the last connection test, and the API key encrypted. When no key is
 * saved, JOTFORM_API_KEY is used; JOTFORM_API_BASE_URL, when set, replaces
 * the region's address (the local fake). Only the client reads the key.
 */
export const JOTFORM_PROVIDER = 'jotform'

export type JotformConnectionStatus = 'unknown' | 'connected' | 'failed'

type StoredConfig = {
  region?: JotformRegion
  connectionStatus?: JotformConnectionStatus
  lastTestedAt?: string | null
  errorMessage?: string | null
}
type StoredSecrets = { apiKey: string }

export type JotformConfig = JotformCredentials & { region: JotformRegion; formHost: string; source: 'settings' | 'environment' }

const read = (db?: Prisma.TransactionClient) => readIntegration<StoredConfig, StoredSecrets>(JOTFORM_PROVIDER, db)

/** The API address for a region, unless the environment points elsewhere. */
export function jotformBaseUrl(region: JotformRegion) {
  return getEnv().JOTFORM_API_BASE_URL ?? jotformRegion(region).apiUrl
}

/** Jotform as the publisher and the webhook use it; null when no key is saved or set. */
export async function getJotformConfig(db?: Prisma.TransactionClient): Promise<JotformConfig | null> {
  const stored = await read(db)
  const env = getEnv()
  const region = jotformRegion(stored?.config.region).value
  const saved = stored?.secrets.apiKey
  const apiKey = saved ?? env.JOTFORM_API_KEY
  if (!apiKey) return null
  return { apiKey, baseUrl: jotformBaseUrl(region), region, formHost: jotformRegion(region).formHost, source: saved ? 'settings' : 'environment' }
}

export type JotformSettingsView = {
  region: JotformRegion
  /** A key is saved here (never the key itself). */
  hasSavedKey: boolean
  /** Where the key in use comes from. */
  source: 'settings' | 'environment' | 'none'
  connectionStatus: JotformConnectionStatus
  lastTestedAt: string | null
  errorMessage: string | null
}

/** What Settings shows: never the key. */
export async function getJotformSettingsView(db?: Prisma.TransactionClient): Promise<JotformSettingsView> {
  const stored = await read(db)
  const config = stored?.config ?? {}
  const hasSavedKey = Boolean(stored?.secrets.apiKey)
  return {
    region: jotformRegion(config.region).value,
    hasSavedKey,
    source: hasSavedKey ? 'settings' : getEnv().JOTFORM_API_KEY ? 'environment' : 'none',
    connectionStatus: config.connectionStatus ?? 'unknown',
    lastTestedAt: config.lastTestedAt ?? null,
    errorMessage: config.errorMessage ?? null,
  }
}

/** The saved key, for a connection test (server only). */
export async function getSavedJotformKey(db?: Prisma.TransactionClient) {
  return (await read(db))?.secrets.apiKey ?? null
}

/**
 * Saves the region and, when given, a new key; `removeKey` forgets the saved
 * one (the environment's, if any, applies again). A new key or region has
 * not been tested, so the status returns to unknown.
 */
export async function saveJotformSettings(
  input: { region: JotformRegion; apiKey?: string; removeKey?: boolean },
  db: Prisma.TransactionClient = prisma,
) {
  const existing = await read(db)
  const keep = existing?.config ?? {}
  const changed = Boolean(input.apiKey || input.removeKey) || (keep.region ?? 'standard') !== input.region
  const config: StoredConfig = {
    region: input.region,
    connectionStatus: changed ? 'unknown' : (keep.connectionStatus ?? 'unknown'),
    lastTestedAt: changed ? null : (keep.lastTestedAt ?? null),
    errorMessage: changed ? null : (keep.errorMessage ?? null),
  }
  const secrets: Partial<StoredSecrets> = input.removeKey ? {} : { ...existing?.secrets }
  if (input.apiKey) secrets.apiKey = input.apiKey
  const encrypted = encrypt(JSON.stringify(secrets))
  await db.integrationSetting.upsert({
    where: { provider: JOTFORM_PROVIDER },
    create: { provider: JOTFORM_PROVIDER, config: config as Prisma.InputJsonObject, secrets: encrypted },
    update: { config: config as Prisma.InputJsonObject, secrets: encrypted },
  })
}

/** Records a connection test of the key in use. */
export async function recordJotformConnection(outcome: { ok: true } | { ok: false; error: string }, db: Prisma.TransactionClient = prisma) {
  const existing = await read(db)
  const config: StoredConfig = {
    ...(existing?.config ?? {}),
    connectionStatus: outcome.ok ? 'connected' : 'failed',
    lastTestedAt: new Date().toISOString(),
    errorMessage: outcome.ok ? null : outcome.error,
  }
  await db.integrationSetting.upsert({
    where: { provider: JOTFORM_PROVIDER },
    create: { provider: JOTFORM_PROVIDER, config: config as Prisma.InputJsonObject, secrets: existing ? undefined : encrypt('{}') },
    update: { config: config as Prisma.InputJsonObject },
  })
}
