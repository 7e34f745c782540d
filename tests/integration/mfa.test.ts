import { generateTOTP } from '@epic-web/totp'
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest'
import { action as loginAction } from '~/routes/login'
import { action as verifyAction, loader as verifyLoader } from '~/routes/login_.verify'
import { action as enrolAction, loader as enrolLoader } from '~/routes/_app.account_.two-factor._index'
import { action as recoveryCodesAction } from '~/routes/_app.account_.two-factor.recovery-codes'
import { action as disableAction, loader as disableLoader } from '~/routes/_app.account_.two-factor.disable'
import { loader as accountLoader } from '~/routes/_app.account'
import { loader as appLoader } from '~/routes/_app'
import { loader as leadsLoader } from '~/routes/_app.leads'
import { loader as apiLeadsLoader } from '~/routes/api.leads'
import { action as userAction, loader as userLoader } from '~/routes/_app.settings.users.$userId'
import { prisma } from '~/platform/db.server'
import { resetEnvCache } from '~/platform/env.server'
import { hashRecoveryCode } from '~/features/users/mfa.server'
import {
  TEST_PASSWORD,
  callRoute,
  createTestUser,
  makeRequest,
  sessionCookieFor,
  signedInUser,
  toastOf,
} from '#tests/support/fixtures'

const STEP_MS = 30_000

/**
 * Only Date is faked, frozen in the middle of a 30-second step: the codes the
 * test computes are the ones the server expects, and nextStep() moves on to
 * a fresh one (an authenticator app's next code).
 */
beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] })
  vi.setSystemTime(Math.floor(Date.now() / STEP_MS) * STEP_MS + STEP_MS / 2)
})
afterEach(() => {
  vi.useRealTimers()
})

function nextStep(steps = 1) {
  vi.setSystemTime(Date.now() + steps * STEP_MS)
}

async function codeFor(secret: string) {
  return (await generateTOTP({ secret, period: 30, digits: 6, algorithm: 'SHA-1' })).otp
}

function setCookies(response: Response) {
  return response.headers.getSetCookie().map((cookie) => cookie.split(';')[0]!)
}

function cookieNamed(response: Response, name: string) {
  return setCookies(response).find((cookie) => cookie.startsWith(`${name}=`)) ?? null
}

/** Opens the enrolment page and reads the secret shown for typing. */
async function enrolmentSecret(cookie: string) {
  const response = await callRoute(enrolLoader, makeRequest('/account/two-factor', { cookie }))
  expect(response.status).toBe(200)
  const { enrolment } = await response.json()
  return (enrolment.secret as string).replaceAll(' ', '')
}

/** A signed-in user who has switched MFA on; returns their secret and recovery codes. */
async function userWithMfa(role: 'admin' | 'coordinator' | 'viewer' = 'coordinator') {
  const { user, cookie } = await signedInUser(role)
  const secret = await enrolmentSecret(cookie)
  const response = await callRoute(
    enrolAction,
    makeRequest('/account/two-factor', { cookie, form: { code: await codeFor(secret) } }),
  )
  expect(response.status).toBe(200)
  const { recoveryCodes } = await response.json()
  nextStep()
  return { user, cookie, secret, recoveryCodes: recoveryCodes as string[] }
}

function signIn(email: string, extra: Record<string, string> = {}, headers: Record<string, string> = {}) {
  return callRoute(loginAction, makeRequest('/login', { form: { email, password: TEST_PASSWORD, ...extra }, headers }))
}

/** The password step: returns the proof cookie the verification step needs. */
async function passwordStep(email: string, extra: Record<string, string> = {}, headers: Record<string, string> = {}) {
  const response = await signIn(email, extra, headers)
  expect(response.status).toBe(302)
  expect(response.headers.get('location')).toBe('/login/verify')
  const proof = cookieNamed(response, '__mfa_sign_in')
  expect(proof).not.toBeNull()
  return proof!
}

function verify(proof: string, code: string, headers: Record<string, string> = {}) {
  return callRoute(verifyAction, makeRequest('/login/verify', { cookie: proof, form: { code }, headers }))
}

async function auditActions(userId: string) {
  const entries = await prisma.auditLog.findMany({ where: { entityId: userId }, orderBy: [{ createdAt: 'asc' }, { id: 'asc' }] })
  return entries.map((entry) => entry.action)
}

