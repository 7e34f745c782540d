import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { ComingSoon, PageHeader } from '~/components/page-header'
import { requireUserWithPermission } from '~/utils/auth.server'

export const meta: MetaFunction = () => [{ title: 'Patient Onboarding | Healthcare Portal' }]

export async function loader({ request }: LoaderFunctionArgs) {
  await requireUserWithPermission(request, 'records:read')
  return null
}

export default function Page() {
  return (
    <>
      <PageHeader title="Patient Onboarding" />
      <ComingSoon>Patient registration is being built: no patient records are stored in the portal yet.</ComingSoon>
    </>
  )
}
