import { afterEach, describe, expect, test } from 'vitest'
import {
  GHL_PUBLISHED_ED25519_PUBLIC_KEY,
  GHL_PUBLISHED_RSA_PUBLIC_KEY,
  checkGhlWebhookTimestamp,
  ghlWebhookKeys,
  verifyGhlWebhookSignature,
} from '~/integrations/gohighlevel/webhook.server'
import { statusFromTags } from '~/features/leads/ghl-webhooks.server'
import { resetEnvCache } from '~/platform/env.server'
import { makeGhlTestKeys, signEd25519, signRsa } from '#tests/support/ghl-webhooks'

const keys = makeGhlTestKeys()
const publicKeys = { ed25519: keys.ed25519.publicPem, rsa: keys.rsa.publicPem }
const body = JSON.stringify({ type: 'ContactUpdate', webhookId: 'wh-1', timestamp: new Date().toISOString(), id: 'c-1' })

describe('GoHighLevel webhook signatures', () => {
  afterEach(() => {
    delete process.env.GHL_WEBHOOK_ED25519_PUBLIC_KEY
    delete process.env.GHL_WEBHOOK_RSA_PUBLIC_KEY
    resetEnvCache()
  })

  test('a valid Ed25519 X-GHL-Signature is accepted', () => {
    expect(verifyGhlWebhookSignature(body, { ghlSignature: signEd25519(body, keys.ed25519.privateKey), whSignature: null }, publicKeys)).toBe(true)
  })

  test('a valid legacy RSA X-WH-Signature is accepted', () => {
    expect(verifyGhlWebhookSignature(body, { ghlSignature: null, whSignature: signRsa(body, keys.rsa.privateKey) }, publicKeys)).toBe(true)
  })

  test('a signature by another key is refused, for both schemes', () => {
    const other = makeGhlTestKeys()
    expect(verifyGhlWebhookSignature(body, { ghlSignature: signEd25519(body, other.ed25519.privateKey), whSignature: null }, publicKeys)).toBe(false)
    expect(verifyGhlWebhookSignature(body, { ghlSignature: null, whSignature: signRsa(body, other.rsa.privateKey) }, publicKeys)).toBe(false)
  })

  test('an altered body no longer matches its signature', () => {
    const altered = body.replace('c-1', 'c-2')
    expect(verifyGhlWebhookSignature(altered, { ghlSignature: signEd25519(body, keys.ed25519.privateKey), whSignature: null }, publicKeys)).toBe(false)
    expect(verifyGhlWebhookSignature(altered, { ghlSignature: null, whSignature: signRsa(body, keys.rsa.privateKey) }, publicKeys)).toBe(false)
  })

  test('no signature, garbage, or a bad Ed25519 signature beside a good RSA one are refused', () => {
    expect(verifyGhlWebhookSignature(body, { ghlSignature: null, whSignature: null }, publicKeys)).toBe(false)
    expect(verifyGhlWebhookSignature(body, { ghlSignature: 'not base64!', whSignature: null }, publicKeys)).toBe(false)
    expect(
      verifyGhlWebhookSignature(body, { ghlSignature: signEd25519('other', keys.ed25519.privateKey), whSignature: signRsa(body, keys.rsa.privateKey) }, publicKeys),
    ).toBe(false)
  })

  test('the published keys are used unless the environment names others', () => {
    expect(ghlWebhookKeys()).toEqual({ ed25519: GHL_PUBLISHED_ED25519_PUBLIC_KEY, rsa: GHL_PUBLISHED_RSA_PUBLIC_KEY })
    // The published key cannot have signed our test body.
    expect(verifyGhlWebhookSignature(body, { ghlSignature: signEd25519(body, keys.ed25519.privateKey), whSignature: null })).toBe(false)
    process.env.GHL_WEBHOOK_ED25519_PUBLIC_KEY = keys.ed25519.publicPem.replace(/\n/g, '\\n')
    process.env.GHL_WEBHOOK_RSA_PUBLIC_KEY = keys.rsa.publicPem
    resetEnvCache()
    expect(verifyGhlWebhookSignature(body, { ghlSignature: signEd25519(body, keys.ed25519.privateKey), whSignature: null })).toBe(true)
    expect(verifyGhlWebhookSignature(body, { ghlSignature: null, whSignature: signRsa(body, keys.rsa.privateKey) })).toBe(true)
  })
})

describe('GoHighLevel webhook timestamps', () => {
  const now = Date.parse('2026-11-25T12:00:00Z')

  test('recent deliveries pass; older than 5 minutes is stale; far ahead is refused', () => {
    expect(checkGhlWebhookTimestamp('2026-11-25T11:56:00Z', now)).toBe('ok')
    expect(checkGhlWebhookTimestamp(now - 4 * 60 * 1000, now)).toBe('ok')
    expect(checkGhlWebhookTimestamp('2026-11-25T11:54:59Z', now)).toBe('stale')
    expect(checkGhlWebhookTimestamp('2026-11-25T12:00:30Z', now)).toBe('ok')
    expect(checkGhlWebhookTimestamp('2026-11-25T12:05:00Z', now)).toBe('future')
  })

  test('a missing or unreadable timestamp is refused', () => {
    expect(checkGhlWebhookTimestamp(undefined, now)).toBe('missing')
    expect(checkGhlWebhookTimestamp('yesterday-ish', now)).toBe('missing')
  })
})

describe('status from GoHighLevel tags', () => {
  test('status:<status> sets the status; the last one wins; others are ignored', () => {
    expect(statusFromTags(['vip', 'Status:Qualified'])).toBe('qualified')
    expect(statusFromTags(['status:contacted', 'status: converted'])).toBe('converted')
    expect(statusFromTags(['status:unknown', 'hot'])).toBeNull()
    expect(statusFromTags(null)).toBeNull()
  })
})
