import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { json } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { dialogHref } from '~/components/dialog-links'
import { Link } from '~/components/link'
import { PageHeader } from '~/components/page-header'
import { buttonClassName } from '~/components/ui/button'
import { loadDashboard } from '~/features/dashboard/dashboard.server'
import {
  OverviewStrip,
  PendingSignatures,
  PendingVerifications,
  RecentActivity,
  RecentLeads,
  UpcomingAppointments,
  WorkQueue,
} from '~/features/dashboard/dashboard-sections'
import { useDashboardRefresh } from '~/features/dashboard/use-dashboard-refresh'
import { userActor } from '~/platform/auth/actor.server'
import { requireUserWithPermission } from '~/platform/auth/auth.server'
import { useCan, useTimeZone } from '~/platform/auth/user'

export const meta: MetaFunction = () => [{ title: 'Dashboard | Healthcare Portal' }]

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUserWithPermission(request, 'records:read')
  const allTasks = new URL(request.url).searchParams.get('tasks') === 'all'
  const data = await loadDashboard(user, userActor(request, user), { request, allTasks })
  return json({ ...data, allTasks }, { headers: { 'Cache-Control': 'private, no-store' } })
}

export default function DashboardPage() {
  const data = useLoaderData<typeof loader>()
  const timeZone = useTimeZone()
  const canWrite = useCan('records:write')
  const refreshing = useDashboardRefresh(data.loadedAt)
  const now = new Date(data.loadedAt)
  return (
    <>
      <PageHeader
        title="Dashboard"
        subtitle="Today's work across leads, patients, caregivers and appointments"
        actions={
          canWrite ? (
            <>
              {/* Both dialogs close back to the dashboard, where the new lead or visit is listed. */}
              <Link to={dialogHref('/leads/new', '/')} className={buttonClassName('primary')}>
                Add Lead
              </Link>
              <Link to={dialogHref('/calendar/new', '/')} className={buttonClassName('secondary')}>
                New Appointment
              </Link>
            </>
          ) : undefined
        }
      />
      <p role="status" className="sr-only">
        {refreshing ? 'Refreshing the dashboard' : ''}
      </p>
      <div className="space-y-6" aria-busy={refreshing || undefined}>
        <OverviewStrip overview={data.overview} />
        <div className="grid items-start gap-6 lg:grid-cols-2">
          <UpcomingAppointments appointments={data.appointments} timeZone={timeZone} />
          <WorkQueue
            tasks={data.workQueue.tasks}
            total={data.workQueue.total}
            totalCapped={data.workQueue.totalCapped}
            showingAll={data.allTasks}
            timeZone={timeZone}
          />
          <PendingSignatures signatures={data.pendingSignatures} now={now} />
          <PendingVerifications verifications={data.verifications} timeZone={timeZone} />
          <RecentActivity activity={data.recentActivity} timeZone={timeZone} />
          <RecentLeads leads={data.recentLeads} timeZone={timeZone} />
        </div>
      </div>
    </>
  )
}
