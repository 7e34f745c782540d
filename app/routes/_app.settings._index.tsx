import type { LoaderFunctionArgs } from '@remix-run/node'
import { redirect } from '@remix-run/node'
import { requireUserWithPermission } from '~/platform/auth/auth.server'
import { userHasPermission } from '~/platform/auth/permissions'

/** GoFormz is the default tab for those who may see provider settings. */
export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUserWithPermission(request, 'records:read')
  return redirect(userHasPermission(user, 'integrations:manage') ? '/settings/goformz' : '/settings/general')
}
