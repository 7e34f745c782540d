import type { Prisma } from '~/generated/prisma/client'
import { readIntegration, saveIntegration } from '~/integrations/settings.server'
import {
  GOFORMZ_EXPIRY_DAYS_DEFAULT,
  type GoformzAssigneeType,
  type GoformzConnectionStatus,
} from '~/integrations/goformz/options'
import { getEnv } from '~/platform/env.server'
import { prisma } from '~/platform/db.server'

/**
 * GoFormz settings: one IntegrationSetting row ('goformz') with the plain
 * configuration and, encrypted, the API key (OAuth client id) and secret.
 * Only the client reads the secrets; pages and the API get `hasX` flags.
 */
export const GOFORMZ_PROVIDER = 'goformz'

type StoredConfig = {
  accountName?: string
  baseUrl?: string
  oauthUrl?: string
  isActive?: boolean
  defaultExpiryDays?: number
  enableEmailNotifications?: boolean
  enableESignatureReminders?: boolean
  assigneeType?: GoformzAssigneeType | null
  assigneeId?: string | null
  connectionStatus?: GoformzConnectionStatus
  lastConnected?: string | null
  lastTestedAt?: string | null
  errorMessage?: string | null
}
type StoredSecrets = { apiKey: string; apiSecret: string }

/** What the client needs to call GoFormz. */
export type GoformzCredentials = { baseUrl: string; tokenUrl: string; clientId: string; clientSecret: string }

export type GoformzConfig = GoformzCredentials & {
  assignment: { id: string; type: GoformzAssigneeType } | null
  defaultExpiryDays: number
  enableEmailNotifications: boolean
  enableESignatureReminders: boolean
}

const read = (db?: Prisma.TransactionClient) => readIntegration<StoredConfig, StoredSecrets>(GOFORMZ_PROVIDER, db)

/** GoFormz as the senders use it; null when switched off or without a key and secret. */
export async function getGoformzConfig(): Promise<GoformzConfig | null> {
  const stored = await read()
  if (!stored || stored.config.isActive === false) return null
  const { apiKey, apiSecret } = stored.secrets
  if (!apiKey || !apiSecret) return null
  const env = getEnv()
  const config = stored.config
  return {
    baseUrl: config.baseUrl || env.GOFORMZ_API_BASE_URL,
    tokenUrl: config.oauthUrl || env.GOFORMZ_TOKEN_URL,
    clientId: apiKey,
    clientSecret: apiSecret,
    assignment: config.assigneeType && config.assigneeId ? { id: config.assigneeId, type: config.assigneeType } : null,
    defaultExpiryDays: config.defaultExpiryDays ?? GOFORMZ_EXPIRY_DAYS_DEFAULT,
    enableEmailNotifications: config.enableEmailNotifications ?? true,
    enableESignatureReminders: config.enableESignatureReminders ?? true,
  }
}

export type GoformzSettingsView = {
  accountName: string
  baseUrl: string
  oauthUrl: string
  isActive: boolean
  defaultExpiryDays: number
  enableEmailNotifications: boolean
  enableESignatureReminders: boolean
  assigneeType: GoformzAssigneeType | null
  assigneeId: string
  hasApiKey: boolean
  hasApiSecret: boolean
  connectionStatus: GoformzConnectionStatus
  /** When a test last succeeded (ISO). */
  lastConnected: string | null
  errorMessage: string | null
}

/** What Settings and the API show: never the key or the secret. */
export async function getGoformzSettingsView(db?: Prisma.TransactionClient): Promise<GoformzSettingsView> {
  const env = getEnv()
  const stored = await read(db)
  const config = stored?.config ?? {}
  return {
    accountName: config.accountName ?? '',
    baseUrl: config.baseUrl || env.GOFORMZ_API_BASE_URL,
    oauthUrl: config.oauthUrl || env.GOFORMZ_TOKEN_URL,
    isActive: config.isActive ?? true,
    defaultExpiryDays: config.defaultExpiryDays ?? GOFORMZ_EXPIRY_DAYS_DEFAULT,
    enableEmailNotifications: config.enableEmailNotifications ?? true,
    enableESignatureReminders: config.enableESignatureReminders ?? true,
    assigneeType: config.assigneeType ?? null,
    assigneeId: config.assigneeId ?? '',
    hasApiKey: Boolean(stored?.secrets.apiKey),
    hasApiSecret: Boolean(stored?.secrets.apiSecret),
    connectionStatus: config.connectionStatus ?? 'unknown',
    lastConnected: config.lastConnected ?? null,
    errorMessage: config.errorMessage ?? null,
  }
}

