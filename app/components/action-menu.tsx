import { Menu, MenuButton, MenuItem, MenuItems } from '@headlessui/react'
import { Link } from '@remix-run/react'
import { createContext, useContext } from 'react'
import { Icon } from '~/components/icons'
import { Button, buttonClassName } from '~/components/ui/button'
import { useHydrated } from '~/lib/use-hydrated'
import { cn } from '~/lib/misc'

const itemClass =
  'flex min-h-9 w-full items-center px-4 py-2 text-left text-sm data-[focus]:bg-slate-100 hover:bg-slate-100 disabled:text-slate-400 coarse:min-h-11'

/**
 * Whether the items render inside the Headless UI menu (JavaScript running)
 * or inside the native disclosure that stands in for it (no JavaScript, or
 * before hydration): a MenuItem outside a Menu throws.
 */
const InMenuContext = createContext(false)

function Item({ children }: { children: React.ReactElement }) {
  const inMenu = useContext(InMenuContext)
  return inMenu ? <MenuItem>{children}</MenuItem> : <li>{children}</li>
}

/**
 * A row's actions behind one button (a Headless UI menu). `forms` are rendered
 * outside the popover: a submitting item names its form with `form`, so the
 * form is still in the page after the menu closes.
 *
 * Headless UI's menu needs JavaScript. Without it (and until the page is
 * hydrated) the same button is the summary of a native `<details>`, which
 * opens by click, tap, Enter and Space and lists the same items as plain
 * links and buttons. The list opens in the page's flow, not over it, so a
 * table's scroll area never cuts it off.
 */
export function ActionMenu({
  label,
  buttonText = 'Actions',
  forms,
  children,
}: {
  label: string
  buttonText?: React.ReactNode
  forms?: React.ReactNode
  children: React.ReactNode
}) {
  const hydrated = useHydrated()
  if (!hydrated) {
    return (
      <div className="inline-block text-left">
        {forms}
        <details>
          <summary aria-label={label} className={cn(buttonClassName('secondary', 'sm'), 'cursor-pointer list-none [&::-webkit-details-marker]:hidden')}>
            {buttonText}
            <Icon name="chevronDown" className="-mr-1 h-4 w-4" />
          </summary>
          <ul className="mt-1 w-max min-w-full rounded-md border border-slate-200 bg-white py-1 shadow-sm">
            <InMenuContext.Provider value={false}>{children}</InMenuContext.Provider>
          </ul>
        </details>
      </div>
    )
  }
  return (
    <Menu as="div" className="relative inline-block text-left">
      {forms}
      <MenuButton as={Button} variant="secondary" size="sm" aria-label={label}>
        {buttonText}
        <Icon name="chevronDown" className="-mr-1 h-4 w-4" />
      </MenuButton>
      <MenuItems anchor="bottom end" className="z-30 mt-1 w-56 rounded-md border border-slate-200 bg-white py-1 shadow-lg focus:outline-none">
        <InMenuContext.Provider value={true}>{children}</InMenuContext.Provider>
      </MenuItems>
    </Menu>
  )
}

export function ActionMenuLink({ className, ...props }: React.ComponentProps<typeof Link>) {
  return (
    <Item>
      <Link preventScrollReset className={cn(itemClass, className)} {...props} />
    </Item>
  )
}

/** A plain anchor: downloads and other documents outside the app's routes. */
export function ActionMenuAnchor({ className, ...props }: React.AnchorHTMLAttributes<HTMLAnchorElement>) {
  return (
    <Item>
      <a className={cn(itemClass, className)} {...props} />
    </Item>
  )
}

/**
 * An item that submits the form `form` (an id; render the form in
 * ActionMenu's `forms`). Choosing an item closes the menu and unmounts this
 * button before a pointer click's default action runs, and a button no longer
 * in the page submits nothing: so the click submits the form itself, at once,
 * the same way for a mouse, a finger and the keyboard.
 */
export function ActionMenuSubmit({
  form,
  disabled,
  className,
  ...props
}: Omit<React.ButtonHTMLAttributes<HTMLButtonElement>, 'type' | 'onClick'> & {
  form: string
}) {
  const inMenu = useContext(InMenuContext)
  const button = (
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
    />
  )
  return inMenu ? <MenuItem disabled={disabled}>{button}</MenuItem> : <li>{button}</li>
}
