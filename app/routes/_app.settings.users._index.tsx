import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { json } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { Link } from '~/components/link'
import { EmailAddress } from '~/components/email-address'
import { ListPage } from '~/components/list-page'
import { ActiveBadge } from '~/components/status-badge'
import { buttonClassName } from '~/components/ui/button'
import { listUsers } from '~/features/users/users.server'
import { requireUserWithPermission } from '~/platform/auth/auth.server'
import { getEnv } from '~/platform/env.server'
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
    <ListPage
      level={2}
      title="Users"
      actions={
        <Link to="/settings/users/new" className={buttonClassName('primary')}>
          Add user
        </Link>
      }
      total={users.length}
      rows={users}
      rowKey={(user) => user.id}
      caption="Staff accounts"
      columns={[
        {
          header: 'Name',
          rowHeader: true,
          cell: (user) => (
            <Link to={`/settings/users/${user.id}`} className="text-blue-700 underline hover:text-blue-900">
              {user.name}
            </Link>
          ),
        },
        { header: 'Email', className: 'text-slate-700', cell: (user) => <EmailAddress address={user.email} /> },
        { header: 'Role', className: 'text-slate-700', cell: (user) => user.role },
        {
          header: 'Status',
          cell: (user) => <ActiveBadge active={user.isActive} labels={['Active', 'Deactivated']} />,
        },
        { header: 'Created', className: 'text-slate-700', cell: (user) => <time dateTime={user.createdAt}>{user.created}</time> },
      ]}
      empty={{ noRecords: { title: 'No users yet' } }}
    />
  )
}
