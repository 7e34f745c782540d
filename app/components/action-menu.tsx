import { Link } from '~/components/link'
import { createContext, useCallback, useContext, useEffect, useId, useLayoutEffect, useRef, useState } from 'react'
import { MenuHost, MenuHostContext, useIsMenuOpen } from '~/components/menu-host'
import { Icon } from '~/components/icons'
import { buttonClassName } from '~/components/ui/button'
import { cn } from '~/lib/misc'

const itemClass = 'menu-item'

/**
 * Where the items render: in the open menu (JavaScript running) with the id
 * of the item the keyboard is on, or in the native disclosure that stands in
 * for it (no JavaScript, or before hydration), where they are plain list items.
 */
const MenuContext = createContext<{ activeId: string | null; setActive: (id: string) => void } | null>(null)

function Item({ children }: { children: (props: ItemProps) => React.ReactElement }) {
  const menu = useContext(MenuContext)
  const id = useId()
  if (!menu) return <li>{children({})}</li>
  return children({
    id,
    role: 'menuitem',
    tabIndex: -1,
    'data-focus': menu.activeId === id ? '' : undefined,
    onPointerMove: () => menu.setActive(id),
  })
}

type ItemProps = {
  id?: string
  role?: 'menuitem'
  tabIndex?: number
  'data-focus'?: string
  onPointerMove?: () => void
}

/**
 * A row's actions behind one button: the WAI-ARIA menu button. With
 * JavaScript the button opens a menu over the page (rendered by the page's
 * MenuHost, which ListPage provides: one menu for all rows), placed by the
 * button (right edges aligned, above it when there is no room below) with
 * fixed positioning, so a table's scroll area never cuts it off. The menu
 * takes the focus and points at its active item (`aria-activedescendant`):
 * arrows, Home and End move, Enter and Space choose, Escape and Tab close and
 * give the focus back to the button, and a press outside closes it. `forms`
 * are rendered in the row, outside the menu: a submitting item names its form
 * with `form`, so the form is still in the page after the menu closes.
 *
 * Without JavaScript (and until the page is hydrated) the same button is the
 * summary of a native `<details>`, which opens by click, tap, Enter and Space
 * and lists the same items as plain links and buttons in the page's flow. A
 * disclosure open when the page goes live opens as the menu (MenuHost).
 */
export function ActionMenu(props: ActionMenuProps) {
  const host = useContext(MenuHostContext)
  if (!host) {
    // Outside a list: a host of its own.
    return (
      <MenuHost>
        <ActionMenuButton {...props} />
      </MenuHost>
    )
  }
  return <ActionMenuButton {...props} />
}

type ActionMenuProps = {
  label: string
  buttonText?: React.ReactNode
  forms?: React.ReactNode
  children: React.ReactNode
}

function ActionMenuButton({ label, buttonText = 'Actions', forms, children }: ActionMenuProps) {
  const host = useContext(MenuHostContext)!
  const id = useId()
  const menuId = `${id}menu`
  const buttonId = `${id}button`
  const open = useIsMenuOpen(host, id)

  if (!host.hydrated) {
    return (
      <div className="inline-block text-left">
        {forms}
        <details>
          <summary id={buttonId} data-menu-button aria-label={label} className={cn(buttonClassName('secondary', 'sm'), 'summary-button')}>
            {buttonText}
            <Icon name="chevronDown" className="-mr-1 h-4 w-4" />
          </summary>
          {typeof document === 'undefined' ? (
            <ul className={disclosureListClassName}>{children}</ul>
          ) : (
            // Hydrating: the server's items stay as they are, not hydrated,
            // as the menu button replaces this disclosure right after.
            <ul className={disclosureListClassName} dangerouslySetInnerHTML={{ __html: '' }} suppressHydrationWarning />
          )}
        </details>
      </div>
    )
  }

  const show = (button: HTMLButtonElement) => {
    const close = (returnFocus: boolean) => {
      host.menus.set(null)
      if (returnFocus) button.focus()
    }
    host.menus.set({ id, menu: <OpenMenu id={menuId} label={label} button={button} close={close}>{children}</OpenMenu> })
  }
  return (
    <div className="inline-block text-left">
      {forms}
      <button
        id={buttonId}
        type="button"
        aria-label={label}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        onClick={(event) => {
          if (!open) return show(event.currentTarget)
          host.menus.set(null)
          event.currentTarget.focus()
        }}
        onKeyDown={(event) => {
          if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
            event.preventDefault()
            if (!open) show(event.currentTarget)
          }
        }}
        className={buttonClassName('secondary', 'sm')}
      >
        {buttonText}
        <Icon name="chevronDown" className="-mr-1 h-4 w-4" />
      </button>
    </div>
  )
}

