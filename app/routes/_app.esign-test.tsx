import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { ComingSoon, PageHeader } from '~/components/page-header'
import { requireUserWithPermission } from '~/platform/auth/auth.server'

export const meta: MetaFunction = () => [{ title: 'E-Signature Test | Healthcare Portal' }]

export async function loader({ request }: LoaderFunctionArgs) {
  await requireUserWithPermission(request, 'records:read')
  return null
}

export default function Page() {
  return (
    <>
      <PageHeader title="E-Signature Test" />
      <ComingSoon>Provider testing is being built: connect GoFormz or BoldSign in Settings first.</ComingSoon>
    </>
  )
}