describe('enrolment', () => {
  test('shows a QR code and the secret grouped for typing; the secret is stored encrypted', async () => {
    const { user, cookie } = await signedInUser('viewer')
    const response = await callRoute(enrolLoader, makeRequest('/account/two-factor', { cookie }))
    const { enrolment } = await response.json()
    expect(enrolment.qrCode).toMatch(/^data:image\/png;base64,/)
    expect(enrolment.issuer).toBe('Healthcare Portal')
    expect(enrolment.secret).toMatch(/^[A-Z2-7]{4}( [A-Z2-7]{4})+$/)
    const secret = enrolment.secret.replaceAll(' ', '')
    const stored = await prisma.mfaCredential.findUniqueOrThrow({ where: { userId: user.id } })
    expect(stored.secret).not.toContain(secret)
    expect(stored.enabledAt).toBeNull()
    // A reload shows the secret the user may already have scanned.
    expect(await enrolmentSecret(cookie)).toBe(secret)
  })

  test('a wrong code is an error next to the field and switches nothing on', async () => {
    const { user, cookie } = await signedInUser('viewer')
    const secret = await enrolmentSecret(cookie)
    const wrong = String((Number(await codeFor(secret)) + 1) % 1_000_000).padStart(6, '0')
    const response = await callRoute(enrolAction, makeRequest('/account/two-factor', { cookie, form: { code: wrong } }))
    expect(response.status).toBe(400)
    expect((await response.json()).result.error.code[0]).toMatch(/not right/)
    const malformed = await callRoute(enrolAction, makeRequest('/account/two-factor', { cookie, form: { code: '12ab' } }))
    expect((await malformed.json()).result.error.code).toEqual(['Enter the 6-digit code from your authenticator app'])
    expect((await prisma.mfaCredential.findUniqueOrThrow({ where: { userId: user.id } })).enabledAt).toBeNull()
  })

  test('the right code switches MFA on, gives ten recovery codes stored only as hashes, and ends other sessions', async () => {
    const { user, cookie } = await signedInUser('viewer')
    const otherBrowser = await sessionCookieFor(user.id)
    const secret = await enrolmentSecret(cookie)
    const response = await callRoute(
      enrolAction,
      makeRequest('/account/two-factor', { cookie, form: { code: (await codeFor(secret)).replace(/^(\d{3})/, '$1 ') } }),
    )
    expect(response.status).toBe(200)
    const { recoveryCodes, continueTo } = await response.json()
    expect(continueTo).toBe('/account')
    expect(recoveryCodes).toHaveLength(10)
    expect(new Set(recoveryCodes).size).toBe(10)
    for (const code of recoveryCodes) expect(code).toMatch(/^[a-z2-9]{4}-[a-z2-9]{4}-[a-z2-9]{4}-[a-z2-9]{4}$/)
    const stored = await prisma.mfaRecoveryCode.findMany({ where: { userId: user.id } })
    expect(stored.map((row) => row.codeHash).sort()).toEqual(recoveryCodes.map(hashRecoveryCode).sort())
    expect(JSON.stringify(stored)).not.toContain(recoveryCodes[0])

    expect((await callRoute(accountLoader, makeRequest('/account', { cookie }))).status).toBe(200)
    expect((await callRoute(accountLoader, makeRequest('/account', { cookie: otherBrowser }))).status).toBe(302)
    const account = await (await callRoute(accountLoader, makeRequest('/account', { cookie }))).json()
    expect(account.mfa).toMatchObject({ enabled: true, recoveryCodesLeft: 10 })
    expect(await auditActions(user.id)).toContain('mfa_enabled')

    // The page now says MFA is on, with no secret to show.
    const again = await callRoute(enrolLoader, makeRequest('/account/two-factor', { cookie }))
    expect((await again.json()).enrolment).toBeNull()
  })
})

