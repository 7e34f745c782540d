import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { Outlet } from '@remix-run/react'
import { NavLink } from '~/components/link'
import { PageHeader } from '~/components/page-header'
import { requireUserWithPermission } from '~/platform/auth/auth.server'
import { cn } from '~/lib/misc'
import { userHasPermission } from '~/platform/auth/permissions'
import { SETTINGS_TABS } from '~/features/shell/settings-tabs'
import { useUser } from '~/platform/auth/user'

export const meta: MetaFunction = () => [{ title: 'Settings & Management | Healthcare Portal' }]

export async function loader({ request }: LoaderFunctionArgs) {
  await requireUserWithPermission(request, 'records:read')
  return null
}

export default function SettingsLayout() {
  const user = useUser()
  const tabs = SETTINGS_TABS.filter((tab) => userHasPermission(user, tab.permission))
  return (
    <>
      <PageHeader title="Settings & Management" />
      <nav aria-label="Settings" className="mb-6 overflow-x-auto border-b border-slate-200">
        <ul className="flex gap-1">
          {tabs.map((tab) => (
            <li key={tab.to}>
              <NavLink
                to={tab.to}
                className={({ isActive }) =>
                  cn(
                    'flex min-h-10 items-center whitespace-nowrap border-b-2 px-3 text-sm font-medium coarse:min-h-11',
                    isActive
                      ? 'border-blue-700 text-blue-800'
                      : 'border-transparent text-slate-600 hover:text-slate-900',
                  )
                }
              >
                {tab.label}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <Outlet />
    </>
  )
}
