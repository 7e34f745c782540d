import { Menu, MenuButton, MenuItem, MenuItems } from '@headlessui/react'
import { Link } from '@remix-run/react'
import { Button } from '~/components/ui/button'
import { cn } from '~/lib/misc'

const itemClass = 'block w-full px-4 py-2 text-left text-sm data-[focus]:bg-slate-100 disabled:text-slate-400'

/**
 * A row's actions behind one button (a Headless UI menu). `forms` are rendered
 * outside the popover: a submitting item names its form with `form`, so the
 * form is still in the page after the menu closes.
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
  return (
    <Menu as="div" className="relative inline-block text-left">
      {forms}
      <MenuButton as={Button} variant="secondary" size="sm" aria-label={label}>
        {buttonText}
      </MenuButton>
      <MenuItems anchor="bottom end" className="z-30 mt-1 w-56 rounded-md border border-slate-200 bg-white py-1 shadow-lg focus:outline-none">
        {children}
      </MenuItems>
    </Menu>
  )
}

export function ActionMenuLink({ className, ...props }: React.ComponentProps<typeof Link>) {
  return (
    <MenuItem>
      <Link preventScrollReset className={cn(itemClass, className)} {...props} />
    </MenuItem>
  )
}

/** A plain anchor: downloads and other documents outside the app's routes. */
export function ActionMenuAnchor({ className, ...props }: React.AnchorHTMLAttributes<HTMLAnchorElement>) {
  return (
    <MenuItem>
      <a className={cn(itemClass, className)} {...props} />
    </MenuItem>
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
}: Omit<React.ButtonHTMLAttributes<HTMLButtonElement>, 'type' | 'onClick'> & { form: string }) {
  return (
    <MenuItem disabled={disabled}>
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
    </MenuItem>
  )
}
