import crypto from 'node:crypto'
import { getEnv } from '~/platform/env.server'

/**
 * GoHighLevel signs each webhook delivery over the raw body with its own
 * private key: `X-GHL-Signature` (Ed25519, base64) and, while it is still
 * sent, the legacy `X-WH-Signature` (RSA-SHA256 PKCS#1 v1.5, base64). The
 * keys below are the public keys GoHighLevel publishes in its marketplace
 * developer documentation (Webhook Integration Guide / Webhook Authentication).
 * GHL_WEBHOOK_ED25519_PUBLIC_KEY and GHL_WEBHOOK_RSA_PUBLIC_KEY replace them
 * (a rotation, or the tests' own keys).
 */
export const GHL_PUBLISHED_ED25519_PUBLIC_KEY = `-----BEGIN PUBLIC KEY-----
MCowBQYDK2VwAyEAi2HR1srL4o18O8BRa7gVJY7G7bupbN3H9AwJrHCDiOg=
-----END PUBLIC KEY-----`

export const GHL_PUBLISHED_RSA_PUBLIC_KEY = `-----BEGIN PUBLIC KEY-----
MIICIjANBgkqhkiG9w0BAQEFAAOCAg8AMIICCgKCAgEAokvo/r9tVgcfZ5DysOSC
Frm602qYV0MaAiNnX9O8KxMbiyRKWeL9JpCpVpt4XHIcBOK4u3cLSqJGOLaPuXw6
dO0t6Q/ZVdAV5Phz+ZtzPL16iCGeK9po6D6JHBpbi989mmzMryUnQJezlYJ3DVfB
csedpinheNnyYeFXolrJvcsjDtfAeRx5ByHQmTnSdFUzuAnC9/GepgLT9SM4nCpv
uxmZMxrJt5Rw+VUaQ9B8JSvbMPpez4peKaJPZHBbU3OdeCVx5klVXXZQGNHOs8gF
3kvoV5rTnXV0IknLBXlcKKAQLZcY/Q9rG6Ifi9c+5vqlvHPCUJFT5XUGG5RKgOKU
J062fRtN+rLYZUV+BjafxQauvC8wSWeYja63VSUruvmNj8xkx2zE/Juc+yjLjTXp
IocmaiFeAO6fUtNjDeFVkhf5LNb59vECyrHD2SQIrhgXpO4Q3dVNA5rw576PwTzN
h/AMfHKIjE4xQA1SZuYJmNnmVZLIZBlQAF9Ntd03rfadZ+yDiOXCCs9FkHibELhC
HULgCsnuDJHcrGNd5/Ddm5hxGQ0ASitgHeMZ0kcIOwKDOzOU53lDza6/Y09T7sYJ
PQe7z0cvj7aE4B+Ax1ZoZGPzpJlZtGXCsu9aTEGEnKzmsFqwcSsnw3JB31IGKAyk
T1hhTiaCeIY/OwwwNUY2yvcCAwEAAQ==
-----END PUBLIC KEY-----`

/** Deliveries older than this are refused: a replayed body keeps its old timestamp. */
export const GHL_WEBHOOK_MAX_AGE_MS = 5 * 60 * 1000
/** How far ahead of our clock a delivery's timestamp may be. */
export const GHL_WEBHOOK_CLOCK_SKEW_MS = 60 * 1000

export type GhlWebhookKeys = { ed25519: string; rsa: string }

/** Env editors turn line breaks into literal "\n": put them back. */
function pem(text: string) {
  return text.replace(/\\n/g, '\n').trim()
}

export function ghlWebhookKeys(): GhlWebhookKeys {
  const env = getEnv()
  return {
    ed25519: pem(env.GHL_WEBHOOK_ED25519_PUBLIC_KEY ?? GHL_PUBLISHED_ED25519_PUBLIC_KEY),
    rsa: pem(env.GHL_WEBHOOK_RSA_PUBLIC_KEY ?? GHL_PUBLISHED_RSA_PUBLIC_KEY),
  }
}

function verifyOne(algorithm: 'sha256' | null, rawBody: Buffer, keyPem: string, signature: string) {
  const bytes = Buffer.from(signature.trim(), 'base64')
  if (bytes.length === 0) return false
  try {
    return crypto.verify(algorithm, rawBody, crypto.createPublicKey(keyPem), bytes)
  } catch {
    // A key of the wrong type or a malformed signature is simply not a valid signature.
    return false
  }
}

export type GhlSignatureHeaders = { ghlSignature: string | null; whSignature: string | null }

/**
 * True when the body carries a valid signature. The Ed25519 header wins when
 * present: a delivery with a bad X-GHL-Signature is refused even if it also
 * carries a legacy one.
 */
export function verifyGhlWebhookSignature(rawBody: Buffer | string, headers: GhlSignatureHeaders, keys: GhlWebhookKeys = ghlWebhookKeys()) {
  const body = typeof rawBody === 'string' ? Buffer.from(rawBody, 'utf8') : rawBody
  if (headers.ghlSignature) return verifyOne(null, body, keys.ed25519, headers.ghlSignature)
  if (headers.whSignature) return verifyOne('sha256', body, keys.rsa, headers.whSignature)
  return false
}

export type GhlTimestampCheck = 'ok' | 'missing' | 'stale' | 'future'

/** The body's `timestamp` (ISO 8601 or epoch milliseconds) within the allowed window. */
export function checkGhlWebhookTimestamp(timestamp: unknown, now = Date.now()): GhlTimestampCheck {
  const at =
    typeof timestamp === 'number' ? timestamp : typeof timestamp === 'string' && timestamp.trim() ? Date.parse(timestamp) : Number.NaN
  if (!Number.isFinite(at)) return 'missing'
  if (now - at > GHL_WEBHOOK_MAX_AGE_MS) return 'stale'
  if (at - now > GHL_WEBHOOK_CLOCK_SKEW_MS) return 'future'
  return 'ok'
}
