import { describe, expect, test } from 'vitest'
import { loader as listLoader } from '~/routes/_app.settings.users._index'
import { action as createAction, loader as newLoader } from '~/routes/_app.settings.users.new'
import { action as userAction, loader as userLoader } from '~/routes/_app.settings.users.$userId'
import { loader as accountLoader } from '~/routes/_app.account'
import {
  LAST_ADMIN_DEACTIVATE_MESSAGE,
  LAST_ADMIN_DEMOTE_MESSAGE,
  setUserActive,
  updateUserAccount,
  verifyUserLogin,
} from '~/features/users/users.server'
import { prisma } from '~/platform/db.server'
import { getToast } from '~/platform/http/toast.server'
import { TEST_PASSWORD, callRoute, createTestUser, makeRequest, sessionCookieFor, signedInUser, testActor } from '#tests/support/fixtures'

const NEW_PASSWORD = 'a brand new passphrase'

async function toastTitle(response: Response) {
  const cookie = response.headers
    .getSetCookie()
    .find((value) => value.startsWith('__toast='))
    ?.split(';')[0]
  if (!cookie) return null
  const { toast } = await getToast(new Request('http://localhost/', { headers: { cookie } }))
  return toast?.title ?? null
}

function postUser(userId: string, cookie: string, form: Record<string, string>) {
  return callRoute(userAction, makeRequest(`/settings/users/${userId}`, { cookie, form }), { userId })
}

function createUser(cookie: string, form: Record<string, string>) {
  return callRoute(createAction, makeRequest('/settings/users/new', { cookie, form }))
}

describe('who may manage users', () => {
  test.each(['coordinator', 'viewer'] as const)('a %s gets 403 from every loader and action', async (role) => {
    const { cookie } = await signedInUser(role)
    const target = await createTestUser('viewer')
    const params = { userId: target.id }
    // One at a time: the in-memory test database serves one connection.
    const calls: Array<[string, () => Promise<Response>]> = [
      ['list loader', () => callRoute(listLoader, makeRequest('/settings/users', { cookie }))],
      ['new loader', () => callRoute(newLoader, makeRequest('/settings/users/new', { cookie }))],
      [
        'create action',
        () =>
          createUser(cookie, { name: 'Sneaky', email: `sneaky-${role}@example.com`, role: 'admin', password: NEW_PASSWORD }),
      ],
      ['user loader', () => callRoute(userLoader, makeRequest(`/settings/users/${target.id}`, { cookie }), params)],
    ]
    const forms: Array<Record<string, string>> = [
      { intent: 'update', name: 'Renamed', role: 'admin' },
      { intent: 'deactivate' },
      { intent: 'reactivate' },
      { intent: 'reset-password', newPassword: NEW_PASSWORD, confirmPassword: NEW_PASSWORD },
    ]
    for (const form of forms) {
      calls.push([`user action ${form.intent}`, () => postUser(target.id, cookie, form)])
    }
    for (const [name, call] of calls) {
      expect((await call()).status, name).toBe(403)
    }
    // Nothing changed.
    expect(await prisma.user.findUnique({ where: { email: `sneaky-${role}@example.com` } })).toBeNull()
    const unchanged = await prisma.user.findUniqueOrThrow({ where: { id: target.id } })
    expect(unchanged).toMatchObject({ name: target.name, role: 'viewer', isActive: true, passwordHash: target.passwordHash })
  })

  test('an admin sees every user with role and status', async () => {
    const { cookie } = await signedInUser('admin')
    const deactivated = await createTestUser('coordinator', { isActive: false })
    const response = await callRoute(listLoader, makeRequest('/settings/users', { cookie }))
    expect(response.status).toBe(200)
    const { users } = await response.json()
    const row = users.find((user: { id: string }) => user.id === deactivated.id)
    expect(row).toMatchObject({ name: deactivated.name, email: deactivated.email, role: 'Coordinator', isActive: false })
    expect(row.created).toMatch(/^[A-Z][a-z]{2} \d{1,2}, \d{4}$/)
  })
})

