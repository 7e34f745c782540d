import type { LoaderFunctionArgs } from '@remix-run/node'
import { redirect } from '@remix-run/node'
import { requireUserWithPermission } from '~/utils/auth.server'
import { userHasPermission } from '~/utils/permissions'

/** GoFormz is the default tab for those who may see provider settings. */
export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUserWithPermission(request, 'records:read')
  return redirect(userHasPermission(user, 'integrations:manage') ? '/settings/goformz' : '/settings/general')
}
