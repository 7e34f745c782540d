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
        E-Sign Test
      </h2>
      <ComingSoon>Provider testing is being built: connect GoFormz or BoldSign first.</ComingSoon>
    </section>
  )
}
