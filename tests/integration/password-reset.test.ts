import { describe, expect, test } from 'vitest'
import { resetPasswordFromShell } from '~/features/users/password-reset.server'
import { PASSWORD_COMMON_MESSAGE, PASSWORD_TOO_SHORT_MESSAGE, passwordProblem } from '~/features/users/password-policy'
import { verifyUserLogin } from '~/features/users/users.server'
import { prisma } from '~/platform/db.server'
import { NotFoundError, RuleViolationError } from '~/platform/errors'
import { TEST_PASSWORD, createTestUser, sessionCookieFor } from '#tests/support/fixtures'
import { parseResetPasswordArgs } from '../../scripts/reset-password'

describe('resetting a password from the shell', () => {
  test('draws a password the policy accepts, signs in with it, ends every session and audits the reset under the system', async () => {
    const admin = await createTestUser('admin', { email: 'admin.reset@example.com' })
    await sessionCookieFor(admin.id)
    await sessionCookieFor(admin.id)

    const reset = await resetPasswordFromShell('  ADMIN.reset@example.com ')

    expect(reset).toMatchObject({ email: admin.email, generated: true, isActive: true, mfaEnabled: false })
    expect(reset.password.length).toBeGreaterThanOrEqual(12)
    expect(passwordProblem(reset.password, { email: admin.email, name: admin.name })).toBeNull()
    expect(await verifyUserLogin(admin.email, reset.password)).not.toBeNull()
    expect(await verifyUserLogin(admin.email, TEST_PASSWORD)).toBeNull()
    expect(await prisma.session.count({ where: { userId: admin.id } })).toBe(0)
    const audit = await prisma.auditLog.findFirstOrThrow({ where: { entityType: 'User', entityId: admin.id, action: 'update' } })
    expect(audit).toMatchObject({ actorKind: 'system', userId: null })
    expect(audit.details).toMatchObject({ passwordReset: true, via: 'cli' })
    expect(JSON.stringify(audit)).not.toContain(reset.password)
  })

  test('a supplied password is checked against the policy; a refused one changes nothing', async () => {
    const user = await createTestUser('coordinator')
    await sessionCookieFor(user.id)
    await expect(resetPasswordFromShell(user.email, 'short')).rejects.toThrow(new RuleViolationError(PASSWORD_TOO_SHORT_MESSAGE, 'password'))
    await expect(resetPasswordFromShell(user.email, 'password1234')).rejects.toThrow(PASSWORD_COMMON_MESSAGE)
    expect(await verifyUserLogin(user.email, TEST_PASSWORD)).not.toBeNull()
    expect(await prisma.session.count({ where: { userId: user.id } })).toBe(1)

    const chosen = 'a kettle of fish and chips 42'
    const reset = await resetPasswordFromShell(user.email, chosen)
    expect(reset).toMatchObject({ password: chosen, generated: false })
    expect(await verifyUserLogin(user.email, chosen)).not.toBeNull()
  })

  test('an unknown e-mail address is a NotFoundError', async () => {
    await expect(resetPasswordFromShell('nobody@example.com')).rejects.toBeInstanceOf(NotFoundError)
  })
})

describe('the command line of npm run user:reset-password', () => {
  test('takes one e-mail address and an optional --password-stdin', () => {
    expect(parseResetPasswordArgs(['admin@example.com'])).toEqual({ email: 'admin@example.com', passwordStdin: false })
    expect(parseResetPasswordArgs(['--password-stdin', 'admin@example.com'])).toEqual({
      email: 'admin@example.com',
      passwordStdin: true,
    })
  })

  test('refuses no address, two addresses, a password on the command line, or an unknown option, with the usage', () => {
    expect(() => parseResetPasswordArgs([])).toThrow(/Usage: npm run user:reset-password/)
    expect(() => parseResetPasswordArgs(['a@example.com', 'b@example.com'])).toThrow(/one e-mail address/)
    expect(() => parseResetPasswordArgs(['a@example.com', 'hunter2hunter2'])).toThrow(/one e-mail address/)
    expect(() => parseResetPasswordArgs(['a@example.com', '--password=x'])).toThrow(/Unknown option --password=x/)
  })
})
