import { Form, useFetcher, useLocation } from '@remix-run/react'
import { NavLink } from '~/components/link'
import { useEffect, useRef, useState } from 'react'
import { Icon } from '~/components/icons'
import { useHydrated } from '~/lib/use-hydrated'
import { cn } from '~/lib/misc'
import { SIDEBAR_ENTRIES, type SidebarPreference } from '~/features/shell/navigation'
import { ROLE_LABELS, isRole } from '~/platform/auth/permissions'

type ShellUser = { name: string; email: string; role: string }

/**
 * How each preference looks from 640 px up: CSS alone picks the width for
 * 'auto', so it is right before any script runs. Below 640 px the same
 * navigation is the phone's menu, with labels and without tooltips, whatever
 * the preference.
 */
const LOOK = {
  wide: { aside: 'sm:w-48', label: 'truncate', block: '', tooltip: null },
  narrow: { aside: 'sm:w-16', label: 'sm:sr-only', block: 'sm:sr-only', tooltip: 'max-sm:!hidden' },
  auto: {
    aside: 'sm:w-16 lg:w-48',
    label: 'sm:sr-only lg:not-sr-only lg:truncate',
    block: 'sm:sr-only lg:not-sr-only',
    tooltip: 'max-sm:!hidden lg:peer-hover:hidden lg:peer-focus-visible:hidden',
  },
} as const satisfies Record<SidebarPreference, { aside: string; label: string; block: string; tooltip: string | null }>

/**
 * The label of an icon-only entry, shown beside the rail while the control
 * just before it (a `peer`) is hovered or focused. It follows the control
 * rather than sitting inside it, so the control's text stays its label alone.
 * `fixed` with no top: it stays on the line of its flex parent, centred (its
 * static position), yet escapes the rail's scroll box, which would clip it.
 * Hidden from assistive technology, which reads the control's own label.
 */
function Tooltip({ text, className }: { text: string; className: string | null }) {
  if (className === null) return null
  return (
    <span
      aria-hidden="true"
      className={cn(
        'rail-tooltip',
        className,
      )}
    >
      {text}
    </span>
  )
}

const itemClass = 'peer nav-item'
const navLinkClass = 'peer nav-link'

function BrandMark() {
  return (
    <span
      aria-hidden="true"
      className="flex h-9 w-9 shrink-0 items-center justify-center rounded-md bg-blue-700 text-sm font-bold text-white"
    >
      HP
    </span>
  )
}

function roleLabel(role: string) {
  return isRole(role) ? ROLE_LABELS[role] : role
}

const SIDEBAR_ID = 'sidebar'

/**
 * The portal's navigation, rendered once for every width (it is a good part
 * of each page's markup, and the browser hydrates it once).
 *
 * From 640 px it is the sidebar: wide (12rem, icons and labels) or narrow
 * (4rem, icons only, labels as tooltips). Until the person chooses, it is
 * narrow below 1024 px and wide from there. Toggling posts a form, so it works
 * without JavaScript; with it, the change shows at once.
 *
 * Below 640 px a top bar shows the product mark and a Menu button, and the
 * sidebar is the menu it opens below the bar. The button is a <details>
 * without contents in the top bar, and CSS shows the sidebar while it is
 * open, so the menu works without JavaScript; with it, Escape closes the
 * menu and returns focus to the button, and a tap outside or a followed link
 * closes it too.
 */
