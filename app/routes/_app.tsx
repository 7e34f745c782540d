import type { LoaderFunctionArgs } from '@remix-run/node'
import { json } from '@remix-run/node'
import { Form, Outlet, useLoaderData } from '@remix-run/react'
import { GeneralErrorBoundary } from '~/components/error-boundary'
import { SessionTimeout } from '~/features/shell/session-timeout'
import { Sidebar } from '~/features/shell/sidebar'
import { mfaSetupRequired, requireSession } from '~/platform/auth/auth.server'
import { getEnv } from '~/platform/env.server'
import { getSidebarPreference } from '~/features/shell/sidebar.server'
import { useOptionalUser } from '~/platform/auth/user'

export async function loader({ request }: LoaderFunctionArgs) {
  const session = await requireSession(request)
  return json({
    user: session.user,
    sessionRemainingMs: session.endsAt.getTime() - Date.now(),
    sidebar: await getSidebarPreference(request),
    timeZone: getEnv().AGENCY_TIME_ZONE,
    mfaSetupRequired: mfaSetupRequired(session),
  })
}

export default function AppLayout() {
  const data = useLoaderData<typeof loader>()
  return (
    <div className="flex min-h-screen flex-col sm:flex-row">
      {data.mfaSetupRequired ? null : (
        <Sidebar state={data.sidebar} user={data.user} />
      )}
      <main id="main" className="min-w-0 flex-1 p-4 md:p-8">
        {data.mfaSetupRequired ? <MfaSetupBar name={data.user.name} /> : null}
        <Outlet />
      </main>
      <SessionTimeout remainingMs={data.sessionRemainingMs} />
    </div>
  )
}

/** Instead of the sidebar while the user must set up MFA: nothing else is open to them yet. */
function MfaSetupBar({ name }: { name: string }) {
  return (
    <div className="mb-6 flex flex-wrap items-center justify-between gap-3 border-b border-slate-200 pb-4">
      <p className="text-sm">
        <span className="font-semibold">Healthcare Portal</span>
        <span className="text-slate-600"> · Signed in as {name}</span>
      </p>
      <Form method="post" action="/logout">
        <button type="submit" className="text-sm text-blue-700 underline hover:text-blue-900">
          Sign out
        </button>
      </Form>
    </div>
  )
}

export function ErrorBoundary() {
  const user = useOptionalUser()
  if (!user) return <GeneralErrorBoundary />
  return (
    <div className="flex min-h-screen flex-col sm:flex-row">
      <Sidebar state="auto" user={user} />
      <div className="min-w-0 flex-1">
        <GeneralErrorBoundary />
      </div>
    </div>
  )
}
