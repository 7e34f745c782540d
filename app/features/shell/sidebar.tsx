import { Form, NavLink, useFetcher, useLocation } from '@remix-run/react'
import { Icon } from '~/components/icons'
import { cn } from '~/lib/misc'
import { SIDEBAR_ENTRIES, type SidebarState } from '~/features/shell/navigation'
import { ROLE_LABELS, isRole } from '~/platform/auth/permissions'

/**
 * Wide (12rem, icons and labels) or narrow (4rem, icons only). Small screens
 * always get the narrow form. Toggling posts a form, so it works without
 * JavaScript; with it, the change shows at once.
 */
export function Sidebar({
  state,
  user,
}: {
  state: SidebarState
  user: { name: string; email: string; role: string }
}) {
  const location = useLocation()
  const fetcher = useFetcher()
  const pending = fetcher.formData?.get('state')
  const current: SidebarState = pending === 'wide' || pending === 'narrow' ? pending : state
  const wide = current === 'wide'
  const labelClass = wide ? 'sr-only md:not-sr-only md:truncate' : 'sr-only'
  const redirectTo = location.pathname + location.search

  return (
    <aside
      aria-label="Sidebar"
      className={cn(
        'sticky top-0 flex h-screen shrink-0 flex-col border-r border-slate-200 bg-white w-16',
        wide && 'md:w-48',
      )}
    >
      <div className="flex items-center gap-2 border-b border-slate-200 px-3 py-4">
        <span
          aria-hidden="true"
          className="flex h-9 w-9 shrink-0 items-center justify-center rounded-md bg-blue-700 text-sm font-bold text-white"
        >
          HP
        </span>
        <span className={cn('flex flex-col leading-tight', wide ? 'sr-only md:not-sr-only' : 'sr-only')}>
          <span className="text-sm font-semibold">Healthcare Portal</span>
          <span className="text-xs text-slate-600">v1.0</span>
        </span>
      </div>
      <nav aria-label="Main" className="flex-1 overflow-y-auto px-2 py-3">
        <ul className="flex flex-col gap-1">
          {SIDEBAR_ENTRIES.map((entry) => (
            <li key={entry.to}>
              <NavLink
                to={entry.to}
                end={entry.to === '/'}
                title={wide ? undefined : entry.label}
                className={({ isActive }) =>
                  cn(
                    'flex items-center gap-3 rounded-md px-3 py-2 text-sm font-medium',
                    isActive ? 'bg-blue-50 text-blue-800' : 'text-slate-700 hover:bg-slate-100',
                  )
                }
              >
                <Icon name={entry.icon} className="h-5 w-5 shrink-0" />
                <span className={labelClass}>{entry.label}</span>
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <div className="flex flex-col gap-1 border-t border-slate-200 px-2 py-3">
        <NavLink
          to="/account"
          title={wide ? undefined : `${user.name} (account)`}
          className={({ isActive }) =>
            cn(
              'flex items-center gap-3 rounded-md px-3 py-2 text-sm',
              isActive ? 'bg-blue-50 text-blue-800' : 'text-slate-700 hover:bg-slate-100',
            )
          }
        >
          <Icon name="user" className="h-5 w-5 shrink-0" />
          <span className={cn('flex flex-col', labelClass)}>
            <span className="font-medium">{user.name}</span>
            <span className="text-xs text-slate-600">{isRole(user.role) ? ROLE_LABELS[user.role] : user.role}</span>
          </span>
        </NavLink>
        <Form method="post" action="/logout">
          <button
            type="submit"
            title={wide ? undefined : 'Sign out'}
            className="flex w-full items-center gap-3 rounded-md px-3 py-2 text-sm text-slate-700 hover:bg-slate-100"
          >
            <Icon name="logout" className="h-5 w-5 shrink-0" />
            <span className={labelClass}>Sign out</span>
          </button>
        </Form>
        <fetcher.Form method="post" action="/resources/sidebar" className="hidden md:block">
          <input type="hidden" name="state" value={wide ? 'narrow' : 'wide'} />
          <input type="hidden" name="redirectTo" value={redirectTo} />
          <button
            type="submit"
            aria-label={wide ? 'Collapse sidebar' : 'Expand sidebar'}
            aria-expanded={wide}
            className="flex w-full items-center gap-3 rounded-md px-3 py-2 text-sm text-slate-700 hover:bg-slate-100"
          >
            <Icon name={wide ? 'chevronLeft' : 'chevronRight'} className="h-5 w-5 shrink-0" />
            <span className={labelClass}>Collapse</span>
          </button>
        </fetcher.Form>
      </div>
    </aside>
  )
}