/** The saved key and secret, for a connection test of what is saved (server only). */
export async function getSavedGoformzSecrets() {
  const stored = await read()
  return { apiKey: stored?.secrets.apiKey ?? null, apiSecret: stored?.secrets.apiSecret ?? null }
}

export type GoformzSettingsInput = {
  accountName: string
  apiKey?: string
  apiSecret?: string
  baseUrl: string
  oauthUrl: string
  isActive: boolean
  defaultExpiryDays: number
  enableEmailNotifications: boolean
  enableESignatureReminders: boolean
  assigneeType?: GoformzAssigneeType | null
  assigneeId?: string | null
}

/**
 * Saves the settings; a blank key or secret keeps the saved one. New
 * credentials or addresses have not been tested, so the status returns to
 * unknown; otherwise the last test's outcome stays.
 */
export async function saveGoformzSettings(input: GoformzSettingsInput, db: Prisma.TransactionClient = prisma) {
  const existing = await read(db)
  const keep = existing?.config ?? {}
  const changed =
    Boolean(input.apiKey || input.apiSecret) ||
    (keep.baseUrl !== undefined && keep.baseUrl !== input.baseUrl) ||
    (keep.oauthUrl !== undefined && keep.oauthUrl !== input.oauthUrl)
  const config: StoredConfig = {
    accountName: input.accountName,
    baseUrl: input.baseUrl,
    oauthUrl: input.oauthUrl,
    isActive: input.isActive,
    defaultExpiryDays: input.defaultExpiryDays,
    enableEmailNotifications: input.enableEmailNotifications,
    enableESignatureReminders: input.enableESignatureReminders,
    assigneeType: input.assigneeId ? (input.assigneeType ?? 'User') : null,
    assigneeId: input.assigneeId || null,
    connectionStatus: changed ? 'unknown' : (keep.connectionStatus ?? 'unknown'),
    lastConnected: keep.lastConnected ?? null,
    lastTestedAt: changed ? null : (keep.lastTestedAt ?? null),
    errorMessage: changed ? null : (keep.errorMessage ?? null),
  }
  await saveIntegration(GOFORMZ_PROVIDER, config as Prisma.InputJsonObject, { apiKey: input.apiKey, apiSecret: input.apiSecret }, db)
}

/** Records a connection test of the saved credentials. */
export async function recordGoformzConnection(
  outcome: { ok: true } | { ok: false; error: string },
  db: Prisma.TransactionClient = prisma,
) {
  const existing = await read(db)
  if (!existing) return
  const now = new Date().toISOString()
  const config: StoredConfig = {
    ...existing.config,
    connectionStatus: outcome.ok ? 'connected' : 'failed',
    lastTestedAt: now,
    lastConnected: outcome.ok ? now : (existing.config.lastConnected ?? null),
    errorMessage: outcome.ok ? null : outcome.error,
  }
  await saveIntegration(GOFORMZ_PROVIDER, config as Prisma.InputJsonObject, {}, db)
}

/**
 * The secret in the GoFormz webhook's address: saved with the settings
 * (encrypted) or GOFORMZ_WEBHOOK_SECRET; null when neither is set. GoFormz
 * signs nothing, so the address is the only proof a delivery came from
 * whoever was given it, and every delivery is checked against GoFormz.
 */
export async function getGoformzWebhookSecret() {
  const stored = await read()
  return (stored?.secrets as { webhookSecret?: string } | undefined)?.webhookSecret ?? getEnv().GOFORMZ_WEBHOOK_SECRET ?? null
}
