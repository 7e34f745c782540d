import crypto from 'node:crypto'
import { isUniqueViolation } from '~/platform/db-errors'
import { prisma } from '~/platform/db.server'

/** Deliveries older or newer than this are refused (replays, skewed clocks). */
export const WEBHOOK_TOLERANCE_SECONDS = 300

/**
 * BoldSign signs the raw body: `X-BoldSign-Signature: t=<unix>, s0=<hex>`
 * where s0 = HMAC-SHA256(secret, "<t>.<body>"), and `s1=` while a rotated
 * secret is still valid. Compared in constant time.
 */
export function verifyBoldsignSignature(rawBody: string, header: string | null, secret: string, now = Date.now()) {
  if (!header) return false
  const parts = new Map<string, string[]>()
  for (const part of header.split(',')) {
    const [key, value] = part.trim().split('=')
    if (key && value) parts.set(key, [...(parts.get(key) ?? []), value])
  }
  const timestamp = Number(parts.get('t')?.[0])
  if (!Number.isFinite(timestamp) || Math.abs(now / 1000 - timestamp) > WEBHOOK_TOLERANCE_SECONDS) return false
  const expected = crypto.createHmac('sha256', secret).update(`${timestamp}.${rawBody}`).digest()
  const candidates = [...(parts.get('s0') ?? []), ...(parts.get('s1') ?? [])]
  return candidates.some((hex) => {
    const given = Buffer.from(hex, 'hex')
    return given.length === expected.length && crypto.timingSafeEqual(given, expected)
  })
}

export function signBoldsignBody(rawBody: string, secret: string, timestamp = Math.floor(Date.now() / 1000)) {
  const signature = crypto.createHmac('sha256', secret).update(`${timestamp}.${rawBody}`).digest('hex')
  return `t=${timestamp}, s0=${signature}`
}

/** True the first time an event id is seen; false for a repeat delivery. */
export async function firstDelivery(provider: string, eventId: string, eventType: string) {
  try {
    await prisma.webhookEvent.create({ data: { provider, eventId, eventType } })
    return true
  } catch (error) {
    if (isUniqueViolation(error)) return false
    throw error
  }
}
