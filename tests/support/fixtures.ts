import type { Actor } from '~/platform/actor'
import crypto from 'node:crypto'
import { prisma } from '~/platform/db.server'
import { hashPassword } from '~/platform/auth/password.server'
import type { Role } from '~/platform/auth/permissions'
import { createSession } from '~/platform/auth/session.server'

export const TEST_PASSWORD = 'correct horse battery staple'
let passwordHash: Promise<string> | undefined

/** A user with TEST_PASSWORD (hashed once per file: scrypt is slow on purpose). */
export async function createTestUser(role: Role = 'coordinator', overrides: { email?: string; name?: string; isActive?: boolean } = {}) {
  passwordHash ??= hashPassword(TEST_PASSWORD)
  const suffix = crypto.randomBytes(4).toString('hex')
  return prisma.user.create({
    data: {
      email: overrides.email ?? `${role}-${suffix}@example.com`,
      name: overrides.name ?? `Test ${role} ${suffix}`,
      role,
      isActive: overrides.isActive ?? true,
      passwordHash: await passwordHash,
    },
  })
}

/** A Cookie header for a fresh session of this user. */
export async function sessionCookieFor(userId: string) {
  const setCookie = await createSession(userId, new Request('http://localhost/login'))
  return setCookie.split(';')[0]!
}

export async function signedInUser(role: Role = 'coordinator') {
  const user = await createTestUser(role)
  return { user, cookie: await sessionCookieFor(user.id) }
}

type RequestOptions = {
  method?: string
  cookie?: string
  form?: Record<string, string | string[]>
  json?: unknown
  headers?: Record<string, string>
}

export function makeRequest(pathname: string, options: RequestOptions = {}) {
  const headers = new Headers(options.headers)
  if (options.cookie) headers.set('cookie', options.cookie)
  let body: BodyInit | undefined
  if (options.form) {
    const params = new URLSearchParams()
    for (const [key, value] of Object.entries(options.form)) {
      for (const item of Array.isArray(value) ? value : [value]) params.append(key, item)
    }
    body = params
    headers.set('content-type', 'application/x-www-form-urlencoded')
  } else if (options.json !== undefined) {
    body = JSON.stringify(options.json)
    headers.set('content-type', 'application/json')
  }
  return new Request(new URL(pathname, 'http://localhost'), {
    method: options.method ?? (body ? 'POST' : 'GET'),
    headers,
    body,
  })
}

/** Runs a loader or action and returns its Response, whether returned or thrown. */
export async function callRoute(
  fn: (args: { request: Request; params: Record<string, string>; context: Record<string, unknown> }) => unknown,
  request: Request,
  params: Record<string, string> = {},
): Promise<Response> {
  try {
    const result = await fn({ request, params, context: {} })
    if (result instanceof Response) return result
    return new Response(JSON.stringify(result ?? null), { status: 200, headers: { 'content-type': 'application/json' } })
  } catch (thrown) {
    if (thrown instanceof Response) return thrown
    throw thrown
  }
}

/** The flash toast a response sets, read back the way the app reads it. */
export async function toastOf(response: Response) {
  const cookie = response.headers.get('set-cookie') ?? ''
  const match = /__toast=([^;]+)/.exec(cookie)
  if (!match) return null
  const { getToast } = await import('~/platform/http/toast.server')
  return (await getToast(new Request('http://localhost/', { headers: { cookie: `__toast=${match[1]}` } }))).toast
}

/** Makes every prisma.$transaction fail until the returned function is called (a database outage). */
export function failDatabaseWrites() {
  const client = prisma as unknown as Record<string, unknown>
  const original = client.$transaction
  client.$transaction = () => Promise.reject(new Error('database is down'))
  return () => {
    delete client.$transaction
    if (client.$transaction !== original) throw new Error('could not restore prisma.$transaction')
  }
}

/** A staff member acting through the pages, for calling services directly. */
export function testActor(userId: string, kind: 'user' | 'api' = 'user'): Actor {
  return { kind, userId, ipAddress: '127.0.0.1' }
}
