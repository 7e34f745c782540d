import { Authenticator } from 'remix-auth'
import { FormStrategy } from 'remix-auth-form'
import type { Actor } from '~/platform/actor'
import { recordAudit } from '~/platform/audit.server'
import type { SessionUser } from '~/platform/auth/session.server'
import { prisma } from '~/platform/db.server'
import { RuleViolationError } from '~/platform/errors'
import { verifyUserLogin } from '~/features/users/users.server'

/** The same words whether or not the account exists: nobody learns which addresses have one. */
export class InvalidCredentialsError extends RuleViolationError {
  constructor() {
    super('Invalid email or password')
  }
}

/** remix-auth checks the form; sessions are the platform's (app/platform/auth/session.server.ts). */
export const authenticator = new Authenticator<SessionUser>()

authenticator.use(
  new FormStrategy(async ({ form }) => {
    const email = form.get('email')
    const password = form.get('password')
    if (typeof email !== 'string' || typeof password !== 'string') {
      throw new InvalidCredentialsError()
    }
    const user = await verifyUserLogin(email, password)
    if (!user) throw new InvalidCredentialsError()
    return user
  }),
  'form',
)

/** A throttled caller is logged once per window, however often they retry. */
const THROTTLED_LOG_WINDOW_MS = 15 * 60 * 1000

/**
 * Records a sign-in refused by throttling, unless the same address already
 * has such an entry for the same e-mail in this window: a flood of attempts
 * must not flood the append-only log.
 */
export async function recordThrottledSignIn(actor: Actor) {
  const recent = await prisma.auditLog.findFirst({
    where: {
      action: 'login_failed',
      actorEmail: actor.email ?? null,
      ipAddress: actor.ipAddress,
      details: { path: ['reason'], equals: 'rate_limited' },
      createdAt: { gte: new Date(Date.now() - THROTTLED_LOG_WINDOW_MS) },
    },
    select: { id: true },
  })
  if (!recent) await recordAudit({ actor, action: 'login_failed', entityType: 'User', details: { reason: 'rate_limited' } })
}
