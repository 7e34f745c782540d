import { hashSigningToken } from '~/features/portal-signing/signing.server'
import { type Limit, countAttempt } from '~/platform/auth/rate-limit.server'

/**
 * How often the public signing page answers one link and one address. The
 * token is the only credential: per link, a person signing loads the page a
 * handful of times and posts once or twice; per address (what slows anyone
 * trying links), twice that, as an agency's office signs several people in
 * person from one address.
 */
export const SIGNING_PAGE_LIMITS = {
  load: { perToken: 60, perAddress: 120, windowMs: 60 * 1000 },
  post: { perToken: 10, perAddress: 30, windowMs: 60 * 1000 },
} as const

export const SIGNING_TOO_MANY_TITLE = 'Too many requests'

export function signingTooManyMessage(waitMs: number) {
  const seconds = Math.max(1, Math.ceil(waitMs / 1000))
  return `This page was asked for too often. Please wait ${seconds} second${seconds === 1 ? '' : 's'} and try again.`
}

/**
 * Counts one load or post of the signing page and answers how long the
 * caller must wait (0: go ahead). Keyed by the token's hash, never the token.
 */
export async function countSigningPageHit(token: string, address: string | null, kind: 'load' | 'post') {
  const { perToken, perAddress, windowMs } = SIGNING_PAGE_LIMITS[kind]
  const limits: Limit[] = [{ key: `sign-page:${kind}:token:${hashSigningToken(token)}`, max: perToken, windowMs }]
  if (address) limits.push({ key: `sign-page:${kind}:address:${address}`, max: perAddress, windowMs })
  return countAttempt(limits)
}
