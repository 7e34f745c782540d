import crypto from 'node:crypto'
import { createCookieSessionStorage, redirect, type SessionStorage } from '@remix-run/node'
import { getEnv } from '~/platform/env.server'
import { toastSchema, type Toast, type ToastInput } from '~/platform/http/toast'

/**
 * Flash toasts ride a short-lived cookie across the redirect that follows a
 * form submission, so they show with and without JavaScript.
 */
const TOAST_KEY = 'toast'
let storage: SessionStorage<Record<string, never>, { toast: Toast }> | undefined

function toastStorage() {
  const env = getEnv()
  storage ??= createCookieSessionStorage<Record<string, never>, { toast: Toast }>({
    cookie: {
      name: '__toast',
      httpOnly: true,
      sameSite: 'lax',
      path: '/',
      secure: env.NODE_ENV === 'production' && env.COOKIE_SECURE,
      secrets: [env.SESSION_SECRET],
    },
  })
  return storage
}

async function toastCookie(input: ToastInput) {
  const session = await toastStorage().getSession()
  session.flash(TOAST_KEY, toastSchema.parse({ id: crypto.randomUUID(), ...input }))
  return toastStorage().commitSession(session)
}

export async function createToastHeaders(input: ToastInput) {
  return new Headers({ 'set-cookie': await toastCookie(input) })
}

export async function redirectWithToast(url: string, toast: ToastInput, init?: ResponseInit) {
  const headers = new Headers(init?.headers)
  headers.append('set-cookie', await toastCookie(toast))
  return redirect(url, { ...init, headers })
}

/** The pending toast (if any) and the header that clears it. */
export async function getToast(request: Request): Promise<{ toast: Toast | null; headers: Headers | null }> {
  const session = await toastStorage().getSession(request.headers.get('cookie'))
  const parsed = toastSchema.safeParse(session.get(TOAST_KEY))
  if (!parsed.success && !session.has(TOAST_KEY)) return { toast: null, headers: null }
  return {
    toast: parsed.success ? parsed.data : null,
    headers: new Headers({ 'set-cookie': await toastStorage().destroySession(session) }),
  }
}