describe('signing in with MFA', () => {
  test('a right password starts no session: the code finishes the sign-in, back to the page asked for', async () => {
    const { user, secret } = await userWithMfa()
    const sessionsBefore = await prisma.session.count({ where: { userId: user.id } })
    const response = await signIn(user.email, { redirectTo: '/leads?q=smith' })
    expect(response.status).toBe(302)
    expect(response.headers.get('location')).toBe('/login/verify')
    expect(cookieNamed(response, '__session')).toBeNull()
    const proof = cookieNamed(response, '__mfa_sign_in')!
    expect(response.headers.get('set-cookie')).toMatch(/Max-Age=300/i)
    expect(response.headers.get('set-cookie')).toMatch(/Path=\/login/i)
    expect(response.headers.get('set-cookie')).toMatch(/HttpOnly/i)
    expect(await prisma.session.count({ where: { userId: user.id } })).toBe(sessionsBefore)
    // The proof is no session: the portal still sends the browser to sign in.
    expect((await callRoute(leadsLoader, makeRequest('/leads', { cookie: proof }))).status).toBe(302)

    const page = await callRoute(verifyLoader, makeRequest('/login/verify', { cookie: proof }))
    expect(await page.json()).toMatchObject({ email: user.email })

    const verified = await verify(proof, await codeFor(secret))
    expect(verified.status).toBe(302)
    expect(verified.headers.get('location')).toBe('/leads?q=smith')
    const session = cookieNamed(verified, '__session')!
    expect(verified.headers.getSetCookie().find((cookie) => cookie.startsWith('__mfa_sign_in='))).toMatch(/Max-Age=0/i)
    expect((await callRoute(leadsLoader, makeRequest('/leads', { cookie: session }))).status).toBe(200)
    const login = await prisma.auditLog.findFirstOrThrow({ where: { entityId: user.id, action: 'login' } })
    expect(login.details).toEqual({ secondFactor: 'totp' })
  })

  test('an off-site redirectTo is ignored at the end', async () => {
    const { user, secret } = await userWithMfa()
    const proof = await passwordStep(user.email, { redirectTo: '//evil.example.com' })
    const verified = await verify(proof, await codeFor(secret))
    expect(verified.headers.get('location')).toBe('/')
  })

  test('a code from the step before or after is accepted; two steps away is not', async () => {
    const { user, secret } = await userWithMfa()
    nextStep(2)
    const earlier = await codeFor(secret)
    nextStep(2)
    const proof = await passwordStep(user.email)
    expect((await verify(proof, earlier)).status).toBe(400)
    nextStep(-1)
    const previous = await codeFor(secret)
    nextStep(1)
    expect((await verify(proof, previous)).status).toBe(302)
  })

  test('a code is accepted once: replaying it, or the enrolment code, is refused', async () => {
    const { user, cookie } = await signedInUser('coordinator')
    const secret = await enrolmentSecret(cookie)
    const enrolmentCode = await codeFor(secret)
    await callRoute(enrolAction, makeRequest('/account/two-factor', { cookie, form: { code: enrolmentCode } }))
    const proof = await passwordStep(user.email)
    const replayedEnrolment = await verify(proof, enrolmentCode)
    expect(replayedEnrolment.status).toBe(400)
    expect((await replayedEnrolment.json()).error.code[0]).toMatch(/already been used/)

    nextStep()
    const code = await codeFor(secret)
    const [first, second] = await Promise.all([verify(proof, code), verify(proof, code)])
    expect([first.status, second.status].sort()).toEqual([302, 400])
    expect((await verify(proof, code)).status).toBe(400)
    const failed = await prisma.auditLog.findMany({ where: { entityId: user.id, action: 'mfa_verification_failed' } })
    expect(failed.map((entry) => entry.details)).toContainEqual({ stage: 'sign_in', method: 'totp', reason: 'used' })
  })

  test('a recovery code signs in once, in any case and with or without dashes', async () => {
    const { user, recoveryCodes } = await userWithMfa()
    const code = recoveryCodes[3]!
    const proof = await passwordStep(user.email)
    const verified = await verify(proof, code.replaceAll('-', ' ').toUpperCase())
    expect(verified.status).toBe(302)
    const used = await prisma.auditLog.findFirstOrThrow({ where: { entityId: user.id, action: 'mfa_recovery_code_used' } })
    expect(used.details).toEqual({ recoveryCodesLeft: 9 })
    const login = await prisma.auditLog.findFirstOrThrow({ where: { entityId: user.id, action: 'login' } })
    expect(login.details).toEqual({ secondFactor: 'recovery_code' })

    const again = await verify(await passwordStep(user.email), code)
    expect(again.status).toBe(400)
    expect((await again.json()).error.code[0]).toMatch(/already been used/)
    expect(await prisma.mfaRecoveryCode.count({ where: { userId: user.id } })).toBe(9)
  })

  test('wrong codes are counted before they are checked and throttled; each failure is audited', async () => {
    const { user, secret } = await userWithMfa()
    const address = { 'x-portal-client-address': '198.51.100.77' }
    const proof = await passwordStep(user.email, {}, address)
    const answers = await Promise.all(Array.from({ length: 8 }, () => verify(proof, '000000', address)))
    expect(answers.filter((answer) => answer.status === 400)).toHaveLength(5)
    const throttled = answers.filter((answer) => answer.status === 429)
    expect(throttled).toHaveLength(3)
    expect(throttled[0]!.headers.get('retry-after')).toMatch(/^\d+$/)
    expect((await throttled[0]!.json()).error[''][0]).toMatch(/^Too many attempts\. Please wait \d+ minutes? and try again\.$/)
    // Even the right code waits.
    expect((await verify(proof, await codeFor(secret), address)).status).toBe(429)
    // Signing in with the password again buys no fresh guesses.
    expect((await verify(await passwordStep(user.email, {}, address), await codeFor(secret), address)).status).toBe(429)
    const failures = await prisma.auditLog.count({ where: { entityId: user.id, action: 'mfa_verification_failed' } })
    expect(failures).toBe(5)
    const failure = await prisma.auditLog.findFirstOrThrow({ where: { entityId: user.id, action: 'mfa_verification_failed' } })
    expect(failure).toMatchObject({ userId: user.id, actorKind: 'anonymous', actorEmail: user.email, ipAddress: '198.51.100.77' })
  })

  test('the per-account limit holds across addresses', async () => {
    const { user } = await userWithMfa()
    for (let attempt = 0; attempt < 10; attempt++) {
      const address = { 'x-portal-client-address': `192.0.2.${100 + attempt}` }
      expect((await verify(await passwordStep(user.email, {}, address), '000000', address)).status).toBe(400)
    }
    const fresh = { 'x-portal-client-address': '192.0.2.200' }
    expect((await verify(await passwordStep(user.email, {}, fresh), '000000', fresh)).status).toBe(429)
  })

  test('the proof is refused when missing, tampered with, too old, or made with an old password', async () => {
    const { user, secret } = await userWithMfa()
    const noProof = await callRoute(verifyLoader, makeRequest('/login/verify'))
    expect(noProof.headers.get('location')).toBe('/login')
    const noProofPost = await verify('', await codeFor(secret))
    expect(noProofPost.headers.get('location')).toBe('/login')
    expect((await toastOf(noProofPost))?.title).toBe('Sign in again')

    const proof = await passwordStep(user.email)
    const [name, value] = proof.split('=') as [string, string]
    const forged = `${name}=${Buffer.from(JSON.stringify({ purpose: 'mfa-sign-in', userId: user.id })).toString('base64')}.${value.split('.')[1]}`
    expect((await callRoute(verifyLoader, makeRequest('/login/verify', { cookie: forged }))).status).toBe(302)

    nextStep(11) // five and a half minutes
    expect((await verify(proof, await codeFor(secret))).headers.get('location')).toBe('/login')

    const fresh = await passwordStep(user.email)
    await prisma.user.update({ where: { id: user.id }, data: { passwordHash: 'scrypt$changed' } })
    expect((await verify(fresh, await codeFor(secret))).headers.get('location')).toBe('/login')
  })

  test('a user without MFA signs in with the password alone, as before', async () => {
    const user = await createTestUser('coordinator')
    const response = await signIn(user.email)
    expect(response.headers.get('location')).toBe('/')
    expect(cookieNamed(response, '__session')).not.toBeNull()
  })
})

