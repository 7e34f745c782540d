import type { LoaderFunctionArgs } from '@remix-run/node'
import { json } from '@remix-run/node'
import { getDashboardMetrics } from '~/features/dashboard/dashboard.server'
import { requireApiUserWithPermission } from '~/platform/auth/auth.server'
import { apiRoute } from '~/platform/http/errors.server'

/** GET /api/dashboard/metrics: { totalLeads, activePatients, availableCaregivers, recentActivity (6) }. Counts only: no PHI. */
export const loader = apiRoute('dashboard metrics', async ({ request }: LoaderFunctionArgs) => {
  const user = await requireApiUserWithPermission(request, 'records:read')
  return json(await getDashboardMetrics(user, { request }))
})
