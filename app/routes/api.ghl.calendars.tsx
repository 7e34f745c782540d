import type { LoaderFunctionArgs } from '@remix-run/node'
import { json } from '@remix-run/node'
import { listGoHighLevelCalendars } from '~/features/calendar-sync/ghl-calendars.server'
import type { GoHighLevelCalendarsUnavailableReason } from '~/features/calendar-sync/ghl-calendars'
import { apiError } from '~/platform/http/api.server'
import { apiRoute } from '~/platform/http/errors.server'
import { requireApiUserWithPermission } from '~/platform/auth/auth.server'

/** Not set up here is ours to fix (503); anything GoHighLevel did is a bad gateway (502). */
const FAILURE_STATUS: Record<GoHighLevelCalendarsUnavailableReason, number> = {
  not_configured: 503,
  refused: 502,
  unavailable: 502,
  timeout: 502,
  error: 500,
}

/** GET /api/ghl/calendars — the account's GoHighLevel calendars as [{ id, name }]. */
export const loader = apiRoute('calendar', async ({ request }: LoaderFunctionArgs) => {
  await requireApiUserWithPermission(request, 'records:read')
  const result = await listGoHighLevelCalendars()
  if (result.state === 'connected') return json(result.calendars)
  // The fault of ours behind 'error' is on the log; its details stay there.
  return apiError(FAILURE_STATUS[result.reason], result.reason === 'error' ? 'Internal error' : result.message)
})
