import { systemActor } from '~/platform/actor'
import { recordAudit } from '~/platform/audit.server'
import { hashPassword } from '~/platform/auth/password.server'
import { prisma } from '~/platform/db.server'
import { NotFoundError, RuleViolationError } from '~/platform/errors'
import { isCommonPassword } from './common-passwords.server'
import { randomPassword } from './first-admin.server'
import type { PasswordContext } from './password-policy'
import { newPasswordField } from './password-schema'
import { normalizeEmail } from './users.server'

export type ShellPasswordReset = {
  email: string
  /** The new password, to print once. */
  password: string
  /** Whether the portal drew it (rather than the operator supplying it). */
  generated: boolean
  isActive: boolean
  mfaEnabled: boolean
}

/**
 * Sets a new password for the account with this e-mail address, from the
 * server's shell (npm run user:reset-password): the way back in when the only
 * administrator's password is lost. A supplied password must pass the
 * password policy; without one, a random one that passes is drawn. Every
 * session of the account ends, and the audit log records the reset under the
 * system actor, in the same transaction.
 */
export async function resetPasswordFromShell(email: string, supplied?: string): Promise<ShellPasswordReset> {
  const user = await prisma.user.findUnique({
    where: { email: normalizeEmail(email) },
    select: { id: true, email: true, name: true, isActive: true, mfa: { select: { enabledAt: true } } },
  })
  if (!user) throw new NotFoundError('User')
  const context: PasswordContext = { email: user.email, name: user.name, forOther: true, isCommon: isCommonPassword }
  let password: string
  if (supplied === undefined) {
    password = randomPassword(context)
  } else {
    const checked = newPasswordField('Enter a password', context).safeParse(supplied)
    if (!checked.success) throw new RuleViolationError(checked.error.issues[0]!.message, 'password')
    password = checked.data
  }
  const passwordHash = await hashPassword(password)
  await prisma.$transaction(async (tx) => {
    await tx.user.update({ where: { id: user.id }, data: { passwordHash } })
    await tx.session.deleteMany({ where: { userId: user.id } })
    await recordAudit(
      {
        actor: systemActor('cli'),
        action: 'update',
        entityType: 'User',
        entityId: user.id,
        details: { field: 'password', passwordReset: true, via: 'cli' },
      },
      tx,
    )
  })
  return {
    email: user.email,
    password,
    generated: supplied === undefined,
    isActive: user.isActive,
    mfaEnabled: Boolean(user.mfa?.enabledAt),
  }
}