export function Sidebar({ state, user }: { state: SidebarPreference; user: ShellUser }) {
  const location = useLocation()
  const fetcher = useFetcher()
  const pending = fetcher.formData?.get('state')
  const current: SidebarPreference = pending === 'wide' || pending === 'narrow' ? pending : state
  const look = LOOK[current]
  const redirectTo = location.pathname + location.search
  const menu = usePhoneMenu()
  // Collapse and Expand replace each other: the one that appears after a press takes the focus.
  const pressed = useRef(false)

  const toggle = (to: 'wide' | 'narrow', className?: string) => (
    <fetcher.Form
      method="post"
      action="/resources/sidebar"
      onSubmit={() => (pressed.current = true)}
      className={cn('flex items-center max-sm:hidden', className)}
    >
      <input type="hidden" name="state" value={to} />
      <input type="hidden" name="redirectTo" value={redirectTo} />
      {to === 'narrow' ? (
        <button type="submit" aria-label="Collapse sidebar" aria-expanded={true} autoFocus={pressed.current} className={cn(itemClass, 'text-slate-700 hover:bg-slate-100')}>
          <Icon name="chevronLeft" className="h-5 w-5 shrink-0" />
          <span className="truncate">Collapse</span>
        </button>
      ) : (
        <button type="submit" aria-label="Expand sidebar" aria-expanded={false} autoFocus={pressed.current} className={cn(itemClass, 'text-slate-700 hover:bg-slate-100')}>
          <Icon name="chevronRight" className="h-5 w-5 shrink-0" />
        </button>
      )}
      {to === 'wide' ? <Tooltip text="Expand sidebar" className="" /> : null}
    </fetcher.Form>
  )

  return (
    <>
      {/* The top bar is the peer: with the Menu inside it, the button stays in the banner landmark. */}
      <header className="peer sticky top-0 z-30 flex h-14 items-center justify-between gap-3 border-b border-slate-200 bg-white px-4 sm:hidden">
        <span className="flex items-center gap-2">
          <BrandMark />
          <span className="text-sm font-semibold">Healthcare Portal</span>
        </span>
        <details ref={menu.detailsRef} onToggle={menu.onToggle} onKeyDown={menu.onKeyDown}>
          {/* role=button: a summary has no role of its own in some browsers' and tools' eyes. */}
          <summary
            ref={menu.summaryRef}
            role="button"
            aria-expanded={menu.expanded}
            aria-controls={SIDEBAR_ID}
            className="flex min-h-11 cursor-pointer list-none items-center gap-2 rounded-md border border-slate-300 px-3 text-sm font-medium text-slate-800 hover:bg-slate-100 [&::-webkit-details-marker]:hidden"
          >
            <Icon name="menu" className="h-5 w-5 shrink-0" />
            Menu
          </summary>
        </details>
      </header>
      <aside
        id={SIDEBAR_ID}
        ref={menu.sidebarRef}
        aria-label="Sidebar"
        onKeyDown={menu.onKeyDown}
        data-menu-open={menu.expanded ? '' : undefined}
        className={cn(
          // Open without JavaScript through :has(); with it, also where :has() is unknown.
          'hidden flex-col bg-white peer-has-[details[open]]:flex data-[menu-open]:flex',
          'max-sm:fixed max-sm:inset-x-0 max-sm:top-14 max-sm:z-30 max-sm:max-h-[calc(100dvh-3.5rem)] max-sm:overflow-y-auto max-sm:border-b max-sm:border-slate-200 max-sm:py-1 max-sm:shadow-lg',
          'sm:sticky sm:top-0 sm:flex sm:h-screen sm:shrink-0 sm:border-r sm:border-slate-200',
          look.aside,
        )}
      >
        <div className="flex items-center gap-2 border-b border-slate-200 px-3 py-4 max-sm:hidden">
          <BrandMark />
          <span className={cn('flex flex-col leading-tight', look.block)}>
            <span className="text-sm font-semibold">Healthcare Portal</span>
            <span className="text-xs text-slate-600">v1.0</span>
          </span>
        </div>
        <nav aria-label="Main" className="px-2 py-3 sm:flex-1 sm:overflow-y-auto">
          <ul className="flex flex-col gap-1">
            {SIDEBAR_ENTRIES.map((entry) => (
              <li key={entry.to} className="flex items-center">
                <NavLink to={entry.to} end={entry.to === '/'} className={navLinkClass}>
                  <Icon name={entry.icon} className="h-5 w-5 shrink-0" />
                  <span className={look.label}>{entry.label}</span>
                </NavLink>
                <Tooltip text={entry.label} className={look.tooltip} />
              </li>
            ))}
          </ul>
        </nav>
        <div className="flex flex-col gap-1 border-t border-slate-200 px-2 py-3">
          <p className="px-3 text-sm sm:hidden">
            <span className="font-medium">{user.name}</span>
            <span className="text-slate-600"> · {roleLabel(user.role)}</span>
          </p>
          <div className="flex items-center">
            <NavLink to="/account" className={navLinkClass}>
              <Icon name="user" className="h-5 w-5 shrink-0" />
              <span className="sm:hidden">Account</span>
              <span className={cn('flex min-w-0 flex-col max-sm:hidden', look.block)}>
                <span className="truncate">{user.name}</span>
                <span className="truncate text-xs font-normal text-slate-600">{roleLabel(user.role)}</span>
              </span>
            </NavLink>
            <Tooltip text={user.name} className={look.tooltip} />
          </div>
          <SignOutButton labelClass={look.label} tooltip={look.tooltip} />
          {current === 'wide' ? toggle('narrow') : null}
          {current === 'narrow' ? toggle('wide') : null}
          {current === 'auto' ? (
            <>
              {toggle('wide', 'lg:hidden')}
              {toggle('narrow', 'sm:hidden lg:flex')}
            </>
          ) : null}
        </div>
      </aside>
    </>
  )
}

function SignOutButton({ labelClass, tooltip }: { labelClass: string; tooltip: string | null }) {
  return (
    <Form method="post" action="/logout" className="flex items-center">
      <button type="submit" className={cn(itemClass, 'text-slate-700 hover:bg-slate-100')}>
        <Icon name="logout" className="h-5 w-5 shrink-0" />
        <span className={labelClass}>Sign out</span>
      </button>
      <Tooltip text="Sign out" className={tooltip} />
    </Form>
  )
}

/** The phone menu's behaviour beyond what <details> does without JavaScript. */
function usePhoneMenu() {
  const hydrated = useHydrated()
  const location = useLocation()
  const detailsRef = useRef<HTMLDetailsElement>(null)
  const summaryRef = useRef<HTMLElement>(null)
  const sidebarRef = useRef<HTMLElement>(null)
  const [open, setOpen] = useState(false)

  // A menu opened before hydration says so once the script runs.
  useEffect(() => setOpen(detailsRef.current?.open ?? false), [])

  // The layout stays mounted across client-side navigation: close on arrival.
  // Not on hydration, which would shut a menu opened before the script ran.
  const shownKey = useRef(location.key)
  useEffect(() => {
    if (shownKey.current === location.key) return
    shownKey.current = location.key
    if (detailsRef.current) detailsRef.current.open = false
  }, [location.key])

  useEffect(() => {
    if (!open) return
    const closeOnOutsideTap = (event: PointerEvent) => {
      const target = event.target as Node
      if (detailsRef.current?.contains(target) || sidebarRef.current?.contains(target)) return
      if (detailsRef.current) detailsRef.current.open = false
    }
    document.addEventListener('pointerdown', closeOnOutsideTap)
    return () => document.removeEventListener('pointerdown', closeOnOutsideTap)
  }, [open])

  return {
    detailsRef,
    summaryRef,
    sidebarRef,
    expanded: hydrated ? open : undefined,
    onToggle: (event: React.SyntheticEvent<HTMLDetailsElement>) => setOpen(event.currentTarget.open),
    onKeyDown: (event: React.KeyboardEvent) => {
      if (event.key !== 'Escape' || !detailsRef.current?.open) return
      event.preventDefault()
      detailsRef.current.open = false
      summaryRef.current?.focus()
    },
  }
}
