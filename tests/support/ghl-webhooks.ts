import crypto from 'node:crypto'
import { afterAll, beforeAll } from 'vitest'
import { resetEnvCache } from '~/platform/env.server'

/** Key pairs standing in for GoHighLevel's: the private halves sign deliveries in tests. */
export function makeGhlTestKeys() {
  const ed25519 = crypto.generateKeyPairSync('ed25519')
  const rsa = crypto.generateKeyPairSync('rsa', { modulusLength: 2048 })
  const pem = (key: crypto.KeyObject) => key.export({ type: 'spki', format: 'pem' }).toString()
  return {
    ed25519: { privateKey: ed25519.privateKey, publicPem: pem(ed25519.publicKey) },
    rsa: { privateKey: rsa.privateKey, publicPem: pem(rsa.publicKey) },
  }
}
export type GhlTestKeys = ReturnType<typeof makeGhlTestKeys>

export function signEd25519(raw: string, privateKey: crypto.KeyObject) {
  return crypto.sign(null, Buffer.from(raw), privateKey).toString('base64')
}

export function signRsa(raw: string, privateKey: crypto.KeyObject) {
  return crypto.sign('sha256', Buffer.from(raw), privateKey).toString('base64')
}

/** Sets GHL_WEBHOOK_*_PUBLIC_KEY to fresh test keys for the tests of one file. */
export function useGhlWebhookKeys() {
  const keys = makeGhlTestKeys()
  beforeAll(() => {
    process.env.GHL_WEBHOOK_ED25519_PUBLIC_KEY = keys.ed25519.publicPem
    process.env.GHL_WEBHOOK_RSA_PUBLIC_KEY = keys.rsa.publicPem
    resetEnvCache()
  })
  afterAll(() => {
    delete process.env.GHL_WEBHOOK_ED25519_PUBLIC_KEY
    delete process.env.GHL_WEBHOOK_RSA_PUBLIC_KEY
    resetEnvCache()
  })
  return keys
}

/** A signed POST to one of the GoHighLevel webhook routes. */
export function ghlDelivery(
  path: string,
  body: unknown,
  keys: GhlTestKeys,
  { scheme = 'ed25519', raw }: { scheme?: 'ed25519' | 'rsa' | 'none'; raw?: string } = {},
) {
  const text = raw ?? JSON.stringify(body)
  const headers: Record<string, string> = { 'content-type': 'application/json' }
  if (scheme === 'ed25519') headers['x-ghl-signature'] = signEd25519(text, keys.ed25519.privateKey)
  if (scheme === 'rsa') headers['x-wh-signature'] = signRsa(text, keys.rsa.privateKey)
  return new Request(`http://localhost${path}`, { method: 'POST', body: text, headers })
}
