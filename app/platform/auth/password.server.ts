import crypto from 'node:crypto'
import { promisify } from 'node:util'
import { getEnv } from '~/platform/env.server'

const scrypt = promisify(crypto.scrypt) as (
  password: string,
  salt: Buffer,
  keylen: number,
  options: crypto.ScryptOptions,
) => Promise<Buffer>

// OWASP's scrypt floor: N=2^17, r=8, p=1 (128 MiB), lowered only by
// PASSWORD_HASH_COST in tests. Parameters are stored in the hash so they can
// be raised later without invalidating passwords.
const KEY_LENGTH = 64

function cost() {
  return { N: 2 ** getEnv().PASSWORD_HASH_COST, r: 8, p: 1 }
}

export async function hashPassword(password: string) {
  const salt = crypto.randomBytes(16)
  const COST = cost()
  const key = await scrypt(password, salt, KEY_LENGTH, { ...COST, maxmem: 256 * 1024 * 1024 })
  return ['scrypt', COST.N, COST.r, COST.p, salt.toString('base64'), key.toString('base64')].join('$')
}

export async function verifyPassword(password: string, stored: string) {
  const [scheme, n, r, p, salt, key] = stored.split('$')
  if (scheme !== 'scrypt' || !n || !r || !p || !salt || !key) return false
  const expected = Buffer.from(key, 'base64')
  const actual = await scrypt(password, Buffer.from(salt, 'base64'), expected.length, {
    N: Number(n),
    r: Number(r),
    p: Number(p),
    maxmem: 256 * 1024 * 1024,
  })
  return crypto.timingSafeEqual(expected, actual)
}

let dummyHash: Promise<string> | undefined

/** Spends the same time as a real check, so response time does not reveal unknown accounts. */
export async function verifyAgainstDummy(password: string) {
  dummyHash ??= hashPassword(crypto.randomBytes(16).toString('hex'))
  await verifyPassword(password, await dummyHash)
  return false
}
