import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { ComingSoon, PageHeader } from '~/components/page-header'
import { requireUserWithPermission } from '~/platform/auth/auth.server'

export const meta: MetaFunction = () => [{ title: 'Calendar & Appointments | Healthcare Portal' }]

export async function loader({ request }: LoaderFunctionArgs) {
  await requireUserWithPermission(request, 'records:read')
  return null
}

export default function Page() {
  return (
    <>
      <PageHeader title="Calendar & Appointments" />
      <ComingSoon>Appointment scheduling is being built: no appointments are stored in the portal yet.</ComingSoon>
    </>
  )
}
