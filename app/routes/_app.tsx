import type { LoaderFunctionArgs } from '@remix-run/node'
import { json } from '@remix-run/node'
import { Outlet, useLoaderData } from '@remix-run/react'
import { GeneralErrorBoundary } from '~/components/error-boundary'
import { SessionTimeout } from '~/features/shell/session-timeout'
import { Sidebar } from '~/features/shell/sidebar'
import { requireSession } from '~/platform/auth/auth.server'
import { getEnv } from '~/platform/env.server'
import { getSidebarState } from '~/features/shell/sidebar.server'
import { useOptionalUser } from '~/platform/auth/user'

export async function loader({ request }: LoaderFunctionArgs) {
  const session = await requireSession(request)
  return json({
    user: session.user,
    sessionRemainingMs: session.endsAt.getTime() - Date.now(),
    sidebar: await getSidebarState(request),
    timeZone: getEnv().AGENCY_TIME_ZONE,
  })
}

export default function AppLayout() {
  const data = useLoaderData<typeof loader>()
  return (
    <div className="flex min-h-screen">
      <Sidebar state={data.sidebar} user={data.user} />
      <main id="main" className="min-w-0 flex-1 p-4 md:p-8">
        <Outlet />
      </main>
      <SessionTimeout remainingMs={data.sessionRemainingMs} />
    </div>
  )
}

export function ErrorBoundary() {
  const user = useOptionalUser()
  if (!user) return <GeneralErrorBoundary />
  return (
    <div className="flex min-h-screen">
      <Sidebar state="wide" user={user} />
      <div className="min-w-0 flex-1">
        <GeneralErrorBoundary />
      </div>
    </div>
  )
}
