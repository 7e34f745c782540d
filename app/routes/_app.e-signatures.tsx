import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { ComingSoon, PageHeader } from '~/components/page-header'
import { requireUserWithPermission } from '~/platform/auth/auth.server'

export const meta: MetaFunction = () => [{ title: 'E-Signatures | Healthcare Portal' }]

export async function loader({ request }: LoaderFunctionArgs) {
  await requireUserWithPermission(request, 'records:read')
  return null
}

export default function Page() {
  return (
    <>
      <PageHeader title="E-Signatures" />
      <ComingSoon>E-signature tracking is being built: requests sent from the portal will be listed here.</ComingSoon>
    </>
  )
}