describe('creating a user', () => {
  test('an admin creates a user who can then sign in', async () => {
    const { user: admin, cookie } = await signedInUser('admin')
    const response = await createUser(cookie, {
      name: '  Dana Scully ',
      email: 'Dana.Scully@Example.com',
      role: 'coordinator',
      password: NEW_PASSWORD,
    })
    expect(response.status).toBe(302)
    const created = await prisma.user.findUniqueOrThrow({ where: { email: 'dana.scully@example.com' } })
    expect(created).toMatchObject({ name: 'Dana Scully', role: 'coordinator', isActive: true })
    expect(response.headers.get('location')).toBe(`/settings/users/${created.id}`)
    expect(await toastTitle(response)).toBe('User created')
    expect(await verifyUserLogin('dana.scully@example.com', NEW_PASSWORD)).toMatchObject({ id: created.id })

    const audit = await prisma.auditLog.findFirstOrThrow({ where: { entityType: 'User', entityId: created.id, action: 'create' } })
    expect(audit.userId).toBe(admin.id)
    expect(audit.details).toMatchObject({ fields: ['name', 'email', 'role'], role: 'coordinator' })
    expect(JSON.stringify(audit.details)).not.toContain(NEW_PASSWORD)
  })

  test('each field explains what is wrong', async () => {
    const { cookie } = await signedInUser('admin')
    const response = await createUser(cookie, { name: ' ', email: 'not-an-email', role: 'owner', password: 'short' })
    expect(response.status).toBe(400)
    const body = await response.json()
    expect(body.error).toMatchObject({
      name: ['Name is required'],
      email: ['Enter a valid email address'],
      role: ['Choose a role'],
      password: ['Password must be at least 12 characters'],
    })
    // The password is never sent back.
    expect(JSON.stringify(body)).not.toContain('short')
  })

  test('missing fields are required', async () => {
    const { cookie } = await signedInUser('admin')
    const response = await createUser(cookie, {})
    expect(response.status).toBe(400)
    const body = await response.json()
    expect(body.error).toMatchObject({
      name: ['Name is required'],
      email: ['Email is required'],
      role: ['Choose a role'],
      password: ['Initial password is required'],
    })
  })

  test("a weak initial password (the user's own email address, a common one) is a field error and creates no one", async () => {
    const { cookie } = await signedInUser('admin')
    const before = await prisma.user.count()
    const ownEmail = await createUser(cookie, {
      name: 'Fox Mulder',
      email: 'fox.mulder@example.com',
      role: 'viewer',
      password: 'Fox.Mulder@Example.com',
    })
    expect(ownEmail.status).toBe(400)
    const body = await ownEmail.json()
    expect(body.error.password).toEqual(["Choose a password that does not contain the user's email address"])
    expect(JSON.stringify(body)).not.toContain('Fox.Mulder@Example.com')

    const common = await createUser(cookie, { name: 'Fox Mulder', email: 'fox.mulder@example.com', role: 'viewer', password: 'password1234' })
    expect(common.status).toBe(400)
    expect((await common.json()).error.password).toEqual(['Choose a password that is not commonly used'])
    expect(await prisma.user.count()).toBe(before)
  })

  test('a duplicate email (in any case) is a field error', async () => {
    const { cookie } = await signedInUser('admin')
    const existing = await createTestUser('viewer')
    const before = await prisma.user.count()
    const response = await createUser(cookie, {
      name: 'Someone Else',
      email: existing.email.toUpperCase(),
      role: 'viewer',
      password: NEW_PASSWORD,
    })
    expect(response.status).toBe(400)
    const body = await response.json()
    expect(body.error.email).toEqual(['A user with this email already exists'])
    expect(await prisma.user.count()).toBe(before)
  })
})