describe('new recovery codes and turning MFA off', () => {
  test('new recovery codes need a current code or the password, and replace the old ones', async () => {
    const { user, cookie, secret, recoveryCodes } = await userWithMfa()
    const post = (form: Record<string, string>) =>
      callRoute(recoveryCodesAction, makeRequest('/account/two-factor/recovery-codes', { cookie, form }))

    const neither = await post({})
    expect((await neither.json()).result.error.code).toEqual(['Enter a code from your authenticator app or your password'])
    const wrongPassword = await post({ password: 'not my password' })
    expect(wrongPassword.status).toBe(400)
    expect((await wrongPassword.json()).result.error.password).toEqual(['Password is incorrect'])

    const byPassword = await post({ password: TEST_PASSWORD })
    const { recoveryCodes: fresh } = await byPassword.json()
    expect(fresh).toHaveLength(10)
    const byCode = await post({ code: await codeFor(secret) })
    expect(byCode.status).toBe(200)
    const { recoveryCodes: newest } = await byCode.json()

    const stale = await verify(await passwordStep(user.email), recoveryCodes[0]!)
    expect(stale.status).toBe(400)
    expect((await verify(await passwordStep(user.email), fresh[0])).status).toBe(400)
    expect((await verify(await passwordStep(user.email), newest[0])).status).toBe(302)
    expect((await auditActions(user.id)).filter((action) => action === 'mfa_recovery_codes_regenerated')).toHaveLength(2)
  })

  test('turning MFA off needs a code or the password; then the password alone signs in', async () => {
    const { user, cookie, secret } = await userWithMfa()
    const post = (form: Record<string, string>) =>
      callRoute(disableAction, makeRequest('/account/two-factor/disable', { cookie, form }))
    const wrongCode = await post({ code: '000000' })
    expect(wrongCode.status).toBe(400)
    expect((await wrongCode.json()).result.error.code[0]).toMatch(/not right/)

    const done = await post({ code: await codeFor(secret) })
    expect(done.headers.get('location')).toBe('/account')
    expect((await toastOf(done))?.title).toBe('Two-factor authentication turned off')
    expect(await prisma.mfaCredential.count({ where: { userId: user.id } })).toBe(0)
    expect(await prisma.mfaRecoveryCode.count({ where: { userId: user.id } })).toBe(0)
    expect(await auditActions(user.id)).toContain('mfa_disabled')
    expect((await signIn(user.email)).headers.get('location')).toBe('/')
    // With MFA off there is nothing to turn off.
    expect((await callRoute(disableLoader, makeRequest('/account/two-factor/disable', { cookie }))).headers.get('location')).toBe('/account')
  })

  test('guessing codes or the password on these pages is throttled', async () => {
    const { cookie, secret } = await userWithMfa()
    for (let attempt = 0; attempt < 5; attempt++) {
      const response = await callRoute(disableAction, makeRequest('/account/two-factor/disable', { cookie, form: { password: 'guess' } }))
      expect(response.status).toBe(400)
    }
    const throttled = await callRoute(
      disableAction,
      makeRequest('/account/two-factor/disable', { cookie, form: { code: await codeFor(secret) } }),
    )
    expect(throttled.status).toBe(429)
  })
})

