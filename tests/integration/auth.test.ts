import { afterEach, beforeEach, describe, expect, test } from 'vitest'
import { action as loginAction, loader as loginLoader } from '~/routes/login'
import { action as logoutAction } from '~/routes/logout'
import { loader as leadsLoader } from '~/routes/_app.leads'
import { prisma } from '~/platform/db.server'
import { getActiveSession, getSessionCookie, hashToken } from '~/platform/auth/session.server'
import { runInRequestScope } from '~/platform/http/request-scope.server'
import { resetEnvCache } from '~/platform/env.server'
import { TEST_PASSWORD, callRoute, createTestUser, makeRequest, sessionCookieFor } from '#tests/support/fixtures'

function login(email: string, password: string, extra: Record<string, string> = {}, headers: Record<string, string> = {}) {
  return callRoute(loginAction, makeRequest('/login', { form: { email, password, ...extra }, headers }))
}

function cookieFrom(response: Response) {
  return response.headers.get('set-cookie')?.split(';')[0] ?? ''
}

describe('sign-in', () => {
  test('valid credentials start a session and go to the page first asked for', async () => {
    const user = await createTestUser('coordinator')
    const response = await login(user.email, TEST_PASSWORD, { redirectTo: '/leads?q=smith' })
    expect(response.status).toBe(302)
    expect(response.headers.get('location')).toBe('/leads?q=smith')
    const setCookie = response.headers.get('set-cookie') ?? ''
    expect(setCookie).toMatch(/^__session=/)
    expect(setCookie).toMatch(/HttpOnly/i)
    expect(setCookie).toMatch(/SameSite=Lax/i)
    const page = await callRoute(leadsLoader, makeRequest('/leads', { cookie: cookieFrom(response) }))
    expect(page.status).toBe(200)
  })

  test('the cookie holds an opaque token; the database stores only its hash', async () => {
    const user = await createTestUser()
    const response = await login(user.email, TEST_PASSWORD)
    const cookie = cookieFrom(response)
    const sessions = await prisma.session.findMany({ where: { userId: user.id } })
    expect(sessions).toHaveLength(1)
    expect(cookie).not.toContain(sessions[0]!.id)
    expect(cookie).not.toContain(user.id)
  })

  test('an off-site redirectTo is ignored', async () => {
    const user = await createTestUser()
    const response = await login(user.email, TEST_PASSWORD, { redirectTo: '//evil.example.com' })
    expect(response.headers.get('location')).toBe('/')
  })

  test('a wrong password and an unknown e-mail get the same message', async () => {
    const user = await createTestUser()
    const wrong = await login(user.email, 'not the password')
    const unknown = await login('nobody@example.com', 'whatever password')
    expect(wrong.status).toBe(400)
    expect(unknown.status).toBe(400)
    const wrongBody = await wrong.json()
    const unknownBody = await unknown.json()
    expect(wrongBody.error['']).toEqual(['Invalid email or password'])
    expect(unknownBody.error['']).toEqual(['Invalid email or password'])
  })

  test('an absurdly long e-mail or password is a field error, not a server error, and logs nothing', async () => {
    const before = await prisma.auditLog.count()
    const longEmail = await login(`${'a'.repeat(20_000)}@example.com`, 'whatever password')
    expect(longEmail.status).toBe(400)
    expect((await longEmail.json()).error.email).toEqual(['Enter a valid email address'])
    const longPassword = await login('someone@example.com', 'p'.repeat(100_000))
    expect(longPassword.status).toBe(400)
    expect(await prisma.auditLog.count()).toBe(before)
  })

  test('a redirectTo with a tab, newline, backslash or non-ASCII stays on this site', async () => {
    const user = await createTestUser()
    for (const redirectTo of ['/\t/evil.example', '/\n/evil.example', '/\\evil.example', '/caf\u00e9']) {
      const response = await login(user.email, TEST_PASSWORD, { redirectTo })
      expect(response.status, JSON.stringify(redirectTo)).toBe(302)
      expect(response.headers.get('location')).toBe('/')
    }
  })

  test('missing fields are reported next to each field', async () => {
    const response = await callRoute(loginAction, makeRequest('/login', { form: { email: 'not-an-email' } }))
    expect(response.status).toBe(400)
    const body = await response.json()
    expect(body.error.email).toEqual(['Enter a valid email address'])
    expect(body.error.password).toEqual(['Password is required'])
  })

  test('a deactivated user cannot sign in', async () => {
    const user = await createTestUser('coordinator', { isActive: false })
    const response = await login(user.email, TEST_PASSWORD)
    expect(response.status).toBe(400)
  })

  test('every sign-in gets a new session id and ends the earlier one of that browser', async () => {
    const user = await createTestUser()
    const first = cookieFrom(await login(user.email, TEST_PASSWORD))
    const second = await callRoute(
      loginAction,
      makeRequest('/login', { form: { email: user.email, password: TEST_PASSWORD }, cookie: first }),
    )
    expect(cookieFrom(second)).not.toBe(first)
    const old = await callRoute(leadsLoader, makeRequest('/leads', { cookie: first }))
    expect(old.status).toBe(302)
  })

  test('sign-ins and failures are audited with the client address', async () => {
    const user = await createTestUser()
    await login(user.email, 'wrong password', {}, { 'x-portal-client-address': '203.0.113.9' })
    await login(user.email, TEST_PASSWORD, {}, { 'x-portal-client-address': '203.0.113.9' })
    const entries = await prisma.auditLog.findMany({ where: { userId: user.id }, orderBy: { createdAt: 'asc' } })
    expect(entries.map((entry) => entry.action)).toEqual(['login_failed', 'login'])
    expect(entries.every((entry) => entry.ipAddress === '203.0.113.9')).toBe(true)
  })

  test('a signed-in user visiting /login goes home', async () => {
    const user = await createTestUser()
    const response = await callRoute(loginLoader, makeRequest('/login', { cookie: await sessionCookieFor(user.id) }))
    expect(response.headers.get('location')).toBe('/')
  })
})