describe("changing a user's name and role", () => {
  test('an admin changes the role; the audit names the fields that changed', async () => {
    const { user: admin, cookie } = await signedInUser('admin')
    const target = await createTestUser('viewer')
    const targetCookie = await sessionCookieFor(target.id)
    expect((await callRoute(listLoader, makeRequest('/settings/users', { cookie: targetCookie }))).status).toBe(403)
    const response = await postUser(target.id, cookie, { intent: 'update', name: target.name, role: 'admin' })
    expect(response.status).toBe(302)
    expect(response.headers.get('location')).toBe(`/settings/users/${target.id}`)
    expect(await toastTitle(response)).toBe('User updated')
    expect((await prisma.user.findUniqueOrThrow({ where: { id: target.id } })).role).toBe('admin')
    const audit = await prisma.auditLog.findFirstOrThrow({ where: { entityId: target.id, action: 'update' } })
    expect(audit).toMatchObject({ userId: admin.id, entityType: 'User' })
    expect(audit.details).toEqual({ fields: ['role'], changes: { role: { from: 'viewer', to: 'admin' } } })
    // The new role applies from the user's next request, without signing in again.
    expect((await callRoute(listLoader, makeRequest('/settings/users', { cookie: targetCookie }))).status).toBe(200)
  })

  test('an admin renames a user', async () => {
    const { cookie } = await signedInUser('admin')
    const target = await createTestUser('coordinator')
    const response = await postUser(target.id, cookie, { intent: 'update', name: 'New Name', role: 'coordinator' })
    expect(response.status).toBe(302)
    expect((await prisma.user.findUniqueOrThrow({ where: { id: target.id } })).name).toBe('New Name')
    const audit = await prisma.auditLog.findFirstOrThrow({ where: { entityId: target.id, action: 'update' } })
    expect(audit.details).toEqual({ fields: ['name'], changes: { name: { from: target.name, to: 'New Name' } } })
  })

  test('validation errors come back for the name and role form only', async () => {
    const { cookie } = await signedInUser('admin')
    const target = await createTestUser('viewer')
    const response = await postUser(target.id, cookie, { intent: 'update', name: '', role: 'superuser' })
    expect(response.status).toBe(400)
    const body = await response.json()
    expect(body.intent).toBe('update')
    expect(body.result.error).toMatchObject({ name: ['Name is required'], role: ['Choose a role'] })
  })

  test('an admin cannot demote themselves, but may rename themselves', async () => {
    const { user: admin, cookie } = await signedInUser('admin')
    const demote = await postUser(admin.id, cookie, { intent: 'update', name: admin.name, role: 'viewer' })
    expect(demote.status).toBe(400)
    expect((await demote.json()).result.error.role).toEqual(['You cannot change your own role.'])
    expect((await prisma.user.findUniqueOrThrow({ where: { id: admin.id } })).role).toBe('admin')

    const rename = await postUser(admin.id, cookie, { intent: 'update', name: 'Renamed Admin', role: 'admin' })
    expect(rename.status).toBe(302)
  })

  test('the page shows the user; an unknown or malformed id is 404', async () => {
    const { cookie } = await signedInUser('admin')
    const target = await createTestUser('viewer')
    const page = await callRoute(userLoader, makeRequest(`/settings/users/${target.id}`, { cookie }), { userId: target.id })
    expect(page.status).toBe(200)
    expect((await page.json()).user).toMatchObject({ id: target.id, email: target.email, roleLabel: 'Viewer', isActive: true })

    for (const userId of ['00000000-0000-4000-8000-000000000000', 'not-a-uuid']) {
      const loader = await callRoute(userLoader, makeRequest(`/settings/users/${userId}`, { cookie }), { userId })
      expect(loader.status).toBe(404)
      const action = await postUser(userId, cookie, { intent: 'deactivate' })
      expect(action.status).toBe(404)
    }
  })

  test('an unknown intent is refused', async () => {
    const { cookie } = await signedInUser('admin')
    const target = await createTestUser('viewer')
    expect((await postUser(target.id, cookie, { intent: 'delete' })).status).toBe(400)
  })
})

