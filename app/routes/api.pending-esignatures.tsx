import type { LoaderFunctionArgs } from '@remix-run/node'
import { json } from '@remix-run/node'
import { listPendingEsignatures } from '~/features/esign/queries.server'
import { userActor } from '~/platform/auth/actor.server'
import { requireApiUserWithPermission } from '~/platform/auth/auth.server'
import { apiRoute } from '~/platform/http/errors.server'

/** GET /api/pending-esignatures — { pending: [{ id, leadName, documentName, status, sentDate, provider, customMessage }] } from the stored requests. */
export const loader = apiRoute('e-signature request', async ({ request }: LoaderFunctionArgs) => {
  const user = await requireApiUserWithPermission(request, 'records:read')
  return json({ pending: await listPendingEsignatures(userActor(request, user)) })
})
