import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { ComingSoon, PageHeader } from '~/components/page-header'
import { requireUserWithPermission } from '~/utils/auth.server'

export const meta: MetaFunction = () => [{ title: 'Lead Management | Healthcare Portal' }]

export async function loader({ request }: LoaderFunctionArgs) {
  await requireUserWithPermission(request, 'records:read')
  return null
}

export default function Page() {
  return (
    <>
      <PageHeader title="Lead Management" subtitle="Manage and track all your leads" />
      <ComingSoon>Lead tracking is being built: no leads are stored in the portal yet.</ComingSoon>
    </>
  )
}
