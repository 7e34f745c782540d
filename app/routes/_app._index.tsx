import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { ComingSoon, PageHeader } from '~/components/page-header'
import { requireUserWithPermission } from '~/platform/auth/auth.server'

export const meta: MetaFunction = () => [{ title: 'Dashboard | Healthcare Portal' }]

export async function loader({ request }: LoaderFunctionArgs) {
  await requireUserWithPermission(request, 'records:read')
  return null
}

export default function Page() {
  return (
    <>
      <PageHeader title="Dashboard" />
      <ComingSoon>The dashboard (counters, upcoming appointments, work queue, pending signatures, recent activity and recent leads) is being built. Leads, patient registrations, caregivers and documents are ready in their own pages.</ComingSoon>
    </>
  )
}
