import type { LoaderFunctionArgs } from '@remix-run/node'
import { json } from '@remix-run/node'
import { getGhlSettingsView } from '~/integrations/settings.server'
import { requireApiUserWithPermission } from '~/platform/auth/auth.server'
import { apiRoute } from '~/platform/http/errors.server'

/** GET /api/ghl/settings — the configured account(s), without credentials. */
export const loader = apiRoute('settings', async ({ request }: LoaderFunctionArgs) => {
  await requireApiUserWithPermission(request, 'integrations:manage')
  const settings = await getGhlSettingsView()
  if (settings.source === 'none') return json([])
  return json([
    {
      accountName: settings.accountName,
      locationId: settings.locationId,
      isActive: settings.isActive,
      connectionStatus: settings.connectionStatus,
      hasToken: settings.hasToken,
    },
  ])
})