describe('rate limiting', () => {
  test('five failures from one address slow that address on that account, with a clear message', async () => {
    const user = await createTestUser()
    const attacker = { 'x-portal-client-address': '198.51.100.7' }
    for (let attempt = 0; attempt < 5; attempt++) {
      expect((await login(user.email, 'wrong password', {}, attacker)).status).toBe(400)
    }
    const limited = await login(user.email, TEST_PASSWORD, {}, attacker)
    expect(limited.status).toBe(429)
    expect(limited.headers.get('retry-after')).toMatch(/^\d+$/)
    const body = await limited.json()
    expect(body.error[''][0]).toMatch(/^Too many sign-in attempts\. Please wait \d+ minutes? and try again\.$/)
  })

  test('the owner still signs in from their own device while someone else guesses', async () => {
    const user = await createTestUser('admin')
    for (let attempt = 0; attempt < 10; attempt++) {
      await login(user.email, 'wrong password', {}, { 'x-portal-client-address': '198.51.100.8' })
    }
    const owner = await login(user.email, TEST_PASSWORD, {}, { 'x-portal-client-address': '203.0.113.20' })
    expect(owner.status).toBe(302)
  })

  test('parallel guesses are counted before they are checked: no more than the limit are evaluated', async () => {
    const user = await createTestUser()
    const attacker = { 'x-portal-client-address': '198.51.100.9' }
    const answers = await Promise.all(
      Array.from({ length: 30 }, () => login(user.email, 'wrong password', {}, attacker)),
    )
    const statuses = answers.map((answer) => answer.status)
    expect(statuses.filter((status) => status === 400)).toHaveLength(5)
    expect(statuses.filter((status) => status === 429)).toHaveLength(25)
  })

  test('twenty failures from one address lock that address', async () => {
    const address = { 'x-portal-client-address': '192.0.2.50' }
    for (let attempt = 0; attempt < 20; attempt++) {
      await login(`someone${attempt}@example.com`, 'wrong password', {}, address)
    }
    const user = await createTestUser()
    expect((await login(user.email, TEST_PASSWORD, {}, address)).status).toBe(429)
    expect((await login(user.email, TEST_PASSWORD, {}, { 'x-portal-client-address': '192.0.2.51' })).status).toBe(302)
  }, 90_000)

  test('a throttled caller retrying is logged once per window, not once per attempt', async () => {
    const user = await createTestUser()
    const address = { 'x-portal-client-address': '198.51.100.200' }
    for (let attempt = 0; attempt < 5; attempt++) await login(user.email, 'wrong password', {}, address)
    for (let attempt = 0; attempt < 10; attempt++) {
      expect((await login(user.email, 'wrong password', {}, address)).status).toBe(429)
    }
    const throttled = await prisma.auditLog.count({
      where: { action: 'login_failed', actorEmail: user.email, details: { path: ['reason'], equals: 'rate_limited' } },
    })
    expect(throttled).toBe(1)
  })

  test('a success clears the account counter', async () => {
    const user = await createTestUser()
    for (let attempt = 0; attempt < 4; attempt++) await login(user.email, 'wrong password')
    expect((await login(user.email, TEST_PASSWORD)).status).toBe(302)
    for (let attempt = 0; attempt < 4; attempt++) await login(user.email, 'wrong password')
    expect((await login(user.email, TEST_PASSWORD)).status).toBe(302)
  })

  test('successful sign-ins do not use up an office address', async () => {
    const office = { 'x-portal-client-address': '203.0.113.30' }
    const user = await createTestUser()
    for (let attempt = 0; attempt < 25; attempt++) {
      expect((await login(user.email, TEST_PASSWORD, {}, office)).status).toBe(302)
    }
  })
})

