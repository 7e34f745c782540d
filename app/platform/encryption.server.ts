import crypto from 'node:crypto'
import { getEnv } from '~/platform/env.server'

/**
 * AES-256-GCM for provider credentials at rest. Format:
 * v1.<iv>.<auth tag>.<ciphertext>, each part base64url.
 */
function key() {
  return Buffer.from(getEnv().ENCRYPTION_KEY, 'hex')
}

export function encrypt(plaintext: string) {
  const iv = crypto.randomBytes(12)
  const cipher = crypto.createCipheriv('aes-256-gcm', key(), iv)
  const ciphertext = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()])
  return ['v1', iv, cipher.getAuthTag(), ciphertext].map((part) => (typeof part === 'string' ? part : part.toString('base64url'))).join('.')
}

export function decrypt(payload: string) {
  const [version, iv, tag, ciphertext] = payload.split('.')
  if (version !== 'v1' || !iv || !tag || !ciphertext) throw new Error('Unreadable encrypted value')
  const decipher = crypto.createDecipheriv('aes-256-gcm', key(), Buffer.from(iv, 'base64url'))
  decipher.setAuthTag(Buffer.from(tag, 'base64url'))
  return Buffer.concat([decipher.update(Buffer.from(ciphertext, 'base64url')), decipher.final()]).toString('utf8')
}
