import { findSignInUser, verifySignInCode, WRONG_PASSWORD_MESSAGE } from '~/features/users/mfa.server'
import { verifyUserPassword } from '~/features/users/users.server'
import { signingPath } from '~/features/portal-signing/signing.server'
import { type Actor } from '~/platform/actor'
import { recordAudit } from '~/platform/audit.server'
import { countAttempt, forgiveAttempt, passwordCheckLimits, tooManyAttemptsMessage } from '~/platform/auth/rate-limit.server'
import { type ActiveSession, clearSigningLock, lockSessionForSigning } from '~/platform/auth/session.server'
import { prisma } from '~/platform/db.server'
import { decrypt } from '~/platform/encryption.server'
import { ConflictError, NotFoundError } from '~/platform/errors'
import { isUuid } from '~/lib/ids'

/**
 * Signing in person: staff hand their tablet to the signer whose turn it is.
 * The staff session is locked in its database row first, so every staff page
 * and API call made with it answers with the lock screen (see requireSession)
 * until the staff member's password, and code with MFA, clears it.
 */

const OPEN_REQUEST = ['sent', 'viewed', 'signed']

/** The signer who may sign now: the first one invited who has not signed or declined. */
function signerOnTurn<Signer extends { status: string; order: number }>(signers: Signer[]) {
  return [...signers].sort((a, b) => a.order - b.order).find((signer) => signer.status === 'sent' || signer.status === 'opened') ?? null
}

/** Whether 'Sign in person now' applies: a portal request still open, with a signer whose turn it is. */
export function inPersonSignerId(request: { provider: string; status: string; expiresAt: Date | string | null }, signers: Array<{ id: string; status: string; order: number }>, now = new Date()) {
  if (request.provider !== 'portal' || !OPEN_REQUEST.includes(request.status)) return null
  if (request.expiresAt && new Date(request.expiresAt) <= now) return null
  return signerOnTurn(signers)?.id ?? null
}

/**
 * Hands the session over: records who handed which signer the tablet, locks
 * the session, and returns the signing page to go to.
 */
export async function startInPersonSigning(requestId: string, signerId: string, session: ActiveSession, actor: Actor, now = new Date()) {
  const request = isUuid(requestId)
    ? await prisma.esignRequest.findUnique({ where: { id: requestId }, include: { signers: { orderBy: { order: 'asc' } } } })
    : null
  if (!request || request.provider !== 'portal') throw new NotFoundError('E-signature request')
  if (inPersonSignerId(request, request.signers, now) !== signerId) throw new ConflictError('This signer cannot sign now: it is not their turn, or the request is closed')
  const signer = request.signers.find((candidate) => candidate.id === signerId)!
  await prisma.$transaction(async (tx) => {
    await lockSessionForSigning(session.id, request.id, tx, now)
    await tx.esignRequestEvent.create({
      data: { requestId: request.id, signerId: signer.id, type: 'handed_over', detail: `Handed over in person by ${session.user.name}`, ipAddress: actor.ipAddress ?? null, occurredAt: now },
    })
    await recordAudit(
      {
        actor,
        action: 'update',
        entityType: 'EsignRequest',
        entityId: request.id,
        eventType: 'esign_request.handed_over_in_person',
        details: { signerId: signer.id, order: signer.order, handedOverBy: session.user.id },
      },
      tx,
    )
  })
  return `${signingPath(decrypt(signer.tokenEncrypted))}?inPerson=1`
}

export type UnlockResult = { ok: true; requestId: string | null } | { ok: false; field: 'password' | 'code' | null; message: string; retryAfterMs?: number }

/**
 * The lock screen: the staff member's password and, when they use MFA, a code
 * (checked as at sign-in). Attempts are counted like password checks on the
 * account page, so the signer cannot guess on; a right answer forgives them.
 */
export async function unlockSigningSession(session: ActiveSession, input: { password: string; code?: string }, actor: Actor): Promise<UnlockResult> {
  const requestId = session.signingLock?.requestId ?? null
  if (!session.signingLock) return { ok: true, requestId }
  const userId = session.user.id
  const limits = passwordCheckLimits(userId)
  const wait = await countAttempt(limits)
  if (wait > 0) return { ok: false, field: null, message: tooManyAttemptsMessage(wait), retryAfterMs: wait }
  if (!(await verifyUserPassword(userId, input.password))) {
    await recordAudit({ actor, action: 'login_failed', entityType: 'User', entityId: userId, details: { reason: 'invalid_credentials', stage: 'signing_lock' } })
    return { ok: false, field: 'password', message: WRONG_PASSWORD_MESSAGE }
  }
  const user = await findSignInUser(userId)
  if (user?.mfaEnabled) {
    const code = input.code?.trim() ?? ''
    if (!code) return { ok: false, field: 'code', message: 'Enter the 6-digit code from your authenticator app' }
    const verified = await verifySignInCode(userId, code, actor)
    if (!verified.ok) return { ok: false, field: 'code', message: verified.message }
  }
  await forgiveAttempt(limits)
  await prisma.$transaction(async (tx) => {
    await clearSigningLock(session.id, tx)
    await recordAudit({ actor, action: 'login', entityType: 'User', entityId: userId, details: { stage: 'signing_lock', esignRequestId: requestId } }, tx)
  })
  return { ok: true, requestId }
}