describe('sessions', () => {
  test('an idle session ends and sends the user to sign in again', async () => {
    const user = await createTestUser()
    const cookie = await sessionCookieFor(user.id)
    await prisma.session.updateMany({
      where: { userId: user.id },
      data: { lastSeenAt: new Date(Date.now() - 16 * 60 * 1000) },
    })
    const response = await callRoute(leadsLoader, makeRequest('/leads', { cookie }))
    expect(response.status).toBe(302)
    expect(response.headers.get('location')).toBe('/login?redirectTo=%2Fleads')
    expect(await prisma.session.count({ where: { userId: user.id } })).toBe(0)
  })

  test('a session ends at its absolute lifetime even when active', async () => {
    const user = await createTestUser()
    const cookie = await sessionCookieFor(user.id)
    await prisma.session.updateMany({ where: { userId: user.id }, data: { expiresAt: new Date(Date.now() - 1000) } })
    expect((await callRoute(leadsLoader, makeRequest('/leads', { cookie }))).status).toBe(302)
  })

  test('a tampered cookie is not a session', async () => {
    const user = await createTestUser()
    const cookie = await sessionCookieFor(user.id)
    const tampered = cookie.slice(0, -3) + 'abc'
    expect((await callRoute(leadsLoader, makeRequest('/leads', { cookie: tampered }))).status).toBe(302)
  })

  test('logout ends the session in the database', async () => {
    const user = await createTestUser()
    const cookie = await sessionCookieFor(user.id)
    const response = await callRoute(logoutAction, makeRequest('/logout', { method: 'POST', cookie }))
    expect(response.headers.get('location')).toBe('/login')
    expect(await prisma.session.count({ where: { userId: user.id } })).toBe(0)
    const audit = await prisma.auditLog.findFirst({ where: { userId: user.id, action: 'logout' } })
    expect(audit).not.toBeNull()
  })

  test('signing out for inactivity ends the session and returns to sign-in with the reason', async () => {
    const user = await createTestUser()
    const cookie = await sessionCookieFor(user.id)
    const response = await callRoute(
      logoutAction,
      makeRequest('/logout', { cookie, form: { reason: 'timeout', redirectTo: '/patients?page=2' } }),
    )
    expect(response.headers.get('location')).toBe('/login?redirectTo=%2Fpatients%3Fpage%3D2&reason=timeout')
    expect(await prisma.session.count({ where: { userId: user.id } })).toBe(0)
    const offsite = await callRoute(logoutAction, makeRequest('/logout', { form: { reason: 'timeout', redirectTo: '//evil.example' } }))
    expect(offsite.headers.get('location')).toBe('/login?redirectTo=%2F&reason=timeout')
  })

  test('the loaders of one page look the session up once; the requests of an action each look afresh', async () => {
    const user = await createTestUser()
    // Remix hands each loader a Request object of its own: the second loader
    // gets the first one's reading, even once the row is gone.
    const cookie = await sessionCookieFor(user.id)
    await runInRequestScope(async () => {
      const root = await getActiveSession(makeRequest('/leads', { cookie }))
      await prisma.session.deleteMany({ where: { userId: user.id } })
      expect(root?.user.id).toBe(user.id)
      expect(await getActiveSession(makeRequest('/leads', { cookie }))).toBe(root)
    })
    // The next page request reads again.
    expect(await runInRequestScope(() => getActiveSession(makeRequest('/leads', { cookie })))).toBeNull()

    // An action may change the session (MFA, signing lock) before the loaders run again.
    const again = await sessionCookieFor(user.id)
    await runInRequestScope(async () => {
      expect(await getActiveSession(makeRequest('/account', { method: 'POST', cookie: again }))).not.toBeNull()
      await prisma.session.deleteMany({ where: { userId: user.id } })
      expect(await getActiveSession(makeRequest('/account', { method: 'POST', cookie: again }))).toBeNull()
    })
  })

  test('requests arriving together, read in one statement, each get their own session; an unknown or ended one gets none', async () => {
    const users = await Promise.all([createTestUser('admin'), createTestUser('coordinator'), createTestUser('viewer')])
    const cookies = await Promise.all(users.map((user) => sessionCookieFor(user.id)))
    const ended = await sessionCookieFor(users[0]!.id)
    await prisma.session.update({ where: { id: hashToken(await getSessionCookie().parse(ended)) }, data: { expiresAt: new Date(Date.now() - 1000) } })
    const unknown = await sessionCookieFor(users[1]!.id)
    await prisma.session.deleteMany({ where: { id: hashToken(await getSessionCookie().parse(unknown)) } })
    const sessions = await Promise.all([...cookies, ended, unknown, ...cookies].map((cookie) => getActiveSession(makeRequest('/leads', { cookie }))))
    expect(sessions.map((session) => session?.user.role ?? null)).toEqual(['admin', 'coordinator', 'viewer', null, null, 'admin', 'coordinator', 'viewer'])
    expect(sessions.map((session) => session?.user.id ?? null)).toEqual([...users.map((user) => user.id), null, null, ...users.map((user) => user.id)])
  })

  test('session ids are stored hashed', async () => {
    const user = await createTestUser()
    const cookie = await sessionCookieFor(user.id)
    const { getSessionCookie } = await import('~/platform/auth/session.server')
    const token = await getSessionCookie().parse(cookie)
    expect(await prisma.session.findUnique({ where: { id: hashToken(token) } })).not.toBeNull()
  })
})

