import type { LoaderFunctionArgs } from '@remix-run/node'
import { ComingSoon } from '~/components/page-header'
import { requireUserWithPermission } from '~/platform/auth/auth.server'

export async function loader({ request }: LoaderFunctionArgs) {
  await requireUserWithPermission(request, 'records:read')
  return null
}

export default function SettingsTab() {
  return (
    <section aria-labelledby="tab-heading">
      <h2 id="tab-heading" className="mb-4 text-lg font-semibold">
        General
      </h2>
      <ComingSoon>More settings are coming soon.</ComingSoon>
    </section>
  )
}
