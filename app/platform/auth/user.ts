import { useRouteLoaderData } from '@remix-run/react'
import type { SessionUser } from '~/platform/auth/session.server'
import { type Permission, userHasPermission } from '~/platform/auth/permissions'

/** The signed-in user, from the app layout's loader (null outside it). */
export function useOptionalUser(): SessionUser | null {
  const data = useRouteLoaderData<{ user: SessionUser }>('routes/_app')
  return data?.user ?? null
}

export function useUser(): SessionUser {
  const user = useOptionalUser()
  if (!user) throw new Error('useUser is only for pages inside the signed-in layout')
  return user
}

export function useCan(permission: Permission) {
  return userHasPermission(useOptionalUser(), permission)
}

/** The agency's IANA time zone, for showing dates (default America/New_York). */
export function useTimeZone(): string {
  const data = useRouteLoaderData<{ timeZone: string }>('routes/_app')
  return data?.timeZone ?? 'America/New_York'
}
