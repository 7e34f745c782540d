import type { LoaderFunctionArgs } from '@remix-run/node'
import { json } from '@remix-run/node'
import { ProviderFailedError, listProviderTemplates } from '~/features/esign/providers.server'
import { requireApiUserWithPermission } from '~/platform/auth/auth.server'
import { apiError } from '~/platform/http/api.server'
import { apiRoute } from '~/platform/http/errors.server'

/**
 * GET /api/goformz/templates — { templates: [{ id, name, hasESignature }] }, read with
 * the server's stored credentials (credentials in the query are ignored).
 */
export const loader = apiRoute('template', async ({ request }: LoaderFunctionArgs) => {
  await requireApiUserWithPermission(request, 'records:read')
  try {
    return json({ templates: await listProviderTemplates('goformz') })
  } catch (error) {
    if (error instanceof ProviderFailedError) return apiError(502, error.message)
    throw error
  }
})
