import crypto from 'node:crypto'
import { isUniqueViolation } from '~/platform/db-errors'
import { prisma } from '~/platform/db.server'
import { EnvError, getEnv } from '~/platform/env.server'
import { isCommonPassword } from './common-passwords.server'
import { PASSWORD_MAX_LENGTH, PASSWORD_TOO_LONG_MESSAGE, type PasswordContext, passwordProblem } from './password-policy'
import { createUser } from './users.server'

const FIRST_ADMIN_NAME = 'Administrator'

/** The first rule of the password policy that ADMIN_PASSWORD breaks, or null. */
function adminPasswordProblem(password: string, context: PasswordContext) {
  // The environment schema has checked the minimum length already.
  if (password.length > PASSWORD_MAX_LENGTH) return PASSWORD_TOO_LONG_MESSAGE
  return passwordProblem(password, context)
}

/** 16 random characters that pass the policy (the rare draw that does not is drawn again). */
export function randomPassword(context: PasswordContext) {
  for (;;) {
    const password = crypto.randomBytes(12).toString('base64url')
    if (!passwordProblem(password, context)) return password
  }
}

/**
 * The first administrator, created only while there are no users: from
 * ADMIN_EMAIL and ADMIN_PASSWORD, or admin@example.com with a random password
 * printed once. Returns the e-mail when it created one. An ADMIN_PASSWORD that
 * the password policy refuses stops the start-up with the reason.
 */
export async function ensureFirstAdmin() {
  if ((await prisma.user.count()) > 0) return null
  const env = getEnv()
  const email = env.ADMIN_EMAIL ?? 'admin@example.com'
  const context: PasswordContext = { email, name: FIRST_ADMIN_NAME, isCommon: isCommonPassword }
  if (env.ADMIN_PASSWORD) {
    const problem = adminPasswordProblem(env.ADMIN_PASSWORD, context)
    if (problem) throw new EnvError(`Invalid environment settings:\n  ADMIN_PASSWORD: ${problem}`)
  }
  const password = env.ADMIN_PASSWORD ?? randomPassword(context)
  try {
    await createUser({ email, password, name: FIRST_ADMIN_NAME, role: 'admin' })
  } catch (error) {
    // Another instance starting at the same moment created it first.
    if (isUniqueViolation(error)) return null
    throw error
  }
  if (!env.ADMIN_PASSWORD) {
    console.log(
      [
        '',
        '  First administrator created (shown once, change it after signing in):',
        `    e-mail:   ${email}`,
        `    password: ${password}`,
        '',
      ].join('\n'),
    )
  }
  return email
}
