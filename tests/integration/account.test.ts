import { describe, expect, test } from 'vitest'
import { action as accountAction, loader as accountLoader } from '~/routes/_app.account'
import { verifyUserLogin } from '~/features/users/users.server'
import { prisma } from '~/platform/db.server'
import { getToast } from '~/platform/http/toast.server'
import { TEST_PASSWORD, callRoute, createTestUser, makeRequest, sessionCookieFor, signedInUser } from '#tests/support/fixtures'

const NEW_PASSWORD = 'another long passphrase'

function changePassword(cookie: string, form: Record<string, string>) {
  return callRoute(accountAction, makeRequest('/account', { cookie, form }))
}

async function toastTitle(response: Response) {
  const cookie = response.headers
    .getSetCookie()
    .find((value) => value.startsWith('__toast='))
    ?.split(';')[0]
  if (!cookie) return null
  return (await getToast(new Request('http://localhost/', { headers: { cookie } }))).toast?.title ?? null
}

describe('my account', () => {
  test.each(['admin', 'coordinator', 'viewer'] as const)('every role (%s) sees their own name, email and role', async (role) => {
    const { user, cookie } = await signedInUser(role)
    const response = await callRoute(accountLoader, makeRequest('/account', { cookie }))
    expect(response.status).toBe(200)
    const { user: shown } = await response.json()
    expect(shown).toEqual({ name: user.name, email: user.email, role: role.charAt(0).toUpperCase() + role.slice(1) })
  })

  test('anonymous callers go to sign in', async () => {
    const loader = await callRoute(accountLoader, makeRequest('/account'))
    expect(loader.status).toBe(302)
    expect(loader.headers.get('location')).toBe('/login?redirectTo=%2Faccount')
    const action = await callRoute(accountAction, makeRequest('/account', { form: { currentPassword: TEST_PASSWORD } }))
    expect(action.status).toBe(302)
    expect(action.headers.get('location')).toMatch(/^\/login/)
  })
})

describe('changing my password', () => {
  test('guessing the current password is throttled like sign-in', async () => {
    const { user, cookie } = await signedInUser('viewer')
    const guess = { currentPassword: 'a wrong guess', newPassword: NEW_PASSWORD, confirmPassword: NEW_PASSWORD }
    for (let attempt = 0; attempt < 5; attempt++) {
      expect((await changePassword(cookie, guess)).status).toBe(400)
    }
    const throttled = await changePassword(cookie, { ...guess, currentPassword: TEST_PASSWORD })
    expect(throttled.status).toBe(429)
    expect((await throttled.json()).error.currentPassword[0]).toMatch(/^Too many attempts\. Please wait \d+ minutes? and try again\.$/)
    expect(await verifyUserLogin(user.email, TEST_PASSWORD)).not.toBeNull()
  })

  test('a wrong current password is an error on that field and changes nothing', async () => {
    const { user, cookie } = await signedInUser('viewer')
    const response = await changePassword(cookie, {
      currentPassword: 'not my password at all',
      newPassword: NEW_PASSWORD,
      confirmPassword: NEW_PASSWORD,
    })
    expect(response.status).toBe(400)
    const body = await response.json()
    expect(body.error.currentPassword).toEqual(['Current password is incorrect'])
    // No password is echoed back into the form.
    expect(JSON.stringify(body)).not.toContain(NEW_PASSWORD)
    expect(JSON.stringify(body)).not.toContain('not my password at all')
    expect(await verifyUserLogin(user.email, TEST_PASSWORD)).toMatchObject({ id: user.id })
    expect(await prisma.auditLog.count({ where: { entityId: user.id, action: 'update' } })).toBe(0)
  })

  test('the new passwords must match and be long enough', async () => {
    const { user, cookie } = await signedInUser('coordinator')
    const mismatch = await changePassword(cookie, {
      currentPassword: TEST_PASSWORD,
      newPassword: NEW_PASSWORD,
      confirmPassword: 'something different',
    })
    expect(mismatch.status).toBe(400)
    expect((await mismatch.json()).error.confirmPassword).toEqual(['Passwords do not match'])

    const short = await changePassword(cookie, { currentPassword: TEST_PASSWORD, newPassword: 'short', confirmPassword: 'short' })
    expect(short.status).toBe(400)
    expect((await short.json()).error.newPassword).toEqual(['Password must be at least 12 characters'])

    const empty = await changePassword(cookie, {})
    expect(empty.status).toBe(400)
    expect((await empty.json()).error).toMatchObject({
      currentPassword: ['Current password is required'],
      newPassword: ['New password is required'],
      confirmPassword: ['Confirm the new password'],
    })
    expect(await verifyUserLogin(user.email, TEST_PASSWORD)).toMatchObject({ id: user.id })
  })

  test('a weak new password is refused next to its field and the old one keeps working', async () => {
    const { user, cookie } = await signedInUser('viewer')
    const weak: Array<[string, string]> = [
      ['            ', 'Enter a password'],
      ['123456789012', 'Choose a password that is not just repeated characters or a simple sequence'],
      [user.email, 'Choose a password that does not contain your email address'],
      ['password1234', 'Choose a password that is not commonly used'],
    ]
    for (const [newPassword, message] of weak) {
      const response = await changePassword(cookie, { currentPassword: TEST_PASSWORD, newPassword, confirmPassword: newPassword })
      expect(response.status, newPassword).toBe(400)
      const body = await response.json()
      expect(body.error.newPassword, newPassword).toEqual([message])
      expect(JSON.stringify(body)).not.toContain(TEST_PASSWORD)
    }
    expect(await verifyUserLogin(user.email, TEST_PASSWORD)).toMatchObject({ id: user.id })
    expect(await prisma.auditLog.count({ where: { entityId: user.id, action: 'update' } })).toBe(0)
    // Still signed in: nothing changed.
    expect((await callRoute(accountLoader, makeRequest('/account', { cookie }))).status).toBe(200)
  })

  test('success ends my other sessions, keeps this one, and is audited', async () => {
    const user = await createTestUser('viewer')
    const current = await sessionCookieFor(user.id)
    const otherBrowser = await sessionCookieFor(user.id)
    const thirdBrowser = await sessionCookieFor(user.id)
    const bystander = await createTestUser('viewer')
    const bystanderCookie = await sessionCookieFor(bystander.id)

    const response = await changePassword(current, {
      currentPassword: TEST_PASSWORD,
      newPassword: NEW_PASSWORD,
      confirmPassword: NEW_PASSWORD,
    })
    expect(response.status).toBe(302)
    expect(response.headers.get('location')).toBe('/account')
    expect(await toastTitle(response)).toBe('Password changed')

    expect(await prisma.session.count({ where: { userId: user.id } })).toBe(1)
    expect((await callRoute(accountLoader, makeRequest('/account', { cookie: current }))).status).toBe(200)
    for (const cookie of [otherBrowser, thirdBrowser]) {
      expect((await callRoute(accountLoader, makeRequest('/account', { cookie }))).status).toBe(302)
    }
    // Other people's sessions are untouched.
    expect((await callRoute(accountLoader, makeRequest('/account', { cookie: bystanderCookie }))).status).toBe(200)

    expect(await verifyUserLogin(user.email, TEST_PASSWORD)).toBeNull()
    expect(await verifyUserLogin(user.email, NEW_PASSWORD)).toMatchObject({ id: user.id })

    const audit = await prisma.auditLog.findFirstOrThrow({ where: { entityId: user.id, action: 'update' } })
    expect(audit).toMatchObject({ userId: user.id, entityType: 'User', details: { field: 'password' } })
  })
})
