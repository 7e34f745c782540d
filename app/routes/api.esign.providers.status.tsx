import type { LoaderFunctionArgs } from '@remix-run/node'
import { json } from '@remix-run/node'
import { getProviderStatus } from '~/features/esign/providers.server'
import { requireApiUserWithPermission } from '~/platform/auth/auth.server'
import { apiRoute } from '~/platform/http/errors.server'

/** GET /api/esign/providers/status — per provider { connected, … }; never a key or a secret. */
export const loader = apiRoute('provider status', async ({ request }: LoaderFunctionArgs) => {
  await requireApiUserWithPermission(request, 'records:read')
  return json(await getProviderStatus())
})
