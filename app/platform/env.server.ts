import fs from 'node:fs'
import path from 'node:path'
import crypto from 'node:crypto'
import { z } from 'zod'
import { ROLES, type Role, isRole } from '~/platform/auth/permissions'
import { ensurePrivateDirectory } from '~/platform/data-dir.server'

const booleanString = z
  .enum(['true', 'false', '1', '0'])
  .transform((value) => value === 'true' || value === '1')

const postgresUrl = z
  .string()
  .url()
  .refine((value) => /^postgres(ql)?:\/\//.test(value), {
    message: 'must be a postgres:// or postgresql:// URL',
  })

const s3Endpoint = z
  .string()
  .url()
  .refine((value) => /^https?:\/\//.test(value), { message: 'must be an http:// or https:// URL' })
  .refine((value) => !URL.canParse(value) || (!new URL(value).username && !new URL(value).password), {
    message: 'must not carry credentials: use S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY',
  })

/** Comma-separated roles; an empty value is an empty list, not "unset". */
const roleList = z
  .string()
  .transform((value) =>
    value
      .split(',')
      .map((role) => role.trim())
      .filter(Boolean),
  )
  .refine((roles): roles is Role[] => roles.every(isRole), {
    message: `must be roles from ${ROLES.join(', ')}, separated by commas`,
  })

/** Settings whose empty value means something of its own rather than the default. */
const EMPTY_IS_A_VALUE = new Set(['MFA_REQUIRED_ROLES'])

/**
 * Every setting the server reads. Documented in README.md ("Settings");
 * add a row there when you add one here.
 */
export const envSchema = z.object({
  NODE_ENV: z.enum(['production', 'development', 'test']).default('development'),
  PORT: z.coerce.number().int().min(1).max(65535).default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: postgresUrl.optional(),
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(100).default(10),
  DATABASE_PREPARED_STATEMENTS: booleanString.default(true),
  SESSION_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  SESSION_IDLE_MINUTES: z.coerce.number().int().min(2).max(24 * 60).default(15),
  SESSION_MAX_HOURS: z.coerce.number().int().min(1).max(24 * 30).default(12),
  ADMIN_EMAIL: z.string().email().optional(),
  ADMIN_PASSWORD: z.string().min(12, 'must be at least 12 characters').optional(),
  AGENCY_TIME_ZONE: z
    .string()
    .default('America/New_York')
    .refine(isValidTimeZone, { message: 'must be an IANA time zone such as America/New_York' }),
  ENCRYPTION_KEY: z
    .string()
    .regex(/^[0-9a-f]{64}$/i, { message: 'must be 64 hexadecimal characters (32 bytes)' })
    .optional(),
  GHL_API_BASE_URL: z.string().url().default('https://services.leadconnectorhq.com'),
  GHL_API_TOKEN: z.string().min(1).optional(),
  GHL_LOCATION_ID: z.string().min(1).optional(),
  GHL_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(10_000),
  /** PEM public keys that replace GoHighLevel's published webhook keys (app/integrations/gohighlevel/webhook.server.ts). */
  GHL_WEBHOOK_ED25519_PUBLIC_KEY: z.string().min(1).optional(),
  GHL_WEBHOOK_RSA_PUBLIC_KEY: z.string().min(1).optional(),
  BOLDSIGN_API_BASE_URL: z.string().url().default('https://api.boldsign.com'),
  BOLDSIGN_API_KEY: z.string().min(1).optional(),
  BOLDSIGN_WEBHOOK_SECRET: z.string().min(1).optional(),
  BOLDSIGN_TIMEOUT_MS: z.coerce.number().int().min(100).max(300_000).default(30_000),
  GOFORMZ_API_BASE_URL: z.string().url().default('https://api.goformz.com/v2'),
  GOFORMZ_TOKEN_URL: z.string().url().default('https://accounts.goformz.com/connect/token'),
  /** The secret part of the GoFormz webhook's address (/api/webhook/goformz/<secret>). */
  GOFORMZ_WEBHOOK_SECRET: z.string().min(24, 'must be at least 24 characters').regex(/^[A-Za-z0-9_-]+$/, 'letters, digits, - and _ only').optional(),
  GOFORMZ_TIMEOUT_MS: z.coerce.number().int().min(100).max(300_000).default(30_000),
  /** Jotform's API key when none is saved under Settings → General. */
  JOTFORM_API_KEY: z.string().min(1).optional(),
  /** Overrides the region's API address (a local fake in tests and MOCKS=true). */
  JOTFORM_API_BASE_URL: z.string().url().optional(),
  JOTFORM_TIMEOUT_MS: z.coerce.number().int().min(100).max(300_000).default(20_000),
  /** The SMTP server when none is saved under Settings → General: smtp://user:pass@host:587 or smtps://…:465. */
  SMTP_URL: z
    .string()
    .url()
    .refine((value) => /^smtps?:\/\//.test(value), { message: 'must be an smtp:// or smtps:// URL' })
    .optional(),
  /** The sender with SMTP_URL: "Agency <noreply@example.com>" or an address. */
  MAIL_FROM: z.string().min(3).optional(),
  /** The portal's address as people outside reach it, for links in e-mails sent by jobs (no request to take it from). */
  PUBLIC_URL: z
    .string()
    .url()
    .refine((value) => /^https?:\/\//.test(value), { message: 'must be an http:// or https:// URL' })
    .optional(),
  JOBS_ENABLED: booleanString.default(true),
  MOCKS: booleanString.default(false),
  SEED_DEMO_DATA: booleanString.optional(),
  COOKIE_SECURE: booleanString.default(true),
  TRUST_PROXY: z.coerce.number().int().min(0).max(10).default(0),
  LOG_REQUESTS: booleanString.default(true),
  // Lets Settings point a provider at a loopback address (local fakes in tests).
  INTEGRATIONS_ALLOW_LOOPBACK: booleanString.default(false),
  // Where uploaded files live (app/platform/storage.server.ts).
  STORAGE_BACKEND: z.enum(['local', 's3']).default('local'),
  S3_BUCKET: z
    .string()
    .regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, {
      message: 'must be a bucket name: 3 to 63 lower-case letters, digits, dots and hyphens',
    })
    .optional(),
  S3_REGION: z
    .string()
    .regex(/^[a-z0-9-]+$/, { message: 'must be a region such as us-east-1 (auto for Cloudflare R2)' })
    .optional(),
  S3_ENDPOINT: s3Endpoint.optional(),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  S3_FORCE_PATH_STYLE: booleanString.default(false),
  S3_SSE: z.enum(['AES256', 'aws:kms']).default('AES256'),
  S3_SSE_KMS_KEY_ID: z.string().min(1).optional(),
  // log2 of scrypt's N for new password hashes; stored hashes keep their own.
  // Below 17 only for tests and demonstrations.
  PASSWORD_HASH_COST: z.coerce.number().int().min(10).max(20).default(17),
  // Roles that must use an authenticator app; '' requires it of nobody
  // (demonstrations and automated tests).
  MFA_REQUIRED_ROLES: roleList.default(['admin']),
})

export type Env = z.infer<typeof envSchema> & {
  SESSION_SECRET: string
  ENCRYPTION_KEY: string
  DATA_DIR: string
}

function isValidTimeZone(zone: string) {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone })
    return true
  } catch {
    return false
  }
}