describe('a portal served over plain HTTP in production', () => {
  beforeEach(() => {
    process.env.NODE_ENV = 'production'
    resetEnvCache()
  })
  afterEach(() => {
    process.env.NODE_ENV = 'test'
    resetEnvCache()
  })

  function loginFrom(origin: string, email: string, password: string) {
    const request = new Request(`${origin}/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin },
      body: new URLSearchParams({ email, password }),
    })
    return callRoute(loginAction, request)
  }

  test('a right password from a tablet on http://tablet.local is told why the browser would drop the Secure cookie', async () => {
    const user = await createTestUser()
    const response = await loginFrom('http://tablet.local:3000', user.email, TEST_PASSWORD)
    expect(response.status).toBe(400)
    expect(response.headers.get('set-cookie')).toBeNull()
    const body = JSON.stringify(await response.json())
    expect(body).toContain('plain HTTP')
    expect(body).toContain('COOKIE_SECURE=false')
    expect(body).toContain('Running on an office network')
    expect(await prisma.session.count({ where: { userId: user.id } })).toBe(0)
  })

  test('a wrong password over plain HTTP gets the usual answer', async () => {
    const user = await createTestUser()
    const response = await loginFrom('http://tablet.local:3000', user.email, 'not the password')
    expect(JSON.stringify(await response.json())).not.toContain('plain HTTP')
  })

  test('HTTPS, localhost, and COOKIE_SECURE=false sign in as usual', async () => {
    const user = await createTestUser()
    expect((await loginFrom('https://portal.example.org', user.email, TEST_PASSWORD)).status).toBe(302)
    expect((await loginFrom('http://localhost:3000', user.email, TEST_PASSWORD)).status).toBe(302)
    expect((await loginFrom('http://127.0.0.1:3000', user.email, TEST_PASSWORD)).status).toBe(302)
    process.env.COOKIE_SECURE = 'false'
    resetEnvCache()
    try {
      expect((await loginFrom('http://tablet.local:3000', user.email, TEST_PASSWORD)).status).toBe(302)
    } finally {
      delete process.env.COOKIE_SECURE
    }
  })

  test('behind a TLS proxy the Origin the browser sent counts, not the plain-HTTP hop behind the proxy', async () => {
    const user = await createTestUser()
    const request = new Request('http://portal.internal/login', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'https://portal.example.org' },
      body: new URLSearchParams({ email: user.email, password: TEST_PASSWORD }),
    })
    expect((await callRoute(loginAction, request)).status).toBe(302)
  })
})
