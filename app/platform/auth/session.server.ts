import crypto from 'node:crypto'
import { createCookie } from '@remix-run/node'
import type { Prisma } from '~/generated/prisma/client'
import { prisma } from '~/platform/db.server'
import { groupedWhileBusy } from '~/platform/db/grouped.server'
import { getEnv } from '~/platform/env.server'
import { getClientAddress } from '~/platform/http/request.server'
import { oncePerRequest, readSoFar } from '~/platform/http/request-scope.server'

/**
 * Database sessions. The cookie holds a random token; the table holds its
 * SHA-256. A session ends after SESSION_IDLE_MINUTES without activity or
 * SESSION_MAX_HOURS after sign-in, whichever comes first.
 */
let cookie: ReturnType<typeof createCookie> | undefined

export function getSessionCookie() {
  const env = getEnv()
  cookie ??= createCookie('__session', {
    httpOnly: true,
    sameSite: 'lax',
    path: '/',
    secure: sessionCookieIsSecure(),
    secrets: [env.SESSION_SECRET],
    maxAge: env.SESSION_MAX_HOURS * 60 * 60,
  })
  return cookie
}

/** Production marks the cookie Secure unless COOKIE_SECURE=false. */
export function sessionCookieIsSecure() {
  const env = getEnv()
  return env.NODE_ENV === 'production' && env.COOKIE_SECURE
}

export function hashToken(token: string) {
  return crypto.createHash('sha256').update(token).digest('hex')
}

// Writing lastSeenAt on every request would cost a write per page view.
const TOUCH_INTERVAL_MS = 30_000

/**
 * Requests that should not count as activity (background refreshes) carry
 * this query parameter, so an open page does not keep a session alive forever.
 */
export const PASSIVE_PARAM = '_passive'

export async function createSession(userId: string, request: Request) {
  const env = getEnv()
  const token = crypto.randomBytes(32).toString('base64url')
  await prisma.session.create({
    data: {
      id: hashToken(token),
      userId,
      expiresAt: new Date(Date.now() + env.SESSION_MAX_HOURS * 60 * 60 * 1000),
      ipAddress: getClientAddress(request),
      userAgent: request.headers.get('user-agent')?.slice(0, 500) ?? null,
    },
  })
  return getSessionCookie().serialize(token)
}

async function readToken(request: Request): Promise<string | null> {
  const value = await getSessionCookie().parse(request.headers.get('cookie'))
  return typeof value === 'string' && value.length > 0 ? value : null
}

export function sessionIdleDeadline(lastSeenAt: Date, expiresAt: Date) {
  const idleEnd = lastSeenAt.getTime() + getEnv().SESSION_IDLE_MINUTES * 60 * 1000
  return new Date(Math.min(idleEnd, expiresAt.getTime()))
}

export type SessionUser = {
  id: string
  email: string
  name: string
  role: string
}

export type ActiveSession = {
  id: string
  user: SessionUser
  /** When the session ends unless there is activity before then. */
  endsAt: Date
  /** Whether the user has an authenticator app (MFA) switched on. */
  mfaEnabled: boolean
  /** Set while the browser is handed to a signer in person: staff pages answer with the lock screen. */
  signingLock: { requestId: string | null; lockedAt: Date } | null
  /**
   * The change counters (table "ChangeCounter") as they stood when the
   * session was read: reads kept under a counter (change-cache.server.ts)
   * need no round trip of their own to learn it.
   */
  changeVersions: Readonly<Record<string, string>>
}

/** Where the request scope keeps the page's session read. */
const SESSION_SCOPE_KEY = 'session'

/** The session this HTTP request's loaders have already looked up, if they have (never reads). */
export function sessionReadThisRequest(): Promise<ActiveSession | null> | undefined {
  return readSoFar<Promise<ActiveSession | null>>(SESSION_SCOPE_KEY)
}

const sessionsByRequest = new WeakMap<Request, Promise<ActiveSession | null>>()

/**
 * The signed-in session, or null; ends sessions that ran out. Looked up once
 * per page: the layout's and the page's loaders both ask. Only for reads:
 * after an action, the loaders see what it changed.
 */
export function getActiveSession(request: Request): Promise<ActiveSession | null> {
  let session = sessionsByRequest.get(request)
  if (!session) {
    const read = request.method === 'GET' || request.method === 'HEAD'
    session = read ? oncePerRequest(SESSION_SCOPE_KEY, () => lookUpSession(request)) : lookUpSession(request)
    sessionsByRequest.set(request, session)
  }
  return session
}