describe('roles that require MFA', () => {
  beforeEach(() => {
    process.env.MFA_REQUIRED_ROLES = 'admin'
    resetEnvCache()
  })
  afterEach(() => {
    process.env.MFA_REQUIRED_ROLES = ''
    resetEnvCache()
  })

  test('an admin without MFA reaches only the enrolment page: pages redirect there, the API answers 403', async () => {
    const { user, cookie } = await signedInUser('admin')
    const leads = await callRoute(leadsLoader, makeRequest('/leads?q=smith', { cookie }))
    expect(leads.status).toBe(302)
    expect(leads.headers.get('location')).toBe('/account/two-factor?redirectTo=%2Fleads%3Fq%3Dsmith')
    const layout = await callRoute(appLoader, makeRequest('/settings/users', { cookie }))
    expect(layout.headers.get('location')).toBe('/account/two-factor?redirectTo=%2Fsettings%2Fusers')
    const account = await callRoute(accountLoader, makeRequest('/account', { cookie }))
    expect(account.headers.get('location')).toMatch(/^\/account\/two-factor/)
    const api = await callRoute(apiLeadsLoader, makeRequest('/api/leads', { cookie }))
    expect(api.status).toBe(403)
    expect(await api.json()).toEqual({ error: 'MFA setup required' })

    // The enrolment page opens, in the layout without the rest of the portal.
    const shell = await callRoute(appLoader, makeRequest('/account/two-factor', { cookie }))
    expect(shell.status).toBe(200)
    expect((await shell.json()).mfaSetupRequired).toBe(true)
    const page = await callRoute(enrolLoader, makeRequest('/account/two-factor?redirectTo=%2Fleads', { cookie }))
    const { enrolment, required } = await page.json()
    expect(required).toBe(true)

    const enabled = await callRoute(
      enrolAction,
      makeRequest('/account/two-factor', {
        cookie,
        form: { code: await codeFor(enrolment.secret.replaceAll(' ', '')), redirectTo: '/leads' },
      }),
    )
    expect((await enabled.json()).continueTo).toBe('/leads')
    expect((await callRoute(leadsLoader, makeRequest('/leads', { cookie }))).status).toBe(200)
    expect((await callRoute(apiLeadsLoader, makeRequest('/api/leads', { cookie }))).status).toBe(200)
    expect(await auditActions(user.id)).toContain('mfa_enabled')
  })

  test('other roles are not asked', async () => {
    const { cookie } = await signedInUser('coordinator')
    expect((await callRoute(leadsLoader, makeRequest('/leads', { cookie }))).status).toBe(200)
    expect((await callRoute(apiLeadsLoader, makeRequest('/api/leads', { cookie }))).status).toBe(200)
  })

  test('MFA_REQUIRED_ROLES empty lifts the requirement', async () => {
    process.env.MFA_REQUIRED_ROLES = ''
    resetEnvCache()
    const { cookie } = await signedInUser('admin')
    expect((await callRoute(leadsLoader, makeRequest('/leads', { cookie }))).status).toBe(200)
  })
})

