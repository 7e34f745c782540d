import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { json } from '@remix-run/node'
import { Link, useLoaderData } from '@remix-run/react'
import { buttonClassName } from '~/components/ui/button'
import { listUsers } from '~/features/users/users.server'
import { requireUserWithPermission } from '~/platform/auth/auth.server'
import { getEnv } from '~/platform/env.server'
import { cn } from '~/lib/misc'
import { ROLE_LABELS, isRole } from '~/platform/auth/permissions'
import { formatDate } from '~/lib/time'

export const meta: MetaFunction = () => [{ title: 'Users | Settings | Healthcare Portal' }]

export async function loader({ request }: LoaderFunctionArgs) {
  await requireUserWithPermission(request, 'users:manage')
  const timeZone = getEnv().AGENCY_TIME_ZONE
  const users = await listUsers()
  return json({
    users: users.map((user) => ({
      id: user.id,
      name: user.name,
      email: user.email,
      role: isRole(user.role) ? ROLE_LABELS[user.role] : user.role,
      isActive: user.isActive,
      createdAt: user.createdAt.toISOString(),
      // Formatted here, in the agency's zone, so server and browser agree.
      created: formatDate(user.createdAt, timeZone),
    })),
  })
}

export default function UsersIndex() {
  const { users } = useLoaderData<typeof loader>()
  return (
    <section aria-labelledby="tab-heading">
      <div className="mb-4 flex flex-wrap items-center justify-between gap-4">
        <h2 id="tab-heading" className="text-lg font-semibold">
          Users
        </h2>
        <Link to="/settings/users/new" className={buttonClassName('primary')}>
          Add user
        </Link>
      </div>
      <div className="overflow-x-auto rounded-lg border border-slate-200 bg-white">
        <table className="min-w-full divide-y divide-slate-200 text-sm">
          <caption className="sr-only">Staff accounts</caption>
          <thead className="bg-slate-50 text-left text-slate-700">
            <tr>
              <th scope="col" className="px-4 py-3 font-semibold">
                Name
              </th>
              <th scope="col" className="px-4 py-3 font-semibold">
                Email
              </th>
              <th scope="col" className="px-4 py-3 font-semibold">
                Role
              </th>
              <th scope="col" className="px-4 py-3 font-semibold">
                Status
              </th>
              <th scope="col" className="px-4 py-3 font-semibold">
                Created
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-200">
            {users.map((user) => (
              <tr key={user.id}>
                <th scope="row" className="px-4 py-3 text-left font-medium">
                  <Link to={`/settings/users/${user.id}`} className="text-blue-700 underline hover:text-blue-900">
                    {user.name}
                  </Link>
                </th>
                <td className="px-4 py-3 text-slate-700">{user.email}</td>
                <td className="px-4 py-3 text-slate-700">{user.role}</td>
                <td className="px-4 py-3">
                  <span
                    className={cn(
                      'inline-flex rounded-full px-2 py-0.5 text-xs font-medium',
                      user.isActive ? 'bg-green-100 text-green-800' : 'bg-slate-200 text-slate-700',
                    )}
                  >
                    {user.isActive ? 'Active' : 'Deactivated'}
                  </span>
                </td>
                <td className="px-4 py-3 text-slate-700">
                  <time dateTime={user.createdAt}>{user.created}</time>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  )
}
