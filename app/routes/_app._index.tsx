import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { ComingSoon, PageHeader } from '~/components/page-header'
import { requireUserWithPermission } from '~/utils/auth.server'

export const meta: MetaFunction = () => [{ title: 'Dashboard | Healthcare Portal' }]

export async function loader({ request }: LoaderFunctionArgs) {
  await requireUserWithPermission(request, 'records:read')
  return null
}

export default function Page() {
  return (
    <>
      <PageHeader title="Dashboard" />
      <ComingSoon>The dashboard's counters, appointments, work queue and activity appear here once leads, patients and appointments are recorded in the portal.</ComingSoon>
    </>
  )
}
