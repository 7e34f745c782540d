import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { ComingSoon, PageHeader } from '~/components/page-header'
import { requireUserWithPermission } from '~/utils/auth.server'

export const meta: MetaFunction = () => [{ title: 'Document Management | Healthcare Portal' }]

export async function loader({ request }: LoaderFunctionArgs) {
  await requireUserWithPermission(request, 'records:read')
  return null
}

export default function Page() {
  return (
    <>
      <PageHeader title="Document Management" />
      <ComingSoon>The document library is being built: no documents are stored in the portal yet.</ComingSoon>
    </>
  )
}
