import { afterEach, describe, expect, test, vi } from 'vitest'
import { ensureFirstAdmin } from '~/features/users/first-admin.server'
import { isCommonPassword } from '~/features/users/common-passwords.server'
import { passwordProblem } from '~/features/users/password-policy'
import { verifyUserLogin } from '~/features/users/users.server'
import { prisma } from '~/platform/db.server'
import { resetEnvCache } from '~/platform/env.server'

function configure(settings: { ADMIN_EMAIL?: string; ADMIN_PASSWORD?: string }) {
  Object.assign(process.env, settings)
  resetEnvCache()
}

afterEach(async () => {
  delete process.env.ADMIN_EMAIL
  delete process.env.ADMIN_PASSWORD
  resetEnvCache()
  await prisma.user.deleteMany()
})

describe('the first administrator', () => {
  test.each([
    ['admin-portal-2024', 'Choose a password that does not contain your email address'],
    ['password1234', 'Choose a password that is not commonly used'],
    ['1234567890123', 'Choose a password that is not just repeated characters or a simple sequence'],
  ])('an ADMIN_PASSWORD of %j stops the start-up with the reason and creates no one', async (password, message) => {
    configure({ ADMIN_EMAIL: 'admin@example.com', ADMIN_PASSWORD: password })
    await expect(ensureFirstAdmin()).rejects.toThrow(`Invalid environment settings:\n  ADMIN_PASSWORD: ${message}`)
    expect(await prisma.user.count()).toBe(0)
  })

  test('an ADMIN_PASSWORD that passes the policy creates the administrator', async () => {
    configure({ ADMIN_EMAIL: 'owner@example.com', ADMIN_PASSWORD: 'lantern otter staple' })
    expect(await ensureFirstAdmin()).toBe('owner@example.com')
    expect(await verifyUserLogin('owner@example.com', 'lantern otter staple')).toMatchObject({ role: 'admin' })
  })

  test('without ADMIN_PASSWORD, the generated password printed once passes the policy and signs in', async () => {
    const log = vi.spyOn(console, 'log').mockImplementation(() => {})
    expect(await ensureFirstAdmin()).toBe('admin@example.com')
    const printed = log.mock.calls.map((args) => args.join(' ')).join('\n')
    const password = /password: (\S+)/.exec(printed)?.[1]
    expect(password).toBeDefined()
    expect(passwordProblem(password!, { email: 'admin@example.com', name: 'Administrator', isCommon: isCommonPassword })).toBeNull()
    expect(await verifyUserLogin('admin@example.com', password!)).toMatchObject({ role: 'admin' })
  })
})
