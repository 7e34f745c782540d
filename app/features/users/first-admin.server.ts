import crypto from 'node:crypto'
import { isUniqueViolation } from '~/platform/db-errors'
import { prisma } from '~/platform/db.server'
import { getEnv } from '~/platform/env.server'
import { createUser } from './users.server'

/**
 * The first administrator, created only while there are no users: from
 * ADMIN_EMAIL and ADMIN_PASSWORD, or admin@example.com with a random password
 * printed once. Returns the e-mail when it created one.
 */
export async function ensureFirstAdmin() {
  if ((await prisma.user.count()) > 0) return null
  const env = getEnv()
  const email = env.ADMIN_EMAIL ?? 'admin@example.com'
  const password = env.ADMIN_PASSWORD ?? crypto.randomBytes(12).toString('base64url')
  try {
    await createUser({ email, password, name: 'Administrator', role: 'admin' })
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