describe('an admin resets a user’s MFA', () => {
  function resetMfa(cookie: string, userId: string, form: Record<string, string> = { intent: 'reset-mfa', confirm: 'on' }) {
    return callRoute(userAction, makeRequest(`/settings/users/${userId}`, { cookie, form }), { userId })
  }

  test('removes their authenticator and recovery codes and ends their sessions; the user page shows it', async () => {
    const { cookie: adminCookie, user: admin } = await signedInUser('admin')
    const { user, cookie } = await userWithMfa('coordinator')
    const page = await callRoute(userLoader, makeRequest(`/settings/users/${user.id}`, { cookie: adminCookie }), { userId: user.id })
    expect((await page.json()).mfa.enabled).toBe(true)

    const unconfirmed = await resetMfa(adminCookie, user.id, { intent: 'reset-mfa' })
    expect(unconfirmed.status).toBe(400)
    expect((await unconfirmed.json()).result.error.confirm).toEqual(['Tick the box to confirm'])
    expect(await prisma.mfaCredential.count({ where: { userId: user.id } })).toBe(1)

    const response = await resetMfa(adminCookie, user.id)
    expect(response.headers.get('location')).toBe(`/settings/users/${user.id}`)
    expect((await toastOf(response))?.title).toBe('MFA reset')
    expect(await prisma.mfaCredential.count({ where: { userId: user.id } })).toBe(0)
    expect(await prisma.mfaRecoveryCode.count({ where: { userId: user.id } })).toBe(0)
    expect((await callRoute(leadsLoader, makeRequest('/leads', { cookie }))).status).toBe(302)
    const entry = await prisma.auditLog.findFirstOrThrow({ where: { entityId: user.id, action: 'mfa_reset' } })
    expect(entry).toMatchObject({ userId: admin.id, actorKind: 'user' })
    // The password alone signs them in again (their role does not require MFA here).
    expect((await signIn(user.email)).headers.get('location')).toBe('/')

    const nothingLeft = await resetMfa(adminCookie, user.id)
    expect((await nothingLeft.json()).result.error['']).toEqual(['This user has not set up MFA.'])
  })

  test('a reset user whose role requires MFA enrols again at the next sign-in', async () => {
    const { cookie: adminCookie } = await signedInUser('admin')
    const { user } = await userWithMfa('admin')
    await resetMfa(adminCookie, user.id)
    process.env.MFA_REQUIRED_ROLES = 'admin'
    resetEnvCache()
    try {
      const response = await signIn(user.email)
      const session = cookieNamed(response, '__session')!
      const leads = await callRoute(leadsLoader, makeRequest('/leads', { cookie: session }))
      expect(leads.headers.get('location')).toBe('/account/two-factor?redirectTo=%2Fleads')
    } finally {
      process.env.MFA_REQUIRED_ROLES = ''
      resetEnvCache()
    }
  })

  test('an admin cannot reset their own, and other roles cannot reset anyone', async () => {
    const { user: admin, cookie } = await userWithMfa('admin')
    const own = await resetMfa(cookie, admin.id)
    expect(own.status).toBe(400)
    expect((await own.json()).result.error['']).toEqual(['You cannot reset your own MFA. Turn it off on your account page.'])
    expect(await prisma.mfaCredential.count({ where: { userId: admin.id, enabledAt: { not: null } } })).toBe(1)

    const { cookie: coordinatorCookie } = await signedInUser('coordinator')
    expect((await resetMfa(coordinatorCookie, admin.id)).status).toBe(403)
  })
})