describe('deactivating and reactivating', () => {
  test('deactivating ends every session of the user at once; reactivating lets them back', async () => {
    const { user: admin, cookie } = await signedInUser('admin')
    const target = await createTestUser('coordinator')
    const first = await sessionCookieFor(target.id)
    await sessionCookieFor(target.id)
    expect(await prisma.session.count({ where: { userId: target.id } })).toBe(2)

    const response = await postUser(target.id, cookie, { intent: 'deactivate' })
    expect(response.status).toBe(302)
    expect(await toastTitle(response)).toBe('User deactivated')
    expect((await prisma.user.findUniqueOrThrow({ where: { id: target.id } })).isActive).toBe(false)
    expect(await prisma.session.count({ where: { userId: target.id } })).toBe(0)
    expect((await callRoute(accountLoader, makeRequest('/account', { cookie: first }))).status).toBe(302)
    expect(await verifyUserLogin(target.email, TEST_PASSWORD)).toBeNull()

    const reactivate = await postUser(target.id, cookie, { intent: 'reactivate' })
    expect(reactivate.status).toBe(302)
    expect(await toastTitle(reactivate)).toBe('User reactivated')
    expect(await verifyUserLogin(target.email, TEST_PASSWORD)).toMatchObject({ id: target.id })

    const audits = await prisma.auditLog.findMany({ where: { entityId: target.id, action: 'update' }, orderBy: { createdAt: 'asc' } })
    expect(audits.map((entry) => entry.details)).toEqual([
      { fields: ['isActive'], changes: { isActive: { from: true, to: false } } },
      { fields: ['isActive'], changes: { isActive: { from: false, to: true } } },
    ])
    expect(audits.every((entry) => entry.userId === admin.id)).toBe(true)
  })

  test('an admin cannot deactivate themselves', async () => {
    const { user: admin, cookie } = await signedInUser('admin')
    const response = await postUser(admin.id, cookie, { intent: 'deactivate' })
    expect(response.status).toBe(400)
    const body = await response.json()
    expect(body.intent).toBe('status')
    expect(body.result.error['']).toEqual(['You cannot deactivate your own account.'])
    expect((await prisma.user.findUniqueOrThrow({ where: { id: admin.id } })).isActive).toBe(true)
    expect(await prisma.session.count({ where: { userId: admin.id } })).toBe(1)
  })
})

