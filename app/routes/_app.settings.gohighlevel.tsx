import type { LoaderFunctionArgs } from '@remix-run/node'
import { ComingSoon } from '~/components/page-header'
import { requireUserWithPermission } from '~/utils/auth.server'

export async function loader({ request }: LoaderFunctionArgs) {
  await requireUserWithPermission(request, 'integrations:manage')
  return null
}

export default function SettingsTab() {
  return (
    <section aria-labelledby="tab-heading">
      <h2 id="tab-heading" className="mb-4 text-lg font-semibold">
        GoHighLevel
      </h2>
      <ComingSoon>The GoHighLevel connection (CRM sync and calendars) is being built.</ComingSoon>
    </section>
  )
}
