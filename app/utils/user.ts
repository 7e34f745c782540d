import { useRouteLoaderData } from '@remix-run/react'
import type { SessionUser } from './session.server'
import { type Permission, userHasPermission } from './permissions'

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
