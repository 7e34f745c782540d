import crypto from 'node:crypto'
import { createCookie } from '@remix-run/node'
import { getEnv } from '~/platform/env.server'

/**
 * Between the two steps of signing in with MFA. A right password for a user
 * with MFA starts no session: the browser gets this signed cookie instead,
 * good for one thing (finishing that sign-in at /login/verify) for a few
 * minutes. The session is created only once the code is right.
 */
export const MFA_SIGN_IN_MINUTES = 5
const PURPOSE = 'mfa-sign-in'

let cookie: ReturnType<typeof createCookie> | undefined

function getProofCookie() {
  const env = getEnv()
  cookie ??= createCookie('__mfa_sign_in', {
    httpOnly: true,
    sameSite: 'lax',
    // Sent to /login and /login/verify only.
    path: '/login',
    secure: env.NODE_ENV === 'production' && env.COOKIE_SECURE,
    secrets: [env.SESSION_SECRET],
    maxAge: MFA_SIGN_IN_MINUTES * 60,
  })
  return cookie
}

export type PasswordProof = {
  userId: string
  /** Where to go once signed in (checked with safeRedirectPath when used). */
  redirectTo: string
}

type ProofValue = PasswordProof & { purpose: string; password: string; expiresAt: number }

/**
 * Ties the proof to the password it proves: changing the password (an admin
 * resetting it) makes proofs of the old one worthless at once.
 */
function passwordFingerprint(passwordHash: string) {
  return crypto.createHash('sha256').update(`${PURPOSE}:${passwordHash}`).digest('base64url')
}

/** The Set-Cookie header that holds the proof that this user's password was right. */
export function createPasswordProof(proof: PasswordProof & { passwordHash: string }) {
  const value: ProofValue = {
    purpose: PURPOSE,
    userId: proof.userId,
    redirectTo: proof.redirectTo,
    password: passwordFingerprint(proof.passwordHash),
    // The cookie's own lifetime is the browser's to keep; this one is ours.
    expiresAt: Date.now() + MFA_SIGN_IN_MINUTES * 60 * 1000,
  }
  return getProofCookie().serialize(value)
}

/**
 * The user whose password this browser proved, if the proof is still good:
 * signed by us, for this purpose, not expired, and made with the password
 * the user has now. `findUser` looks the user up (null for one who may not
 * sign in).
 */
export async function readPasswordProof<User extends { passwordHash: string }>(
  request: Request,
  findUser: (userId: string) => Promise<User | null>,
): Promise<{ user: User; redirectTo: string } | null> {
  const value: unknown = await getProofCookie().parse(request.headers.get('cookie'))
  if (!isProofValue(value) || value.purpose !== PURPOSE || value.expiresAt <= Date.now()) return null
  const user = await findUser(value.userId)
  if (!user || passwordFingerprint(user.passwordHash) !== value.password) return null
  return { user, redirectTo: value.redirectTo }
}

export function clearPasswordProof() {
  return getProofCookie().serialize('', { maxAge: 0 })
}

function isProofValue(value: unknown): value is ProofValue {
  if (!value || typeof value !== 'object') return false
  const record = value as Record<string, unknown>
  return (
    typeof record.purpose === 'string' &&
    typeof record.userId === 'string' &&
    typeof record.redirectTo === 'string' &&
    typeof record.password === 'string' &&
    typeof record.expiresAt === 'number'
  )
}
