import type { LoaderFunctionArgs } from '@remix-run/node'
import { listUpcomingForApi } from '~/features/calendar/appointments.server'
import { upcomingDaysSchema } from '~/features/calendar/forms.server'
import { userActor } from '~/platform/auth/actor.server'
import { requireApiUserWithPermission } from '~/platform/auth/auth.server'
import { apiError } from '~/platform/http/api.server'
import { apiRoute } from '~/platform/http/errors.server'

/** GET /api/appointments/upcoming?days=30: appointments from now to `days` days ahead (1–365), in start order. */
export const loader = apiRoute('appointment', async ({ request }: LoaderFunctionArgs) => {
  const user = await requireApiUserWithPermission(request, 'records:read')
  const days = upcomingDaysSchema.safeParse(new URL(request.url).searchParams.get('days') || undefined)
  if (!days.success) throw apiError(400, 'Invalid query', { fieldErrors: { days: [days.error.issues[0]!.message] } })
  // The JSON text as the database wrote it.
  return new Response(await listUpcomingForApi(days.data, userActor(request, user)), { headers: { 'Content-Type': 'application/json; charset=utf-8' } })
})