type SessionRow = {
  lastSeenAt: Date
  expiresAt: Date
  signingLockedAt: Date | null
  signingLockRequestId: string | null
  userId: string
  email: string
  name: string
  role: string
  isActive: boolean
  mfaEnabledAt: Date | null
  changeVersions: Record<string, string> | null
}

/** Sessions one statement reads at most. */
const SESSIONS_PER_STATEMENT = 100

/**
 * A session with its user, whether MFA is on and the change counters: every
 * signed-in request reads one, so lookups that arrive while one is under way
 * go together in the next statement (groupedWhileBusy), the ids as one JSON
 * parameter. The counters are read in the same statement, before anything
 * the request reads afterwards.
 */
const readSessionRow = groupedWhileBusy<string, SessionRow | undefined>({
  max: SESSIONS_PER_STATEMENT,
  run: async (ids) => {
    const rows = await prisma.$queryRaw<Array<SessionRow & { id: string }>>`SELECT s.id, s."lastSeenAt", s."expiresAt", s."signingLockedAt", s."signingLockRequestId",
        u.id AS "userId", u.email, u.name, u.role, u."isActive", m."enabledAt" AS "mfaEnabledAt",
        (SELECT json_object_agg(name, version::text) FROM "ChangeCounter") AS "changeVersions"
      FROM "Session" s JOIN "User" u ON u.id = s."userId" LEFT JOIN "MfaCredential" m ON m."userId" = u.id
      WHERE s.id IN (SELECT jsonb_array_elements_text(${JSON.stringify(ids)}::jsonb))`
    const byId = new Map(rows.map((row) => [row.id, row]))
    return ids.map((id) => byId.get(id))
  },
})

async function lookUpSession(request: Request): Promise<ActiveSession | null> {
  const token = await readToken(request)
  if (!token) return null
  const id = hashToken(token)
  const row = await readSessionRow(id)
  if (!row) return null
  const now = Date.now()
  const deadline = sessionIdleDeadline(row.lastSeenAt, row.expiresAt)
  if (deadline.getTime() <= now || !row.isActive) {
    await prisma.session.deleteMany({ where: { id } })
    return null
  }
  let lastSeenAt = row.lastSeenAt
  const passive = new URL(request.url).searchParams.has(PASSIVE_PARAM)
  if (!passive && now - lastSeenAt.getTime() > TOUCH_INTERVAL_MS) {
    lastSeenAt = new Date(now)
    await prisma.session.update({ where: { id }, data: { lastSeenAt } })
  }
  return {
    id,
    user: { id: row.userId, email: row.email, name: row.name, role: row.role },
    endsAt: sessionIdleDeadline(lastSeenAt, row.expiresAt),
    mfaEnabled: Boolean(row.mfaEnabledAt),
    signingLock: row.signingLockedAt ? { requestId: row.signingLockRequestId, lockedAt: row.signingLockedAt } : null,
    changeVersions: row.changeVersions ?? {},
  }
}

/**
 * Locks the session for in-person signing: kept in the session's row, so
 * nothing the browser holds (and the signer could edit) lifts it.
 */
export async function lockSessionForSigning(sessionId: string, requestId: string, db: Prisma.TransactionClient = prisma, at = new Date()) {
  await db.session.update({ where: { id: sessionId }, data: { signingLockedAt: at, signingLockRequestId: requestId } })
}

export async function clearSigningLock(sessionId: string, db: Prisma.TransactionClient = prisma) {
  await db.session.updateMany({ where: { id: sessionId }, data: { signingLockedAt: null, signingLockRequestId: null } })
}

/** Counts as activity even inside the touch interval: the user asked to stay. */
export async function extendSession(sessionId: string) {
  const lastSeenAt = new Date()
  const session = await prisma.session.update({ where: { id: sessionId }, data: { lastSeenAt } })
  return sessionIdleDeadline(lastSeenAt, session.expiresAt)
}

export async function destroySession(request: Request) {
  const token = await readToken(request)
  if (token) await prisma.session.deleteMany({ where: { id: hashToken(token) } })
  return getSessionCookie().serialize('', { maxAge: 0 })
}

export async function destroyUserSessions(userId: string, exceptSessionId?: string) {
  await prisma.session.deleteMany({
    where: { userId, id: exceptSessionId ? { not: exceptSessionId } : undefined },
  })
}

export async function deleteExpiredSessions() {
  const idleCutoff = new Date(Date.now() - getEnv().SESSION_IDLE_MINUTES * 60 * 1000)
  await prisma.session.deleteMany({
    where: { OR: [{ expiresAt: { lt: new Date() } }, { lastSeenAt: { lt: idleCutoff } }] },
  })
}