describe('resetting a password', () => {
  test('an admin sets a new password; the user is signed out everywhere', async () => {
    const { user: admin, cookie } = await signedInUser('admin')
    const target = await createTestUser('viewer')
    await sessionCookieFor(target.id)
    const response = await postUser(target.id, cookie, {
      intent: 'reset-password',
      newPassword: NEW_PASSWORD,
      confirmPassword: NEW_PASSWORD,
    })
    expect(response.status).toBe(302)
    expect(await toastTitle(response)).toBe('Password reset')
    expect(await prisma.session.count({ where: { userId: target.id } })).toBe(0)
    expect(await verifyUserLogin(target.email, TEST_PASSWORD)).toBeNull()
    expect(await verifyUserLogin(target.email, NEW_PASSWORD)).toMatchObject({ id: target.id })
    const audit = await prisma.auditLog.findFirstOrThrow({ where: { entityId: target.id, action: 'update' } })
    expect(audit).toMatchObject({ userId: admin.id, details: { field: 'password' } })
    expect(JSON.stringify(audit.details)).not.toContain(NEW_PASSWORD)
  })

  test('too short or mismatched passwords are field errors and change nothing', async () => {
    const { cookie } = await signedInUser('admin')
    const target = await createTestUser('viewer')
    const short = await postUser(target.id, cookie, { intent: 'reset-password', newPassword: 'short', confirmPassword: 'short' })
    expect(short.status).toBe(400)
    const shortBody = await short.json()
    expect(shortBody.intent).toBe('reset-password')
    expect(shortBody.result.error.newPassword).toEqual(['Password must be at least 12 characters'])

    const mismatch = await postUser(target.id, cookie, {
      intent: 'reset-password',
      newPassword: NEW_PASSWORD,
      confirmPassword: `${NEW_PASSWORD}!`,
    })
    expect(mismatch.status).toBe(400)
    const mismatchBody = await mismatch.json()
    expect(mismatchBody.result.error.confirmPassword).toEqual(['Passwords do not match'])
    expect(JSON.stringify(mismatchBody)).not.toContain(NEW_PASSWORD)
    expect(await verifyUserLogin(target.email, TEST_PASSWORD)).toMatchObject({ id: target.id })
  })

  test("a weak password (the user's name, a sequence, a common one) is refused and changes nothing", async () => {
    const { cookie } = await signedInUser('admin')
    const target = await createTestUser('viewer', { name: 'Walter Skinner' })
    await sessionCookieFor(target.id)
    const weak: Array<[string, string]> = [
      ['walter skinner 1', "Choose a password that does not contain the user's name"],
      ['abcdefghijkl', 'Choose a password that is not just repeated characters or a simple sequence'],
      ['qwertyuiop12', 'Choose a password that is not commonly used'],
    ]
    for (const [newPassword, message] of weak) {
      const response = await postUser(target.id, cookie, { intent: 'reset-password', newPassword, confirmPassword: newPassword })
      expect(response.status, newPassword).toBe(400)
      const body = await response.json()
      expect(body.intent).toBe('reset-password')
      expect(body.result.error.newPassword, newPassword).toEqual([message])
    }
    expect(await verifyUserLogin(target.email, TEST_PASSWORD)).toMatchObject({ id: target.id })
    // The user was not signed out.
    expect(await prisma.session.count({ where: { userId: target.id } })).toBe(1)
  })

  test("an admin's own password is changed on the account page, not here", async () => {
    const { user: admin, cookie } = await signedInUser('admin')
    const response = await postUser(admin.id, cookie, {
      intent: 'reset-password',
      newPassword: NEW_PASSWORD,
      confirmPassword: NEW_PASSWORD,
    })
    expect(response.status).toBe(400)
    expect((await response.json()).result.error['']).toEqual(['To change your own password, use your account page.'])
  })
})

// Runs last: it deactivates every other admin in this file's database.
describe('the last active admin', () => {
  test('cannot be demoted or deactivated, with a clear message', async () => {
    const lastAdmin = await createTestUser('admin')
    await prisma.user.updateMany({ where: { role: 'admin', id: { not: lastAdmin.id } }, data: { isActive: false } })
    // The guard in the route already stops an admin acting on themselves;
    // the rule also holds for any other caller.
    const other = await createTestUser('coordinator')
    const context = testActor(other.id)

    await expect(updateUserAccount(lastAdmin.id, { name: lastAdmin.name, role: 'coordinator' }, context)).rejects.toMatchObject({
      name: 'RuleViolationError',
      message: LAST_ADMIN_DEMOTE_MESSAGE,
      field: 'role',
    })
    await expect(setUserActive(lastAdmin.id, false, context)).rejects.toMatchObject({
      name: 'RuleViolationError',
      message: LAST_ADMIN_DEACTIVATE_MESSAGE,
      field: undefined,
    })
    expect(await prisma.user.findUniqueOrThrow({ where: { id: lastAdmin.id } })).toMatchObject({ role: 'admin', isActive: true })
    expect(await prisma.auditLog.count({ where: { entityId: lastAdmin.id } })).toBe(0)
  })

  test('an admin may demote another admin while one remains', async () => {
    await prisma.user.updateMany({ where: { role: 'admin' }, data: { isActive: false } })
    const { cookie } = await signedInUser('admin')
    const other = await createTestUser('admin')
    const response = await postUser(other.id, cookie, { intent: 'update', name: other.name, role: 'viewer' })
    expect(response.status).toBe(302)
  })
})