/** The open menu, in the page's MenuHost; it exists only while open. */
function OpenMenu({
  id,
  label,
  button,
  close,
  children,
}: {
  id: string
  label: string
  button: HTMLButtonElement
  close: (returnFocus: boolean) => void
  children: React.ReactNode
}) {
  const [activeId, setActiveId] = useState<string | null>(null)
  const menuRef = useRef<HTMLUListElement>(null)

  const place = useCallback(() => {
    const menu = menuRef.current
    if (!menu) return
    const anchor = button.getBoundingClientRect()
    const height = menu.offsetHeight
    const width = menu.offsetWidth
    const roomBelow = window.innerHeight - anchor.bottom
    const top = roomBelow >= height + 8 || anchor.top < height + 8 ? anchor.bottom + 4 : anchor.top - height - 4
    const left = Math.min(Math.max(8, anchor.right - width), window.innerWidth - width - 8)
    // Placed directly, not through state: the menu must be visible in the
    // same layout effect that focuses it.
    menu.style.top = `${top}px`
    menu.style.left = `${left}px`
    menu.style.visibility = 'visible'
  }, [button])

  useLayoutEffect(() => {
    place()
    menuRef.current?.focus()
    setActiveId(enabledItems(menuRef.current)[0]?.id ?? null)
  }, [place])

  useEffect(() => {
    const onPointerDown = (event: PointerEvent) => {
      const target = event.target as Node
      if (menuRef.current?.contains(target) || button.contains(target)) return
      close(false)
    }
    document.addEventListener('pointerdown', onPointerDown)
    window.addEventListener('scroll', place, true)
    window.addEventListener('resize', place)
    return () => {
      document.removeEventListener('pointerdown', onPointerDown)
      window.removeEventListener('scroll', place, true)
      window.removeEventListener('resize', place)
    }
  }, [button, place, close])

  const move = (to: 'next' | 'previous' | 'first' | 'last') => {
    const list = enabledItems(menuRef.current)
    if (list.length === 0) return
    const index = list.findIndex((item) => item.id === activeId)
    const next =
      to === 'first'
        ? 0
        : to === 'last'
          ? list.length - 1
          : to === 'next'
            ? (index + 1) % list.length
            : (index - 1 + list.length) % list.length
    setActiveId(list[next]!.id)
    list[next]!.scrollIntoView({ block: 'nearest' })
  }

  const onKeyDown = (event: React.KeyboardEvent) => {
    const keys: Record<string, () => void> = {
      ArrowDown: () => move('next'),
      ArrowUp: () => move('previous'),
      Home: () => move('first'),
      End: () => move('last'),
      PageUp: () => move('first'),
      PageDown: () => move('last'),
      Escape: () => close(true),
      Enter: () => activeId && document.getElementById(activeId)?.click(),
      ' ': () => activeId && document.getElementById(activeId)?.click(),
    }
    if (event.key === 'Tab') {
      // Focus goes back to the button first, so Tab moves on from there.
      close(true)
      return
    }
    const action = keys[event.key]
    if (!action) return
    event.preventDefault()
    action()
  }

  return (
    <MenuContext.Provider value={{ activeId, setActive: setActiveId }}>
      <ul
        ref={menuRef}
        id={id}
        role="menu"
        aria-label={label}
        tabIndex={-1}
        aria-activedescendant={activeId ?? undefined}
        onKeyDown={onKeyDown}
        // An item chosen by pointer or keyboard closes the menu after its own action, and the
        // focus goes back to the menu's button: a dialog the item opens gives it back there.
        onClick={(event) => {
          const item = (event.target as HTMLElement).closest('[role=menuitem]')
          if (item && !item.hasAttribute('disabled')) close(true)
        }}
        style={{ visibility: 'hidden' }}
        className="fixed z-30 w-56 rounded-md border border-slate-200 bg-white py-1 text-left shadow-lg focus:outline-none"
      >
        {children}
      </ul>
    </MenuContext.Provider>
  )
}

const disclosureListClassName = 'menu-list'

function enabledItems(menu: HTMLElement | null) {
  return Array.from(menu?.querySelectorAll<HTMLElement>('[role=menuitem]:not([disabled])') ?? [])
}

export function ActionMenuLink({ className, ...props }: React.ComponentProps<typeof Link>) {
  return <Item>{(item) => <Link preventScrollReset className={cn(itemClass, className)} {...props} {...item} />}</Item>
}

/** A plain anchor: downloads and other documents outside the app's routes. */
export function ActionMenuAnchor({ className, ...props }: React.AnchorHTMLAttributes<HTMLAnchorElement>) {
  return <Item>{(item) => <a className={cn(itemClass, className)} {...props} {...item} />}</Item>
}

/**
 * An item that submits the form `form` (an id; render the form in
 * ActionMenu's `forms`). Choosing an item closes the menu and unmounts this
 * button, and a button no longer in the page submits nothing: so the click
 * submits the form itself, at once, the same way for a mouse, a finger and
 * the keyboard.
 */
export function ActionMenuSubmit({
  form,
  disabled,
  className,
  ...props
}: Omit<React.ButtonHTMLAttributes<HTMLButtonElement>, 'type' | 'onClick'> & {
  form: string
}) {
  return (
    <Item>
      {(item) => (
        <button
          type="submit"
          form={form}
          disabled={disabled}
          className={cn(itemClass, className)}
          onClick={(event) => {
            const button = event.currentTarget
            const target = button.form
            if (!target) return
            event.preventDefault()
            target.requestSubmit(button)
          }}
          {...props}
          {...item}
        />
      )}
    </Item>
  )
}
