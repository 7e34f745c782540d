import type { Prisma } from '~/generated/prisma/client'
import type { SmtpTlsMode } from '~/integrations/smtp/options'
import { readIntegration, saveIntegration } from '~/integrations/settings.server'
import { prisma } from '~/platform/db.server'
import { getEnv } from '~/platform/env.server'

/**
 * E-mail delivery settings: one IntegrationSetting row ('email') with the
 * channel and the SMTP server, the password encrypted. Without a saved
 * server, SMTP_URL and MAIL_FROM apply. Only the SMTP client reads the
 * password; Settings shows whether one is saved.
 */
export const EMAIL_PROVIDER = 'email'

export type EmailChannelSetting = 'smtp' | 'gohighlevel'

export type SmtpConfig = {
  host: string
  port: number
  tlsMode: SmtpTlsMode
  user: string | null
  password: string | null
  fromAddress: string
  fromName: string | null
  source: 'settings' | 'environment'
}

type StoredConfig = {
  channel?: EmailChannelSetting
  host?: string | null
  port?: number | null
  tlsMode?: SmtpTlsMode
  user?: string | null
  fromAddress?: string | null
  fromName?: string | null
}
type StoredSecrets = { password: string }

const read = (db?: Prisma.TransactionClient) => readIntegration<StoredConfig, StoredSecrets>(EMAIL_PROVIDER, db)

/** 'Name <address>' or a bare address, as MAIL_FROM may be written. */
export function parseMailFrom(value: string | undefined): { address: string; name: string | null } | null {
  if (!value) return null
  const named = /^\s*"?([^"<]*?)"?\s*<([^>]+)>\s*$/.exec(value)
  if (named) return { address: named[2]!.trim(), name: named[1]!.trim() || null }
  return { address: value.trim(), name: null }
}

/** smtp://user:pass@host:587 (STARTTLS when offered), smtps:// (implicit TLS); ?tls=none forbids TLS. */
export function smtpConfigFromUrl(url: string, mailFrom: string | undefined): SmtpConfig | null {
  let parsed: URL
  try {
    parsed = new URL(url)
  } catch {
    return null
  }
  if (parsed.protocol !== 'smtp:' && parsed.protocol !== 'smtps:') return null
  const implicit = parsed.protocol === 'smtps:'
  const user = parsed.username ? decodeURIComponent(parsed.username) : null
  const from = parseMailFrom(mailFrom) ?? (user?.includes('@') ? { address: user, name: null } : null)
  if (!from) return null
  return {
    host: parsed.hostname,
    port: parsed.port ? Number(parsed.port) : implicit ? 465 : 587,
    tlsMode: implicit ? 'tls' : parsed.searchParams.get('tls') === 'none' ? 'none' : 'starttls',
    user,
    password: parsed.password ? decodeURIComponent(parsed.password) : null,
    fromAddress: from.address,
    fromName: from.name,
    source: 'environment',
  }
}

/** The SMTP server mail goes through: saved here, else SMTP_URL; null when neither. */
export async function getSmtpConfig(db?: Prisma.TransactionClient): Promise<SmtpConfig | null> {
  const stored = await read(db)
  const config = stored?.config ?? {}
  if (config.host && config.fromAddress) {
    return {
      host: config.host,
      port: config.port ?? (config.tlsMode === 'tls' ? 465 : 587),
      tlsMode: config.tlsMode ?? 'starttls',
      user: config.user ?? null,
      password: stored?.secrets.password ?? null,
      fromAddress: config.fromAddress,
      fromName: config.fromName ?? null,
      source: 'settings',
    }
  }
  const env = getEnv()
  return env.SMTP_URL ? smtpConfigFromUrl(env.SMTP_URL, env.MAIL_FROM) : null
}

/** The channel saved in Settings; null when none was chosen. */
export async function getSavedEmailChannel(db?: Prisma.TransactionClient): Promise<EmailChannelSetting | null> {
  return (await read(db))?.config.channel ?? null
}

export type EmailSettingsView = {
  channel: EmailChannelSetting | null
  host: string
  port: number | null
  tlsMode: SmtpTlsMode
  user: string
  fromAddress: string
  fromName: string
  hasPassword: boolean
  /** Where the SMTP server in use comes from. */
  smtpSource: 'settings' | 'environment' | 'none'
}

/** What Settings shows: never the password. */
export async function getEmailSettingsView(db?: Prisma.TransactionClient): Promise<EmailSettingsView> {
  const stored = await read(db)
  const config = stored?.config ?? {}
  const inUse = await getSmtpConfig(db)
  return {
    channel: config.channel ?? null,
    host: config.host ?? '',
    port: config.port ?? null,
    tlsMode: config.tlsMode ?? 'starttls',
    user: config.user ?? '',
    fromAddress: config.fromAddress ?? '',
    fromName: config.fromName ?? '',
    hasPassword: Boolean(stored?.secrets.password),
    smtpSource: inUse?.source ?? 'none',
  }
}

export type EmailSettingsInput = {
  channel: EmailChannelSetting
  host?: string
  port?: number
  tlsMode: SmtpTlsMode
  user?: string
  /** Undefined keeps the saved password. */
  password?: string
  fromAddress?: string
  fromName?: string
}

export async function saveEmailSettings(input: EmailSettingsInput, db: Prisma.TransactionClient = prisma) {
  await saveIntegration(
    EMAIL_PROVIDER,
    {
      channel: input.channel,
      host: input.host ?? null,
      port: input.port ?? null,
      tlsMode: input.tlsMode,
      user: input.user ?? null,
      fromAddress: input.fromAddress ?? null,
      fromName: input.fromName ?? null,
    },
    { password: input.password },
    db,
  )
}