export class EnvError extends Error {}

/** Turns Zod's issues into one line per variable, naming it. */
export function parseEnv(source: Record<string, string | undefined>): z.infer<typeof envSchema> {
  const cleaned = Object.fromEntries(
    Object.entries(source).filter(
      ([name, value]) => value !== undefined && (value !== '' || EMPTY_IS_A_VALUE.has(name)),
    ),
  )
  const result = envSchema.safeParse(cleaned)
  if (!result.success) {
    const lines = result.error.issues.map(
      (issue) => `  ${issue.path.join('.')}: ${issue.message}`,
    )
    throw new EnvError(`Invalid environment settings:\n${lines.join('\n')}`)
  }
  // Instances sharing one PostgreSQL must share the secret; the embedded
  // database is single-instance, so a secret generated beside it is as safe.
  if (
    result.data.NODE_ENV === 'production' &&
    result.data.DATABASE_URL &&
    !result.data.SESSION_SECRET
  ) {
    throw new EnvError(
      'Invalid environment settings:\n  SESSION_SECRET: required in production with DATABASE_URL (at least 32 characters)',
    )
  }
  if (result.data.NODE_ENV === 'production' && result.data.DATABASE_URL && !result.data.ENCRYPTION_KEY) {
    throw new EnvError(
      'Invalid environment settings:\n  ENCRYPTION_KEY: required in production with DATABASE_URL (64 hexadecimal characters)',
    )
  }
  if (Boolean(result.data.ADMIN_EMAIL) !== Boolean(result.data.ADMIN_PASSWORD)) {
    throw new EnvError(
      'Invalid environment settings:\n  ADMIN_EMAIL/ADMIN_PASSWORD: set both or neither',
    )
  }
  const storageProblem = storageSettingsProblem(result.data)
  if (storageProblem) throw new EnvError(`Invalid environment settings:\n  ${storageProblem}`)
  return result.data
}

/** The object-storage settings depend on each other; the first conflict, naming the variable. */
function storageSettingsProblem(env: z.infer<typeof envSchema>) {
  if (env.STORAGE_BACKEND === 's3' && !env.S3_BUCKET) return 'S3_BUCKET: required when STORAGE_BACKEND=s3'
  // Without this, files would silently stay on one instance's disk.
  if (env.STORAGE_BACKEND === 'local' && env.S3_BUCKET) {
    return 'STORAGE_BACKEND: set it to s3 to store files in S3_BUCKET, or leave S3_BUCKET unset'
  }
  if (Boolean(env.S3_ACCESS_KEY_ID) !== Boolean(env.S3_SECRET_ACCESS_KEY)) {
    return 'S3_ACCESS_KEY_ID/S3_SECRET_ACCESS_KEY: set both or neither'
  }
  if (env.S3_SSE_KMS_KEY_ID && env.S3_SSE !== 'aws:kms') return 'S3_SSE_KMS_KEY_ID: only used with S3_SSE=aws:kms'
  return null
}

/** Without a configured value, a secret is generated once and kept under DATA_DIR. */
function loadOrCreateSecret(dataDir: string, name: string, create: () => string) {
  const file = path.join(dataDir, name)
  try {
    return fs.readFileSync(file, 'utf8').trim()
  } catch {
    ensurePrivateDirectory(dataDir)
    const secret = create()
    fs.writeFileSync(file, secret, { mode: 0o600 })
    return secret
  }
}

let cached: Env | undefined

export function getEnv(): Env {
  if (cached) return cached
  const parsed = parseEnv(process.env)
  const dataDir = path.resolve(parsed.DATA_DIR)
  cached = {
    ...parsed,
    DATA_DIR: dataDir,
    SESSION_SECRET:
      parsed.SESSION_SECRET ??
      loadOrCreateSecret(dataDir, 'session-secret', () => crypto.randomBytes(32).toString('base64url')),
    ENCRYPTION_KEY:
      parsed.ENCRYPTION_KEY ??
      loadOrCreateSecret(dataDir, 'encryption-key', () => crypto.randomBytes(32).toString('hex')),
  }
  return cached
}

/** Tests change settings between cases. */
export function resetEnvCache() {
  cached = undefined
}
