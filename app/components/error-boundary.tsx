import { isRouteErrorResponse, useRouteError } from '@remix-run/react'
import { Link } from '~/components/link'

/**
 * A friendly page for a thrown response or error. Error details stay in the
 * server log; in production the page never shows a stack trace.
 */
export function GeneralErrorBoundary() {
  const error = useRouteError()
  if (typeof document !== 'undefined' && !isRouteErrorResponse(error)) console.error(error)

  if (isRouteErrorResponse(error)) {
    if (error.status === 404) return <NotFound />
    if (error.status === 403) {
      return (
        <StatusPage status={403} title="403 Forbidden">
          Your role does not allow this page or action. Ask an administrator if you need access.
        </StatusPage>
      )
    }
    return (
      <StatusPage status={error.status} title={`${error.status} ${error.statusText || 'Error'}`}>
        {typeof error.data === 'string' && error.status < 500
          ? error.data
          : 'Something went wrong. Please try again.'}
      </StatusPage>
    )
  }
  return (
    <StatusPage status={500} title="500 Something went wrong">
      An unexpected error occurred. Please try again; if it keeps happening, tell your administrator.
    </StatusPage>
  )
}

/** `withinMain`: shown inside the app's own main landmark (an unknown path under the app shell), so not another one. */
export function NotFound({ withinMain = false }: { withinMain?: boolean }) {
  return (
    <StatusPage status={404} title="404 Page Not Found" withinMain={withinMain}>
      Did you forget to add the page to the router?
    </StatusPage>
  )
}

function StatusPage({
  title,
  withinMain = false,
  children,
}: {
  status: number
  title: string
  withinMain?: boolean
  children: React.ReactNode
}) {
  const Landmark = withinMain ? 'div' : 'main'
  return (
    <Landmark id={withinMain ? undefined : 'main'} className="mx-auto flex max-w-xl flex-col items-start gap-4 p-8">
      <h1 className="text-2xl font-bold text-slate-900">{title}</h1>
      <p className="text-slate-700">{children}</p>
      <Link to="/" className="text-blue-700 underline">
        Go to the dashboard
      </Link>
    </Landmark>
  )
}
