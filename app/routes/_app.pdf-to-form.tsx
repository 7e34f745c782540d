import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { ComingSoon, PageHeader } from '~/components/page-header'
import { requireUserWithPermission } from '~/platform/auth/auth.server'

export const meta: MetaFunction = () => [{ title: 'PDF to Jotform Converter | Healthcare Portal' }]

export async function loader({ request }: LoaderFunctionArgs) {
  await requireUserWithPermission(request, 'records:read')
  return null
}

export default function Page() {
  return (
    <>
      <PageHeader title="PDF to Jotform Converter" />
      <ComingSoon>The PDF to online form converter is being built.</ComingSoon>
    </>
  )
}
